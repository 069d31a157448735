"""Spades' ``expert`` bot: determinized search (``kit.search``) over the seat's view.

Each sampled deal places the cards still out (neither in the seat's hand nor played this
hand) consistently with every seat's count and the suits each has shown void in; the
partner's hand is as unknown as the opponents'. Every legal card is played out in every
deal, all four seats by ``playout.basic_card`` (so it expects its partner to play as
``basic`` does), and the card with the best average of its team's hand points less the
other team's is played, each bag counted at what ten of them cost (``playout.BAG_COST``).

The bid is ``basic``'s: a bid searched well would need the later bidders' bids sampled too.
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.spades import playout
from games.catalogue.spades.bots import BasicBot
from games.kit.cards import INDEX_OF
from games.kit.search import SearchingBot, hands_sampler, search, seen_in


class ExpertBot(SearchingBot):
    basic_bot = BasicBot

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None):
        seen = seen_in(view)
        bids, tricks = tuple(view["bids"]), tuple(view["tricks"])
        nil_tricks_count = view["options"]["nil_tricks_count"]
        team = seen.seat % 2

        def evaluate(hands, move, rng):
            hand = playout.Hand(hands, bids=bids, trick=seen.trick, leader=seen.leader, tricks=tricks,
                                spades_broken=view["spades_broken"])
            hand.play(INDEX_OF[move[5:]])
            playout.play_out(hand, playout.basic_card, rng)
            values = hand.team_values(nil_tricks_count=nil_tricks_count)
            return values[team] - values[1 - team]

        return search(legal_moves, sample=hands_sampler(seen, view["hand_counts"]), evaluate=evaluate, rng=rng,
                      deals=deals or self.deals, seconds=seconds)
