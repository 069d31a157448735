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

from games.catalogue.rummy.engine import card_points
from games.kit.bots import RandomBot
from games.kit.cards import JOKERS
from games.kit.melds import layoffs_onto, near, run_places


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Takes the discard only when it makes a meld, lays down what it can, and sheds its highest loose cards."

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
    return sum(1 for other in hand if other not in JOKERS and near(card, other, aces_high=aces_high))


def _worst(discards: list[str], hand: list[str], aces_high: bool) -> str:
    return min(discards, key=lambda card: (_partners(card, hand, aces_high), -card_points(card, aces_high=aces_high), card))


def _helps(top: str | None, hand: list[str], melds: list[dict[str, Any]], aces_high: bool) -> bool:
    """Whether ``top`` makes a meld with two held cards or extends a meld on the table."""
    if top is None:
        return False
    if top in JOKERS:
        return True
    if sum(1 for card in hand if card[0] == top[0]) >= 2:
        return True
    held = {
        place
        for card in hand
        if card not in JOKERS and card[1] == top[1]
        for place in run_places(card, aces_high=aces_high)
    }
    for place in run_places(top, aces_high=aces_high):
        if {place - 2, place - 1} <= held or {place - 1, place + 1} <= held or {place + 1, place + 2} <= held:
            return True
    return any(
        layoffs_onto((meld["kind"], meld["cards"], tuple(meld["jokers"].items())), [top], aces_high=aces_high)
        for meld in melds
    )


LEVELS = (RandomBot(), BasicBot())
