"""Seeded random games: 52 cards always, exact round trips, refusals change nothing, nothing leaks."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.catalogue.klondike.engine import ENGINE as klondike
from games.catalogue.klondike.engine import _board
from games.kit import cards
from games.kit.engine import IllegalMove

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


def cards_seen(view):
    text = json.dumps(view)
    return {card for card in DECK if f'"{card}"' in text}


def check_step(state):
    assert sorted(all_cards(state)) == sorted(DECK)
    data = klondike.dump(state)
    assert klondike.load(json.loads(json.dumps(data))) == state
    hidden = set(state.stock) | {card for pile, down in zip(state.tableau, state.face_down, strict=True)
                                 for card in pile[:down]}
    for seat in (0, None):
        view = klondike.view(state, seat)
        assert not cards_seen(view) & hidden
        assert state.seed not in json.dumps(view)
    return data


@given(seed=st.integers(0, 10**6), options=OPTIONS, choices=st.lists(st.integers(0, 10**6), max_size=80))
def test_random_play_keeps_52_cards_round_trips_and_hides_what_is_face_down(seed, options, choices):
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


def test_moves_not_listed_are_refused_and_change_nothing():
    rng = random.Random(5)
    probes = ["draw", "undo", "move waste t0", "move waste fH", "move t3 t4 1", "move t6 fS", "move fC t2",
              "flip t1", "move t0 t1 2", "move fD t6"]
    for game in range(8):
        state = klondike.new_game(1, seed=f"probe-{game}", options={"draw": rng.choice([1, 3]),
                                                                     "passes": rng.choice(["unlimited", 1]),
                                                                     "auto_flip": rng.random() < 0.5})
        for _ in range(100):
            if klondike.is_over(state):
                break
            legal = klondike.legal_moves(state, 0)
            data = klondike.dump(state)
            for probe in probes:
                if probe not in legal:
                    with pytest.raises(IllegalMove) as refusal:
                        klondike.apply(state, 0, probe)
                    assert refusal.value.reason
                    assert klondike.dump(state) == data
            # Undo rarely, so that games get somewhere.
            choices = [move for move in legal if move != "undo"] or legal
            state = klondike.apply(state, 0, rng.choice(choices))
