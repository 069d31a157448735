"""Cribbage in a real browser: a guest plays a whole hand against a bot, crib to show."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

MOST_TURNS = 20  # one crib and four cards, each with a go at most


def test_a_guest_plays_a_whole_hand_of_cribbage_from_the_crib_to_the_show(open_page):
    page = open_page()
    page.goto("/cribbage/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board = page.locator("#board")
    expect(page.locator("#board .opponent")).to_have_count(1)
    expect(page.locator("#board .peg-board svg[role='img']")).to_have_attribute("aria-label", re.compile(r"to 121"))
    # The crib: two cards chosen, then Lay away (disabled until the choice is a legal move).
    lay_away = page.locator("#board button[data-verb='crib']")
    expect(lay_away).to_be_disabled()
    cards = page.locator("#board .hand[data-select-max='2'] [data-select-card]")
    expect(cards).to_have_count(6)
    cards.nth(0).click()
    expect(lay_away).to_be_disabled()
    cards.nth(1).click()
    chosen = [cards.nth(index).get_attribute("data-card") for index in (0, 1)]
    with move_response(page) as answer:
        lay_away.click()
    assert answer.value.status == 204
    expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    expect(page.locator("#board .crib-play .pile [data-card]").first).to_be_visible()  # the starter, turned
    laid = set()
    for _ in range(MOST_TURNS):
        if board.get_attribute("data-hands") == "1":
            break
        legal = json.loads(page.locator("#board form[data-legal]").get_attribute("data-legal"))
        assert legal, "the seat is to move after every answer until the hand ends"
        if legal == ["go"]:
            control = page.get_by_role("button", name="Go", exact=True)
            expect(page.locator("#status")).to_contain_text("say go")
        else:
            card = legal[0].split()[1]
            laid.add(card)
            control = page.locator(f"#board .hand [data-card='{card}']")
        with move_response(page) as answer:
            control.click()
        assert answer.value.status == 204
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    else:
        raise AssertionError(f"the hand did not end within {MOST_TURNS} turns")
    assert len(laid) == 4 and not laid & set(chosen)
    # The show, counted out in words on the panel, then the next hand's crib.
    panel = page.locator("#board [data-hand-over]")
    expect(panel.locator(".hand-over__title")).to_have_text("Hand 1 is over")
    expect(panel.locator(".hand-over__label")).to_have_count(3)  # two hands and the crib
    labels = panel.locator(".hand-over__label").all_text_contents()
    assert labels[0].startswith("Hand: ") and labels[2].startswith("Crib: ") and all(label.endswith(".") for label in labels)
    points = [int(text) for text in page.locator("#board .score-sheet tbody td").all_text_contents()]
    pegs = [int(page.locator(f"#board [data-pegs='{seat}']").get_attribute("data-score")) for seat in (0, 1)]
    assert pegs == points and sum(points) > 0
    page.locator("[data-next-hand]").click()
    expect(panel).to_be_hidden()
    expect(page.locator("#board .hand[data-select-max='2'] [data-select-card]")).to_have_count(6)
