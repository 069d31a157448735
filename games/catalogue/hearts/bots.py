"""Hearts bots: ``random`` and ``basic`` (and ``expert``, a search over ``basic``: ``expert.py``).

``basic`` keeps out of trouble with the rules of thumb a club player learns first:

- Passing: the queen of spades, the ace and king of spades (they catch the queen) and
  high hearts go first, then other high cards, preferring to empty a short suit so that
  later it can throw points on tricks it cannot follow.
- Following suit on the first trick, which the rules keep free of points: the highest card.
- Following suit later: duck, with the highest card that still loses to the card winning
  the trick. When every card it may play wins, and it plays last, it wins with its highest
  (the points, if any, are its anyway, and a high card is a danger later); otherwise it
  plays its lowest, hoping someone after it plays higher. It never wins with the queen
  of spades when another card would do.
- Void in the suit led: the queen of spades first, then the ace and king of spades while
  the queen is still out, then the highest heart, then the highest other card.
- Leading: a low card of a safe suit. Low spades flush out the queen when someone else
  holds it; the ace and king of spades are led while she is out only as a last resort;
  hearts only when little else is left or nobody else holds any.

It reads only the seat's view (see ``Hearts.view``). The view shows the current trick
and the points each seat has taken this hand, not every card played, so whether the
queen is still out and how many hearts others hold are worked out from those points.
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.bots import RandomBot
from games.kit.cards import sort_cards
from games.kit.tricks import winning_card

ORDER = "23456789TJQKA"
QUEEN = "QS"


def _rank(card: str) -> int:
    return ORDER.index(card[0])


class BasicBot:
    level = "basic"
    title = "Standard"
    blurb = "Passes its dangerous cards, ducks tricks it would rather not take, and sheds the queen of spades when it can."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        if view["phase"] == "pass":
            move = "pass " + " ".join(sort_cards(_cards_to_pass(view["hand"])))
        else:
            move = "play " + _card_to_play(view, [move.split(" ", 1)[1] for move in legal_moves])
        # The rules above only ever pick legal cards; this guards the contract regardless.
        return move if move in legal_moves else rng.choice(legal_moves)


# -- passing ------------------------------------------------------------------------------


def _cards_to_pass(hand: list[str]) -> list[str]:
    suit_length = {suit: sum(1 for card in hand if card[1] == suit) for suit in "CDHS"}

    def danger(card: str) -> float:
        rank, suit = _rank(card), card[1]
        if card == QUEEN:
            return 100
        if suit == "S" and rank > _rank(QUEEN):
            return 90
        if suit == "H":
            # High hearts win tricks full of hearts; low ones are safe to keep.
            return 40 + rank if rank >= _rank("JH") else rank
        # A short side suit is worth emptying: a void lets it throw points later.
        return rank + (6 if suit in "CD" and suit_length[suit] <= 3 else 0)

    return sorted(hand, key=danger, reverse=True)[:3]


# -- playing ------------------------------------------------------------------------------


def _card_to_play(view: dict[str, Any], playable: list[str]) -> str:
    plays = [card for _, card in view["trick"]["plays"]]
    if not plays:
        return _lead(view, playable)
    led = plays[0][1]
    if playable[0][1] == led:
        if len(view["hand"]) == 13:
            # No hearts and no queen on the first trick: a safe place to shed a high card.
            return max(playable, key=_rank)
        return _follow(plays, playable)
    return _discard(view, playable)


def _queen_taken(view: dict[str, Any]) -> bool:
    """Whether a trick has already taken the queen of spades this hand."""
    if QUEEN in view["hand"] or QUEEN in (card for _, card in view["trick"]["plays"]):
        return False
    # 13 points are the queen unless they are all 13 hearts, which needs every heart
    # played: rare enough to ignore. 14 or more always include her.
    return sum(view["points_this_hand"]) >= 13


def _queen_out(view: dict[str, Any]) -> bool:
    """Whether another seat still holds the queen of spades."""
    held = QUEEN in view["hand"] or QUEEN in (card for _, card in view["trick"]["plays"])
    return not held and not _queen_taken(view)


def _hearts_elsewhere(view: dict[str, Any]) -> int:
    """Hearts the other seats hold: 13 less those taken, those on the table and ours."""
    taken = sum(view["points_this_hand"]) - (13 if _queen_taken(view) else 0)
    on_table = sum(1 for _, card in view["trick"]["plays"] if card[1] == "H")
    mine = sum(1 for card in view["hand"] if card[1] == "H")
    return 13 - taken - on_table - mine


def _follow(plays: list[str], playable: list[str]) -> str:
    winning = winning_card(plays)
    below = [card for card in playable if _rank(card) < _rank(winning)]
    if below:
        return max(below, key=_rank)
    # Every card we may play wins the trick. Never with the queen if another card will do.
    safe = [card for card in playable if card != QUEEN] or playable
    if len(plays) == 3:
        return max(safe, key=_rank)
    return min(safe, key=_rank)


def _discard(view: dict[str, Any], playable: list[str]) -> str:
    if QUEEN in playable:
        return QUEEN
    if _queen_out(view):
        # The ace or king of spades would catch the queen on a later spade trick.
        high_spades = [card for card in playable if card[1] == "S" and _rank(card) > _rank(QUEEN)]
        if high_spades:
            return max(high_spades, key=_rank)
    hearts = [card for card in playable if card[1] == "H"]
    if hearts:
        return max(hearts, key=_rank)
    return max(playable, key=_rank)


def _lead(view: dict[str, Any], playable: list[str]) -> str:
    queen_out = _queen_out(view)
    hold_queen = QUEEN in view["hand"]
    hearts_out = _hearts_elsewhere(view) > 0

    def risk(card: str) -> float:
        rank, suit = _rank(card), card[1]
        if suit == "S":
            if card == QUEEN:
                return 50
            if hold_queen:
                # Each spade trick brings closer the one where we must play her.
                return 30 + rank
            if queen_out:
                # Low spades force the queen out of another hand; high ones catch her.
                return rank - 3 if rank < _rank(QUEEN) else 40 + rank
        if suit == "H" and hearts_out:
            return 20 + rank
        return rank

    return min(playable, key=risk)


LEVELS = (RandomBot(), BasicBot())
