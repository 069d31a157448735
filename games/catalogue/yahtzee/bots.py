"""Yahtzee bots: ``random``, ``basic`` and ``perfect``.

``basic`` plays by rules of thumb: it writes a made pattern (Yahtzee, large straight, full
house, small straight) in its box when that box is empty; it keeps four dice of a straight
while a straight box is empty, and two pairs while full house is; otherwise it keeps the most
common face (the higher on a tie) and rolls the rest; its last roll goes in the box that scores
most, an upper box counting as well as it keeps the upper bonus in reach.

``perfect`` plays the strategy that maximises the expected final score of solitaire Yahtzee
(``strategy.advice`` over the solved table, ``table.ready``); until the table is in memory it
plays as ``basic``, and says so in its blurb's last words. The table is solved with extra
Yahtzees on; with them off it follows the same table, which is then close to best, not proven.

Both read only the seat's view (see ``Yahtzee.view``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.catalogue.yahtzee import strategy, table
from games.catalogue.yahtzee.scoring import BOXES, UPPER
from games.kit.bots import RandomBot

PATTERNS = ("yahtzee", "large_straight", "full_house", "small_straight")
RUNS = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Keeps its most common face, chases straights and full houses, and fills the box that scores most."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if legal_moves == ["roll"]:
            return "roll"
        dice, boxes = view["dice"], view["boxes"][view["seat"]]
        preview = view["preview"]
        made = [box for box in PATTERNS if preview.get(box)]
        if made:
            return f"score {made[0]}"
        if view["rolls"] < 3:
            keep = _keep(dice, boxes)
            rolled = [str(i) for i in range(5) if i not in keep]
            if rolled:
                return "roll " + " ".join(rolled)
        return f"score {_best_box(preview)}"


def _keep(dice: list[int], boxes: list[int | None]) -> set[int]:
    """The positions to keep."""
    empty = {box for box, score in zip(BOXES, boxes, strict=True) if score is None}
    faces = set(dice)
    if {"small_straight", "large_straight"} & empty:
        for run in RUNS:
            if set(run) <= faces:
                return {dice.index(face) for face in run}
    counts = Counter(dice)
    pairs = [face for face, count in counts.items() if count == 2]
    if "full_house" in empty and len(pairs) == 2:
        return {i for i, die in enumerate(dice) if die in pairs}
    face = max(counts, key=lambda face: (counts[face], face))
    return {i for i, die in enumerate(dice) if die == face}


def _best_box(preview: dict[str, int]) -> str:
    def worth(box: str) -> float:
        points = preview[box]
        if box in UPPER:
            face = UPPER.index(box) + 1
            return points + 2 * (points - 3 * face)  # three of a face keeps the bonus in reach
        if points == 0:  # a box given up: the cheapest first
            return -{"yahtzee": 1, "chance": 30, "four_kind": 5, "large_straight": 4}.get(box, 3)
        return points
    return max(preview, key=worth)


class PerfectBot:
    level = "perfect"
    title = "Expert"

    @property
    def blurb(self) -> str:
        said = "Plays the strategy with the highest expected score there is (254.6 points a game alone)."
        if table.ready() is None:  # and starts it loading, for the game about to be played
            said += " Its table is still loading on this server, so for now it plays as Standard."
        return said

    def __init__(self) -> None:
        self._basic = BasicBot()

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        values = table.ready()
        if values is None or legal_moves == ["roll"]:
            return self._basic.choose(view, legal_moves, rng)
        boxes = view["boxes"][view["seat"]]
        extra = view["options"]["extra_yahtzees"]
        moves = strategy.advice(values, boxes, tuple(view["dice"]), view["rolls"], extra_yahtzees=extra)
        return next(move for move, _ in moves if move in legal_moves)


LEVELS = (RandomBot(), BasicBot(), PerfectBot())
