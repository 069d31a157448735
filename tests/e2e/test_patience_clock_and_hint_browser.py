"""The patience clock and Hint in a real browser: the clock counts on across new frames and a
reload (it used to show 0:00 on each); Hint with no winning line found still marks a legal move
and says it is not a proven win."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import Page, expect

from games.catalogue.klondike.engine import ENGINE as klondike
from tests.catalogue.klondike.test_solver import unwinnable_deck
from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, wait_for_live_view
from tests.e2e.test_patience_and_meld_browser import board_seq, hint_response, play_by_button, wait_for_seq

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

DRAW = re.compile(r"^Draw from the stock")


def start_klondike(page: Page, deal: int) -> int:
    page.goto("/klondike/")
    page.get_by_label("Draw").select_option("3")
    page.get_by_label("Game #").fill(str(deal))
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    return int(TABLE_URL.search(page.url).group(1))


def clock_seconds(page: Page) -> int:
    minutes, seconds = page.locator("#board .clock").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


def in_a_thread(work) -> None:
    """Database work from the test: not in this thread, where Playwright's loop runs (Django
    refuses database access there)."""
    from django.db import connection

    def run():
        try:
            work()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()


def test_the_klondike_clock_counts_on_across_moves_and_a_reload(open_page):
    page = open_page()
    start_klondike(page, 5)
    clock = page.locator("#board .clock")
    expect(clock).to_have_text("0:00")
    expect(clock).not_to_have_attribute("data-started", re.compile("."))  # not before the first move

    play_by_button(page, DRAW)
    # It runs from the first move: wait (by polling, not sleeping) until it shows two seconds.
    page.wait_for_function("document.querySelector('#board .clock').textContent >= '0:02'")
    before = clock_seconds(page)

    seq = board_seq(page)
    play_by_button(page, DRAW)
    wait_for_seq(page, seq + 1)
    after_move = clock_seconds(page)  # read at once: the new frame is drawn with the time so far
    assert after_move >= before >= 2, f"the clock went from {before} s to {after_move} s on a move"

    page.reload()
    expect(page.locator("#board .clock")).to_be_visible()
    after_reload = clock_seconds(page)
    assert after_reload >= after_move, f"the clock went from {after_move} s to {after_reload} s on a reload"


def test_hint_with_no_winning_line_found_still_marks_a_legal_move(open_page):
    page = open_page()
    table_id = start_klondike(page, 5)
    # A deal no line wins (the kings over every ace): the solver finds none in its budget.
    state = klondike.new_game(1, seed="stuck", deck=unwinnable_deck(), options={"draw": 3, "passes": 1})

    def deal_it():
        from games.models import Table

        Table.objects.filter(pk=table_id).update(state=klondike.dump(state))

    in_a_thread(deal_it)
    page.reload()
    wait_for_live_view(page)

    with hint_response(page) as answer:
        page.get_by_role("button", name="Hint").click()
    assert answer.value.status == 200
    line = page.locator("#board [data-hint-move]")
    expect(line).to_contain_text("Hint: ")
    expect(line).to_contain_text("not a proven win")
    move = line.get_attribute("data-hint-move")
    assert move in klondike.legal_moves(state, 0), f"the hint {move!r} is not a legal move"
    words = move.split()
    if words[0] == "move":  # the board marks the card the hint moves
        count = int(words[3]) if len(words) > 3 else 1
        expect(page.locator(f'#board [data-pile="{words[1]}"] [data-depth="{count}"]')).to_have_attribute(
            "data-hinted", "")
