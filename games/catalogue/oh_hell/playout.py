"""A fast inner state for Oh Hell!'s search: one round's play on plain masks, mutated in place.

The play phase only (the bids are made); ``tests/catalogue/oh_hell/test_expert.py`` plays
seeded random rounds through this and the public ``apply`` and checks they agree card for
card and trick for trick. Cards are the kit's indexes (suit-major CDHS, aces high).
"""

from __future__ import annotations

import random

from games.catalogue.oh_hell.engine import hand_points
from games.kit.cards import SUIT_MASKS
from games.kit.tricks import trick_winner


class Hand:
    """One round in play. ``hands`` are masks; ``trick`` the indexes played from ``leader``;
    ``taken`` the tricks each seat has taken; ``bids`` each seat's bid; ``trump`` 0-3 (CDHS)."""

    __slots__ = ("hands", "trick", "leader", "turn", "taken", "bids", "trump", "left", "seats")

    def __init__(self, hands, *, trump, bids, trick=(), leader=0, taken=None):
        self.hands = list(hands)
        self.seats = len(self.hands)
        self.trick = list(trick)
        self.leader = leader
        self.turn = (leader + len(self.trick)) % self.seats
        self.taken = list(taken) if taken is not None else [0] * self.seats
        self.bids = tuple(bids)
        self.trump = trump
        self.left = max(hand.bit_count() for hand in self.hands)  # tricks still to finish

    def playable(self) -> int:
        hand = self.hands[self.turn]
        return (hand & SUIT_MASKS[self.trick[0] // 13] or hand) if self.trick else hand

    def winning(self) -> int:
        """The index of the card taking the trick so far."""
        return self.trick[trick_winner(self.trick, trump=self.trump)]

    def play(self, index: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << index)
        self.trick.append(index)
        if len(self.trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return
        winner = (self.leader + trick_winner(self.trick, trump=self.trump)) % self.seats
        self.taken[winner] += 1
        self.trick = []
        self.leader = self.turn = winner
        self.left -= 1

    def points(self, scoring: str) -> list[int]:
        return [hand_points(self.bids[seat], self.taken[seat], scoring) for seat in range(self.seats)]


def _strength(card: int, trump: int) -> int:
    return (card // 13 == trump) * 13 + card % 13


def basic_card(hand: Hand, rng: random.Random) -> int:
    """The card ``bots.BasicBot`` plays, from masks: win as cheaply as it can while short of
    its bid, else the highest card that still loses; lead high while short, else low."""
    mask = hand.playable()
    cards = [i for i in range(52) if mask >> i & 1]
    cards.sort(key=lambda card: _strength(card, hand.trump))
    short = hand.bids[hand.turn] - hand.taken[hand.turn] > 0
    if not hand.trick:
        return cards[-1] if short else cards[0]
    best = hand.winning()
    led, trump = hand.trick[0] // 13, hand.trump

    def wins(card):
        if best // 13 == trump:
            return card // 13 == trump and card > best
        return card // 13 == trump or card // 13 == led and card > best

    if short:
        return next((card for card in cards if wins(card)), cards[0])
    losers = [card for card in cards if not wins(card)]
    return losers[-1] if losers else cards[0]


def play_out(hand: Hand, policy, rng: random.Random) -> None:
    while hand.left:
        hand.play(policy(hand, rng))
