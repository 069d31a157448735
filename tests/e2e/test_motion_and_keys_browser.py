"""Motion and the keyboard at a table, in a real browser (issue 16): cards travel from where
they lay to where a frame puts them (and nothing moves with prefers-reduced-motion), a won
patience game is celebrated and offers Play again, arrow keys walk a hand and the piles,
Escape lets go of chosen cards, and after a move the focus is on a control, not the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.catalogue.freecell.tables import position
from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view
from tests.e2e.test_patience_and_meld_browser import (
    board_seq,
    grip,
    pile_top,
    source_card,
    start_freecell_deal,
    target_of,
    wait_for_seq,
)
from tests.e2e.test_patience_clock_and_hint_browser import DRAW, in_a_thread, start_klondike

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

# What motion.js did with each frame, read at the moment it did it: which cards were running
# an animation then (an animation lasts a quarter of a second; a test may look later).
MOTION_LOG = """
window.__motion = [];
window.__cascades = [];
document.addEventListener("cards:moved", function (event) {
  var board = document.getElementById("board");
  window.__motion.push({
    seq: Number(board.dataset.seq), moved: event.detail.moved, reduced: event.detail.reduced,
    running: Array.prototype.filter.call(board.querySelectorAll("[data-card]"),
      function (card) { return card.getAnimations().length > 0; }).map(function (card) { return card.dataset.card; }),
    animations: document.getAnimations().length,
    intoTrick: Array.prototype.filter.call(board.querySelectorAll(".trick [data-card]"),
      function (card) { return card.getAnimations().length > 0; }).map(function (card) { return card.dataset.card; }),
  });
});
document.addEventListener("cards:celebrated", function (event) {
  var copies = document.querySelectorAll(".celebration-cascade > .card");
  window.__cascades.push({cards: event.detail.cards, shown: copies.length,
    running: Array.prototype.filter.call(copies, function (c) { return c.getAnimations().length > 0; }).length});
});
"""


def motion_page(open_page, **options) -> Page:
    page = open_page(**options)
    page.add_init_script(MOTION_LOG)
    return page


def motion_at(page: Page, seq: int) -> dict:
    """What motion.js did when the frame of ``seq`` landed."""
    page.wait_for_function("seq => window.__motion.some(m => m.seq === seq)", arg=seq)
    return [entry for entry in page.evaluate("window.__motion") if entry["seq"] == seq][-1]


def click_move(page: Page, source: str, target: str) -> int:
    """The top card of ``source`` clicked, then ``target``'s top card or slot: the new seq."""
    seq = board_seq(page)
    card = source_card(page, source, 1)
    with move_response(page) as moved:
        card.click(position=grip(card))
        target_of(page, target).click()
    assert moved.value.status == 204, f"move {source} {target}: answered {moved.value.status}"
    wait_for_seq(page, seq + 1)
    return seq + 1


def active(page: Page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement;
      const pile = el.closest && el.closest('div[data-pile]');
      return {tag: el.tagName, card: el.dataset ? el.dataset.card || null : null,
              pile: pile ? pile.dataset.pile : null, inBoard: !!el.closest && !!el.closest('#board'),
              label: el.getAttribute('aria-label') || el.textContent.trim()}; }""")


# -- motion ------------------------------------------------------------------------------------


def test_a_card_moved_between_piles_travels_to_its_new_place(open_page):
    page = motion_page(open_page)
    start_freecell_deal(page, 1)
    moving = pile_top(page, "t0").get_attribute("data-card")
    seq = click_move(page, "t0", "c0")
    expect(pile_top(page, "c0")).to_have_attribute("data-card", moving)
    done = motion_at(page, seq)
    assert not done["reduced"] and done["moved"] >= 1, done
    assert moving in done["running"], f"{moving} went to the free cell without moving there: {done}"


def test_a_card_drawn_from_the_stock_comes_from_the_stock(open_page):
    page = motion_page(open_page)
    start_klondike(page, 5)
    seq = board_seq(page)
    with move_response(page):
        page.get_by_role("button", name=DRAW).click()
    wait_for_seq(page, seq + 1)
    drawn = pile_top(page, "waste").get_attribute("data-card")
    done = motion_at(page, seq + 1)
    assert drawn in done["running"], f"the drawn {drawn} did not come from the stock: {done}"


def test_a_card_played_travels_from_the_hand_to_the_trick(open_page):
    page = motion_page(open_page)
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    cards = page.locator("#board .hand [data-select-card]")
    for index in range(3):
        cards.nth(index).click()
    with move_response(page) as passed:
        page.get_by_role("button", name=re.compile(r"^Pass 3 cards")).click()
    expect(page.locator("#board")).to_have_attribute("data-seq", settled_seq(passed.value))
    legal = page.locator("#board .hand .card--legal")
    expect(legal.first).to_be_visible()
    card = legal.first.get_attribute("data-card")
    with move_response(page):
        legal.first.click()
    page.wait_for_function("card => window.__motion.some(m => m.intoTrick.indexOf(card) >= 0)", arg=card)


def test_with_reduced_motion_nothing_moves(open_page):
    page = motion_page(open_page, reduced_motion="reduce")
    start_freecell_deal(page, 1)
    seq = click_move(page, "t0", "c0")
    done = motion_at(page, seq)
    assert done["reduced"] and done["moved"] == 0 and done["running"] == [], done
    assert done["animations"] == 0, done


# -- a won patience game -----------------------------------------------------------------------


def one_move_from_winning(page: Page) -> None:
    """This FreeCell table set one move from its end: the king of spades on column 1, every
    other card home; the page reloaded to show it."""
    table_id = int(TABLE_URL.search(page.url).group(1))
    state = position({0: ["KS"]}, up={"C": 13, "D": 13, "H": 13, "S": 12}, filler=(1,))

    def set_it():
        from games.catalogue.freecell.engine import ENGINE as freecell
        from games.models import Table

        Table.objects.filter(pk=table_id).update(state=freecell.dump(state))

    in_a_thread(set_it)
    page.reload()
    wait_for_live_view(page)
    expect(pile_top(page, "t0")).to_have_attribute("data-card", "KS")


def win(page: Page) -> None:
    seq = board_seq(page)
    with move_response(page) as moved:
        pile_top(page, "t0").dblclick()
    assert moved.value.status == 204
    wait_for_seq(page, seq + 1)
    expect(page.locator("#status")).to_have_text("You won in 1 move!")


def test_a_won_game_is_celebrated_and_offers_play_again(open_page):
    page = motion_page(open_page, viewport={"width": 1280, "height": 800})
    start_freecell_deal(page, 3)
    first_table = page.url
    one_move_from_winning(page)
    win(page)
    expect(page.locator("#board [data-celebration]")).to_be_visible()
    page.wait_for_function("window.__cascades.length > 0")
    cascade = page.evaluate("window.__cascades[0]")
    assert cascade["cards"] >= 4 and cascade["shown"] == cascade["cards"] and cascade["running"] > 0, cascade
    page.screenshot(path="/tmp/motion/won-1280.png")
    # It goes away by itself: cheap, a few seconds at most.
    expect(page.locator(".celebration-cascade")).to_have_count(0)

    again = page.get_by_role("button", name="Play again")
    expect(again).to_be_visible()
    expect(again).to_be_focused()  # what comes next, in view and under the keyboard
    expect(again).to_be_in_viewport()
    expect(again).to_have_class(re.compile(r"\bbutton--primary\b"))
    again.click()
    page.wait_for_url(lambda url: url != first_table and TABLE_URL.search(url) is not None)
    wait_for_live_view(page)
    expect(page.locator("#board .tableau [data-pile]")).to_have_count(8 + 52)  # a fresh deal
    expect(page.locator("#board .final")).to_have_count(0)


def test_with_reduced_motion_a_win_is_a_still_message(open_page):
    page = motion_page(open_page, reduced_motion="reduce")
    start_freecell_deal(page, 3)
    one_move_from_winning(page)
    win(page)
    expect(page.locator("#board [data-celebration]")).to_have_text("Every card is home. Well played!")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    done = motion_at(page, board_seq(page))
    assert done["reduced"]
    assert page.evaluate("window.__cascades") == []
    expect(page.locator(".celebration-cascade")).to_have_count(0)


# -- the keyboard ------------------------------------------------------------------------------


def test_arrow_keys_walk_the_patience_piles(open_page):
    page = open_page()
    start_freecell_deal(page, 1)
    pile_top(page, "t0").focus()
    page.keyboard.press("ArrowRight")
    assert active(page)["pile"] == "t1" and active(page)["card"] == pile_top(page, "t1").get_attribute("data-card")
    page.keyboard.press("ArrowRight")
    assert active(page)["pile"] == "t2"
    page.keyboard.press("ArrowLeft")
    assert active(page)["pile"] == "t1"
    # Up the column, card by card; past its first face-up card, up into the row of cells.
    column = page.locator('#board div[data-pile="t1"] [data-card]').evaluate_all("cs => cs.map(c => c.dataset.card)")
    for card in reversed(column[:-1]):
        page.keyboard.press("ArrowUp")
        assert active(page)["card"] == card
    page.keyboard.press("ArrowUp")
    assert re.fullmatch(r"c[0-3]|f[CDHS]", active(page)["pile"] or ""), active(page)
    page.keyboard.press("ArrowDown")
    assert re.fullmatch(r"t[0-7]", active(page)["pile"] or ""), active(page)


def test_after_a_move_the_focus_stays_on_the_table(open_page):
    page = open_page()
    start_klondike(page, 5)
    draw = page.get_by_role("button", name=DRAW)
    seq = board_seq(page)
    with move_response(page):
        draw.click()
    wait_for_seq(page, seq + 1)
    page.wait_for_function("document.activeElement !== document.body")
    now = active(page)
    assert now["inBoard"] and now["label"].startswith("Draw from the stock"), now

    page = open_page()
    start_freecell_deal(page, 1)
    moving = pile_top(page, "t0").get_attribute("data-card")
    click_move(page, "t0", "c0")
    page.wait_for_function("document.activeElement !== document.body")
    now = active(page)
    assert now["inBoard"] and now["pile"] == "c0" and now["card"] == moving, now
    # And from there the keyboard goes on: Enter picks the card up again.
    page.keyboard.press("Enter")
    expect(pile_top(page, "c0")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(pile_top(page, "c0")).to_have_attribute("aria-pressed", "false")


def test_arrow_keys_walk_a_hand_and_escape_lets_go_of_chosen_cards(open_page):
    page = open_page()
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    cards = page.locator("#board .hand [data-select-card]")
    expect(cards).to_have_count(13)
    hand = cards.evaluate_all("cs => cs.map(c => c.dataset.card)")
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert active(page)["card"] == hand[2]
    page.keyboard.press("Enter")  # a card is a button: Enter chooses it
    page.keyboard.press("ArrowLeft")
    assert active(page)["card"] == hand[1]
    page.keyboard.press("Space")
    chosen = page.locator('#board .hand [data-select-card][aria-pressed="true"]')
    expect(chosen).to_have_count(2)
    page.keyboard.press("Escape")
    expect(chosen).to_have_count(0)
    expect(page.locator("#board .pass-button")).to_be_disabled()
    page.reload()  # let go of for good: the kept selection forgot them too
    wait_for_live_view(page)
    expect(cards).to_have_count(13)
    expect(chosen).to_have_count(0)
