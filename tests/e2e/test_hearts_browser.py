"""Hearts in a real browser: keyboard play, two people at one table, a phone-sized screen."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

TABLE_URL = re.compile(r"/t/(\d+)/$")
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')
# How many Tab presses may separate two things a keyboard user wants: the whole page and back.
MAX_TABS = 60
LIVE_MS = 5_000  # "live": another person's move shows within a few seconds


# -- helpers -----------------------------------------------------------------------------------


def wait_for_live_view(page: Page) -> None:
    """The table socket is open and its first frame (sent on connect) is on the page."""
    page.wait_for_function("window.__e2e && window.__e2e.frames > 0")


def focused(page: Page, selector: str):
    return page.locator(f"{selector}:focus")


def tab_to(page: Page, selector: str, *, key: str = "Tab") -> str:
    """Press Tab (or Shift+Tab) until an element matching ``selector`` has the focus."""
    target = focused(page, selector)
    for _ in range(MAX_TABS):
        if target.count():
            return target.first.evaluate("element => element.dataset.card || element.textContent.trim()")
        page.keyboard.press(key)
    raise AssertionError(f"{MAX_TABS} presses of {key} never reached {selector!r}")


def walk_focus_to(page: Page, card: str) -> None:
    """From the focused card, Tab (forward) or Shift+Tab (back) card by card to ``card``.

    Each press must land on the neighbouring card of the hand: the focus order is the
    hand's order. A held-back card passed on the way must say why it is held back.
    """
    hand = hand_cards(page)
    here = focused(page, "#board .hand [data-card]")
    expect(here).to_have_count(1)
    position = hand.index(here.get_attribute("data-card"))
    target = hand.index(card)
    step, key = (1, "Tab") if target >= position else (-1, "Shift+Tab")
    while position != target:
        page.keyboard.press(key)
        position += step
        now = focused(page, f'#board .hand [data-card="{hand[position]}"]')
        expect(now).to_have_count(1)
        if now.get_attribute("aria-disabled") == "true":
            expect(now.locator(".card__why")).to_be_visible()


@dataclass
class MoveAnswer:
    """What the table socket answered to a move the page sent (games.boards.move_answer)."""

    page: Page
    status: int
    after: int  # the table's seq right after the move (where it stands, for a refusal)


class AnsweredMove:
    """``with move_response(page) as answer:`` a block that sends one move over the socket;
    afterwards ``answer.value`` is the socket's answer to it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.value: MoveAnswer | None = None

    def __enter__(self) -> AnsweredMove:
        # Each answer replaces #move-answer (an out-of-band swap): the old one is marked.
        self.page.evaluate("document.getElementById('move-answer').dataset.old = '1'")
        return self

    def __exit__(self, kind, error, trace) -> None:
        if kind is not None:
            return
        handle = self.page.wait_for_function(
            "() => { const a = document.getElementById('move-answer'); return !a.dataset.old && a; }")
        status, after = handle.evaluate("a => [a.dataset.status, a.dataset.after]")
        self.value = MoveAnswer(page=self.page, status=int(status), after=int(after))


def move_response(page: Page) -> AnsweredMove:
    return AnsweredMove(page)


def settled_seq(answer: MoveAnswer) -> str:
    """The table's seq once the bots that follow the move have played: they play before the
    socket answers (eagerly, in the server's process), so the server's board has it now."""
    board = answer.page.request.get(answer.page.url.rstrip("/") + "/board", headers={"HX-Request": "true"})
    return SEQ.search(board.text()).group(1)


def trick_cards(page: Page) -> list[str]:
    return page.locator("#board .trick [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def hand_cards(page: Page) -> list[str]:
    return page.locator("#board .hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def card_words(page: Page, card: str) -> str:
    """A card in the hand in words, as the board writes it: its name after what it shows
    ("Q♠, queen of spades" -> "Queen of spades")."""
    name = page.locator(f'#board .hand [data-card="{card}"]').get_attribute("aria-label")
    return name.split(", ", 1)[1].capitalize()


# -- tests --------------------------------------------------------------------------------------


def test_a_guest_plays_a_whole_hand_against_bots_with_the_keyboard_only(open_page):
    page = open_page()
    page.goto("/hearts/")
    tab_to(page, "button:text-is('Play now')")
    page.keyboard.press("Enter")
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    status = page.locator("#status")
    board = page.locator("#board")
    expect(status).to_have_text("Your turn: choose three cards to pass left.")
    expect(page.locator("#board .hand [data-select-card]")).to_have_count(13)

    # The table puts the focus on the hand (else Tab gets there); from there on, Tab and Shift+Tab.
    tab_to(page, "#board .hand [data-select-card]")
    hand = hand_cards(page)
    chosen = [hand[5], hand[1], hand[9]]  # forward, back, forward again
    for card in chosen:
        walk_focus_to(page, card)
        page.keyboard.press("Space")
        expect(page.locator(f'#board .hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    names = [card_words(page, card) for card in sorted(chosen, key=hand.index)]
    expect(page.get_by_role("button", name="Pass 3 cards left")).to_be_enabled()
    tab_to(page, ".pass-button")
    with move_response(page) as answer:
        page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
    expect(page.locator("#board .passes")).to_contain_text(f"You passed: {', '.join(names)}.")

    for turn in range(1, 14):
        expect(status).to_have_text("Your turn: play a card.")
        expect(page.locator("#board .hand [data-card]")).to_have_count(14 - turn)
        # After every frame and answer the focus is back on the hand, on a card that may be played.
        expect(focused(page, "#board .hand .card--legal")).to_have_count(1)
        legal = page.locator("#board .hand .card--legal").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        card = legal[-turn % len(legal)]  # not always the first: walk the hand both ways
        walk_focus_to(page, card)
        assert focused(page, f'#board .hand .card--legal[data-card="{card}"]').evaluate(
            "card => card.matches(':focus-visible')"
        ), f"turn {turn}: the focused card {card} shows no focus ring"
        with move_response(page) as answer:
            page.keyboard.press("Enter")
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
        if turn < 13:  # after the last trick the next hand is dealt, and may hold the same card
            assert card not in hand_cards(page), f"turn {turn}: {card} is still in the hand"

    # The thirteenth trick ends hand 1: its row is on the score sheet and hand 2's pass begins.
    expect(status).to_have_text("Your turn: choose three cards to pass right.")
    first_row = page.locator("#board .score-sheet tbody tr")
    expect(first_row).to_have_count(1)
    expect(first_row.locator("th")).to_have_text("1")
    points = [int(text) for text in first_row.locator("td").all_inner_texts()]
    assert sum(points) in (26, 78), f"a hand gives out 26 points (78 when someone shoots the moon): {points}"
    expect(page.locator("#board .score-sheet")).to_have_attribute("open", "")
    expect(page.locator("#board .hand [data-select-card]")).to_have_count(13)


def choose_and_pass(page: Page) -> None:
    """Choose the first three cards of the hand with the pointer and pass them."""
    for card in hand_cards(page)[:3]:
        page.locator(f'#board .hand [data-card="{card}"]').click()
    with move_response(page) as answer:
        page.locator("#board .pass-button").click()
    expect(page.locator("#board")).to_have_attribute("data-seq", settled_seq(answer.value))


def new_waiting_table(host: Page) -> None:
    host.goto("/hearts/")
    host.get_by_role("button", name="New table").click()
    expect(host).to_have_url(TABLE_URL)
    wait_for_live_view(host)


def take_seat(guest: Page, host: Page, seat: int) -> None:
    """The guest opens the host's invite link and sits down; the host sees it live."""
    guest.goto(host.locator("[data-invite-link]").get_attribute("href"))
    wait_for_live_view(guest)
    guest.get_by_role("button", name="Take a seat").click()
    expect(host.locator(f'#board .seat-row[data-seat="{seat}"] .seat-name')).not_to_have_text(
        "Empty seat", timeout=LIVE_MS
    )


def bots_in_seats_and_start(host: Page, *others: Page) -> None:
    for seat, name in ((2, "North bot"), (3, "East bot")):
        row = host.locator(f'#board .seat-row[data-seat="{seat}"]')
        row.get_by_label("Bot").select_option(index=1)
        row.get_by_role("button", name="Set").click()
        expect(row.locator(".seat-name")).to_have_text(name)
        for other in others:
            expect(other.locator(f'#board .seat-row[data-seat="{seat}"] .seat-name')).to_have_text(
                name, timeout=LIVE_MS
            )
    host.get_by_role("button", name="Start the game").click()
    expect(host.locator("#status")).to_have_text("Your turn: choose three cards to pass left.")


def test_two_guests_at_one_table_see_each_others_plays_live(open_page):
    host, guest = open_page(), open_page()
    new_waiting_table(host)
    take_seat(guest, host, seat=1)
    guest_seat = guest.locator('#board .seat-row[data-seat="1"]')
    expect(guest_seat).to_contain_text("(you)")
    guest_name = guest_seat.locator(".seat-name").inner_text()
    expect(host.locator('#board .seat-row[data-seat="1"] .seat-name')).to_have_text(guest_name)
    pages_loaded_at = [page.evaluate("performance.timeOrigin") for page in (host, guest)]

    bots_in_seats_and_start(host, guest)
    expect(guest.locator("#status")).to_have_text(
        "Your turn: choose three cards to pass left.", timeout=LIVE_MS
    )
    choose_and_pass(host)
    expect(guest.locator('#board .opponent[data-seat="0"]')).to_contain_text("passed", timeout=LIVE_MS)
    choose_and_pass(guest)
    seq = guest.locator("#board").get_attribute("data-seq")

    plays = {host: 0, guest: 0}
    while min(plays.values()) < 4:
        # Both boards at the same move; the one whose turn it is plays its first legal card.
        for page in (host, guest):
            expect(page.locator("#board")).to_have_attribute("data-seq", seq, timeout=LIVE_MS)
        movers = [page for page in (host, guest) if page.locator("#board .me.is-turn").count()]
        assert len(movers) == 1, f"at seq {seq} exactly one of the two should be to play"
        mover = movers[0]
        watcher = guest if mover is host else host
        expect(mover.locator("#status")).to_have_text("Your turn: play a card.")
        card = mover.locator("#board .hand .card--legal").first.get_attribute("data-card")
        with move_response(mover) as answer:
            mover.locator(f'#board .hand [data-card="{card}"]').click()
        seq = settled_seq(answer.value)
        expect(mover.locator("#board")).to_have_attribute("data-seq", seq)
        plays[mover] += 1

        # The other one sees the card where the mover sees it: in the trick, or among the
        # last trick's cards when it ended the trick; and the same trick, card for card.
        where = ".trick" if mover.locator(f'#board .trick [data-card="{card}"]').count() else ".last-trick"
        expect(watcher.locator(f'#board {where} [data-card="{card}"]')).to_have_count(1, timeout=LIVE_MS)
        expect(watcher.locator("#board")).to_have_attribute("data-seq", seq)
        assert trick_cards(watcher) == trick_cards(mover)

    assert [page.evaluate("performance.timeOrigin") for page in (host, guest)] == pages_loaded_at, (
        "a page was reloaded during play"
    )


def test_on_a_phone_the_whole_hand_fits_the_screen_width(open_page):
    width = 360
    page = open_page(viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True)
    page.goto("/hearts/")
    page.get_by_role("button", name="Play now").tap()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)

    def assert_hand_fits(count: int) -> None:
        cards = page.locator("#board .hand [data-card]")
        expect(cards).to_have_count(count)
        # Where the cards lie once they have stopped: a frame's cards travel to their places.
        page.wait_for_function("document.getAnimations().length === 0")
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"the page is {scroll_width}px wide on a {width}px screen"
        boxes = cards.evaluate_all(
            "cards => cards.map(c => { const r = c.getBoundingClientRect();"
            " return {card: c.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"
        )
        for box in boxes:
            assert 0 <= box["left"] and box["right"] <= width, (
                f"{box['card']} sticks out of the screen: {box}"
            )
        for one, other in zip(boxes, boxes[1:], strict=False):
            overlap = min(one["right"], other["right"]) - max(one["left"], other["left"])
            same_row = min(one["bottom"], other["bottom"]) - max(one["top"], other["top"]) > 0
            assert not (same_row and overlap > 0), f"{one['card']} and {other['card']} cover each other"

    expect(page.locator("#status")).to_have_text("Your turn: choose three cards to pass left.")
    assert_hand_fits(13)
    hand = hand_cards(page)
    for card in hand[:3]:
        page.locator(f'#board .hand [data-card="{card}"]').tap()
    with move_response(page) as answer:
        page.locator("#board .pass-button").tap()
    expect(page.locator("#board")).to_have_attribute("data-seq", settled_seq(answer.value))
    expect(page.locator("#status")).to_have_text("Your turn: play a card.")
    assert_hand_fits(13)


def test_a_guest_who_takes_a_seat_is_dealt_in_without_reloading(open_page):
    host, guest = open_page(), open_page()
    new_waiting_table(host)
    take_seat(guest, host, seat=1)
    bots_in_seats_and_start(host)
    expect(guest.locator("#status")).to_be_visible(timeout=LIVE_MS)  # the game is on the guest's page
    expect(guest.locator("#board .hand [data-card]")).to_have_count(13, timeout=LIVE_MS)


def test_a_guest_who_leaves_a_seat_never_sees_the_next_players_cards(open_page):
    host, leaver, newcomer = open_page(), open_page(), open_page()
    new_waiting_table(host)
    take_seat(leaver, host, seat=1)
    leaver.get_by_role("button", name="Leave the table").click()
    expect(host.locator('#board .seat-row[data-seat="1"] .seat-name')).to_have_text(
        "Empty seat", timeout=LIVE_MS
    )
    take_seat(newcomer, host, seat=1)
    bots_in_seats_and_start(host)
    expect(newcomer.locator("#board .hand [data-card]")).to_have_count(13, timeout=LIVE_MS)
    expect(leaver.locator("#status")).to_be_visible(timeout=LIVE_MS)  # the game is on the leaver's page
    # Seat 1's frames must not reach the leaver's socket, which now belongs to the spectators.
    expect(leaver.locator("#board .hand [data-card]")).to_have_count(0, timeout=LIVE_MS)
