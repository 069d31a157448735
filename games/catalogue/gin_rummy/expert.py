"""Gin Rummy's ``expert`` bot: determinized search (``kit.search``) over the seat's view.

Each sampled deal builds the opponent's hand from what this seat saw: the cards it took from
the discard pile and still holds (``picked_up``), two cards each of those melds with (a card
is taken to make a meld), and the rest from the cards not seen, shaped as ``basic`` would have
kept them over the stock cards it has drawn (about half of those drawn so far): a hand of ten
random cards has far more deadwood than a hand played for a dozen turns, and against such
hands the search waited too long to knock. The stock is stacked from what is left. Every
choice of the turn (the up-card or the stock; each discard, each knock) is played out in
every deal to the end of the hand, both seats by ``basic``'s rules (``playout``), and valued
at the hand's points, won or lost.

A turn has a dozen choices that often differ by less than the deals can tell, and the best
of a dozen noisy means is a worse choice as often as a better one. Over 400 duplicate hands
against ``basic`` (60 deals a move), taking the best mean lost 3.9 ± 3.0 points a hand with
hands of random cards and 1.2 ± 3.0 with shaped ones; keeping ``basic``'s choice unless another's
gain over it, deal by deal, is more than ``MARGIN`` standard errors (``search(prefer=, z=)``)
gained 1.8 ± 1.5 (300 hands) and, at 150 deals a move, 2.6 ± 2.4 (240 hands). Going gin is never weighed (nothing
beats it); after a knock ``basic`` lays off (the layoffs that lower the deadwood most).
The match's totals are not weighed (near 100 a player might knock sooner than the hand's
points alone advise).
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.gin_rummy import playout
from games.catalogue.gin_rummy.bots import BasicBot
from games.kit.melds import INDEX, hand_mask
from games.kit.search import SearchingBot, search


def _apply(hand: playout.Hand, move: str) -> None:
    """A legal move of the engine's, played on the fast hand."""
    if move == "draw discard":
        hand.take()
    elif move == "draw stock":
        hand.draw_stock()
    elif move == "pass":
        hand.pass_offer()
    elif move == "big gin":
        hand.knock(None)
    elif move.startswith("discard "):
        hand.discard(INDEX[move[8:]])
    else:  # knock C, gin C
        hand.knock(INDEX[move.split()[1]])


def _partners(card: int) -> list[int]:
    """The pairs of cards (masks) that meld with ``card``: two of its rank, or two run neighbours."""
    suit, rank = divmod(card, 13)
    same = [13 * other + rank for other in range(4) if other != suit]
    pairs = [(1 << a) | (1 << b) for i, a in enumerate(same) for b in same[i + 1:]]
    for ends in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if 0 <= min(ends) and max(ends) < 13:
            pairs.append((1 << (13 * suit + ends[0])) | (1 << (13 * suit + ends[1])))
    return pairs


def _with_partners(theirs: int, picked, seen: int, size: int, rng: random.Random) -> int:
    """``theirs`` with, for each card it took from the pile, two cards it melds with, unless
    it holds them: a card is taken to make a meld. Partners are its own or cards not seen."""
    for card in picked:
        pairs = _partners(card)
        if any(pair & theirs == pair for pair in pairs):
            continue
        possible = [pair for pair in pairs
                    if not pair & seen & ~theirs and theirs.bit_count() + (pair & ~theirs).bit_count() <= size]
        if possible:
            theirs |= rng.choice(possible)
    return theirs


def _their_hand(known: int, unseen: list[int], *, size: int, drawn: int, stock: int, seen: int,
                rng: random.Random) -> tuple[int, list[int]]:
    """The opponent's hand of ``size`` cards (``known`` among them, each with meld partners) and
    the stock's ``stock`` cards, from the ``unseen`` ones: the hand shaped by ``drawn`` draws
    from the stock, each followed by ``basic``'s discard (never a known card or its partners),
    the discard put back among the cards unseen."""
    theirs = kept = _with_partners(known, playout.indexes(known), seen, size, rng)
    rest = [index for index in unseen if not theirs >> index & 1]
    rng.shuffle(rest)
    room = size - theirs.bit_count()
    for index in rest[:room]:
        theirs |= 1 << index
    rest = rest[room:]
    for _ in range(min(drawn, len(rest) - stock)):
        theirs |= 1 << rest.pop()
        thrown = playout.basic_throw(theirs, theirs & ~kept)
        theirs &= ~(1 << thrown)
        rest.insert(rng.randrange(len(rest) + 1), thrown)
    return theirs, rest[:stock]


class ExpertBot(SearchingBot):
    basic_bot = BasicBot
    blurb = "Thinks ahead: plays each choice out over hundreds of deals of the cards it cannot see."
    searched_phases = (playout.OFFER, playout.DRAW, playout.DISCARD)
    deals = 300
    MARGIN = 2.0  # standard errors a choice must gain over basic's to be played instead

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None) -> str:
        if any(move == "big gin" or move.startswith("gin ") for move in legal_moves):
            return self._basic.choose(view, legal_moves, rng)  # gin: nothing to weigh
        return super().choose(view, legal_moves, rng, seconds=seconds, deals=deals)

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None):
        me = view["seat"]
        other = 1 - me
        mine = hand_mask(view["hand"])
        known = hand_mask(view["picked_up"][other])
        seen = mine | known | hand_mask(view["discard_pile"])
        unseen = [index for index in range(52) if not seen >> index & 1]
        stock_count = view["stock_count"]
        top = INDEX[view["discard_top"]] if view["discard_top"] else -1
        taken = hand_mask([view["taken_from_discard"]]) if view["taken_from_discard"] else 0
        stock_only = view["phase"] == playout.DRAW and "draw discard" not in legal_moves
        drawn = (playout.STOCK - stock_count) // 2  # about half the stock cards drawn so far were theirs

        def sample(rng):
            return _their_hand(known, unseen, size=view["hand_counts"][other], drawn=drawn, stock=stock_count,
                               seen=seen, rng=rng)

        def evaluate(deal, move, rng):
            theirs, stock = deal
            hands = [0, 0]
            hands[me], hands[other] = mine, theirs
            hand = playout.Hand(hands, stock=stock, top=top, turn=me, phase=view["phase"],
                                limit=view["knock_limit"], dealer=view["dealer"], taken=taken,
                                passes=view["up_card_passes"], stock_only=stock_only)
            _apply(hand, move)
            playout.play_out(hand)
            return hand.points_for(me)

        return search(legal_moves, sample=sample, evaluate=evaluate, rng=rng, deals=deals or self.deals,
                      seconds=seconds, prefer=self._basic.choose(view, legal_moves, rng), z=self.MARGIN)
