"""Crazy Eights' ``expert`` bot: determinized search (``kit.search``) over the seat's view.

Each sampled deal gives every other seat its count of the cards this seat has not seen (not
in its hand, not in the discard pile) and stacks the stock from the rest. Every legal play is
played out in every deal to the end of the round, every seat by ``basic``, through the
public engine itself (a round is short: a few dozen moves, so no faster inner state is
needed), and valued at the seat's round points less the others' mean. As in Gin Rummy, a
turn's choices often differ by less than the deals can tell, so ``basic``'s choice stands
unless another beats it by more than ``MARGIN`` standard errors, deal by deal.

What the table does not show in the view is taken as plainly as it can be: the passes in a
row so far are none, and a stock rebuilt from the discard pile is shuffled by a seed of the
search's own.
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.crazy_eights.bots import BasicBot
from games.catalogue.crazy_eights.engine import ENGINE, ONE_ROUND, OPTION_NAMES, PLAY, CrazyEightsState
from games.kit.cards import sort_cards, standard_deck
from games.kit.search import SearchingBot, search
from games.kit.state import set_options


def _state_of(view: dict[str, Any], hands: list[list[str]], stock: list[str]) -> CrazyEightsState:
    """The round as the view shows it, with these hands and this stock, ending with the round."""
    state = CrazyEightsState.blank()
    state.seed = "search"
    state.players = len(hands)
    set_options(state, {**view["options"], "target_score": ONE_ROUND}, OPTION_NAMES)
    state.round_number, state.phase, state.dealer = view["round_number"], PLAY, view["dealer"]
    state.hands = tuple(tuple(sort_cards(hand, aces_high=False)) for hand in hands)
    state.stock, state.discard, state.suit = tuple(stock), tuple(view["discard_pile"]), view["suit"]
    state.turn, state.draws, state.passes, state.rebuilt = view["seat"], view["draws"], 0, 0
    state.totals, state.round_scores, state.last_round = (0,) * len(hands), (), None
    return state


class ExpertBot(SearchingBot):
    basic_bot = BasicBot
    blurb = "Thinks ahead: plays each choice out over hundreds of deals of the cards it cannot see."
    deals = 300
    MARGIN = 2.0  # standard errors a play must gain over basic's to be made instead

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None):
        me, counts = view["seat"], view["hand_counts"]
        seen = set(view["hand"]) | set(view["discard_pile"])
        unseen = [card for card in standard_deck() if card not in seen]

        def sample(rng):
            rng.shuffle(unseen)
            hands, at = [], 0
            for seat, count in enumerate(counts):
                if seat == me:
                    hands.append(list(view["hand"]))
                else:
                    hands.append(unseen[at:at + count])
                    at += count
            return hands, unseen[at:at + view["stock_count"]]

        def evaluate(deal, move, rng):
            state = ENGINE.apply(_state_of(view, *deal), me, move)
            while state.phase == PLAY:
                seat = state.turn
                state = ENGINE.apply(state, seat, self._basic.choose(ENGINE.view(state, seat),
                                                                     ENGINE.legal_moves(state, seat), rng))
            points = state.round_scores[-1]
            return points[me] - (sum(points) - points[me]) / (len(points) - 1)

        return search(legal_moves, sample=sample, evaluate=evaluate, rng=rng, deals=deals or self.deals,
                      seconds=seconds, prefer=self._basic.choose(view, legal_moves, rng), z=self.MARGIN)
