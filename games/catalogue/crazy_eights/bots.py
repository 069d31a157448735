"""Crazy Eights bots: ``random`` and ``basic``.

``basic`` plays as a careful beginner is taught:

- It keeps its eights for when it is stuck: an eight only when nothing else can be played,
  calling the suit it holds most of (its other cards).
- Otherwise it sheds as many cards as it can at once, and among plays of as many cards it
  leaves on top the suit it holds most, so that it can follow itself next turn.
- When another player is down to two cards or fewer, it sheds its most costly cards first
  instead (they would score against it).
- Without a play it draws, and passes when it may not draw.

It reads only the seat's view (see ``CrazyEights.view``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.catalogue.crazy_eights.engine import EIGHT, card_points
from games.kit.bots import RandomBot

CLOSE_TO_OUT = 2


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Keeps its eights for when it is stuck, follows its longest suit and sheds high cards when you are close."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        plays = [move for move in legal_moves if move.startswith("play ")]
        if not plays:
            return legal_moves[0]  # draw, or pass
        hand = view["hand"]
        plain = [move for move in plays if move.split()[1][0] != EIGHT]
        if not plain:
            return _eight(hand, plays)
        others_close = any(count <= CLOSE_TO_OUT for seat, count in enumerate(view["hand_counts"])
                           if seat != view["seat"])
        return max(plain, key=lambda move: _worth(move.split()[1:], hand, others_close))


def _eight(hand: list[str], plays: list[str]) -> str:
    """The first eight's play that calls the suit the rest of the hand holds most of."""
    eight = plays[0].split()[1]
    rest = Counter(card[1] for card in hand if card != eight and card[0] != EIGHT)
    suit = max("CDHS", key=lambda suit: (rest[suit], -"CDHS".index(suit)))
    return f"play {eight} {suit}"


def _worth(cards: list[str], hand: list[str], others_close: bool) -> tuple:
    left = [card for card in hand if card not in cards]
    follow = sum(1 for card in left if card[1] == cards[-1][1])
    shed = sum(card_points(card) for card in cards)
    if others_close:
        return (shed, len(cards), follow)
    return (len(cards), follow, shed)


LEVELS = (RandomBot(), BasicBot())
