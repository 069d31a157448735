"""Playing with friends in a real browser: a private table, its invite link, a hand together."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import (
    LIVE_MS,
    TABLE_URL,
    choose_and_pass,
    move_response,
    settled_seq,
    trick_cards,
    wait_for_live_view,
)

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

INVITE_PATH = re.compile(r"^/t/(\d+)/join/([A-Z0-9]+)$")
PLAY_PHASE_STATUS = "Your turn: play a card."
CARDS_IN_A_HAND = 13


# -- helpers -----------------------------------------------------------------------------------


def new_private_table(host: Page, *, game: str = "hearts") -> str:
    """The host makes a table with "New table"; returns the invite link's path from the page."""
    host.goto(f"/{game}/")
    host.get_by_role("button", name="New table").click()
    expect(host).to_have_url(TABLE_URL)
    wait_for_live_view(host)
    link = host.locator("#board [data-invite-link]")
    expect(link).to_have_count(1)
    invite = link.get_attribute("href")
    match = INVITE_PATH.match(invite or "")
    assert match, f"the invite link is not /t/<id>/join/<CODE>: {invite!r}"
    table_id, code = match.groups()
    assert host.url.endswith(f"/t/{table_id}/"), f"the link {invite} is not for this table ({host.url})"
    expect(host.locator("#board .invite__code")).to_have_text(code)
    return invite


def seat_name(page: Page, seat: int):
    return page.locator(f'#board .seat-row[data-seat="{seat}"] .seat-name')


def loaded_at(page: Page) -> float:
    """When the page was loaded: unchanged as long as nobody reloads or navigates it."""
    return page.evaluate("performance.timeOrigin")


def score_rows(page: Page):
    return page.locator("#board .score-sheet tbody tr")


# -- tests --------------------------------------------------------------------------------------


def test_two_friends_play_a_whole_hand_at_a_private_table_by_invite_link(open_page):
    host, friend = open_page(), open_page()
    errors = []  # no console error on either page, from the waiting room to the hand's end
    for page in (host, friend):
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    invite = new_private_table(host)
    host_loaded_at = loaded_at(host)
    for seat in (1, 2, 3):
        expect(seat_name(host, seat)).to_have_text("Empty seat")

    # The friend follows the link: the invitation is kept in the session, the table page opens.
    friend.goto(invite)
    expect(friend).to_have_url(TABLE_URL)
    assert friend.url == host.url, f"the invite link led to {friend.url}, not to the host's {host.url}"
    wait_for_live_view(friend)
    expect(friend.locator("#board [data-invite-link]")).to_have_count(0)  # not seated yet
    friend.get_by_role("button", name="Take a seat").click()
    friend_row = friend.locator('#board .seat-row[data-seat="1"]')
    expect(friend_row).to_contain_text("(you)")
    expect(friend.locator("#board .table-message")).to_have_count(0)
    friend_name = friend_row.locator(".seat-name").inner_text()
    assert friend_name and friend_name != "Empty seat"

    # The host's waiting room shows the friend arriving over the socket, without a reload.
    expect(seat_name(host, 1)).to_have_text(friend_name, timeout=LIVE_MS)
    assert loaded_at(host) == host_loaded_at, "the host's page was reloaded to show the friend"
    pages_loaded_at = [loaded_at(page) for page in (host, friend)]

    # One bot set by hand (the weakest), one seat left empty: starting fills it with the strongest.
    row = host.locator('#board .seat-row[data-seat="2"]')
    row.get_by_label("Bot").select_option(index=1)
    row.get_by_role("button", name="Set").click()
    expect(seat_name(host, 2)).to_have_text("North bot")
    expect(seat_name(friend, 2)).to_have_text("North bot", timeout=LIVE_MS)
    expect(seat_name(host, 3)).to_have_text("Empty seat")
    expect(friend.get_by_role("button", name="Start the game")).to_have_count(0)  # only the host starts
    host.get_by_role("button", name="Start the game").click()

    for page in (host, friend):
        expect(page.locator("#status")).to_have_text(
            "Your turn: choose three cards to pass left.", timeout=LIVE_MS
        )
        expect(page.locator("#board .hand [data-select-card]")).to_have_count(CARDS_IN_A_HAND)
        expect(page.locator('#board .opponent[data-seat="3"]')).to_have_attribute("aria-label", "East bot")

    # Both pass; each sees that the other has.
    choose_and_pass(host)
    expect(friend.locator('#board .opponent[data-seat="0"]')).to_contain_text("passed", timeout=LIVE_MS)
    choose_and_pass(friend)
    seq = friend.locator("#board").get_attribute("data-seq")

    # Trick play: whoever of the two is to play plays a legal card; the other sees it live.
    plays = {host: 0, friend: 0}
    names = {host: "host", friend: "friend"}
    while min(plays.values()) < CARDS_IN_A_HAND:
        for page in (host, friend):
            expect(page.locator("#board")).to_have_attribute("data-seq", seq, timeout=LIVE_MS)
        movers = [page for page in (host, friend) if page.locator("#board .me.is-turn").count()]
        assert len(movers) == 1, f"at seq {seq} exactly one of the two should be to play, not {len(movers)}"
        mover = movers[0]
        watcher = friend if mover is host else host
        expect(mover.locator("#status")).to_have_text(PLAY_PHASE_STATUS)
        expect(mover.locator("#board .hand [data-card]")).to_have_count(CARDS_IN_A_HAND - plays[mover])
        legal = mover.locator("#board .hand .card--legal")
        assert legal.count() >= 1, f"the {names[mover]} is to play but has no legal card"
        card = legal.first.get_attribute("data-card")
        with move_response(mover) as answer:
            mover.locator(f'#board .hand [data-card="{card}"]').click()
        assert answer.value.status == 204, f"playing {card} was answered {answer.value.status}"
        seq = settled_seq(answer.value)
        expect(mover.locator("#board")).to_have_attribute("data-seq", seq)
        plays[mover] += 1

        if min(plays.values()) == CARDS_IN_A_HAND:
            break  # the hand's last card: hand 2 is dealt at once, checked below
        # The watcher sees the card where the mover sees it: in the trick, or in the last trick
        # when it ended the trick; and both show the same trick, card for card.
        where = ".trick" if mover.locator(f'#board .trick [data-card="{card}"]').count() else ".last-trick"
        expect(mover.locator(f'#board {where} [data-card="{card}"]')).to_have_count(1)
        expect(watcher.locator(f'#board {where} [data-card="{card}"]')).to_have_count(1, timeout=LIVE_MS)
        expect(watcher.locator("#board")).to_have_attribute("data-seq", seq)
        assert trick_cards(watcher) == trick_cards(mover)

    # Thirteen tricks: hand 1's row is on both score sheets, the same, and hand 2's pass begins.
    rows = []
    for page in (host, friend):
        expect(page.locator("#board")).to_have_attribute("data-seq", seq, timeout=LIVE_MS)
        expect(score_rows(page)).to_have_count(1, timeout=LIVE_MS)
        expect(score_rows(page).locator("th")).to_have_text("1")
        expect(page.locator("#status")).to_have_text("Your turn: choose three cards to pass right.")
        expect(page.locator("#board .hand [data-select-card]")).to_have_count(CARDS_IN_A_HAND)
        # Columns follow the seats' order on each board: compare as a set of (name, points).
        names_row = page.locator("#board .score-sheet thead th[scope=col]").all_inner_texts()[1:]  # after "Hand"
        points = [int(text) for text in score_rows(page).locator("td").all_inner_texts()]
        assert sum(points) in (26, 78), f"a hand gives out 26 points (78 when someone shoots the moon): {points}"
        rows.append(sorted(zip(names_row, points, strict=True)))
    assert rows[0] == rows[1], f"host and friend disagree on hand 1's scores: {rows}"
    assert [loaded_at(page) for page in (host, friend)] == pages_loaded_at, "a page was reloaded during play"
    assert errors == []


def test_a_stranger_without_the_invite_cannot_sit_at_a_private_table(open_page):
    host, stranger = open_page(), open_page()
    new_private_table(host)

    # The stranger has only the table's address, not the invite link or code.
    stranger.goto(host.url)
    wait_for_live_view(stranger)
    board = stranger.locator("#board")
    expect(board).to_contain_text("This table is private")
    expect(stranger.locator("#board [data-invite-link]")).to_have_count(0)
    expect(stranger.locator("#board .invite__code")).to_have_count(0)

    with stranger.expect_response(
        lambda response: response.url.endswith("/join") and response.request.method == "POST"
    ) as answer:
        stranger.get_by_role("button", name="Take a seat").click()
    assert answer.value.status == 403, f"a seat without the invite was answered {answer.value.status}"
    refusal = stranger.locator("#board .table-message[role=alert]")
    expect(refusal).to_contain_text("invite link or code")

    # Not seated: not on the stranger's board, not on the host's, not after a reload either.
    expect(stranger.locator("#board .seat-row", has_text="(you)")).to_have_count(0)
    expect(stranger.get_by_role("button", name="Take a seat")).to_be_visible()
    for seat in (1, 2, 3):
        expect(seat_name(host, seat)).to_have_text("Empty seat")
        expect(seat_name(stranger, seat)).to_have_text("Empty seat")
    stranger.reload()
    expect(stranger.locator("#board")).to_contain_text("This table is private")
    expect(stranger.locator("#board .seat-row", has_text="(you)")).to_have_count(0)
    expect(stranger.get_by_role("button", name="Take a seat")).to_be_visible()
