"""Spades in a real browser: a whole hand bid and played with the keyboard only, and two
friends sitting as partners by the invite link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_friends_browser import new_private_table, seat_name
from tests.e2e.test_hearts_browser import (
    LIVE_MS,
    TABLE_URL,
    focused,
    move_response,
    settled_seq,
    tab_to,
    wait_for_live_view,
    walk_focus_to,
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

BID_STATUS = "Your turn: bid the tricks you will take."
PLAY_STATUS = "Your turn: play a card."


def test_a_guest_bids_and_plays_a_whole_spades_hand_with_the_keyboard_only(open_page):
    page = open_page()
    page.goto("/spades/")
    tab_to(page, "button:text-is('Play now')")
    page.keyboard.press("Enter")
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board, status = page.locator("#board"), page.locator("#status")
    # Seat 0 bids first: its hand is shown, held back until the bid, and partner North is named.
    expect(status).to_contain_text(BID_STATUS)
    expect(page.locator("#board .hand [data-card]")).to_have_count(13)
    expect(page.locator("#board .hand .card--legal")).to_have_count(0)
    expect(page.locator('#board .opponent[data-seat="2"] .opponent__name')).to_contain_text("North bot (partner)")
    expect(page.locator("#board .bids button")).to_have_text(["Nil", *[str(n) for n in range(1, 14)]])

    tab_to(page, "#board .bids button[value='bid 3']")
    with move_response(page) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 204
    expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    expect(page.locator("#board .me__name")).to_contain_text("bid 3")
    # The three bots bid after seat 0, and seat 0 leads: the focus is on a card it may play.
    for seat in (1, 2, 3):
        expect(page.locator(f'#board .opponent[data-seat="{seat}"] .opponent__score')).to_contain_text("bid ")

    for turn in range(1, 14):
        expect(status).to_contain_text(PLAY_STATUS)
        expect(page.locator("#board .hand [data-card]")).to_have_count(14 - turn)
        expect(focused(page, "#board .hand .card--legal")).to_have_count(1)
        legal = page.locator("#board .hand .card--legal").evaluate_all("cards => cards.map(c => c.dataset.card)")
        card = legal[-turn % len(legal)]
        walk_focus_to(page, card)
        with move_response(page) as answer:
            page.keyboard.press("Enter")
        assert answer.value.status == 204, f"turn {turn}: playing {card} was answered {answer.value.status}"
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))

    # Hand 1 is scored per partnership, and hand 2's bidding has come round to seat 0 (the
    # dealer now, bidding last). The hand's panel holds the focus; once it goes, the bids have
    # it, and Tab reaches the first bid.
    expect(status).to_contain_text(BID_STATUS)
    row = page.locator("#board .score-sheet tbody tr")
    expect(row).to_have_count(1)
    expect(page.locator("#board .score-sheet thead th[scope=col]")).to_have_count(3)  # Hand, two teams
    expect(page.locator("#board .score-sheet thead th[scope=col]").nth(1)).to_contain_text("(you) & North bot")
    expect(page.locator("#board .me__name")).to_contain_text("dealer")
    expect(page.locator("#board [data-hand-over] .hand-over__title")).to_have_text("Hand 1 is over")
    expect(focused(page, "#board [data-next-hand]")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(focused(page, "#board .bids")).to_have_count(1)
    page.keyboard.press("Tab")
    expect(focused(page, "#board .bids button")).to_have_text("Nil")


def test_two_friends_sit_as_partners_by_the_invite_link_and_bid_together(open_page):
    host, friend = open_page(), open_page()
    errors = []
    for page in (host, friend):
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    invite = new_private_table(host, game="spades")
    friend.goto(invite)
    expect(friend).to_have_url(TABLE_URL)
    wait_for_live_view(friend)
    # The friend takes the seat opposite the host's: team 1, with the host.
    friend.locator('#board .seat-row[data-seat="2"]').get_by_role("button", name="Sit here").click()
    expect(friend.locator('#board .seat-row[data-seat="2"]')).to_contain_text("(you) · team 1")
    expect(friend.locator('#board .seat-row[data-seat="0"]')).to_contain_text("(partner) · team 1")
    expect(host.locator('#board .seat-row[data-seat="2"]')).to_contain_text("(partner) · team 1", timeout=LIVE_MS)
    friend_name = seat_name(friend, 2).inner_text()
    host.get_by_role("button", name="Start the game").click()

    # Seat 0 bids first; the friend, seat 2, sees the host's bid and then bids after West.
    expect(host.locator("#status")).to_contain_text(BID_STATUS, timeout=LIVE_MS)
    expect(host.locator('#board .opponent[data-seat="2"] .opponent__name')).to_contain_text(f"{friend_name} (partner)")
    with move_response(host) as answer:
        host.locator("#board .bids button[value='bid 4']").click()
    assert answer.value.status == 204
    expect(friend.locator("#status")).to_contain_text(BID_STATUS, timeout=LIVE_MS)
    expect(friend.locator("#board .bids__prompt")).to_contain_text("Your partner bid 4.")
    expect(friend.locator('#board .opponent[data-seat="0"] .opponent__name')).to_contain_text("(partner)")
    with move_response(friend) as answer:
        friend.locator("#board .bids button[value='bid 2']").click()
    assert answer.value.status == 204
    seq = settled_seq(answer.value)
    # Both boards show the partnership's bid of 6, and the same play has begun.
    for page in (host, friend):
        expect(page.locator("#board")).to_have_attribute("data-seq", seq, timeout=LIVE_MS)
        expect(page.locator('#board .teams__team[data-team="0"]')).to_contain_text("bid 6, 0 taken")
        expect(page.locator('#board .teams__team--mine')).to_have_attribute("data-team", "0")
    assert errors == []
