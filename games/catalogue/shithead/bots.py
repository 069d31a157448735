"""Shithead bots: ``random`` and ``basic``.

``basic`` plays as a beginner is taught:

- Before play it puts its best cards face up, where they wait for the end: twos and tens
  first, then the highest, swapping while a hand card is better than a face-up one.
- It plays the lowest card it may, all of that rank at once, and keeps its twos and tens for
  when nothing else goes on the pile.
- It picks up a small pile (two cards or fewer) rather than waste a ten on it, while the
  stock lasts.
- Face down, it turns the cards over in order.

It reads only the seat's view (see ``Shithead.view``).
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.bots import RandomBot

STRENGTH = "3456789JQKA2T"  # how much a card is worth keeping: twos and tens above the ace
SMALL_PILE = 2


def _strength(card: str) -> int:
    return STRENGTH.index(card[0])


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Keeps its twos and tens for when it is stuck and plays its lowest cards first."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if view["phase"] == "swap":
            return _swap(view, legal_moves)
        if legal_moves[0].startswith("blind"):
            return legal_moves[0]
        plays = [move for move in legal_moves if move.startswith("play ")]
        if not plays:
            return "pickup"
        # The fullest play of each rank, the weakest rank first.
        by_rank: dict[str, str] = {}
        for move in plays:
            rank = move.split()[1][0]
            if len(move) > len(by_rank.get(rank, "")):
                by_rank[rank] = move
        ordered = sorted(by_rank.values(), key=lambda move: _strength(move.split()[1]))
        best = ordered[0]
        # Only while the stock lasts: later, picking up a small pile for ever could be all it does.
        if (best.split()[1][0] == "T" and "pickup" in legal_moves and view["pile_count"] <= SMALL_PILE
                and view["stock_count"]):
            return "pickup"
        return best


def _swap(view: dict[str, Any], legal_moves: list[str]) -> str:
    hand, up = view["hand"], view["up"][view["seat"]]
    strongest = max(hand, key=_strength)
    weakest_up = min(up, key=_strength)
    move = f"swap {strongest} {weakest_up}"
    if _strength(strongest) > _strength(weakest_up) and move in legal_moves:
        return move
    return "ready"


LEVELS = (RandomBot(), BasicBot())
