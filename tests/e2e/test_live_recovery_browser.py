"""The table page keeps in step by itself: its socket comes back within two seconds whenever it
closes, and a page that becomes visible again (a phone waking up) fetches the board afresh."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, wait_for_live_view

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

# The live socket itself, where the ws extension keeps it.
RAW_SOCKET = "document.querySelector('.table-socket')['htmx-internal-data'].webSocket.socket"


def open_table(open_page):
    page = open_page()
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    return page


def test_a_socket_closed_by_the_server_comes_back_within_two_seconds(open_page):
    page = open_table(open_page)
    # The reconnect delay is capped (the extension's own backoff grew to a minute).
    assert max(page.evaluate("Array.from({length: 50}, (_, n) => htmx.config.wsReconnectDelay(n))")) <= 2000
    frames = page.evaluate("window.__e2e.frames")
    # A clean close (1000, as a server going away may send) is no reason to stay away: the new
    # socket's first frame (the current board, sent on connect) arrives within the cap.
    page.evaluate(f"{RAW_SOCKET}.close(1000)")
    page.wait_for_function("frames => window.__e2e.frames > frames", arg=frames, timeout=4_000)


def test_a_page_that_becomes_visible_again_fetches_the_board_it_missed(open_page):
    page = open_table(open_page)
    board = page.locator("#board")
    seq = board.get_attribute("data-seq")
    # As if frames were lost while the phone slept: the page shows an older, emptier board.
    page.evaluate("""() => {
        const board = document.getElementById("board");
        board.dataset.seq = "0";
        board.querySelector(".hand").remove();
    }""")
    expect(page.locator("#board .hand")).to_have_count(0)
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", {value: "visible", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    expect(page.locator("#board .hand")).to_have_count(1)
    expect(board).to_have_attribute("data-seq", seq)
