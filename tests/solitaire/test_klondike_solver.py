"""The Klondike solver: its solutions win through the engine; its refusals are honest."""

import pytest

from games.engines import cards
from games.engines.klondike import ENGINE as klondike
from games.solitaire import klondike_solver as solver


def replay(state, moves):
    for move in moves:
        state = klondike.apply(state, 0, move)
    return state


SOLVABLE = [
    ("solver-0", {"draw": 1}),
    ("solver-0", {"draw": 1, "auto_flip": False}),
    ("solver-0", {"draw": 1, "auto_finish": False}),
    ("solver-2", {"draw": 3}),
    ("solver-2", {"draw": 3, "passes": 3}),
    ("solver-6", {"draw": 3, "scoring": "standard"}),
]


@pytest.mark.parametrize("seed, options", SOLVABLE)
def test_solutions_replay_through_apply_to_a_win(seed, options):
    state = klondike.new_game(1, seed=seed, options=options)
    moves = solver.solve(state, max_nodes=20_000, max_seconds=10)
    assert isinstance(moves, list)
    assert klondike.is_over(replay(state, moves))
    if not options.get("auto_flip", True):
        assert any(move.startswith("flip") for move in moves)


def test_a_game_under_way_is_solved_from_where_it_stands():
    state = klondike.new_game(1, seed="solver-0", options={"draw": 1})
    moves = solver.solve(state, max_nodes=20_000)
    assert isinstance(moves, list)
    halfway = replay(state, moves[: len(moves) // 2])
    rest = solver.solve(halfway, max_nodes=20_000)
    assert isinstance(rest, list) and klondike.is_over(replay(halfway, rest))


def unwinnable_deck():
    """The four kings on top of three piles' face-down cards, every ace buried under them,
    and the stock all clubs-free middle cards: no king ever finds an empty pile."""
    deck = cards.standard_deck()
    # Pile 6's cards are deck positions 6, 12, 17, 21, 24, 26, 27 (bottom up); aces at the
    # bottom of the three longest piles under kings of the same colour sequence blocks.
    aces = ["AC", "AD", "AH", "AS"]
    twos = ["2C", "2D", "2H", "2S"]
    rest = [card for card in deck if card not in aces + twos]
    layout = [None] * 52
    for position, card in zip((6, 5, 4, 3), aces, strict=True):  # bottoms of t6, t5, t4, t3
        layout[position] = card
    for position, card in zip((12, 11, 10, 9), twos, strict=True):  # on them
        layout[position] = card
    free = iter(rest)
    return [card if card is not None else next(free) for card in layout]


def test_an_unwinnable_deal_is_never_reported_solved():
    # Every card but the tableau's tops is in the stock, in draw 3 with one pass, and the
    # aces lie under face-down cards that no move can reach.
    state = klondike.new_game(1, seed="stuck", deck=unwinnable_deck(), options={"draw": 3, "passes": 1})
    result = solver.solve(state, max_nodes=5_000, max_seconds=5)
    assert result is None or result == solver.UNKNOWN


def test_a_hint_is_a_legal_move_and_none_once_won():
    state = klondike.new_game(1, seed="solver-0", options={"draw": 1})
    move = solver.hint(state, 20_000)
    assert move in klondike.legal_moves(state, 0)
    moves = solver.solve(state, max_nodes=20_000)
    assert solver.hint(replay(state, moves), 100) is None
