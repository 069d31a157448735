"""Gin Rummy bots: ``random`` and ``basic``.

``basic`` plays the first rules of thumb a gin player learns:

- The up-card and the discard pile: take the card only when it goes into a meld in the
  best arrangement of the hand with it (it makes a new meld or extends one); otherwise
  draw from the stock (or pass on the first up-card).
- Ending the hand: big gin, then gin, then knock as soon as it may (knocking early), with
  the discard that leaves the least deadwood.
- Discarding: a deadwood card, the highest first, but keeping pairs (two of a rank) and
  near runs (two of a suit at most two ranks apart) over lone cards worth a few points
  more; never a card that breaks a meld while a deadwood card can go.
- After the opponent knocks: lay off every card whose layoff lowers its deadwood, then
  say ``done`` (its cards are then arranged for least deadwood).

It reads only the seat's view (see ``GinRummy.view``) and its legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.gin_rummy.playout import basic_throw
from games.kit.bots import RandomBot
from games.kit.melds import INDEX, LABELS, best_melds, deadwood, hand_mask


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Takes a card only when it makes a meld, throws its highest deadwood, and knocks as soon as it may."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        phase = view["phase"]
        hand = hand_mask(view["hand"])
        if phase in ("offer", "draw"):
            move = _draw(view, hand, legal_moves)
        elif phase == "discard":
            move = _discard(view, hand, legal_moves)
        elif phase == "layoff":
            move = _layoff(hand, legal_moves)
        else:
            move = ""
        # The rules above only ever pick legal moves; this guards the contract regardless.
        return move if move in legal_moves else rng.choice(legal_moves)


def _draw(view, hand, legal_moves):
    top = view["discard_top"]
    if top and "draw discard" in legal_moves:
        bit = 1 << INDEX[top]
        if any(meld & bit for meld in best_melds(hand | bit)):
            return "draw discard"
    return "pass" if "pass" in legal_moves else "draw stock"


def _discard(view, hand, legal_moves):
    if "big gin" in legal_moves:
        return "big gin"
    endings = [move for move in legal_moves if move.startswith(("gin ", "knock "))]
    gins = [move for move in endings if move.startswith("gin ")]
    if gins:
        return gins[0]
    if endings:
        return min(endings, key=lambda move: (deadwood(hand & ~(1 << INDEX[move[-2:]])), move))
    allowed = hand_mask(move[8:] for move in legal_moves if move.startswith("discard "))
    return "discard " + LABELS[basic_throw(hand, allowed)]


def _layoff(hand, legal_moves):
    now = deadwood(hand)
    best, best_gain = "done", 0
    for move in legal_moves:
        if move.startswith("layoff "):
            gain = now - deadwood(hand & ~(1 << INDEX[move.split()[1]]))
            if gain > best_gain:
                best, best_gain = move, gain
    return best


LEVELS = (RandomBot(), BasicBot())
