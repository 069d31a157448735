"""Seeded random FreeCell play: the 52 cards stay 52, and undo is an exact inverse.

What every game promises (round trips, views, refusals) is checked in tests/catalogue/test_contract.py."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.catalogue.freecell.engine import ENGINE as freecell
from games.kit import cards
from games.kit.cards import RANKS

DECK = sorted(cards.standard_deck())


def every_card(state):
    view = freecell.view(state, None)
    table = [card for column in view["tableau"] for card in column] + [c for c in view["cells"] if c]
    up = [RANKS[r] + suit for suit, count in view["foundation_counts"].items() for r in range(count)]
    return sorted(table + up)


def without_counters(data):
    return {key: value for key, value in data.items() if key not in ("moves", "undos")}


@settings(max_examples=40)
@given(
    deal=st.integers(1, 1_000_000),
    auto=st.booleans(),
    walk=st.randoms(use_true_random=False),
)
def test_random_play_keeps_the_cards_and_undoes_exactly(deal, auto, walk):
    state = freecell.new_game(1, seed=str(deal), options={"auto_foundation": auto})
    for _ in range(30):
        data = freecell.dump(state)
        assert every_card(state) == DECK
        moves = freecell.legal_moves(state, 0)
        assert moves, "undo at least is always possible after a first move"
        move = walk.choice(moves)
        after = freecell.apply(state, 0, move)
        # Moves counts the moves made: one more for a move, one fewer for an undo.
        step = -1 if move == "undo" else 1
        assert freecell.view(after, 0)["moves"] == freecell.view(state, 0)["moves"] + step
        if move != "undo":
            back = freecell.apply(after, 0, "undo")
            assert without_counters(freecell.dump(back)) == without_counters(data)
            assert freecell.view(back, 0)["moves"] == freecell.view(state, 0)["moves"]
            assert freecell.view(back, 0)["undos"] == freecell.view(state, 0)["undos"] + 1
        state = after
