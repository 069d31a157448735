"""A fast inner state for Gin Rummy's search: one hand on plain masks, mutated in place.

One deal only, from a moment of it to its end (a knock, gin, or the wall), with no views,
words or match: its ``result`` is the hand's winner and points, as the engine scores them.
Cards are the melds kit's indexes (aces low, suits CDHS, ``melds.LABELS``). The ``basic_*``
policies are ``bots.BasicBot``'s rules of thumb one for one, equal choices broken as the
bot breaks them (by the cards' labels); the discard, ``basic_throw``, is the bot's own; ``tests/catalogue/gin_rummy/test_expert.py`` plays
seeded hands through this and the public ``apply`` and checks the two agree, and that the
policies choose the bot's moves.
"""

from __future__ import annotations

from games.catalogue.gin_rummy.engine import BIG_GIN_BONUS, GIN_BONUS, HAND_SIZE, UNDERCUT_BONUS, WALL
from games.kit.melds import LABELS, VALUE, best_melds, card_value, deadwood, fits

OFFER, DRAW, DISCARD = "offer", "draw", "discard"
# A lone card is thrown before a pair or near-run card worth up to this much more.
PARTNER_WEIGHT = 6
STOCK = 52 - 2 * HAND_SIZE - 1  # the stock's cards when a hand is dealt
# The bot breaks ties between cards by their labels ("2C" < "AC" < "KC"): each index's place.
LABEL_PLACE = tuple(sorted(LABELS).index(label) for label in LABELS)


def _near_masks() -> tuple[int, ...]:
    """Per card, the cards it may grow into a meld with: its rank, or its suit two places away."""
    masks = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        same_rank = sum(1 << (13 * other + rank) for other in range(4) if other != suit)
        same_suit = sum(1 << (13 * suit + other) for other in range(max(0, rank - 2), min(13, rank + 3))
                        if other != rank)
        masks.append(same_rank | same_suit)
    return tuple(masks)


NEAR = _near_masks()


def indexes(mask: int):
    """The card indexes of a mask, lowest first."""
    while mask:
        bit = mask & -mask
        mask ^= bit
        yield bit.bit_length() - 1


class Hand:
    """One deal in play. ``hands`` are masks; ``stock`` the card indexes still in the stock,
    its top LAST (popped); ``top`` the discard pile's top card, or -1; ``taken`` the bit of
    the card just taken from the pile (it may not go straight back); ``result`` once over:
    ``(winner, points)``, winner None for a void hand."""

    __slots__ = ("hands", "stock", "top", "turn", "phase", "taken", "limit", "dealer", "passes",
                 "stock_only", "result")

    def __init__(self, hands, *, stock, top, turn, phase, limit, dealer, taken=0, passes=0, stock_only=False):
        self.hands = list(hands)
        self.stock = list(stock)
        self.top = top
        self.turn = turn
        self.phase = phase
        self.limit = limit
        self.dealer = dealer
        self.taken = taken
        self.passes = passes
        self.stock_only = stock_only
        self.result = None

    @classmethod
    def of_state(cls, state) -> Hand:
        """The deal in play of an engine state (``GinRummyState``, before a knock), as a Hand."""
        return cls(state.hands, stock=tuple(reversed(state.stock)),
                   top=state.discard_pile[-1] if state.discard_pile else -1, turn=state.turn,
                   phase=state.phase, limit=state.knock_limit, dealer=state.dealer, taken=state.taken,
                   passes=state.passes, stock_only=state.stock_only)

    # -- the moves ------------------------------------------------------------------------

    def take(self) -> None:
        """Take the up-card, or the top of the discard pile."""
        bit = 1 << self.top
        self.hands[self.turn] |= bit
        self.taken = bit
        self.top = -1  # the card under it is never taken: a discard covers it first
        self.phase = DISCARD

    def draw_stock(self) -> None:
        self.hands[self.turn] |= 1 << self.stock.pop()
        self.taken = 0
        self.stock_only = False
        self.phase = DISCARD

    def pass_offer(self) -> None:
        self.passes += 1
        if self.passes == 1:
            self.turn = self.dealer
        else:
            self.turn = 1 - self.dealer
            self.phase = DRAW
            self.stock_only = True

    def discard(self, index: int) -> None:
        self.hands[self.turn] &= ~(1 << index)
        self.top = index
        self.taken = 0
        if len(self.stock) <= WALL:
            self.result = (None, 0)
            return
        self.turn = 1 - self.turn
        self.phase = DRAW

    def knock(self, index: int | None) -> None:
        """Knock (or go gin) discarding ``index``; None: big gin, all eleven cards melded."""
        seat = self.turn
        kept = self.hands[seat] if index is None else self.hands[seat] & ~(1 << index)
        melds = list(best_melds(kept))
        knocker = card_value(kept & ~sum(melds))
        defender = self.hands[1 - seat]
        if index is None:
            self.result = (seat, deadwood(defender) + BIG_GIN_BONUS)
            return
        if knocker == 0:
            self.result = (seat, deadwood(defender) + GIN_BONUS)
            return
        left = deadwood(basic_layoffs(defender, melds))
        if left <= knocker:
            self.result = (1 - seat, knocker - left + UNDERCUT_BONUS)
        else:
            self.result = (seat, left - knocker)

    def points_for(self, seat: int) -> int:
        """The finished hand's points from ``seat``'s side: won, lost (negative) or void (0)."""
        winner, points = self.result
        return 0 if winner is None else points if winner == seat else -points


# -- basic's rules of thumb ------------------------------------------------------------------


def basic_takes(hand: Hand) -> bool:
    """Whether basic takes the up-card or the pile's top: it goes into a meld of the best
    arrangement of the hand with it."""
    if hand.top < 0 or hand.stock_only:
        return False
    bit = 1 << hand.top
    return any(meld & bit for meld in best_melds(hand.hands[hand.turn] | bit))


def basic_discard(hand: Hand) -> tuple[str, int | None]:
    """Basic's end of a turn: ``("big gin", None)``, ``("knock", card)`` (gin when it leaves
    nothing) or ``("discard", card)``."""
    mine = hand.hands[hand.turn]
    allowed = mine & ~hand.taken
    whole = deadwood(mine)
    if whole == 0:
        return "big gin", None
    if whole - 10 <= hand.limit:
        best = None
        for card in indexes(allowed):
            if whole - VALUE[card] > hand.limit:
                continue
            left = deadwood(mine & ~(1 << card))
            if left == 0:
                return "knock", card  # the first gin, as the bot takes it
            if left <= hand.limit and (best is None or (left, LABEL_PLACE[card]) < best[0]):
                best = ((left, LABEL_PLACE[card]), card)
        if best is not None:
            return "knock", best[1]
    return "discard", basic_throw(mine, allowed)


def basic_throw(mine: int, allowed: int) -> int:
    """The card of ``allowed`` basic discards from ``mine``: its highest lone deadwood, keeping
    pairs and near runs; a card that breaks a meld only when every card does. The ``basic``
    bot throws by this too, so the search's playouts and the bot cannot drift apart."""
    melded = sum(best_melds(mine))
    loose = allowed & ~melded
    if loose:
        dead = mine & ~melded
        return max(indexes(loose), key=lambda card: (
            VALUE[card] - (PARTNER_WEIGHT if NEAR[card] & dead else 0), LABEL_PLACE[card]))
    return min(indexes(allowed), key=lambda card: (deadwood(mine & ~(1 << card)), LABEL_PLACE[card]))


def basic_layoffs(defender: int, melds: list[int]) -> int:
    """The defender's cards left once basic has laid off every card whose layoff lowers its
    deadwood, one at a time, the biggest gain first (``melds`` grow as it lays off)."""
    while True:
        now = deadwood(defender)
        best = None
        for card in indexes(defender):
            bit = 1 << card
            target = next((i for i, meld in enumerate(melds) if fits(meld, bit)), None)
            if target is None:
                continue
            gain = now - deadwood(defender & ~bit)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, bit, target)
        if best is None:
            return defender
        _, bit, target = best
        defender &= ~bit
        melds[target] |= bit


def basic_turn(hand: Hand) -> None:
    """Basic plays the seat to move's part: a draw (or the offer), or the end of a turn."""
    if hand.phase == DISCARD:
        verb, card = basic_discard(hand)
        if verb == "discard":
            hand.discard(card)
        else:
            hand.knock(card)
    elif basic_takes(hand):
        hand.take()
    elif hand.phase == OFFER:
        hand.pass_offer()
    else:
        hand.draw_stock()


def play_out(hand: Hand, policy=basic_turn) -> None:
    while hand.result is None:
        policy(hand)
