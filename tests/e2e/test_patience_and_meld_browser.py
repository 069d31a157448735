"""FreeCell, Klondike and Gin Rummy in a real browser: a FreeCell deal won by following Hint
with the pointer (click, drag and drop, double click), the FreeCell table on a phone, Klondike
draws, a keyboard move and undos (also after a reload), and select-then-act turns against a
Gin Rummy bot."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from games import deals
from games.catalogue.freecell.engine import ENGINE as freecell
from games.catalogue.klondike.engine import ENGINE as klondike
from games.kit.engine import IllegalMove
from tests.e2e.conftest import CHROMIUM
from tests.e2e.test_hearts_browser import TABLE_URL, move_response, settled_seq, wait_for_live_view

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
)

HINT_MOVE = re.compile(r"^move ([tcf][0-7CDHS]) ([tcf][0-7CDHS])(?: (\d+))?$")
MAX_FREECELL_MOVES = 120  # deal 1 takes 56 moves the way the hints play it
FREECELL_SECONDS = 90
DRAG_EVERY = 7  # every seventh tableau-to-tableau move is dragged rather than clicked
RANKS = "A23456789TJQK"
SUITS = "CDHS"

# Every table frame as it landed (after table.js restored the hand's order): what the
# board showed at each seq, also the frames that a later one replaced at once (bot turns).
FRAME_LOG = """
window.__frameLog = [];
document.addEventListener("htmx:wsAfterMessage", function () {
  var board = document.getElementById("board");
  if (!board) return;
  var piles = board.querySelectorAll(".piles > .pile");
  var top = piles.length > 1 ? piles[1].querySelector("[data-card]") : null;
  var status = board.querySelector("#status");
  window.__frameLog.push({
    seq: Number(board.dataset.seq),
    discardTop: top ? top.dataset.card : null,
    hand: Array.prototype.map.call(board.querySelectorAll(".hand [data-card]"), function (c) { return c.dataset.card; }),
    status: status ? status.textContent.replace(/\\s+/g, " ").trim() : "",
  });
});
"""


# -- helpers -----------------------------------------------------------------------------------


def board_seq(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-seq"))


def wait_for_seq(page: Page, seq: int) -> None:
    """The frame of ``seq`` (or a later one) is on the page: it came over the WebSocket."""
    page.wait_for_function("seq => Number(document.getElementById('board').dataset.seq) >= seq", arg=seq)


def hint_response(page: Page):
    return page.expect_response(
        lambda response: response.url.endswith("/hint") and response.request.method == "POST"
    )


def start_freecell_deal(page: Page, deal: int) -> None:
    page.goto("/freecell/")
    page.get_by_label("Game #").fill(str(deal))
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    expect(page.locator("#board .solitaire-bar")).to_contain_text(f"Game #{deal}")
    expect(page.locator("#board .tableau [data-pile]")).to_have_count(8 + 52)  # 8 columns, 52 cards


def source_card(page: Page, pile: str, count: int):
    return page.locator(f'#board [data-pile="{pile}"] [data-depth="{count}"]')


def target_of(page: Page, pile: str):
    """What a person points at to put cards on ``pile``: its top card or its empty slot."""
    return page.locator(f'#board div[data-pile="{pile}"] > *').last


def grip(card) -> dict[str, float]:
    """A point on the strip of ``card`` left uncovered by the cards lying on it."""
    box = card.bounding_box()
    assert box, "the card to move is not on the screen"
    return {"x": box["width"] / 2, "y": min(6.0, box["height"] / 4)}


def hand_cards(page: Page) -> list[str]:
    return page.locator("#board .hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def by_rank(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda code: (RANKS.index(code[0]), code[1]))


def by_suit(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda code: (SUITS.index(code[1]), RANKS.index(code[0])))


def frame_at(page: Page, seq: int) -> dict:
    frames = page.evaluate("window.__frameLog")
    matching = [frame for frame in frames if frame["seq"] == seq]
    assert matching, f"no frame of seq {seq} reached the page; frames: {[f['seq'] for f in frames]}"
    return matching[-1]


# -- FreeCell ----------------------------------------------------------------------------------


def test_freecell_deal_1_is_won_by_following_hint_with_click_drag_and_double_click(open_page):
    page = open_page()
    start_freecell_deal(page, 1)
    status = page.locator("#status")
    expect(status).to_contain_text("Move every card to the foundations.")
    started = time.monotonic()
    used = {"click": 0, "drag": 0, "double click": 0}
    tableau_moves = 0
    moves = 0
    while True:
        if page.locator("#board .final").count():
            break
        assert moves < MAX_FREECELL_MOVES, f"{moves} moves and deal 1 is still not won"
        assert time.monotonic() - started < FREECELL_SECONDS, f"{moves} moves took over {FREECELL_SECONDS} s"
        seq = board_seq(page)

        with hint_response(page) as answer:
            page.get_by_role("button", name="Hint").click()
        assert answer.value.status == 200, f"move {moves + 1}: Hint was answered {answer.value.status}"
        message = page.locator("#board .table-message")
        expect(message).to_have_count(1)
        line = page.locator("#board [data-hint-move]")
        if not line.count():
            pytest.fail(f"move {moves + 1}: Hint named no move: {message.inner_text()!r}")
        expect(line).to_contain_text("Hint: ")
        assert board_seq(page) == seq, "asking for a hint changed the table"
        hint = line.get_attribute("data-hint-move")
        match = HINT_MOVE.match(hint or "")
        assert match, f"move {moves + 1}: the hint's move {hint!r} is not 'move <from> <to> [count]'"
        src, dst, count = match.group(1), match.group(2), int(match.group(3) or 1)

        card = source_card(page, src, count)
        expect(card).to_have_count(1)
        # The board marks the card the hint moves.
        expect(card).to_have_attribute("data-hinted", "")
        target = target_of(page, dst)
        to_foundation = dst.startswith("f")
        if to_foundation and count == 1 and not used["double click"]:
            way = "double click"
        elif src.startswith("t") and dst.startswith("t"):
            tableau_moves += 1
            way = "drag" if tableau_moves % DRAG_EVERY == 1 else "click"
        else:
            way = "click"

        with move_response(page) as moved:
            if way == "double click":
                card.dblclick()
            elif way == "drag":
                card.drag_to(target, source_position=grip(card))
            else:
                card.click(position=grip(card))
                expect(card).to_have_attribute("aria-pressed", "true")
                target.click()
        answered = moved.value
        assert answered.status == 204, (
            f"move {moves + 1} {hint!r} by {way} was answered {answered.status}: "
            f"{page.locator('#board .table-message').all_inner_texts()}"
        )
        new_seq = int(settled_seq(answered))
        assert new_seq > seq, f"move {moves + 1} {hint!r}: the table's seq did not grow ({seq} -> {new_seq})"
        wait_for_seq(page, new_seq)
        expect(page.locator("#board [data-hint-move]")).to_have_count(0)  # the new frame has no hint
        used[way] += 1
        moves += 1

    expect(status).to_have_text(f"You won in {moves} moves!")
    expect(page.locator("#board .final h2")).to_have_text(f"Won in {moves} moves")
    expect(page.get_by_role("button", name="Hint")).to_have_count(0)
    expect(page.locator("#board .foundations [data-card]")).to_have_count(4)
    for suit in SUITS:
        expect(page.locator(f'#board [data-pile="f{suit}"] [data-card]')).to_have_attribute(
            "data-card", f"K{suit}"
        )
    assert all(used.values()), f"every way of moving should have been used: {used}"


def test_on_a_phone_the_freecell_table_shows_all_columns_without_scrolling(open_page):
    width = 360
    page = open_page(viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True)
    start_freecell_deal(page, 1)

    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width}px wide on a {width}px screen"
    columns = page.locator("#board .tableau .column")
    expect(columns).to_have_count(8)
    first_row = page.locator("#board .tableau .column > .card:first-child")
    expect(first_row).to_have_count(8)
    for index in range(8):
        expect(first_row.nth(index)).to_be_visible()
    # Each card of the first row: wholly on the screen, side by side, and its uncovered strip
    # (the rest lies under the cards dealt on it) is that card, not something drawn over it.
    boxes = first_row.evaluate_all(
        """cards => cards.map(card => {
          const r = card.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 3);
          return {card: card.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                  onTop: !!hit && card.contains(hit)};
        })"""
    )
    for box in boxes:
        assert 0 <= box["left"] and box["right"] <= width, f"{box['card']} sticks out of the screen: {box}"
        assert 0 <= box["top"] and box["bottom"] <= 740, (
            f"{box['card']} is not within the first screen: {box}"
        )
        assert box["onTop"], f"{box['card']}'s uncovered edge is hidden under something else: {box}"
    for one, other in zip(boxes, boxes[1:], strict=False):
        assert one["right"] <= other["left"], f"{one['card']} and {other['card']} overlap: {one} {other}"
    # Microsoft deal 1 begins JD 2D 9H JC 5D 7H 7C 5H, one card to each column.
    assert [box["card"] for box in boxes] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]


# -- Klondike ----------------------------------------------------------------------------------


def klondike_opening(draws: int):
    """The first draw-3 deal (and its states) where ``draws`` draws bring up a waste card that
    fits on a tableau pile: (deal, state after the draws, move of that card)."""
    for deal in range(1, 200):
        state = klondike.new_game(1, seed=deals.seed_for(klondike, deal), options={"draw": 3})
        for _ in range(draws):
            state = klondike.apply(state, 0, "draw")
        fits = [move for move in klondike.legal_moves(state, 0) if re.fullmatch(r"move waste t\d", move)]
        if fits:
            return deal, state, fits[0]
    raise AssertionError(f"no deal in 1-199 has a waste card to lay after {draws} draws")


def klondike_bar(page: Page, moves: int, undos: int) -> None:
    bar = page.locator("#board .solitaire-bar")
    expect(bar).to_contain_text(f"Moves {moves}")
    expect(bar).to_contain_text(f"Undos {undos}")


def pile_top(page: Page, pile: str):
    return page.locator(f'#board [data-pile="{pile}"] [data-depth="1"]')


def play_by_button(page: Page, name: str | re.Pattern) -> None:
    seq = board_seq(page)
    with move_response(page) as moved:
        page.get_by_role("button", name=name).click()
    assert moved.value.status == 204, f"{name}: answered {moved.value.status}"
    wait_for_seq(page, seq + 1)


def test_klondike_draws_a_keyboard_move_and_undos_that_outlive_a_reload(open_page):
    draws = 2
    deal, drawn, lay = klondike_opening(draws)
    card, pile = drawn.waste[-1], lay.split()[-1]
    under = drawn.tableau[int(pile[1:])][-1]
    once = klondike.apply(klondike.new_game(1, seed=deals.seed_for(klondike, deal), options={"draw": 3}), 0, "draw")

    page = open_page()
    page.goto("/klondike/")
    page.get_by_label("Draw").select_option("3")
    page.get_by_label("Game #").fill(str(deal))
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    for _ in range(draws):
        play_by_button(page, re.compile(r"^Draw from the stock"))
    expect(pile_top(page, "waste")).to_have_attribute("data-card", card)
    expect(page.locator('#board [data-pile="waste"] .card')).to_have_count(3)  # draw 3 fans three
    klondike_bar(page, moves=draws, undos=0)

    # By keyboard: Enter on the waste card, then Enter on the card it goes onto.
    seq = board_seq(page)
    pile_top(page, "waste").focus()
    page.keyboard.press("Enter")
    expect(pile_top(page, "waste")).to_have_attribute("aria-pressed", "true")
    with move_response(page) as moved:
        pile_top(page, pile).focus()
        page.keyboard.press("Enter")
    assert moved.value.status == 204
    wait_for_seq(page, seq + 1)
    expect(pile_top(page, pile)).to_have_attribute("data-card", card)
    expect(pile_top(page, "waste")).not_to_have_attribute("data-card", card)
    klondike_bar(page, moves=draws + 1, undos=0)

    play_by_button(page, "Undo")
    expect(pile_top(page, "waste")).to_have_attribute("data-card", card)
    expect(pile_top(page, pile)).to_have_attribute("data-card", under)
    klondike_bar(page, moves=draws, undos=1)  # Moves counts the moves made: the undo took one back

    # The undo history is read back from the database: a reload, then undo the last draw.
    page.reload()
    wait_for_live_view(page)
    play_by_button(page, "Undo")
    expect(pile_top(page, "waste")).to_have_attribute("data-card", once.waste[-1])
    expect(page.get_by_role("button", name=re.compile(r"^Draw from the stock"))).to_have_accessible_name(
        f"Draw from the stock ({len(once.stock)} cards)")
    klondike_bar(page, moves=draws - 1, undos=2)


# -- both patience games -----------------------------------------------------------------------


def refused_opening(engine, deal: int) -> tuple[str, str, str]:
    """The first tableau card of ``deal`` that cannot go onto another tableau pile: (its pile,
    that pile, the engine's reason)."""
    state = engine.new_game(1, seed=deals.seed_for(engine, deal), options=engine.resolve_options({}))
    piles = [f"t{index}" for index in range(len(state.tableau))]
    for source in piles:
        for target in piles:
            if source == target:
                continue
            try:
                engine.apply(state, 0, f"move {source} {target}")
            except IllegalMove as refusal:
                return source, target, str(refusal)
    raise AssertionError(f"every tableau card of deal {deal} fits on every other pile")


def first_move(engine, deal: int) -> str:
    """The first move of ``deal`` made by one click on a top card (or the Draw button)."""
    state = engine.new_game(1, seed=deals.seed_for(engine, deal), options=engine.resolve_options({}))
    return next(move for move in engine.legal_moves(state, 0) if move == "draw" or len(move.split()) == 3)


@pytest.mark.parametrize("engine", [klondike, freecell], ids=lambda engine: engine.slug)
def test_an_illegal_move_shows_its_reason_and_leaves_every_button_working(open_page, engine):
    deal = 5  # the deal of the report: a card clicked onto a pile it does not fit froze the board
    source, target, reason = refused_opening(engine, deal)
    page = open_page()
    page.goto(f"/{engine.slug}/")
    page.get_by_label("Game #").fill(str(deal))
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)

    with move_response(page) as refused:
        source_card(page, source, 1).click(position=grip(source_card(page, source, 1)))
        target_of(page, target).click()
    assert refused.value.status == 400
    expect(page.locator("#board .table-message[role=alert]")).to_have_text(reason)
    expect(page.locator("#board")).to_have_attribute("data-seq", "0")

    # Hint still asks, and a move (clicked, or the Draw button) is still sent and played.
    with hint_response(page) as answer:
        page.get_by_role("button", name="Hint").click()
    assert answer.value.status == 200
    expect(page.locator("#board .table-message")).not_to_have_text(reason)
    move = first_move(engine, deal)
    with move_response(page) as moved:
        if move == "draw":
            page.get_by_role("button", name=re.compile(r"^Draw from the stock")).click()
        else:
            src, dst = move.split()[1:3]
            source_card(page, src, 1).click(position=grip(source_card(page, src, 1)))
            target_of(page, dst).click()
    assert moved.value.status == 204, f"{move!r} was answered {moved.value.status}"
    wait_for_seq(page, 1)
    expect(page.locator("#board .solitaire-bar")).to_contain_text("Moves 1")

    # Give up too.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Give up").click()
    expect(page.locator("#status")).to_have_text("You gave up this game.")


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_a_hint_or_a_refusal_comes_into_kept_room_and_never_moves_the_table(open_page, width, height):
    deal = 5
    source, target, reason = refused_opening(freecell, deal)
    page = open_page(viewport={"width": width, "height": height})
    start_freecell_deal(page, deal)
    felt = page.locator("#board .felt")

    def felt_top() -> float:  # in the page, not the viewport: a click may scroll a phone's page
        return felt.evaluate("felt => felt.getBoundingClientRect().top + window.scrollY")

    top = felt_top()
    with hint_response(page) as answer:
        page.get_by_role("button", name="Hint").click()
    assert answer.value.status == 200
    expect(page.locator("#board [data-hint-move]")).to_contain_text("Hint: ")  # two lines on a phone
    assert felt_top() == top, "the hint pushed the table down"
    with move_response(page) as refused:
        source_card(page, source, 1).click(position=grip(source_card(page, source, 1)))
        target_of(page, target).click()
    assert refused.value.status == 400
    expect(page.locator("#board .table-message")).to_have_text(reason)
    assert felt_top() == top, "the refusal moved the table"


def test_a_refused_new_game_keeps_the_options_the_player_chose(open_page):
    """The refusal is a typed deal number that is not one; a dry pool of winnable deals (the
    report) is refused on the same path, see tests/web/test_solitaire_tables.py."""
    page = open_page()
    page.goto("/klondike/")
    chosen = {"Draw": "3", "Passes": "1", "Scoring": "vegas", "Auto flip": "False", "Auto finish": "False",
              "Winnable only": "True"}
    for label, value in chosen.items():
        page.get_by_label(label).select_option(value)
    page.get_by_label("Game #").fill("12x")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("whole number")
    for label, value in chosen.items():
        expect(page.get_by_label(label)).to_have_value(value)
    expect(page.get_by_label("Game #")).to_have_value("12x")


# -- Gin Rummy ---------------------------------------------------------------------------------


def test_gin_rummy_turns_against_a_bot_with_clicks_and_a_sorted_hand(open_page):
    page = open_page()
    page.add_init_script(FRAME_LOG)
    page.goto("/gin_rummy/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(TABLE_URL)
    wait_for_live_view(page)
    status = page.locator("#status")
    hand = page.locator("#board .hand [data-card]")
    discard_button = page.locator('#board [data-verb="discard"]')

    # Seat 1 deals the first hand: you are offered the up-card first, and pass.
    expect(status).to_contain_text("Your turn: take the up-card, or pass.")
    expect(hand).to_have_count(10)
    with move_response(page) as answer:
        page.get_by_role("button", name="Pass on the up-card").click()
    assert answer.value.status == 204, f"passing was answered {answer.value.status}"
    wait_for_seq(page, int(settled_seq(answer.value)))
    # The bot took the up-card (and discarded) or passed too: either way you draw next.
    expect(status).to_contain_text("Your turn: draw from the stock or take the discard.")
    expect(hand).to_have_count(10)

    # Sorting: the hand comes by suit; "by rank" reorders it on the page.
    dealt = hand_cards(page)
    assert dealt == by_suit(dealt), f"the hand is not dealt in suit order: {dealt}"
    page.get_by_role("button", name="by rank").click()
    sorted_by_rank = by_rank(dealt)
    assert sorted_by_rank != dealt, "this hand reads the same by rank and by suit: nothing to check"
    assert hand_cards(page) == sorted_by_rank, "Sort: by rank did not order the hand by rank"

    turns = 0
    for turn in range(1, 4):
        before = hand_cards(page)
        seq = board_seq(page)
        with move_response(page) as answer:
            page.get_by_role("button", name=re.compile(r"^Draw from the stock")).click()
        assert answer.value.status == 204, f"turn {turn}: drawing was answered {answer.value.status}"
        drawn_seq = int(settled_seq(answer.value))
        assert drawn_seq == seq + 1, f"turn {turn}: drawing should be one move ({seq} -> {drawn_seq})"
        wait_for_seq(page, drawn_seq)
        expect(status).to_contain_text("Discard, knock or go gin.")
        expect(hand).to_have_count(11)
        after_draw = hand_cards(page)
        drawn = [card for card in after_draw if card not in before]
        assert len(drawn) == 1, f"turn {turn}: the draw should add one card: {before} -> {after_draw}"
        # The order chosen on the page survived the frame: the cards held keep it, in rank order.
        assert [card for card in after_draw if card in before] == before, (
            f"turn {turn}: the frame after drawing lost the hand's order: {before} -> {after_draw}"
        )
        if turn == 1:
            assert after_draw[:10] == sorted_by_rank, "the frame undid Sort: by rank"

        # Select one card (not the one just drawn, to show an older card goes), then Discard.
        expect(discard_button).to_be_disabled()
        card = before[turn]
        chosen = page.locator(f'#board .hand [data-card="{card}"]')
        chosen.click()
        expect(chosen).to_have_attribute("aria-pressed", "true")
        expect(discard_button).to_be_enabled()
        expect(discard_button).to_have_attribute("value", f"discard {card}")
        with move_response(page) as answer:
            discard_button.click()
        assert answer.value.status == 204, (
            f"turn {turn}: discarding {card} was answered {answer.value.status}"
        )
        discarded_seq = drawn_seq + 1
        settled = int(settled_seq(answer.value))
        wait_for_seq(page, settled)

        # The frame of the discard itself: ten cards, the discarded one on the pile's top.
        own = frame_at(page, discarded_seq)
        assert len(own["hand"]) == 10 and card not in own["hand"], (
            f"turn {turn}: after discarding {card}: {own}"
        )
        assert own["discardTop"] == card, f"turn {turn}: the discard pile's top is not {card}: {own}"
        assert own["status"].startswith("Waiting for"), (
            f"turn {turn}: after the discard it is still you: {own}"
        )
        # The bot answered within the request (a draw and a discard, or a knock) and it is you again.
        assert settled >= discarded_seq + 2, (
            f"turn {turn}: the bot did not answer (seq {discarded_seq} -> {settled})"
        )
        expect(hand).to_have_count(10)
        assert card not in hand_cards(page)
        turns += 1
        if "Your turn: draw" not in status.inner_text():
            # The bot knocked (or the stock ran low): the turns part of the test ends here.
            expect(status).to_contain_text(re.compile(r"Lay off|The match is over|Your turn"))
            break
        expect(page.locator("#board .me")).to_have_class(re.compile(r"\bis-turn\b"))
        # The discard pile's top is the bot's discard (it may have taken yours first).
        top = page.locator("#board .piles .pile").nth(1).locator("[data-card]").first
        expect(top).to_have_attribute("data-card", re.compile(r"^[2-9TJQKA][CDHS]$"))
        # Still by rank after the bot's frames: the saved order holds for the cards kept.
        now = hand_cards(page)
        kept = [code for code in sorted_by_rank if code in now]
        assert [code for code in now if code in sorted_by_rank] == kept, (
            f"turn {turn}: the order was lost: {now}"
        )
    assert turns >= 1
