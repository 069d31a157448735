"""Trick-taking: follow suit, the winner of a trick with or without trumps, the views of
the trick on the table and of the last one, and a bidding phase with a contract per seat.

Cards here are the 52-card indexes and masks of ``cards`` (``INDEX_OF``, ``mask_of``):
suit-major in CDHS order, aces high, so within a suit a higher index is a higher card.
A trick is the tuple of the indexes played, in order, from its leader; with ``seats``
seats, the ``i``-th card of a trick led by ``leader`` is seat ``(leader + i) % seats``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from games.kit.cards import CARD_AT, INDEX_OF, SUIT_MASKS, SUIT_WORD_SINGULAR, card_name
from games.kit.engine import IllegalMove
from games.kit.moves import read_card


def follow_suit(hand: int, led: int) -> int:
    """The cards of ``hand`` (a mask) that may go on a trick led by card index ``led``:
    those of the suit led when it holds any, otherwise every card."""
    suit = SUIT_MASKS[led // 13]
    return hand & suit or hand


def avoiding(cards: int, kept_back: int) -> int:
    """``cards`` less ``kept_back`` (hearts before they are broken, points on the first
    trick), unless nothing else is left: then all of ``cards``."""
    return cards & ~kept_back or cards


def card_to_play(hand: int, playable: int, word: str, why_not: Callable[[], str]) -> int:
    """The index of the card ``word`` names for a ``play`` move, checked against the seat's
    ``hand`` and the cards it may ``playable`` now (masks); IllegalMove says why not
    (``why_not()`` for a held card the rules keep back)."""
    index = INDEX_OF[read_card(word)]
    if not hand >> index & 1:
        raise IllegalMove(f"You do not hold the {card_name(CARD_AT[index])}.")
    if not playable >> index & 1:
        raise IllegalMove(why_not())
    return index


def must_follow(led: int) -> str:
    """The reason a card off the suit led may not be played, for a player holding the suit."""
    return f"You must follow suit: you hold a {SUIT_WORD_SINGULAR[CARD_AT[led][1]]}."


def trick_winner(trick: Sequence[int], *, trump: int | None = None) -> int:
    """The position in ``trick`` of the card that takes it: the highest trump (``trump`` a
    suit number, 0..3 for CDHS) if any was played, else the highest card of the suit led."""
    best = 0
    if trump is None:  # the common case, once a trick in every playout: kept short
        led = trick[0] // 13
        for position in range(1, len(trick)):
            card = trick[position]
            if card // 13 == led and card > trick[best]:
                best = position
        return best
    best_card = trick[0]
    for position in range(1, len(trick)):
        card = trick[position]
        suit = card // 13
        if suit == best_card // 13:
            if card > best_card:
                best, best_card = position, card
        elif suit == trump:
            best, best_card = position, card
    return best


def winning_card(cards: Sequence[str], *, trump: str | None = None) -> str:
    """The card (``"QS"``) that takes a trick of ``cards`` in play order, for code that
    reads views (bots); ``trump`` is a suit letter or None."""
    trick = [INDEX_OF[card] for card in cards]
    return cards[trick_winner(trick, trump=None if trump is None else "CDHS".index(trump))]


def plays_view(leader: int, trick: Sequence[int], seats: int) -> list[list[Any]]:
    """``[[seat, card], ...]`` in play order: who played what to ``trick``."""
    return [[(leader + i) % seats, CARD_AT[card]] for i, card in enumerate(trick)]


def trick_view(leader: int, trick: Sequence[int], seats: int) -> dict[str, Any]:
    """The view's ``trick``: ``{"leader": seat, "plays": [[seat, card], ...]}``."""
    return {"leader": leader, "plays": plays_view(leader, trick, seats)}


def last_trick_view(last_trick: tuple[int, int, int, tuple[int, ...]] | None, seats: int) -> dict[str, Any] | None:
    """The view's ``last_trick`` from ``(hand, leader, winner, trick)``, or None:
    ``{"hand", "leader", "winner", "plays"}``."""
    if last_trick is None:
        return None
    hand, leader, winner, trick = last_trick
    return {"hand": hand, "leader": leader, "winner": winner, "plays": plays_view(leader, trick, seats)}


def last_trick_from(data: dict[str, Any] | None) -> tuple[int, int, int, tuple[int, ...]] | None:
    """The ``(hand, leader, winner, trick)`` that ``last_trick_view`` showed as ``data``."""
    if data is None:
        return None
    return (data["hand"], data["leader"], data["winner"], tuple(INDEX_OF[card] for _, card in data["plays"]))


def tricks_view(history: Sequence[tuple[int, Sequence[int]]], seats: int) -> list[dict[str, Any]]:
    """The view's ``hand_tricks``: this hand's finished tricks, ``[{"leader", "plays"}, ...]``, as
    every seat saw them played (what a search bot needs to place the cards still out)."""
    return [{"leader": leader, "plays": plays_view(leader, trick, seats)} for leader, trick in history]


def history_from(data: Sequence[dict[str, Any]]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The ``((leader, trick), ...)`` that ``tricks_view`` showed as ``data``."""
    return tuple((entry["leader"], tuple(INDEX_OF[card] for _, card in entry["plays"])) for entry in data)


def voids_shown(tricks: Iterable[dict[str, Any]], seats: int) -> list[int]:
    """Per seat, the mask of the suits it has shown it holds none of, from tricks in the
    view's form (``tricks_view``, or the trick in play): a card off the suit led."""
    voids = [0] * seats
    for trick in tricks:
        plays = trick["plays"]
        if not plays:
            continue
        led = plays[0][1][1]
        for seat, card in plays[1:]:
            if card[1] != led:
                voids[seat] |= SUIT_MASKS["CDHS".index(led)]
    return voids


# -- bidding ------------------------------------------------------------------------------

Rule = Callable[["Bidding", int, Any], "str | None"]
"""``rule(bidding, seat, bid)``: why ``seat`` may not bid ``bid`` now, or None if it may."""


class Bidding(NamedTuple):
    """A bidding phase: once around the table from ``first``, each seat bidding once.

    ``bids`` holds each seat's bid (its contract) or None while it has not bid. A value:
    ``bid`` returns a new Bidding. Which bids exist (``0..13``, ``"nil"``) and which are
    allowed at a moment (Oh Hell!'s dealer may not make the bids add up to the tricks) are
    the game's: ``choices`` and a ``Rule``.
    """

    first: int
    bids: tuple[Any, ...]

    @classmethod
    def start(cls, seats: int, first: int) -> Bidding:
        return cls(first, (None,) * seats)

    @property
    def bidder(self) -> int | None:
        """The seat to bid next, or None when every seat has bid."""
        seats = len(self.bids)
        for step in range(seats):
            seat = (self.first + step) % seats
            if self.bids[seat] is None:
                return seat
        return None

    @property
    def over(self) -> bool:
        return None not in self.bids

    def made(self) -> list[tuple[int, Any]]:
        """``(seat, bid)`` for the bids made so far, in bidding order."""
        seats = len(self.bids)
        order = ((self.first + step) % seats for step in range(seats))
        return [(seat, self.bids[seat]) for seat in order if self.bids[seat] is not None]

    def bids_last(self, seat: int) -> bool:
        """Whether ``seat`` is the last to bid (the dealer, when the first bidder is on its left)."""
        return seat == (self.first - 1) % len(self.bids)

    def allowed(self, choices: Iterable[Any], *, rule: Rule | None = None) -> list[Any]:
        """The bids of ``choices`` the seat to bid may make now (none when bidding is over)."""
        seat = self.bidder
        if seat is None:
            return []
        return [bid for bid in choices if rule is None or rule(self, seat, bid) is None]

    def bid(self, seat: int, bid: Any, choices: Iterable[Any], *, rule: Rule | None = None) -> Bidding:
        """The bidding after ``seat`` bids ``bid``; IllegalMove says why it may not."""
        if self.over:
            raise IllegalMove("The bidding is over.")
        if seat != self.bidder:
            raise IllegalMove("It is not your turn to bid.")
        choices = list(choices)
        if bid not in choices:
            raise IllegalMove(f"{bid!r} is not a bid: bid one of {', '.join(str(c) for c in choices)}.")
        if rule is not None:
            reason = rule(self, seat, bid)
            if reason:
                raise IllegalMove(reason)
        bids = list(self.bids)
        bids[seat] = bid
        return Bidding(self.first, tuple(bids))

    def dump(self) -> dict[str, Any]:
        return {"first": self.first, "bids": list(self.bids)}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Bidding:
        return cls(data["first"], tuple(data["bids"]))
