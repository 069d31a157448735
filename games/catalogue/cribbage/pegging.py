"""Pegging: what a card scores as it is played, from the cards of the count so far.

``peg_points(pile)`` takes the count's cards in the order played, the new card last, and
returns each score it makes as (kind, points): 15 or 31 for 2; a pair with the card before for
2, three of a kind 6, four 12; a run of three or more among the latest cards, in any order, 1 a
card (the longest such run counts, once). The go and the last card (1) are the engine's.
"""

from __future__ import annotations

from games.catalogue.cribbage.scoring import is_run
from games.kit.cards import pip_value

PAIR_POINTS = {2: 2, 3: 6, 4: 12}
PEG_WORDS = {"fifteen": "fifteen", "thirty_one": "thirty-one", "pair": "a pair", "pair_royal": "three of a kind",
             "double_pair_royal": "four of a kind", "run": "a run", "go": "one for the go",
             "last": "one for the last card"}
_PAIR_KINDS = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}


def peg_points(pile) -> list[tuple[str, int]]:
    pile = tuple(pile)
    items = []
    count = sum(pip_value(card) for card in pile)
    if count == 15:
        items.append(("fifteen", 2))
    elif count == 31:
        items.append(("thirty_one", 2))
    same = 1
    while same < len(pile) and pile[-1 - same][0] == pile[-1][0]:
        same += 1
    if same >= 2:
        items.append((_PAIR_KINDS[same], PAIR_POINTS[same]))
    run = _longest_run(pile)
    if run:
        items.append(("run", run))
    return items


def _longest_run(pile) -> int:
    """The most latest cards (three or more) that are consecutive ranks in some order, or 0."""
    return next((length for length in range(len(pile), 2, -1) if is_run(pile[-length:])), 0)


def peg_words(kind: str, points: int) -> str:
    """One score in words, as a player says it: "fifteen for 2", "a run of 3 for 3"."""
    if kind == "run":
        return f"a run of {points} for {points}"
    if kind in ("go", "last"):
        return PEG_WORDS[kind]
    return f"{PEG_WORDS[kind]} for {points}"
