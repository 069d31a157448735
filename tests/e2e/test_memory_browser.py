"""Memory in a real browser: a guest finishes a game alone on a phone, by touch, and no frame
the page receives ever holds a face-down card."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

WIDTH, HEIGHT = 360, 740
PAIRS = 8
MOST_FLIPS = 4 * PAIRS  # a perfect memory needs at most 2 * PAIRS - 1 turns: far fewer flips
TAP_PX = 44  # the least a card may measure to be tapped
# A card's code as the engine writes it ("QH", "TS"): in a frame, only ever a face-up card's.
CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")
SPOT = re.compile(r'<div class="memory-spot[^"]*" data-spot="(\d+)">(.*?)</div>', re.S)
DATA_CARD = re.compile(r'data-card="([^"]+)"')

# Everything the test reads of the board, at one moment (a frame may land between two reads).
SNAPSHOT = """() => {
  const board = document.getElementById("board");
  const spots = Array.from(board.querySelectorAll(".memory-spot"));
  const face = spot => spot.querySelector("[data-card]");
  return {
    html: board.outerHTML,
    seq: board.dataset.seq,
    over: board.dataset.over,
    legal: JSON.parse(board.querySelector("form[data-legal]").dataset.legal),
    up: spots.filter(face).map(spot => [Number(spot.dataset.spot), face(spot).dataset.card]),
    backs: spots.filter(spot => !face(spot)).map(spot => Number(spot.dataset.spot)),
    taken: spots.filter(spot => spot.classList.contains("is-taken")).map(spot => Number(spot.dataset.spot)),
    flipped: spots.filter(spot => spot.classList.contains("is-flipped")).map(spot => Number(spot.dataset.spot)),
    backsWithCards: board.querySelectorAll(".card--back[data-card], .card--back [data-card]").length,
  };
}"""


def pair_of(card: str) -> tuple[str, bool]:
    return card[0], card[1] in "DH"


def face_up_in(markup: str) -> dict[int, str]:
    """The face-up cards of a frame's grid, by position; a face-down position must name no card."""
    up = {}
    for spot, inside in SPOT.findall(markup):
        codes = DATA_CARD.findall(inside)
        if "card--back" in inside:
            assert not codes and not CODE.search(inside), (
                f"the back at position {spot} names a card: {inside}"
            )
        else:
            assert len(codes) == 1, f"position {spot} is neither a back nor one face: {inside}"
            up[int(spot)] = codes[0]
    return up


def assert_no_hidden_card(markup: str, up: dict[int, str]) -> None:
    """Every card code anywhere in ``markup`` (attributes, labels, ids, scripts) is face up."""
    hidden = set(CODE.findall(markup)) - set(up.values())
    assert not hidden, f"a frame holds cards that are face down: {sorted(hidden)}"


def assert_fits_the_phone(page: Page) -> None:
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= WIDTH, f"the page is {scroll_width}px wide on a {WIDTH}px screen"
    boxes = page.locator("#board .memory-spot > .card").evaluate_all(
        "cards => cards.map(c => { const r = c.getBoundingClientRect();"
        " return {left: r.left, right: r.right, width: r.width, height: r.height}; })"
    )
    assert len(boxes) == 2 * PAIRS
    for box in boxes:
        assert 0 <= box["left"] and box["right"] <= WIDTH, f"a card sticks out of the screen: {box}"
        assert box["width"] >= TAP_PX and box["height"] >= TAP_PX, f"a card too small to tap: {box}"


def test_a_guest_finishes_a_memory_game_at_360_by_740_by_touch(open_page):
    page = open_page(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    frames: list[str] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived",
            lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode()),
        ),
    )
    page.goto("/memory/")
    page.get_by_role("button", name="Play now").tap()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    board = page.locator("#board")
    backs = page.locator("#board .memory-spot button.card--back[name='move']")
    expect(backs).to_have_count(2 * PAIRS)
    expect(page.locator("#status")).to_contain_text("Your turn: turn up a card.")
    expect(page.locator("#status")).to_contain_text(f"Turns: 0 · {PAIRS} pairs left")
    # A table of one has no opponents: no hands drawn as backs, no "No cards".
    expect(page.locator("#board .backs, #board .opponent")).to_have_count(0)
    assert_fits_the_phone(page)
    # The whole 4 x 4 grid in sight without scrolling.
    grid = page.locator("#board .memory-grid").bounding_box()
    assert grid["y"] + grid["height"] <= HEIGHT, f"the grid runs off the screen: {grid}"

    seen: dict[int, str] = {}  # what this player remembers: position -> card, never taken
    turns = read = 0
    for _ in range(MOST_FLIPS):
        now = page.evaluate(SNAPSHOT)
        up = dict(now["up"])
        assert now["backsWithCards"] == 0
        assert face_up_in(now["html"]) == up
        assert_no_hidden_card(now["html"], up)
        assert sorted(up) == sorted(now["taken"] + now["flipped"])
        assert len(now["backs"]) == 2 * PAIRS - len(up)
        # What the page showed since (a missed pair may have turned back already), and shows now.
        shown = [face_up_in(frame) for frame in frames[read:] if 'id="board"' in frame]
        read = len(frames)
        for cards in [*shown, up]:
            for spot, card in cards.items():
                assert seen.setdefault(spot, card) == card, "a card moved"
        if now["over"]:
            break
        flips = [int(move.split()[1]) for move in now["legal"] if move.startswith("flip ")]
        if not flips:
            # A missed pair, both cards still up: the table turns them back by itself (no button).
            assert now["legal"] == ["hide"]
            expect(page.locator("#board .memory-spot button:not([aria-disabled])")).to_have_count(0)
            page.wait_for_function(
                "() => document.querySelector('#board form[data-legal]').dataset.legal !== '[\"hide\"]'"
            )
            continue
        known = {spot: card for spot, card in seen.items() if spot in flips}
        if now["flipped"]:
            first = up[now["flipped"][0]]
            partner = [spot for spot, card in known.items() if pair_of(card) == pair_of(first)]
            unseen = [spot for spot in flips if spot not in seen]
            choice = (partner or unseen or flips)[0]
        else:
            pairs = [
                spot
                for spot, card in known.items()
                if any(other != spot and pair_of(card) == pair_of(mate) for other, mate in known.items())
            ]
            choice = (pairs or [spot for spot in flips if spot not in seen] or flips)[0]
        with move_response(page) as answer:
            page.locator(f"#board .memory-spot[data-spot='{choice}'] button[name='move']").tap()
        assert answer.value.status == 204
        expect(board).to_have_attribute("data-seq", settled_seq(answer.value))
        turns += bool(now["flipped"])  # a second card ends a turn
    else:
        raise AssertionError(f"the game did not end within {MOST_FLIPS} flips")

    expect(board).to_have_attribute("data-over", "won")
    expect(page.locator("#status")).to_contain_text(f"All {PAIRS} pairs found in {turns} turns")
    expect(page.locator("#status")).to_contain_text(f"Turns: {turns} · 0 pairs left")
    expect(page.locator("#board .final h2")).to_have_text(f"Done in {turns} turns")
    sheet = page.locator("#board .score-sheet tbody tr")
    expect(sheet.nth(1).locator("td")).to_have_text(str(turns))
    assert PAIRS <= turns < 2 * PAIRS
    assert_fits_the_phone(page)

    # Every frame the socket brought, not only the ones this test looked at: no face-down card in
    # any of them, and a card once seen at a position is the same card there in every frame.
    boards = [frame for frame in frames if 'id="board"' in frame]
    assert boards, "no frame came over the socket"
    for frame in boards:
        up = face_up_in(frame)
        assert_no_hidden_card(frame, up)
        for spot, card in up.items():
            assert seen.get(spot) == card
    if turns > PAIRS:  # each turn that took no pair was a miss, shown before it turned back
        assert any("No pair: the cards turn back." in frame for frame in boards), "a miss was never shown"
