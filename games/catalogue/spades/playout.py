"""A fast inner state for Spades' search: one hand's play on plain masks, mutated in place.

The play phase only (the bids are made); ``tests/catalogue/spades/test_expert.py`` plays
seeded random hands through this and the public ``apply`` and checks they agree card for
card and trick for trick, and that ``basic_card`` plays the ``basic`` bot's card wherever
the bot is asked. Cards are the kit's indexes (suit-major CDHS, aces high: rank ``i % 13``,
spades ``39..51``).
"""

from __future__ import annotations

import random

from games.catalogue.spades.engine import BAGS_LIMIT, BAGS_PENALTY, score_hand
from games.kit.cards import SUIT_MASKS

SEATS = 4
SPADES = SUIT_MASKS[3]
ACES = (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51)
KING, ACE = 11, 12
# A bag is worth one point when taken and costs a tenth of BAGS_PENALTY when ten come in.
BAG_COST = BAGS_PENALTY // BAGS_LIMIT


def _is_nil(bid) -> bool:
    return isinstance(bid, str)


class Hand:
    """One hand in play. ``hands`` are masks; ``trick`` the indexes played from ``leader``;
    ``tricks`` the tricks each seat has taken; ``bids`` each seat's bid (a number, or "nil"
    or "blind nil")."""

    __slots__ = ("hands", "trick", "leader", "turn", "tricks", "bids", "spades_broken", "left")

    def __init__(self, hands, *, bids, trick=(), leader=0, tricks=(0,) * SEATS, spades_broken=False):
        self.hands = list(hands)
        self.trick = list(trick)
        self.leader = leader
        self.turn = (leader + len(self.trick)) % SEATS
        self.tricks = list(tricks)
        self.bids = tuple(bids)
        self.spades_broken = spades_broken
        self.left = max(hand.bit_count() for hand in self.hands)  # tricks still to finish

    @classmethod
    def of_state(cls, state) -> Hand:
        """The play phase of an engine state (``SpadesState``), as a Hand."""
        return cls(state.hands, bids=state.bidding.bids, trick=state.trick, leader=state.leader,
                   tricks=state.tricks, spades_broken=state.spades_broken)

    def playable(self) -> int:
        hand = self.hands[self.turn]
        if self.trick:
            return hand & SUIT_MASKS[self.trick[0] // 13] or hand
        return hand if self.spades_broken else hand & ~SPADES or hand

    def play(self, index: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << index)
        if index >= 39:
            self.spades_broken = True
        trick = self.trick
        trick.append(index)
        if len(trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        best = 0
        for position in (1, 2, 3):
            if _beats(trick[position], trick[best]):
                best = position
        winner = (self.leader + best) % SEATS
        self.tricks[winner] += 1
        self.trick = []
        self.leader = self.turn = winner
        self.left -= 1

    def team_values(self, *, nil_tricks_count: bool) -> tuple[float, float]:
        """Each team's points for the hand, less ``BAG_COST`` for each bag it took."""
        points, bags = score_hand(self.bids, tuple(self.tricks), nil_tricks_count=nil_tricks_count)
        return points[0] - BAG_COST * bags[0], points[1] - BAG_COST * bags[1]


def _beats(card: int, winning: int) -> bool:
    """Whether ``card`` takes a trick that ``winning`` is taking, spades trumps."""
    if card // 13 == winning // 13:
        return card > winning
    return card >= 39


def _winners(winning: int) -> int:
    """The mask of the cards that beat ``winning``."""
    suit = winning // 13
    above = SUIT_MASKS[suit] & ~((2 << winning) - 1)
    return above if suit == 3 else above | SPADES


# -- picking one card of a mask, as the bot's sorted lists do ----------------------------
# The bot's lists are in the legal moves' order (by index: suit by suit, clubs first), and
# Python's min and max keep the first of equals, so equal ranks go to the lower suit.


def _by_rank(mask: int, highest: bool) -> int:
    """The card of highest (or lowest) rank in ``mask``, the lower suit first among equals."""
    pick, pick_rank = -1, -1
    for suit in range(4):
        cards = mask & SUIT_MASKS[suit]
        if not cards:
            continue
        card = cards.bit_length() - 1 if highest else (cards & -cards).bit_length() - 1
        rank = card - 13 * suit
        if pick < 0 or (rank > pick_rank if highest else rank < pick_rank):
            pick, pick_rank = card, rank
    return pick


def _low_first(mask: int) -> int:
    """The first card of the bot's ``low_first``: the lowest side card, else the lowest spade."""
    side = mask & ~SPADES
    if side:
        return _by_rank(side, False)
    return (mask & -mask).bit_length() - 1


def basic_card(hand: Hand, rng: random.Random) -> int:
    """The card ``bots.BasicBot`` plays, from masks: its rules one for one."""
    playable = hand.playable()
    seat, bids, tricks = hand.turn, hand.bids, hand.tricks
    partner = (seat + 2) % SEATS
    if _is_nil(bids[seat]):
        return _duck(hand, playable)
    if _is_nil(bids[partner]) and tricks[partner] == 0:
        return _cover(hand, playable, partner)
    team, them = seat % 2, 1 - seat % 2
    need = sum(bids[s] - tricks[s] for s in (team, team + 2) if not _is_nil(bids[s]))
    their_need = sum(bids[s] - tricks[s] for s in (them, them + 2) if not _is_nil(bids[s]))
    if need > 0:
        return _take(hand, playable, partner)
    left = sum(cards.bit_count() for cards in hand.hands)
    if 0 < their_need and their_need * 4 >= left - 4:
        return _take(hand, playable, partner)
    return _duck(hand, playable)


def _winning(trick: list[int]) -> tuple[int, int]:
    """The card taking ``trick`` so far and its position."""
    best = 0
    for position in range(1, len(trick)):
        if _beats(trick[position], trick[best]):
            best = position
    return trick[best], best


def _take(hand: Hand, playable: int, partner: int) -> int:
    trick = hand.trick
    if not trick:
        aces = playable & ACES
        if aces:
            return (aces & -aces).bit_length() - 1
        return _by_rank(playable, True) if playable.bit_count() <= 2 else _low_first(playable)
    winning, position = _winning(trick)
    if (hand.leader + position) % SEATS == partner and (len(trick) == 3 or winning % 13 >= KING):
        return _low_first(playable)
    winners = playable & _winners(winning)
    return _low_first(winners or playable)


def _duck(hand: Hand, playable: int) -> int:
    trick = hand.trick
    if not trick:
        return _low_first(playable)
    winning, _ = _winning(trick)
    losers = playable & ~_winners(winning)
    if not losers:
        return _by_rank(playable, True)
    # The bot's key puts side cards (and spades, when a spade is winning) above other spades.
    preferred = losers if winning >= 39 else losers & ~SPADES or losers
    return _by_rank(preferred, True)


def _cover(hand: Hand, playable: int, partner: int) -> int:
    trick = hand.trick
    if not trick:
        spades = playable & SPADES
        return spades.bit_length() - 1 if spades else _by_rank(playable, True)
    winning, position = _winning(trick)
    partner_winning = (hand.leader + position) % SEATS == partner
    partner_to_play = (partner - hand.leader) % SEATS >= len(trick)
    if partner_winning or partner_to_play:
        winners = playable & _winners(winning)
        if winners:
            return _by_rank(winners, partner_to_play)
    return _low_first(playable)


def play_out(hand: Hand, policy, rng: random.Random) -> None:
    while hand.left:
        hand.play(policy(hand, rng))
