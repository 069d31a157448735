"""A fast inner state for Hearts' search: one hand's play on plain masks, mutated in place.

The public engine copies its state on every move, as its contract asks; a search plays
out thousands of hands a move, so it uses this instead: the play phase only (the pass is
over or skipped), no views, no text. ``tests/catalogue/hearts/test_playout.py`` plays
seeded random games through both and checks they agree card for card and point for point.

Cards are the kit's indexes (suit-major CDHS, aces high; see ``cards.INDEX_OF``).
"""

from __future__ import annotations

import random

from games.kit.cards import SUIT_MASKS

SEATS = 4
HEARTS = SUIT_MASKS[2]
SPADES = SUIT_MASKS[3]
CLUBS = SUIT_MASKS[0]
TWO_OF_CLUBS = 1 << 0
QUEEN = 39 + 10  # the queen of spades' index
QUEEN_BIT = 1 << QUEEN
ABOVE_QUEEN = (1 << 50) | (1 << 51)  # the king and ace of spades, which catch her
POINT_CARDS = HEARTS | QUEEN_BIT


def _points(mask: int) -> int:
    return (mask & HEARTS).bit_count() + (13 if mask & QUEEN_BIT else 0)


def playable(hand: int, trick, tricks_played: int, hearts_broken: bool) -> int:
    """The mask of ``hand`` its seat may play to ``trick`` (card indexes, led first): the rule
    both the engine and the search play by, on masks since it runs twice a move in a playout."""
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13] or hand
        # Clubs lead the first trick, so this keeps points off it only for a seat void in clubs.
        return (follow & ~POINT_CARDS or follow) if tricks_played == 0 else follow
    if tricks_played == 0:
        return TWO_OF_CLUBS
    return hand if hearts_broken else hand & ~HEARTS or hand


class Hand:
    """One hand in play. ``hands`` are masks; ``trick`` the indexes played from ``leader``;
    ``taken`` the points each seat has taken; ``gone`` the mask of cards already played."""

    __slots__ = ("hands", "trick", "leader", "turn", "tricks_played", "hearts_broken", "taken", "gone",
                 "queen_breaks_hearts")

    def __init__(self, hands, *, trick=(), leader=0, tricks_played=0, hearts_broken=False, taken=(0,) * SEATS,
                 gone=0, queen_breaks_hearts=False):
        self.hands = list(hands)
        self.trick = list(trick)
        self.leader = leader
        self.turn = (leader + len(self.trick)) % SEATS
        self.tricks_played = tricks_played
        self.hearts_broken = hearts_broken
        self.taken = list(taken)
        self.gone = gone
        self.queen_breaks_hearts = queen_breaks_hearts

    @classmethod
    def of_state(cls, state) -> Hand:
        """The play phase of an engine state (``HeartsState``), as a Hand."""
        gone = 0
        for _, cards in state.history:
            for card in cards:
                gone |= 1 << card
        for card in state.trick:
            gone |= 1 << card
        return cls(state.hands, trick=state.trick, leader=state.leader, tricks_played=state.tricks_played,
                   hearts_broken=state.hearts_broken, taken=state.taken, gone=gone,
                   queen_breaks_hearts=state.queen_breaks_hearts)

    @property
    def over(self) -> bool:
        return self.tricks_played == 13

    def playable(self) -> int:
        """The mask the seat to play may play."""
        return playable(self.hands[self.turn], self.trick, self.tricks_played, self.hearts_broken)

    def play(self, index: int) -> None:
        """The seat to play plays card ``index`` (legal: the caller chose it from ``playable``)."""
        bit = 1 << index
        seat = self.turn
        self.hands[seat] &= ~bit
        self.gone |= bit
        if bit & HEARTS or (bit == QUEEN_BIT and self.queen_breaks_hearts):
            self.hearts_broken = True
        trick = self.trick
        trick.append(index)
        if len(trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        led = trick[0] // 13
        best = 0
        for position in (1, 2, 3):
            card = trick[position]
            if card // 13 == led and card > trick[best]:
                best = position
        winner = (self.leader + best) % SEATS
        won = ((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])) & POINT_CARDS
        if won:
            self.taken[winner] += _points(won)
        self.trick = []
        self.leader = self.turn = winner
        self.tricks_played += 1

    def scores(self) -> list[int]:
        """The hand's points per seat once it is over, shooting the moon counted."""
        if 26 in self.taken:
            shooter = self.taken.index(26)
            return [0 if seat == shooter else 26 for seat in range(SEATS)]
        return list(self.taken)


# -- playout policies: the card to play, from the Hand -------------------------------------


def random_card(hand: Hand, rng: random.Random) -> int:
    """A uniformly random playable card."""
    mask = hand.playable()
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def basic_card(hand: Hand, rng: random.Random) -> int:
    """The card ``bots.BasicBot`` would play, from masks: its rules of thumb, one for one,
    but whether the queen and hearts are still out is read off the cards gone and the deal
    (in a search, the sampled deal) rather than guessed from the points taken."""
    playable = hand.playable()
    trick = hand.trick
    if not trick:
        return _lead(hand, playable)
    led = trick[0] // 13
    if playable & SUIT_MASKS[led]:
        if hand.tricks_played == 0:
            return _highest(playable)
        winning = trick[0]
        for card in trick:
            if card // 13 == led and card > winning:
                winning = card
        below = playable & ((1 << winning) - 1)
        if below:
            return _highest(below)
        safe = playable & ~QUEEN_BIT or playable
        return _highest(safe) if len(trick) == 3 else _lowest(safe)
    if playable & QUEEN_BIT:
        return QUEEN
    if not hand.gone & QUEEN_BIT and not hand.hands[hand.turn] & QUEEN_BIT and QUEEN not in trick:
        high = playable & ABOVE_QUEEN
        if high:
            return _highest(high)
    hearts = playable & HEARTS
    return _highest(hearts or playable)


def _lead(hand: Hand, playable: int) -> int:
    mine = hand.hands[hand.turn]
    hold_queen = bool(mine & QUEEN_BIT)
    queen_out = not hold_queen and not hand.gone & QUEEN_BIT
    hearts_out = bool(~hand.gone & ~mine & HEARTS)
    best = best_risk = None
    for suit in range(4):
        cards = playable & SUIT_MASKS[suit]
        if not cards:
            continue
        if suit == 3 and hold_queen and cards & ~QUEEN_BIT:
            cards &= ~QUEEN_BIT  # she is the riskiest lead of all, the king and ace less so
        card = _lowest(cards)
        rank = card - 13 * suit
        risk = rank
        if suit == 3:
            if card == QUEEN:
                risk = 50
            elif hold_queen:
                risk = 30 + rank
            elif queen_out:
                risk = rank - 3 if rank < 10 else 40 + rank
        elif suit == 2 and hearts_out:
            risk = 20 + rank
        if best_risk is None or risk < best_risk:
            best, best_risk = card, risk
    return best


def play_out(hand: Hand, policy, rng: random.Random) -> list[int]:
    """Play ``hand`` to its end with ``policy`` for every seat; its points per seat."""
    while hand.tricks_played < 13:
        hand.play(policy(hand, rng))
    return hand.scores()


def random_deal(rng: random.Random) -> list[int]:
    """Four hands of 13, dealt from a shuffled deck."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0] * SEATS
    for position, card in enumerate(deck):
        hands[position & 3] |= 1 << card
    return hands


def random_pass(hands: list[int], direction: int, rng: random.Random) -> list[int]:
    """Each seat passes three random cards ``direction`` seats on (0: no pass)."""
    if not direction:
        return hands
    passed = []
    for hand in hands:
        cards = [i for i in range(52) if hand >> i & 1]
        chosen = 0
        for card in rng.sample(cards, 3):
            chosen |= 1 << card
        passed.append(chosen)
    return [(hands[seat] & ~passed[seat]) | passed[(seat - direction) % SEATS] for seat in range(SEATS)]


def leader_of(hands: list[int]) -> int:
    """The holder of the two of clubs, who leads the first trick."""
    return next(seat for seat in range(SEATS) if hands[seat] & TWO_OF_CLUBS)
