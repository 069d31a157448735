"""Seeded random Klondike games: 52 cards always, and undo goes back board by board.

What every game promises (round trips, views, refusals) is checked in tests/catalogue/test_contract.py."""

from hypothesis import given
from hypothesis import strategies as st

from games.catalogue.klondike.engine import ENGINE as klondike
from games.catalogue.klondike.engine import _board
from games.kit import cards

DECK = cards.standard_deck()
OPTIONS = st.fixed_dictionaries({
    "draw": st.sampled_from([1, 3]),
    "passes": st.sampled_from(["unlimited", 1, 3]),
    "scoring": st.sampled_from(["none", "standard", "vegas"]),
    "auto_flip": st.booleans(),
    "auto_finish": st.booleans(),
})


def all_cards(state):
    on_foundations = [rank + suit for suit, count in zip("CDHS", state.foundations, strict=True)
                      for rank in "A23456789TJQK"[:count]]
    return [card for pile in state.tableau for card in pile] + list(state.stock) + list(state.waste) + on_foundations


def check_step(state):
    assert sorted(all_cards(state)) == sorted(DECK)
    return klondike.dump(state)


@given(seed=st.integers(0, 10**6), options=OPTIONS, choices=st.lists(st.integers(0, 10**6), max_size=80))
def test_random_play_keeps_52_cards_and_undo_takes_back_the_last_board(seed, options, choices):
    state = klondike.new_game(1, seed=f"property-seed-{seed}", options=options)
    undoable = []  # the board before each move that undo can still take back
    for choice in choices:
        if klondike.is_over(state):
            break
        data = check_step(state)
        moves = klondike.legal_moves(state, 0)
        move = moves[choice % len(moves)]
        after = klondike.apply(state, 0, move)
        assert klondike.dump(state) == data, "apply must not change the state it was given"
        if move == "undo":
            assert _board(after) == undoable.pop()
        else:
            undoable.append(_board(state))
        assert len(after.history) == len(undoable)
        state = after
    check_step(state)
