"""Yahtzee's score card: every box, the upper bonus at 63, extra Yahtzees and each joker case."""

import pytest

from games.catalogue.yahtzee.scoring import BOXES, box_score, choices, upper_bonus, yahtzee_bonus


@pytest.mark.parametrize(("box", "dice", "points"), [
    ("ones", (1, 1, 2, 3, 1), 3), ("twos", (2, 2, 2, 2, 5), 8), ("threes", (1, 2, 4, 5, 6), 0),
    ("fours", (4, 4, 1, 1, 1), 8), ("fives", (5, 5, 5, 5, 5), 25), ("sixes", (6, 1, 6, 2, 6), 18),
    ("three_kind", (3, 3, 3, 1, 6), 16), ("three_kind", (3, 3, 2, 1, 6), 0), ("three_kind", (4, 4, 4, 4, 2), 18),
    ("four_kind", (2, 2, 2, 2, 6), 14), ("four_kind", (2, 2, 2, 6, 6), 0),
    ("full_house", (2, 2, 3, 3, 3), 25), ("full_house", (2, 2, 3, 3, 4), 0), ("full_house", (5, 5, 5, 5, 5), 0),
    ("small_straight", (1, 2, 3, 4, 6), 30), ("small_straight", (3, 4, 5, 6, 6), 30),
    ("small_straight", (1, 2, 3, 5, 6), 0), ("small_straight", (2, 3, 4, 5, 6), 30),
    ("large_straight", (1, 2, 3, 4, 5), 40), ("large_straight", (6, 5, 4, 3, 2), 40),
    ("large_straight", (1, 2, 3, 4, 6), 0),
    ("yahtzee", (6, 6, 6, 6, 6), 50), ("yahtzee", (6, 6, 6, 6, 5), 0),
    ("chance", (1, 3, 5, 6, 6), 21),
])
def test_every_box(box, dice, points):
    assert box_score(box, dice) == points


def empty(**filled):
    return {box: filled.get(box) for box in BOXES}


def test_the_upper_bonus_comes_at_63():
    scores = empty(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=17)  # 62
    assert upper_bonus(scores) == 0
    assert upper_bonus({**scores, "sixes": 18}) == 35


def test_before_the_yahtzee_box_is_filled_a_yahtzee_is_no_joker():
    offered = choices((4, 4, 4, 4, 4), empty())
    assert offered["yahtzee"] == 50 and offered["full_house"] == 0 and offered["large_straight"] == 0
    assert offered["fours"] == 20 and offered["chance"] == 20 and yahtzee_bonus((4,) * 5, empty()) == 0


def test_an_extra_yahtzee_scores_100_more_when_the_box_holds_50_and_must_go_in_its_upper_box():
    scores = empty(yahtzee=50)
    assert yahtzee_bonus((3,) * 5, scores) == 100
    assert choices((3,) * 5, scores) == {"threes": 15}
    assert yahtzee_bonus((3,) * 5, empty(yahtzee=0)) == 0  # a zeroed box earns no bonus...
    assert choices((3,) * 5, empty(yahtzee=0)) == {"threes": 15}  # ...but the joker rule holds


def test_with_its_upper_box_filled_a_joker_scores_any_lower_box_as_its_pattern():
    scores = empty(yahtzee=50, threes=9)
    assert choices((3,) * 5, scores) == {"three_kind": 15, "four_kind": 15, "full_house": 25,
                                         "small_straight": 30, "large_straight": 40, "chance": 15}


def test_with_the_lower_section_full_a_joker_takes_an_empty_upper_box_for_nothing():
    lower = {box: 1 for box in ("three_kind", "four_kind", "full_house", "small_straight", "large_straight", "chance")}
    scores = empty(yahtzee=50, sixes=18, **lower)
    assert choices((6,) * 5, scores) == {"ones": 0, "twos": 0, "threes": 0, "fours": 0, "fives": 0}
    assert yahtzee_bonus((6,) * 5, scores) == 100


def test_without_extra_yahtzees_a_second_yahtzee_is_an_ordinary_roll():
    scores = empty(yahtzee=50, threes=9)
    offered = choices((3,) * 5, scores, extra_yahtzees=False)
    assert offered["full_house"] == 0 and offered["three_kind"] == 15 and len(offered) == 11
    assert yahtzee_bonus((3,) * 5, scores, extra_yahtzees=False) == 0
