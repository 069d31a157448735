"""Cribbage bots: ``random`` and ``basic``.

``basic`` plays as a careful club player is taught:

- The crib: it lays away the cards that leave the best hand plus crib, counted exactly over the
  46 starters it cannot see: the four cards kept with each starter, plus what the cards laid
  away make with that starter (their fifteens, pairs and runs), added for its own crib and taken
  off for another's. The other player's cards in the crib are unknown, so they are left out.
- Pegging: it takes the most points a card makes now, less what the reply could make from the
  cards it has not seen (a ten-card onto 5 or 21, a pair onto its pair), and it avoids leaving
  a count of 5 or 21; with nothing to choose, it keeps its low cards for the end of a count.
- With muggins it claims its exact count.

It reads only the seat's view (see ``Cribbage.view``).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from games.catalogue.cribbage.pegging import peg_points
from games.catalogue.cribbage.scoring import hand_total, is_run, score_hand
from games.kit.bots import RandomBot
from games.kit.cards import pip_value, standard_deck

DECK = tuple(standard_deck())
DANGER_COUNTS = (5, 21)  # a ten-card makes 15 or 31 from these


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Lays away what keeps the best hand over every starter, and pegs for points while giving few away."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        first = legal_moves[0]
        if first.startswith("crib "):
            return best_discard(view["hand"], own_crib=view["dealer"] == view["seat"], legal_moves=legal_moves)
        if first.startswith("claim "):
            return f"claim {_own_count(view)}"
        if first == "go":
            return first
        return max(legal_moves, key=lambda move: _peg_worth(view, move.split()[1]))


def best_discard(hand: list[str], *, own_crib: bool, legal_moves: list[str]) -> str:
    """The crib move whose kept cards and laid-away cards are worth most over the starters."""
    unseen = [card for card in DECK if card not in hand]
    sign = 1 if own_crib else -1

    def worth(move: str) -> float:
        away = move.split()[1:]
        kept = [card for card in hand if card not in away]
        total = 0
        for starter in unseen:
            total += hand_total(kept, starter, crib=False) + sign * _crib_part(away, starter)
        return total / len(unseen)

    return max(legal_moves, key=worth)


def _crib_part(away: list[str], starter: str) -> int:
    """What the laid-away cards make with the starter: fifteens, pairs, a run of three."""
    cards = (*away, starter)
    points = 0
    for size in (2, 3):
        points += 2 * sum(1 for group in combinations(cards, size) if sum(map(pip_value, group)) == 15)
    points += 2 * sum(1 for one, two in combinations(cards, 2) if one[0] == two[0])
    if is_run(cards):
        points += 3
    return points


def _peg_worth(view: dict[str, Any], card: str) -> tuple[float, int]:
    pile = [*view["pile"], card]
    gained = sum(points for _, points in peg_points(pile))
    count = view["count"] + pip_value(card)
    seen = set(view["held"]) | set(view["laid_away"]) | {card for cards in view["played"] for card in cards}
    if view["starter"]:
        seen.add(view["starter"])
    unseen = Counter(other[0] for other in DECK if other not in seen)
    unseen_total = sum(unseen.values()) or 1
    others_cards = sum(n for seat, n in enumerate(view["hand_counts"]) if seat != view["seat"])
    risk = 0.0
    for rank, left in unseen.items():
        reply = rank + "C"  # the suit does not score in pegging
        if count + pip_value(reply) > 31:
            continue
        chance = min(1.0, left * others_cards / unseen_total)
        risk += chance * sum(points for _, points in peg_points([*pile, reply]))
    if count in DANGER_COUNTS:
        risk += 1
    # Ties go to the higher card: the low ones are kept to play under 31 later.
    return (gained - risk, pip_value(card))


def _own_count(view: dict[str, Any]) -> int:
    step = view["claiming"]
    cards = view["crib"] if step["crib"] else view["held"]
    return score_hand(cards, view["starter"], crib=step["crib"])["total"]


LEVELS = (RandomBot(), BasicBot())
