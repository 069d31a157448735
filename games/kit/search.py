"""Determinized search for games of hidden cards: the block ``expert`` bots are built on.

A bot that sees only its seat's view cannot search the game it is in, since it does not
know where the other cards lie. It samples deals of the unseen cards consistent with
everything the seat has seen (how many cards each seat holds, the suits a seat has shown
it is void in, cards whose place it knows, such as the ones it passed), plays each legal
move out in every sampled deal, and takes the move that did best on average.

Why this rather than information-set MCTS: in trick games most of a hand's value is in
which cards lie where, which sampling captures at once, while the tree search's gain is in
deep lines that a good playout policy already plays sensibly; the per-move evaluation of
every legal move over the same deals is a paired comparison, so a few hundred deals
separate moves that differ by a fraction of a point; and it reuses each game's ``basic``
rules as the playout policy. Its known weakness (strategy fusion: it assumes it will know
the deal later) costs least in games like these, where most information is out by the
middle of the hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.kit.cards import SUIT_MASKS

# A search that has run this long says so (the table shows the seat thinking).
LONG_SECONDS = 0.5


def deal_unseen(cards: Sequence[int], needs: Sequence[int], voids: Sequence[int], rng: random.Random, *,
                tries: int = 40) -> list[int]:
    """Masks per seat: ``needs[s]`` of the card indexes ``cards`` dealt to seat ``s``,
    never a card of a suit in ``voids[s]`` (a mask of whole suits).

    Each card goes to a seat with room left, chosen in proportion to that room, most
    constrained cards first; a deal that paints itself into a corner starts again. Should
    every try fail (what the seat saw contradicts itself, as an old stored state whose tricks
    were not kept may), the voids are let go rather than the move never being made. Cards
    beyond the needs are left out: gone, as far as the deal is concerned.
    """
    seats = range(len(needs))
    eligible = {}
    for card in cards:
        bit = 1 << card
        eligible[card] = [seat for seat in seats if needs[seat] and not voids[seat] & bit]
    for attempt in range(tries + 1):
        free = attempt == tries
        order = list(cards)
        rng.shuffle(order)
        if not free:
            order.sort(key=lambda card: len(eligible[card]))
        room = list(needs)
        hands = [0] * len(needs)
        left = sum(room)
        spare = len(order) - left
        if spare < 0:
            break
        stuck = False
        for card in order:
            if not left:
                break
            choices = [seat for seat in (seats if free else eligible[card]) if room[seat]]
            if not choices:
                if spare:  # a card to spare: leave it out
                    spare -= 1
                    continue
                stuck = True
                break
            seat = rng.choices(choices, weights=[room[s] for s in choices])[0] if len(choices) > 1 else choices[0]
            hands[seat] |= 1 << card
            room[seat] -= 1
            left -= 1
        if not stuck and not left:
            return hands
    raise ValueError("Not enough unseen cards for the hands to fill.")


def suits_of(mask: int) -> int:
    """The whole-suit mask of every suit ``mask`` holds a card of."""
    return sum(suit for suit in SUIT_MASKS if mask & suit)


@dataclass(frozen=True)
class Searched:
    """What a search chose, and how: ``value`` per move (higher is better), deals sampled."""

    move: str
    value: dict[str, float]
    deals: int
    seconds: float


def search(legal_moves: Sequence[str], *, sample: Callable[[random.Random], Any],
           evaluate: Callable[[Any, str, random.Random], float], rng: random.Random,
           deals: int, seconds: float | None = None, on_long: Callable[[], None] | None = None) -> Searched:
    """Every move of ``legal_moves`` evaluated in the same deals, ``sample(rng)`` each, by
    ``evaluate(deal, move, rng)`` (higher is better): up to ``deals`` deals, fewer if
    ``seconds`` run out first (at least one deal always). ``on_long()`` is called once,
    when the search has run ``LONG_SECONDS``."""
    started = time.perf_counter()
    totals = dict.fromkeys(legal_moves, 0.0)
    done = 0
    told = False
    while done < deals:
        deal = sample(rng)
        for move in legal_moves:
            totals[move] += evaluate(deal, move, rng)
        done += 1
        elapsed = time.perf_counter() - started
        if seconds is not None and elapsed >= seconds:
            break
        if on_long is not None and not told and elapsed >= LONG_SECONDS:
            told = True
            on_long()
    value = {move: total / done for move, total in totals.items()}
    # Ties go to the first legal move, so the choice is the same wherever it runs.
    best = max(legal_moves, key=lambda move: value[move])
    return Searched(move=best, value=value, deals=done, seconds=time.perf_counter() - started)
