"""Rummy bots: ``random`` and ``basic``.

``basic`` plays the way the seed texts' tips suggest:

- Drawing: it takes the discard pile's top card only when that card makes a meld with two
  cards it holds (a third of a rank, or a card next to two of a suit in sequence), extends
  a meld on the table, or is a joker; otherwise it draws from the stock.
- After drawing: it lays down the biggest meld it can, then swaps its natural cards for
  jokers on the table, then lays off (natural cards before jokers), one move at a time.
- Discarding: the highest-scoring card that is deadwood, meaning neither in a pair nor
  within two places of a card of its suit (a near run); when every card has a partner,
  the highest card with the fewest partners. Never a joker while another card will do.

It reads only the seat's view (see ``Rummy.view``) and the legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.bots import RandomBot

PLACE = {rank: i + 1 for i, rank in enumerate("A23456789TJQK")}
JOKERS = ("X1", "X2")
_POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


def _places(card: str, aces_high: bool) -> tuple[int, ...]:
    place = PLACE[card[0]]
    return (1, 14) if place == 1 and aces_high else (place,)


def _value(card: str, aces_high: bool) -> int:
    if card in JOKERS or (card[0] == "A" and aces_high):
        return 15
    return _POINTS[card[0]]


class BasicBot:
    level = "basic"

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        move = self._pick(view, legal_moves)
        # The rules above only ever pick listed moves; this guards the contract regardless.
        return move if move in legal_moves else rng.choice(legal_moves)

    def _pick(self, view: dict[str, Any], legal_moves: list[str]) -> str:
        aces_high = view["options"]["aces"] == "high_or_low"
        hand = view["hand"]
        if view["phase"] == "draw":
            take = next(move for move in legal_moves if move.startswith("draw discard"))
            if "draw stock" not in legal_moves or _helps(view["discard_top"], hand, view["melds"], aces_high):
                return take
            return "draw stock"
        melds = [move for move in legal_moves if move.startswith("meld ")]
        if melds:
            return max(melds, key=lambda move: (len(move.split()), -move.count("X")))
        swaps = [move for move in legal_moves if move.startswith("swap ")]
        if swaps:
            return swaps[0]
        layoffs = [move for move in legal_moves if move.startswith("layoff ")]
        if layoffs:
            return min(layoffs, key=lambda move: "X" in move)
        discards = [move.split(" ")[1] for move in legal_moves if move.startswith("discard ")]
        return "discard " + _worst(discards, hand, aces_high)


def _partners(card: str, hand: list[str], aces_high: bool) -> int:
    """Cards of ``hand`` that make a pair or a near run with ``card``."""
    if card in JOKERS:
        return 99
    count = 0
    for other in hand:
        if other == card or other in JOKERS:
            continue
        if other[0] == card[0]:
            count += 1
        elif other[1] == card[1] and any(
            abs(a - b) <= 2 for a in _places(card, aces_high) for b in _places(other, aces_high)
        ):
            count += 1
    return count


def _worst(discards: list[str], hand: list[str], aces_high: bool) -> str:
    return min(discards, key=lambda card: (_partners(card, hand, aces_high), -_value(card, aces_high), card))


def _helps(top: str | None, hand: list[str], melds: list[dict[str, Any]], aces_high: bool) -> bool:
    """Whether ``top`` makes a meld with two held cards or extends a meld on the table."""
    if top is None:
        return False
    if top in JOKERS:
        return True
    if sum(1 for card in hand if card[0] == top[0]) >= 2:
        return True
    held = {place for card in hand if card not in JOKERS and card[1] == top[1] for place in _places(card, aces_high)}
    for place in _places(top, aces_high):
        if {place - 2, place - 1} <= held or {place - 1, place + 1} <= held or {place + 1, place + 2} <= held:
            return True
    for meld in melds:
        stands = [meld["jokers"].get(card, card) for card in meld["cards"]]
        if meld["kind"] == "set":
            rank = next(card[0] for card in meld["cards"] if card not in JOKERS)
            if top[0] == rank and len(stands) < 4 and top not in stands:
                return True
        elif stands[0][1] == top[1]:
            low, high = PLACE[stands[0][0]], PLACE[stands[-1][0]]
            if stands[-1][0] == "A" and len(stands) > 1:
                high = 14
            if any(place in (low - 1, high + 1) for place in _places(top, aces_high)):
                return True
    return False


LEVELS = (RandomBot(), BasicBot())
