"""The perfect strategy's parts, checked where the answer is known without it: the dice
tables, a last box of chance (23 1/3 with the best keeps), a last box of yahtzee (50 times the
chance of five of a kind in three rolls), and the joker and bonuses written into a final roll.
The whole table (254.59 at the start) takes minutes: bench/yahtzee.py builds and prints it."""

import numpy as np
import pytest

from games.catalogue.yahtzee import strategy
from games.catalogue.yahtzee.scoring import BOXES

ONLY = {box: strategy.FULL ^ (1 << BOXES.index(box)) for box in BOXES}


def one_box_left(box, values=None):
    values = np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2)) if values is None else values
    final = strategy.final_values(ONLY[box], values).reshape(len(strategy.ROLLS), -1)
    return strategy._turn(final)[-1].reshape(strategy.CAP + 1, 2)


def test_the_dice_tables():
    assert len(strategy.ROLLS) == 252 and len(strategy.KEEPS) == 462
    assert np.allclose(strategy.TRANSITION.sum(axis=1), 1) and strategy.FIRST_ROLL.sum() == pytest.approx(1)
    assert strategy.FIRST_ROLL[strategy.ROLL_INDEX[(1, 2, 3, 4, 5)]] == pytest.approx(120 / 6 ** 5)


def test_a_last_box_of_chance_is_worth_23_and_a_third():
    # One die: 3.5 on its last roll, so keep 4 or more before it (4.25), then 5 or more (4 2/3).
    assert one_box_left("chance")[62, 0] == pytest.approx(5 * (11 / 6 + 4 / 6 * 4.25))


def test_a_last_box_of_yahtzee_is_fifty_times_the_chance_of_five_of_a_kind():
    assert one_box_left("yahtzee")[63, 0] == pytest.approx(50 * 0.0460286, abs=1e-4)


def test_a_last_upper_box_counts_its_bonus_once_the_total_reaches_63():
    values = one_box_left("sixes")
    # Keeping every six: 5 (1 - (5/6)^3) sixes on average; at 62 any six of the 15 chances lifts it to 63.
    assert values[63, 0] == pytest.approx(30 * (1 - (5 / 6) ** 3))
    assert values[62, 0] == pytest.approx(values[63, 0] + 35 * (1 - (5 / 6) ** 15))


def test_an_extra_yahtzee_is_a_joker_worth_100_more_when_the_box_holds_fifty():
    mask = strategy.FULL ^ (1 << BOXES.index("fours")) ^ (1 << BOXES.index("full_house"))
    final = strategy.final_values(mask, np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2)))
    fours, fives = strategy.ROLL_INDEX[(4,) * 5], strategy.ROLL_INDEX[(5,) * 5]
    assert final[fours, 0, 1] == 120 and final[fours, 0, 0] == 20  # forced into fours
    assert final[fives, 0, 1] == 125 and final[fives, 0, 0] == 25  # fives is full: a full house joker
    assert final[strategy.ROLL_INDEX[(2, 2, 3, 3, 3)], 0, 1] == 25
