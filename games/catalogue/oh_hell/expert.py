"""Oh Hell!'s ``expert`` bot: determinized search (``kit.search``) over the seat's view.

Each sampled deal places the cards still out (neither in the seat's hand, nor played this
round, nor the card turned up) consistently with every seat's count and the suits each has
shown void in; the cards left in the stock are left out. Every legal card is played out in
every deal, all seats by ``playout.basic_card``, and the card with the best average of the
seat's round points against the mean of the others' is played.

The bid is ``basic``'s: a bid searched well would need the later bidders' bids sampled too.
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.oh_hell import playout
from games.catalogue.oh_hell.bots import BasicBot
from games.kit.cards import INDEX_OF, mask_of
from games.kit.search import SearchingBot, hands_sampler, search, seen_in


class ExpertBot(SearchingBot):
    basic_bot = BasicBot

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None):
        seen = seen_in(view)
        me, seats = seen.seat, len(view["hand_counts"])
        trump = "CDHS".index(view["trump"])
        bids, taken = tuple(view["bids"]), tuple(view["tricks"])
        scoring = view["options"]["scoring"]
        others = seats - 1

        def evaluate(hands, move, rng):
            hand = playout.Hand(hands, trump=trump, bids=bids, trick=seen.trick, leader=seen.leader,
                                taken=taken)
            hand.play(INDEX_OF[move[5:]])
            playout.play_out(hand, playout.basic_card, rng)
            points = hand.points(scoring)
            return points[me] - (sum(points) - points[me]) / others

        sample = hands_sampler(seen, view["hand_counts"], out=mask_of([view["trump_card"]]))
        return search(legal_moves, sample=sample, evaluate=evaluate, rng=rng,
                      deals=deals or self.deals, seconds=seconds)
