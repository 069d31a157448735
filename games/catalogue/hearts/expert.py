"""Hearts' ``expert`` bot: determinized search (``kit.search``) over the seat's view.

Each sampled deal places the cards still out consistently with what the seat saw: every
seat's count, the suits each has shown void in, and the three cards it passed this hand
(in the receiver's hand until played). Every legal card is played out in every deal, all
four seats by ``playout.basic_card``, and the card with the best average of the seat's
points against the mean of the others' (so shooting the moon counts both ways) is played.

The pass is ``basic``'s: the search would have 286 passes to weigh before any card is seen.
The match's totals are not weighed (near the target a seat might play to stop a leader).
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.hearts import playout
from games.catalogue.hearts.bots import BasicBot
from games.kit.cards import INDEX_OF, mask_of
from games.kit.search import SearchingBot, hands_sampler, search, seen_in

DIRECTION = {"left": 1, "right": 3, "across": 2, "none": 0}
class ExpertBot(SearchingBot):
    basic_bot = BasicBot

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None):
        seen = seen_in(view)
        me, gone, trick, leader = seen.seat, seen.gone, seen.trick, seen.leader
        known = [0] * playout.SEATS  # cards known to lie in a hand: the ones this seat passed
        direction = DIRECTION[view["pass_direction"]]
        if direction:
            known[(me + direction) % playout.SEATS] = mask_of(view["passed"]) & ~gone
        tricks_played = 13 - len(view["hand"])
        queen_rule = view["queen_breaks_hearts"]
        taken = tuple(view["points_this_hand"])

        def evaluate(hands, move, rng):
            hand = playout.Hand(hands, trick=trick, leader=leader, tricks_played=tricks_played,
                                hearts_broken=view["hearts_broken"], taken=taken, gone=gone,
                                queen_breaks_hearts=queen_rule)
            hand.play(INDEX_OF[move[5:]])
            scores = playout.play_out(hand, playout.basic_card, rng)
            return (sum(scores) - scores[me]) / 3 - scores[me]

        return search(legal_moves, sample=hands_sampler(seen, view["hand_counts"], known=known), evaluate=evaluate,
                      rng=rng, deals=deals or self.deals, seconds=seconds)
