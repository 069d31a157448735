"""The strategy that maximises solitaire Yahtzee's expected final score (issue 21's ``perfect``).

Backward induction over the turn-start states (the boxes filled, the upper total capped at 63,
and whether the yahtzee box holds 50), and within a turn over the rolls: the best box for the
final dice, then the best dice to keep before the third roll and before the second.

``solve(extra_yahtzees=)`` computes ``VALUES[mask, upper, fifty]``, the expected points still to
come from the start of a turn (the bonuses included), for every one of the 8192 x 64 x 2 states;
the start is ``VALUES[0, 0, 0]``, 254.59 for these rules (Tom Verhoeff's published optimum).
Each state's turn is a few matrix products over the 252 ways five dice can fall and the 462
ways to keep some of them, batched over the 128 (upper, fifty) columns of a set of boxes.
``turn_values`` redoes one turn from a stored table: what each keep and each box is worth.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import factorial

import numpy as np

from games.catalogue.yahtzee.scoring import (
    BOXES,
    FIXED,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    box_score,
    choices,
    yahtzee_bonus,
)

FACES = range(1, 7)
ROLLS = [tuple(roll) for roll in combinations_with_replacement(FACES, 5)]  # 252, sorted dice
KEEPS = [tuple(keep) for size in range(6) for keep in combinations_with_replacement(FACES, size)]  # 462
ROLL_INDEX = {roll: index for index, roll in enumerate(ROLLS)}
KEEP_INDEX = {keep: index for index, keep in enumerate(KEEPS)}
YAHTZEE = BOXES.index("yahtzee")
FULL = (1 << len(BOXES)) - 1
CAP = UPPER_BONUS_AT  # the upper totals that matter: 0..62, and 63 for "reached"
UPS = np.arange(CAP + 1)


def _outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """Each sorted way ``count`` dice can fall, with its probability."""
    result = []
    for faces in combinations_with_replacement(FACES, count):
        ways = factorial(count)
        for same in Counter(faces).values():
            ways //= factorial(same)
        result.append((faces, ways / 6 ** count))
    return result


def _tables():
    transition = np.zeros((len(KEEPS), len(ROLLS)))
    for k, keep in enumerate(KEEPS):
        for faces, chance in _outcomes(5 - len(keep)):
            transition[k, ROLL_INDEX[tuple(sorted(keep + faces))]] += chance
    subsets = np.zeros((len(ROLLS), 32), dtype=np.int64)
    for r, roll in enumerate(ROLLS):
        kept = sorted({tuple(sorted(roll[i] for i in range(5) if bits >> i & 1)) for bits in range(32)})
        indexes = [KEEP_INDEX[keep] for keep in kept]
        subsets[r] = indexes + [indexes[0]] * (32 - len(indexes))
    scores = np.array([[box_score(box, roll) for roll in ROLLS] for box in BOXES], dtype=float)
    return transition, subsets, scores


TRANSITION, SUBSETS, SCORES = _tables()
FIRST_ROLL = TRANSITION[KEEP_INDEX[()]]
YAHTZEE_ROLLS = [ROLL_INDEX[(face,) * 5] for face in FACES]


def _box_values(mask: int, box: int, values: np.ndarray) -> np.ndarray:
    """(252, 64, 2): each final roll written in ``box`` from each (upper, fifty) column, plus
    what is still to come after it (``values`` of the filled boxes), without any joker."""
    after = values[mask | 1 << box]
    score = SCORES[box]
    if box < len(UPPER):
        upper = np.minimum(CAP, UPS[None, :] + score[:, None].astype(int))
        bonus = np.where((UPS[None, :] < CAP) & (upper >= CAP), UPPER_BONUS, 0)
        return score[:, None, None] + bonus[:, :, None] + after[upper]
    if box == YAHTZEE:
        fifty = (score == 50).astype(int)
        return score[:, None, None] + after[UPS[None, :], fifty[:, None]][:, :, None].repeat(2, axis=2)
    return score[:, None, None] + after[None, :, :]


def _joker_values(mask: int, face: int, values: np.ndarray, *, extra_yahtzees: bool) -> np.ndarray:
    """(64, 2): the best a Yahtzee of ``face`` can be written as, once the yahtzee box is filled."""
    bonus = np.array([0.0, 100.0]) if extra_yahtzees else np.zeros(2)
    empty = [box for box in range(len(BOXES)) if not mask >> box & 1]
    own = face - 1
    if own in empty:
        allowed = [(own, 5 * face)]
    elif extra_yahtzees:
        lower = [box for box in empty if box >= len(UPPER)]
        allowed = ([(box, FIXED.get(BOXES[box], 5 * face)) for box in lower] if lower
                   else [(box, 0) for box in empty])
    else:
        allowed = [(box, box_score(BOXES[box], (face,) * 5)) for box in empty]
    best = np.full((CAP + 1, 2), -np.inf)
    for box, score in allowed:
        after = values[mask | 1 << box]
        if box < len(UPPER):
            upper = np.minimum(CAP, UPS + score)
            extra = np.where((UPS < CAP) & (upper >= CAP), UPPER_BONUS, 0)
            value = score + extra[:, None] + after[upper]
        else:
            value = score + after
        best = np.maximum(best, value + bonus[None, :])
    return best


def final_values(mask: int, values: np.ndarray, *, extra_yahtzees: bool = True) -> np.ndarray:
    """(252, 64, 2): the best box for each final roll, and what it leads to."""
    best = np.full((len(ROLLS), CAP + 1, 2), -np.inf)
    for box in range(len(BOXES)):
        if not mask >> box & 1:
            best = np.maximum(best, _box_values(mask, box, values))
    if mask >> YAHTZEE & 1:
        for face, row in zip(FACES, YAHTZEE_ROLLS, strict=True):
            best[row] = _joker_values(mask, face, values, extra_yahtzees=extra_yahtzees)
    return best


def _turn(final: np.ndarray) -> tuple[np.ndarray, ...]:
    """From the final rolls' values (252, columns): the keeps' values before the third roll, the
    rolls' before it, the keeps' before the second, the rolls' before it, and the turn's value."""
    keep2 = TRANSITION @ final
    roll2 = keep2[SUBSETS].max(axis=1)
    keep1 = TRANSITION @ roll2
    roll1 = keep1[SUBSETS].max(axis=1)
    return keep2, roll2, keep1, roll1, FIRST_ROLL @ roll1


def solve(*, extra_yahtzees: bool = True) -> np.ndarray:
    """VALUES[mask, upper, fifty] for every turn-start state (about 8 MB of float64)."""
    values = np.zeros((FULL + 1, CAP + 1, 2))
    for mask in sorted(range(FULL), key=lambda mask: -bin(mask).count("1")):
        final = final_values(mask, values, extra_yahtzees=extra_yahtzees).reshape(len(ROLLS), -1)
        values[mask] = _turn(final)[-1].reshape(CAP + 1, 2)
    return values


# -- one turn, from a solved table: what the perfect player does, and what each choice is worth --


def state_of(boxes, *, fifty_needs: int = 50) -> tuple[int, int, int]:
    """(mask, upper, fifty) of a score card: ``boxes`` a score or None per box, in ``BOXES`` order."""
    mask = sum(1 << index for index, score in enumerate(boxes) if score is not None)
    upper = min(CAP, sum(score or 0 for score in boxes[:len(UPPER)]))
    return mask, upper, int(boxes[YAHTZEE] == fifty_needs)


def box_options(values: np.ndarray, boxes, dice, *, extra_yahtzees: bool = True) -> list[tuple[str, float]]:
    """Each box the final ``dice`` may be written in, with the points it scores now (bonuses
    included) plus the expected points still to come after it, best first."""
    mask, upper, fifty = state_of(boxes)
    scores = dict(zip(BOXES, boxes, strict=True))
    bonus = yahtzee_bonus(dice, scores, extra_yahtzees=extra_yahtzees)
    options = []
    for box, points in choices(dice, scores, extra_yahtzees=extra_yahtzees).items():
        index = BOXES.index(box)
        after_upper, after_fifty, extra = upper, fifty, 0
        if index < len(UPPER):
            after_upper = min(CAP, upper + points)
            extra = UPPER_BONUS if upper < CAP <= after_upper else 0
        if box == "yahtzee":
            after_fifty = int(points == 50)
        options.append((box, float(points + bonus + extra + values[mask | 1 << index, after_upper, after_fifty])))
    return sorted(options, key=lambda option: -option[1])


def turn_tables(values: np.ndarray, boxes, *, extra_yahtzees: bool = True) -> tuple[np.ndarray, ...]:
    """For the turn ahead of ``boxes``: each final roll's value, each keep's value before the
    third roll, and before the second (the one column of this score card)."""
    mask, upper, fifty = state_of(boxes)
    final = final_column(mask, upper, fifty, values, extra_yahtzees=extra_yahtzees)
    keep2, roll2, keep1, _, _ = _turn(final[:, None])
    return final, keep2[:, 0], keep1[:, 0]


def final_column(mask: int, upper: int, fifty: int, values: np.ndarray, *, extra_yahtzees: bool = True) -> np.ndarray:
    """``final_values(mask, values)[:, upper, fifty]``, computed for that one column alone (a
    bot's turn: a fraction of a millisecond rather than milliseconds)."""
    best = np.full(len(ROLLS), -np.inf)
    for box in range(len(BOXES)):
        if mask >> box & 1:
            continue
        after = values[mask | 1 << box]
        score = SCORES[box]
        if box < len(UPPER):
            raised = np.minimum(CAP, upper + score.astype(int))
            bonus = np.where((upper < CAP) & (raised >= CAP), UPPER_BONUS, 0)
            value = score + bonus + after[raised, fifty]
        elif box == YAHTZEE:
            value = score + after[upper, (score == 50).astype(int)]
        else:
            value = score + after[upper, fifty]
        best = np.maximum(best, value)
    if mask >> YAHTZEE & 1:
        for face, row in zip(FACES, YAHTZEE_ROLLS, strict=True):
            best[row] = _joker_values(mask, face, values, extra_yahtzees=extra_yahtzees)[upper, fifty]
    return best


def advice(values: np.ndarray, boxes, dice, rolls: int, *, extra_yahtzees: bool = True,
           tables: tuple[np.ndarray, ...] | None = None) -> list[tuple[str, float]]:
    """Every move from ``dice`` after ``rolls`` rolls (1 to 3), as the engine spells it, with its
    expected final points from here on, best first: ``score <box>`` and, before the third roll,
    ``roll <positions>`` for each set of dice to keep (the dice kept stay where they lie)."""
    moves = [(f"score {box}", value) for box, value in box_options(values, boxes, dice, extra_yahtzees=extra_yahtzees)]
    if rolls < 3:
        _, keep2, keep1 = tables or turn_tables(values, boxes, extra_yahtzees=extra_yahtzees)
        keeps = keep2 if rolls == 2 else keep1
        seen = set()
        for bits in range(31):  # every keep but all five (that is a score)
            kept = tuple(sorted(dice[i] for i in range(5) if bits >> i & 1))
            if kept in seen:
                continue
            seen.add(kept)
            rolled = " ".join(str(i) for i in range(5) if not bits >> i & 1)
            moves.append((f"roll {rolled}", float(keeps[KEEP_INDEX[kept]])))
    return sorted(moves, key=lambda move: -move[1])
