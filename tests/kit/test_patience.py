"""Undo by differences on its own, and as both patience games use it."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import catalogue
from games.kit.cards import standard_deck
from games.kit.patience import Undo

UNDO = Undo(piles=("t0", "t1", "stock"), values=("c0", "foundations", "score"))
DECK = standard_deck()


def test_an_entry_names_only_what_changed_and_holds_only_the_cards_that_moved():
    earlier = (("KS", "QH", "JC"), ("9D",), ("AC", "2C", "3C"), None, (0, 1, 0, 0), 5)
    later = (("KS",), ("9D", "QH", "JC"), ("3C",), "2C", (0, 1, 0, 0), 5)
    entry = UNDO.difference(earlier, later)
    assert entry == "t0=1:QHJC t1=1: stock=0:AC2C:1 c0=null"
    assert UNDO.restored(later, entry) == earlier
    assert json.loads(json.dumps(entry)) == entry


def test_values_come_back_as_they_were():
    earlier = ((), (), (), "KD", (1, 2, 3, 4), -15)
    later = ((), (), (), None, (1, 2, 4, 4), 0)
    entry = UNDO.difference(earlier, later)
    assert entry == 'c0="KD" foundations=[1,2,3,4] score=-15'
    restored = UNDO.restored(later, entry)
    assert restored == earlier and isinstance(restored[4], tuple)


def test_a_board_that_did_not_change_gives_an_empty_entry():
    board = (("KS",), (), (), None, (0, 0, 0, 0), 0)
    assert UNDO.difference(board, board) == ""
    assert UNDO.restored(board, "") == board


def test_two_parts_may_not_share_a_name():
    with pytest.raises(ValueError):
        Undo(piles=("t0", "t0"), values=())


pile = st.lists(st.sampled_from(DECK), max_size=12, unique=True).map(tuple)


@given(first=pile, second=pile, third=pile, cut=st.integers(0, 12), added=pile, score=st.integers(-100, 100))
def test_any_earlier_board_is_rebuilt_from_any_later_one(first, second, third, cut, added, score):
    earlier = (first, second, third, None, (0, 0, 0, 0), 0)
    # Cards leave and join at the top, the stock (third) loses some from its front.
    later = (first[:cut] + added, second + first[cut:], third[cut:], first[0] if first else None, (1, 0, 0, 0), score)
    assert UNDO.restored(later, UNDO.difference(earlier, later)) == earlier


# -- both patience games: random moves, then undo, give back the very board before -------------


PATIENCE = [game.engine for game in catalogue.all() if game.engine.slug in ("klondike", "freecell")]


def without_counters(engine, state):
    data = engine.dump(state)
    del data["moves"], data["undos"]
    return data


def undo_gives_back_every_board(engine, seed, choices):
    """Play ``choices`` (undo among them) from a deal; each undo must give back exactly the
    state before the move it takes back, its history included."""
    state = engine.new_game(1, seed=str(seed))
    before = []  # the state before each move that undo can still take back
    for choice in choices:
        moves = engine.legal_moves(state, 0)
        if not moves:
            break
        move = moves[choice % len(moves)]
        after = engine.apply(state, 0, move)
        if move == "undo":
            assert without_counters(engine, after) == before.pop()
        else:
            before.append(without_counters(engine, state))
        state = engine.load(json.loads(json.dumps(engine.dump(after))))
    # Then everything back to the deal.
    while before:
        state = engine.apply(state, 0, "undo")
        assert without_counters(engine, state) == before.pop()
    assert without_counters(engine, state) == without_counters(engine, engine.new_game(1, seed=str(seed)))


@pytest.mark.parametrize("engine", PATIENCE, ids=lambda engine: engine.slug)
@given(seed=st.integers(1, 32000), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=60))
def test_random_moves_then_undo_give_back_the_earlier_board(engine, seed, choices):
    undo_gives_back_every_board(engine, seed, choices)


@pytest.mark.parametrize("engine", PATIENCE, ids=lambda engine: engine.slug)
def test_the_undo_check_catches_a_broken_undo(engine, monkeypatch):
    rng = random.Random(4)
    choices = [rng.randrange(10**6) for _ in range(60)]
    undo_gives_back_every_board(engine, 7, choices)
    real = Undo.restored
    monkeypatch.setattr(Undo, "restored", lambda self, later, entry: real(self, later, entry.rpartition(" ")[0]))
    with pytest.raises(AssertionError):
        undo_gives_back_every_board(engine, 7, choices)
