"""The end of a hand in a real browser: the hand-over panel before the next deal (Hearts' points
per seat and a shot moon, both Gin players' melds, deadwood and lay-offs, Rummy's hands left
with their values), "Next hand" and its memory across frames and reloads, going on by itself,
the last hand beside the final ranks; and the board's words (melds numbered from 1, Gin's
deadwood line, Gin's final points added up as the score sheet has them).

Each table is a guest's "Play now" table whose state is then replaced by one prepared through
the engine, a move before the hand's end, so one click ends the hand.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.catalogue.gin_rummy.engine import ENGINE as gin
from games.catalogue.hearts.engine import ENGINE as hearts
from games.catalogue.rummy.engine import ENGINE as rummy
from tests.catalogue.gin_rummy import tables as gin_tables
from tests.catalogue.hearts import tables as hearts_tables
from tests.catalogue.rummy import tables as rummy_tables
from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view
from tests.e2e.test_patience_clock_and_hint_browser import in_a_thread

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

PANEL = "#board .hand-over"
HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]  # all but the ace


# -- preparing a table -------------------------------------------------------------------------


def play_now(page: Page, slug: str) -> int:
    page.goto(f"/{slug}/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    return int(TABLE_URL.search(page.url).group(1))


def put_state(page: Page, table_id: int, engine, state) -> None:
    """The table now holds ``state``; the page is reloaded onto it."""

    def store():
        from games.models import Table

        Table.objects.filter(pk=table_id).update(state=engine.dump(state))

    in_a_thread(store)
    page.reload()
    wait_for_live_view(page)


def hearts_last_trick(*, took: dict[int, list[str]], totals=(0, 0, 0, 0)):
    """Hearts at its thirteenth trick: seat 0 (the guest) leads the ace of hearts, the only point
    card left, and wins it, since the bots hold only clubs; ``took`` gives the point cards each
    seat has taken before."""
    return hearts_tables.last_trick(leader=0, cards_played=["AH", "2C", "3C", "4C"], taken=None,
                                    totals=list(totals), took=[took.get(seat, []) for seat in range(4)])


def gin_knocked():
    """Gin with the bot (seat 1) knocked on three melds and the two of spades; the guest holds
    the four of clubs, which lays off on the bot's first meld, three nines and 46 points more."""
    guest = ["4C", "7C", "9S", "9C", "9H", "5D", "6S", "TD", "TS", "8D"]
    bot = ["AC", "2C", "3C", "7D", "7H", "7S", "JH", "QH", "KH", "9D"]
    return gin_tables.play(gin_tables.deal(guest, bot, "2S", seed="hand-over"), "pass", "draw discard", "knock 9D")


def rummy_last_card(table_state: dict):
    """The table's Rummy round with the guest (seat 0) to discard its last card."""
    return rummy_tables.last_card(rummy.load(table_state))


def read_state(table_id: int) -> dict:
    got = {}

    def read():
        from games.models import Table

        got["state"] = Table.objects.get(pk=table_id).state

    in_a_thread(read)
    return got["state"]


def play(page: Page, click) -> None:
    with move_response(page) as answer:
        click()
    assert answer.value.status == 204, f"the move was answered {answer.value.status}"
    expect(page.locator("#board")).to_have_attribute("data-seq", settled_seq(answer.value))


def row(page: Page, seat: int):
    return page.locator(f'{PANEL} tbody[data-seat="{seat}"]')


def panel_cards(locator) -> list[str]:
    return locator.locator("[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


# -- Hearts ------------------------------------------------------------------------------------


def test_hearts_hand_over_names_each_seats_points_and_next_hand_puts_it_away_for_good(open_page):
    page = open_page()
    table_id = play_now(page, "hearts")
    took = {1: HEARTS[:5], 2: ["QS", *HEARTS[5:8]], 3: HEARTS[8:]}
    put_state(page, table_id, hearts, hearts_last_trick(took=took))
    expect(page.locator(PANEL)).to_be_hidden()  # no hand has ended yet
    # The panel's cards are a record of the hand, not cards in play: none travels into it
    # (motion.js tells "cards:moved" just after it has started the frame's animations).
    page.evaluate("""() => document.addEventListener("cards:moved", () => {
      const panel = document.querySelectorAll("#board [data-hand-over] [data-card]");
      if (panel.length) window.__panelCardsMoving = Array.from(panel).filter(c => c.getAnimations().length).length;
    })""")

    play(page, lambda: page.locator('#board .hand [data-card="AH"]').click())
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    page.wait_for_function("() => window.__panelCardsMoving !== undefined")
    assert page.evaluate("window.__panelCardsMoving") == 0
    expect(panel.locator("h2")).to_have_text("Hand 1 is over")
    expect(page.locator("#status")).to_have_text("Your turn: choose three cards to pass right.")
    # A row per seat: the point cards it took, the points the score sheet gives it, its total.
    expected = {0: (["AH"], 1), 1: (HEARTS[:5], 5), 2: (["QS", *HEARTS[5:8]], 16), 3: (HEARTS[8:], 4)}
    for seat, (cards, points) in expected.items():
        assert sorted(panel_cards(row(page, seat))) == sorted(cards), f"seat {seat}"
        expect(row(page, seat).locator(".hand-over__figure")).to_have_text([str(points), str(points)])
    expect(row(page, 2).locator(".card[data-card='QS']")).to_have_attribute("aria-label", "Queen of spades")
    expect(panel.locator("tfoot")).to_contain_text("26 points in the hand")
    expect(panel).not_to_contain_text("shot the moon")

    # "Next hand" puts it away, with the focus back on the hand, and it stays away: over the
    # next live frame (a pass) and a reload.
    next_hand = panel.get_by_role("button", name="Next hand")
    expect(next_hand).to_be_focused()
    next_hand.click()
    expect(page.locator(PANEL)).to_be_hidden()
    expect(page.locator("#board .hand [data-select-card]").first).to_be_focused()
    for card in page.locator("#board .hand [data-select-card]").evaluate_all(
            "cards => cards.slice(0, 3).map(c => c.dataset.card)"):
        page.locator(f'#board .hand [data-card="{card}"]').click()
    play(page, lambda: page.locator("#board .pass-button").click())
    expect(page.locator(PANEL)).to_be_hidden()
    page.reload()
    wait_for_live_view(page)
    expect(page.locator(PANEL)).to_be_attached()
    expect(page.locator(PANEL)).to_be_hidden()


def test_a_shot_moon_is_named_and_scored_as_the_score_sheet_has_it(open_page):
    page = open_page()
    table_id = play_now(page, "hearts")
    put_state(page, table_id, hearts, hearts_last_trick(took={0: ["QS", *HEARTS]}))
    play(page, lambda: page.locator('#board .hand [data-card="AH"]').click())
    expect(row(page, 0)).to_contain_text("shot the moon")
    assert len(panel_cards(row(page, 0))) == 14
    expect(row(page, 0).locator(".hand-over__figure")).to_have_text(["0", "0"])
    for seat in (1, 2, 3):
        expect(row(page, seat)).to_contain_text("took no points")
        expect(row(page, seat).locator(".hand-over__figure")).to_have_text(["26", "26"])
    expect(page.locator(f"{PANEL} tfoot")).to_contain_text("Shot the moon")
    sheet = page.locator("#board .score-sheet tbody tr").first.locator("td")
    expect(sheet).to_have_text(["0", "26", "26", "26"])
    # Escape puts it away too, from the keyboard.
    expect(page.locator(PANEL).get_by_role("button", name="Next hand")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(PANEL)).to_be_hidden()


def test_the_panel_goes_on_by_itself_after_its_seconds(open_page):
    page = open_page()
    page.clock.install()  # the page's clock, to jump over HAND_OVER_SECONDS (an hour here)
    table_id = play_now(page, "hearts")
    put_state(page, table_id, hearts, hearts_last_trick(took={1: ["QS", *HEARTS]}))
    play(page, lambda: page.locator('#board .hand [data-card="AH"]').click())
    expect(page.locator(PANEL)).to_be_visible()
    expect(page.locator(PANEL)).to_contain_text("It goes on by itself after 3600 seconds.")
    page.clock.fast_forward("59:00")
    expect(page.locator(PANEL)).to_be_visible()
    page.clock.fast_forward("01:01")
    expect(page.locator(PANEL)).to_be_hidden()
    page.reload()  # gone for good: it went by itself
    wait_for_live_view(page)
    expect(page.locator(PANEL)).to_be_hidden()


def test_at_the_match_end_the_last_hand_shows_beside_the_ranks_with_no_next_hand(open_page):
    page = open_page()
    table_id = play_now(page, "hearts")
    took = {1: HEARTS[:5], 2: ["QS", *HEARTS[5:8]], 3: HEARTS[8:]}
    put_state(page, table_id, hearts, hearts_last_trick(took=took, totals=(99, 80, 70, 60)))
    play(page, lambda: page.locator('#board .hand [data-card="AH"]').click())
    expect(page.locator("#board .final")).to_be_visible()
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("Hand 1 is over")
    expect(panel.get_by_role("button", name="Next hand")).to_have_count(0)
    expect(row(page, 0).locator(".hand-over__figure")).to_have_text(["1", "100"])
    page.reload()
    wait_for_live_view(page)
    expect(page.locator(PANEL)).to_be_visible()


# -- Gin Rummy ---------------------------------------------------------------------------------


def test_gin_hand_over_shows_both_players_melds_deadwood_and_lay_offs(open_page):
    page = open_page()
    table_id = play_now(page, "gin_rummy")
    put_state(page, table_id, gin, gin_knocked())
    knock = page.locator('#board section[aria-label="The knock"]')
    # The knocker's melds are numbered from 1, as the words of a lay-off on them are.
    expect(knock.locator(".meld__owner")).to_have_text(["Meld 1", "Meld 2", "Meld 3"])

    page.locator('#board .hand [data-card="4C"]').click()
    play(page, lambda: knock.locator('.meld[data-meld="0"]').get_by_role("button", name="Lay off here").click())
    expect(knock).to_contain_text("Laid off: ")
    expect(knock).to_contain_text("on meld 1")
    play(page, lambda: page.get_by_role("button", name="Done laying off").click())

    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    guest, bot = row(page, 0), row(page, 1)
    expect(bot).to_contain_text("knocked")
    groups = bot.locator(".hand-over__group")
    expect(groups.locator(".hand-over__label")).to_have_text(["Melds", "Deadwood"])
    assert panel_cards(groups.nth(0)) == ["AC", "2C", "3C", "7D", "7H", "7S", "JH", "QH", "KH"]
    assert panel_cards(groups.nth(1)) == ["2S"]
    groups = guest.locator(".hand-over__group")
    expect(groups.locator(".hand-over__label")).to_have_text(["Melds", "Laid off on meld 1", "Deadwood"])
    assert sorted(panel_cards(groups.nth(0))) == ["9C", "9H", "9S"]
    assert panel_cards(groups.nth(1)) == ["4C"]
    assert sorted(panel_cards(groups.nth(2))) == sorted(["5D", "6S", "7C", "8D", "TD", "TS"])
    expect(guest.locator(".hand-over__figure")).to_have_text(["46", "0", "0"])
    expect(bot.locator(".hand-over__figure")).to_have_text(["2", "44", "44"])
    # The points in words, as the score sheet scores them.
    expect(panel.locator("tfoot")).to_have_text("Knock: 44 deadwood difference (46 − 2) = 44")
    sheet = page.locator("#board .score-sheet tbody tr").first
    expect(sheet.locator("td")).to_have_text(["knock", "", "44"])


def test_gin_deadwood_is_said_on_its_own_line_with_no_stray_separator(open_page):
    page = open_page()
    play_now(page, "gin_rummy")
    mine = page.locator('#board section[aria-label="Your melds"]')
    text = " ".join(mine.inner_text().split())
    assert "· deadwood" not in text, text
    expect(mine.locator(".my-melds__deadwood")).to_have_text(re.compile(r"^Deadwood: \d+ points?$"))


def test_gin_final_points_add_up_on_the_score_sheet_as_the_ranks_have_them(open_page):
    page = open_page()
    table_id = play_now(page, "gin_rummy")
    state = gin_knocked()
    state.totals = (0, 90)
    put_state(page, table_id, gin, state)
    page.locator('#board .hand [data-card="4C"]').click()
    play(page, lambda: page.locator('#board .meld[data-meld="0"]').get_by_role("button", name="Lay off here").click())
    play(page, lambda: page.get_by_role("button", name="Done laying off").click())
    expect(page.locator("#board .final")).to_be_visible()
    # 134 hand points + 100 game bonus + 25 for the one hand won, doubled for a shutout = 518.
    expect(page.locator("#board .final li").first).to_contain_text("518 points")
    foot = page.locator("#board .score-sheet tfoot tr")
    expect(foot.locator("th")).to_have_text(["Hand points", "Game bonus", "Boxes (25 a hand won)",
                                             "Shutout (doubled)", "Final"])
    expect(foot.nth(0).locator("td")).to_have_text(["0", "134"])
    expect(foot.nth(1).locator("td")).to_have_text(["0", "100"])
    expect(foot.nth(2).locator("td")).to_have_text(["0", "25"])
    expect(foot.nth(3).locator("td")).to_have_text(["", "× 2"])
    expect(foot.nth(4).locator("td")).to_have_text(["0", "518"])
    expect(page.locator(PANEL)).to_be_visible()
    expect(page.locator(PANEL).get_by_role("button", name="Next hand")).to_have_count(0)


# -- Rummy -------------------------------------------------------------------------------------


def test_rummy_hand_over_shows_the_hands_left_with_their_values(open_page):
    page = open_page()
    table_id = play_now(page, "rummy")
    state = rummy_last_card(read_state(table_id))
    put_state(page, table_id, rummy, state)
    # The guest's meld on the table is numbered from 1.
    expect(page.locator("#board .melds .meld__owner")).to_have_text(["Meld 1"])
    hands = rummy.dump(state)["hands"]

    page.locator('#board .hand [data-card="KH"]').click()
    play(page, lambda: page.locator("#board .hand-tools").get_by_role("button", name="Discard").click())
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("Round 1 is over")
    expect(row(page, 0)).to_contain_text("went out")
    expect(row(page, 0).locator("[data-card]")).to_have_count(0)
    values = [sum(rummy_value(card) for card in hand) for hand in hands]
    for seat in range(1, len(hands)):
        assert panel_cards(row(page, seat)) == hands[seat]
        expect(row(page, seat).locator(".hand-over__figure")).to_have_text(
            [str(values[seat]), str(values[seat]), str(values[seat])])
    expect(panel.locator("tfoot")).to_have_text("Went out: each other hand's value is added to its own total.")


def rummy_value(card: str) -> int:
    return {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(card[0]) or int(card[0])
