"""Oh Hell! bots: ``random`` and ``basic``.

``basic`` aims to take exactly its bid:

- Bidding: its expected tricks, from the trump length and the high cards, scaled by the
  hand size (an ace is nearly sure in a short hand, less so in a long one); the nearest
  number the rules allow, when the hook forbids the one it wants.
- Play: while short of its bid, it wins as cheaply as it can (the lowest card that takes
  the trick; a high card or a trump to lead); once it has its bid, it ducks, with the
  highest card that still loses, and leads low.

It reads only the seat's view (see ``OhHell.view``).
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.bots import RandomBot
from games.kit.tricks import winning_card

ORDER = "23456789TJQKA"


def _rank(card: str) -> int:
    return ORDER.index(card[0])


def expected_tricks(hand: list[str], trump: str) -> float:
    trumps = [card for card in hand if card[1] == trump]
    tricks = 0.0
    for card in trumps:
        tricks += {"A": 1.0, "K": 0.9, "Q": 0.7, "J": 0.5}.get(card[0], 0.3)
    for suit in {card[1] for card in hand} - {trump}:
        cards = [card for card in hand if card[1] == suit]
        ranks = {card[0] for card in cards}
        # A side ace is trumped more often in a long hand, where everyone runs out of suits.
        tricks += ("A" in ranks) * (0.9 if len(hand) <= 5 else 0.75)
        tricks += ("K" in ranks and len(cards) >= 2) * 0.4
    return tricks


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Bids the tricks its hand should take, then wins while short of its bid and ducks once it has it."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if view["phase"] == "bid":
            wanted = round(expected_tricks(view["hand"], view["trump"]))
            allowed = [int(move.split()[1]) for move in legal_moves]
            move = f"bid {min(allowed, key=lambda bid: (abs(bid - wanted), bid))}"
        else:
            move = "play " + _card_to_play(view, [move.split(" ", 1)[1] for move in legal_moves])
        return move if move in legal_moves else rng.choice(legal_moves)


def _card_to_play(view: dict[str, Any], playable: list[str]) -> str:
    seat, trump = view["seat"], view["trump"]
    short = view["bids"][seat] - view["tricks"][seat] > 0
    cards = [card for _, card in view["trick"]["plays"]]
    by_strength = sorted(playable, key=lambda card: (card[1] == trump, _rank(card)))
    if not cards:
        return by_strength[-1] if short else by_strength[0]
    winners = [card for card in by_strength if winning_card([*cards, card], trump=trump) == card]
    losers = [card for card in by_strength if card not in winners]
    if short:
        return winners[0] if winners else by_strength[0]
    return losers[-1] if losers else by_strength[0]


LEVELS = (RandomBot(), BasicBot())
