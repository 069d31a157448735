"""Yahtzee's score card: what five dice score in each box, with the extra Yahtzee rules.

Boxes, in score-card order: the upper section (ones to sixes: the sum of the dice showing that
face; 35 more once their total reaches 63) and the lower (three and four of a kind: the sum of
all dice; full house 25; small straight 30; large straight 40; yahtzee 50; chance: the sum).

Extra Yahtzees (issue 21, "extra_yahtzees" on): a Yahtzee rolled once the yahtzee box is filled
scores 100 more when that box holds 50, and it is a joker. The forced-joker rule: it must go in
the upper box of its face if that is empty; otherwise in any empty lower box, where it scores as
the box's pattern (full house 25, small straight 30, large straight 40, the others the sum);
otherwise in an empty upper box, for 0.
"""

from __future__ import annotations

from collections import Counter

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = ("three_kind", "four_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance")
BOXES = UPPER + LOWER
BOX_WORDS = {"ones": "Ones", "twos": "Twos", "threes": "Threes", "fours": "Fours", "fives": "Fives",
             "sixes": "Sixes", "three_kind": "Three of a kind", "four_kind": "Four of a kind",
             "full_house": "Full house", "small_straight": "Small straight", "large_straight": "Large straight",
             "yahtzee": "Yahtzee", "chance": "Chance"}
UPPER_BONUS, UPPER_BONUS_AT = 35, 63
YAHTZEE_BONUS = 100
FIXED = {"full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50}
_RUNS_OF_FOUR = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})


def is_yahtzee(dice) -> bool:
    return len(set(dice)) == 1


def box_score(box: str, dice, *, joker: bool = False) -> int:
    """What ``dice`` (five faces) score in ``box``; ``joker``: a Yahtzee played as a joker."""
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * sum(1 for die in dice if die == face)
    counts = sorted(Counter(dice).values())
    total = sum(dice)
    if box == "chance":
        return total
    if box == "three_kind":
        return total if counts[-1] >= 3 else 0
    if box == "four_kind":
        return total if counts[-1] >= 4 else 0
    if box == "yahtzee":
        return 50 if counts == [5] else 0
    if joker:
        return FIXED[box]
    faces = set(dice)
    if box == "full_house":
        return 25 if counts == [2, 3] else 0
    if box == "small_straight":
        return 30 if any(run <= faces for run in _RUNS_OF_FOUR) else 0
    return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0


def choices(dice, scores: dict[str, int | None], *, extra_yahtzees: bool = True) -> dict[str, int]:
    """Each box ``dice`` may be written in now, and what it scores there (the upper bonus and
    the Yahtzee bonus are apart: ``upper_bonus`` and ``yahtzee_bonus``). ``scores``: every box,
    None while empty."""
    empty = [box for box in BOXES if scores[box] is None]
    if extra_yahtzees and is_yahtzee(dice) and scores["yahtzee"] is not None:
        own = UPPER[dice[0] - 1]
        if own in empty:
            return {own: box_score(own, dice)}
        lower = [box for box in LOWER if box in empty]
        if lower:
            return {box: box_score(box, dice, joker=True) for box in lower}
        return {box: 0 for box in empty}
    return {box: box_score(box, dice) for box in empty}


def yahtzee_bonus(dice, scores: dict[str, int | None], *, extra_yahtzees: bool = True) -> int:
    """The 100 an extra Yahtzee earns, before it is written in a box."""
    return YAHTZEE_BONUS if extra_yahtzees and is_yahtzee(dice) and scores["yahtzee"] == 50 else 0


def upper_total(scores: dict[str, int | None]) -> int:
    return sum(scores[box] or 0 for box in UPPER)


def upper_bonus(scores: dict[str, int | None]) -> int:
    return UPPER_BONUS if upper_total(scores) >= UPPER_BONUS_AT else 0
