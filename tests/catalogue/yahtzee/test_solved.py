"""The whole perfect strategy, solved while the rest of the suite runs (tests/background_solve.py):
its expected score at the start is the published optimum, and a few keeps every player knows."""

import numpy as np
import pytest

from games.catalogue.yahtzee import strategy, table
from tests import background_solve

pytestmark = pytest.mark.after_the_rest

EMPTY = [None] * 13


@pytest.fixture(scope="module")
def values():
    return np.load(background_solve.result(timeout=900))


def best(values, dice, rolls=1):
    return strategy.advice(values, EMPTY, dice, rolls)[0][0]


def test_the_expected_score_at_the_start_is_the_published_optimum(values):
    assert values.shape == (strategy.FULL + 1, strategy.CAP + 1, 2)
    assert abs(values[0, 0, 0] - table.EXPECTED_START) < 0.01


def test_known_best_moves_from_an_empty_card(values):
    assert best(values, (6, 6, 6, 6, 6)) == "score yahtzee"
    assert best(values, (1, 2, 3, 4, 5)) == "score large_straight"
    assert best(values, (2, 3, 4, 5, 5)) == "roll 4"  # an open-ended straight, not the pair of fives
    assert best(values, (6, 6, 6, 1, 2)) == "roll 3 4"  # three sixes, not three sixes and a one
    assert best(values, (1, 3, 4, 5, 6), rolls=2) == "roll 0"  # 3 4 5 6 for the large straight
