"""Yahtzee bots: legal moves only; ``basic``'s rules of thumb; ``perfect`` plays basic until
its table is in memory, then the move ``strategy.advice`` rates best."""

import random

import numpy as np
import pytest

from games.catalogue.yahtzee import bots, strategy, table
from games.catalogue.yahtzee.engine import ENGINE

yahtzee = ENGINE
RANDOM, BASIC, PERFECT = bots.LEVELS


def view_of(dice, rolls, **filled):
    state = yahtzee.new_game(1, seed="view").copy()
    row = [filled.get(box) for box in strategy.BOXES]
    state.boxes, state.dice, state.rolls = (tuple(row),), tuple(dice), rolls
    return yahtzee.view(state, 0), yahtzee.legal_moves(state, 0)


def test_basic_writes_a_made_pattern_and_keeps_its_most_common_face():
    view, legal = view_of((2, 3, 4, 5, 6), 1)
    assert BASIC.choose(view, legal, random.Random(1)) == "score large_straight"
    view, legal = view_of((5, 2, 5, 1, 6), 1)
    assert BASIC.choose(view, legal, random.Random(1)) == "roll 1 3 4"
    view, legal = view_of((1, 3, 4, 2, 6), 2, small_straight=30)  # 1-2-3-4 kept for the large straight
    assert BASIC.choose(view, legal, random.Random(1)) == "roll 4"
    view, legal = view_of((3, 3, 5, 5, 1), 1)  # two pairs, full house empty
    assert BASIC.choose(view, legal, random.Random(1)) == "roll 4"


@pytest.fixture
def flat_table(monkeypatch):
    """A table in which nothing is worth anything after this turn: the perfect move is then the
    one that scores most this turn, in expectation."""
    monkeypatch.setitem(table._state, "values", np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2)))


def test_perfect_plays_basic_until_its_table_is_ready(monkeypatch):
    monkeypatch.setitem(table._state, "values", None)
    monkeypatch.setitem(table._state, "worker", object())  # a loader already started, not done
    view, legal = view_of((5, 2, 5, 1, 6), 1)
    assert PERFECT.choose(view, legal, random.Random(1)) == BASIC.choose(view, legal, random.Random(1))
    assert "plays as Standard" in PERFECT.blurb


def test_perfect_takes_the_move_the_table_rates_best(flat_table):
    view, legal = view_of((6, 6, 6, 6, 6), 1)
    assert PERFECT.choose(view, legal, random.Random(1)) == "score yahtzee"
    view, legal = view_of((1, 2, 3, 4, 6), 2, small_straight=30)
    boxes = view["boxes"][0]
    moves = strategy.advice(table._state["values"], boxes, (1, 2, 3, 4, 6), 2)
    assert [value for _, value in moves] == sorted((value for _, value in moves), reverse=True)
    assert PERFECT.choose(view, legal, random.Random(1)) == moves[0][0]
    assert moves[0][0] in ("roll 0", "roll 4")  # one die again, for the large straight


def test_every_level_plays_legal_moves_to_the_end(flat_table):
    rng = random.Random(2)
    for bot in bots.LEVELS:
        state = yahtzee.new_game(2, seed=f"bots-{bot.level}")
        while not yahtzee.is_over(state):
            seat = yahtzee.to_move(state)[0]
            legal = yahtzee.legal_moves(state, seat)
            move = bot.choose(yahtzee.view(state, seat), legal, rng)
            assert move in legal
            state = yahtzee.apply(state, seat, move)


def test_basic_outscores_random():
    rng = random.Random(3)
    means = {}
    for bot in (RANDOM, BASIC):
        scores = []
        for number in range(60):
            state = yahtzee.new_game(1, seed=f"mean-{number}")
            while not yahtzee.is_over(state):
                state = yahtzee.apply(state, 0, bot.choose(yahtzee.view(state, 0), yahtzee.legal_moves(state, 0), rng))
            scores.append(yahtzee.outcome(state)["scores"][0])
        means[bot.level] = sum(scores) / len(scores)
    assert means["basic"] > means["random"] + 60, means
