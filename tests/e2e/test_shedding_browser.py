"""The shedding games in a real browser: a guest plays a whole Crazy Eights round against bots."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

MOST_TURNS = 120  # a round of four hands of five ends well within this many of one player's turns
# The game is over, or the board offers the seat a move again.
OVER_OR_OUR_MOVE = """() => {
  const board = document.getElementById("board");
  const form = board && board.querySelector("form[data-legal]");
  return !!board && (!!board.dataset.over || (!!form && JSON.parse(form.dataset.legal).length > 0));
}"""


def test_a_guest_plays_a_whole_crazy_eights_round_against_bots(open_page):
    page = open_page()
    page.goto("/crazy_eights/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board = page.locator("#board")
    expect(page.locator("#board .hand [data-card]")).to_have_count(5)
    expect(page.locator("#board .opponent")).to_have_count(3)
    seen = set()
    for _ in range(MOST_TURNS):
        if board.get_attribute("data-hands") == "1":
            break
        legal = json.loads(page.locator("#board form[data-legal]").get_attribute("data-legal"))
        assert legal, "the seat is to move after every answer until the round ends"
        singles = [move for move in legal if len(move.split()) == 2 and move.startswith("play")]
        eights = [move for move in legal if move.startswith("play 8")]
        several = [move for move in legal if len(move.split()) > 2 and move[5] != "8"]
        if several:  # shed as many as it can, by the buttons under the hand
            control, kind = page.locator(f"#board .several button[value='{several[0]}']"), "several"
        elif singles:  # a card that plays alone plays on a click
            control, kind = page.locator(f"#board .hand [data-card='{singles[0].split()[1]}']"), "card"
        elif eights:
            control, kind = page.locator(f"#board .calls button[value='{eights[0]}']"), "eight"
            expect(page.locator(f"#board .hand [data-card='{eights[0].split()[1]}']")).to_have_attribute(
                "aria-disabled", "true")  # the eight itself says to choose the suit below
        elif legal == ["draw"]:
            control, kind = page.locator("#board .pile__draw[value='draw']"), "draw"
            expect(page.locator("#status")).to_contain_text("nothing matches, so draw")
        else:
            assert legal == ["pass"]
            control, kind = page.get_by_role("button", name="Pass"), "pass"
        seen.add(kind)
        with move_response(page) as answer:
            control.click()
        assert answer.value.status == 204, f"{kind} was answered {answer.value.status}"
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    else:
        raise AssertionError(f"the round did not end within {MOST_TURNS} turns")
    # The round is scored on the panel and the sheet; the next round is dealt, five cards again.
    expect(page.locator("#board [data-hand-over] .hand-over__title")).to_have_text("Round 1 is over")
    expect(page.locator("#board .score-sheet tbody tr")).to_have_count(1)
    points = [int(text) for text in page.locator("#board .score-sheet tbody td").all_text_contents()]
    assert len(points) == 4 and sum(1 for value in points if value) >= 1
    assert "card" in seen or "several" in seen


def test_a_guest_plays_a_whole_shithead_game_against_bots(open_page):
    page = open_page()
    page.goto("/shithead/")
    expect(page.locator(".game-about")).to_contain_text("Also called Palace.")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board = page.locator("#board")
    hand = "#board .hand[aria-label='Your hand']"
    expect(page.locator(f"{hand} [data-card]")).to_have_count(3)
    # Swap a hand card for a face-up one, chosen one of each (a second hand card moves the
    # choice), then say ready: the bots are ready already.
    swap = page.locator("#board button[data-verb='swap']")
    expect(swap).to_be_disabled()
    hand_cards = page.locator(f"{hand} [data-select-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    up_card = page.locator("#board .my-table-cards [data-select-card]").first.get_attribute("data-card")
    page.locator(f"#board [data-card='{hand_cards[0]}']").click()
    page.locator(f"#board [data-card='{hand_cards[1]}']").click()
    expect(page.locator(f"#board [data-card='{hand_cards[0]}']")).to_have_attribute("aria-pressed", "false")
    expect(swap).to_be_disabled()
    page.locator(f"#board [data-card='{up_card}']").click()
    hand_card = hand_cards[1]
    expect(swap).to_have_attribute("value", f"swap {hand_card} {up_card}")
    with move_response(page) as answer:
        swap.click()
    assert answer.value.status == 204
    expect(page.locator(f"{hand} [data-card='{up_card}']")).to_have_count(1)
    expect(page.locator(f"#board .my-table-cards [data-card='{hand_card}']")).to_have_count(1)
    with move_response(page) as answer:
        page.get_by_role("button", name="Ready").click()
    expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    seen = set()
    rng = random.Random(7)
    for _ in range(400):
        if board.get_attribute("data-over"):
            break
        legal = json.loads(page.locator("#board form[data-legal]").get_attribute("data-legal"))
        if not legal:  # out already: the bots play on to the end (the next frame, not a pause, is waited for)
            page.wait_for_function(OVER_OR_OUR_MOVE)
            continue
        plays = [move for move in legal if move.startswith("play ")]
        blind = [move for move in legal if move.startswith("blind")]
        # A seeded choice among the plays: always the lowest card can trade the pile back and
        # forth with a bot for ever (7% of deals did), a choice among them ends every deal.
        play = rng.choice(plays) if plays else None
        if play and len(play.split()) == 2:
            control, kind = page.locator(f"#board .card--legal[data-card='{play.split()[1]}']"), "card"
        elif play:
            control, kind = page.locator(f"#board .several button[value='{play}']"), "several"
        elif blind:
            control, kind = page.locator(f"#board .blind button[value='{blind[0]}']"), "blind"
        else:
            control, kind = page.locator("#board button[value='pickup']"), "pickup"
        seen.add(kind)
        with move_response(page) as answer:
            control.click()
        assert answer.value.status == 204, f"{kind} was answered {answer.value.status}"
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    else:
        raise AssertionError(f"the game did not end within 400 of the guest's moves ({seen}, {legal}, "
                             f"{page.locator('#status').inner_text()})")
    ranks = page.locator("#board .final li")
    expect(ranks).to_have_count(4)
    assert "card" in seen
