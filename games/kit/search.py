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

from games.kit.cards import INDEX_OF, mask_of
from games.kit.tricks import voids_shown

# A search that has run this long shows its seat thinking (games.boards._thinking).
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


@dataclass(frozen=True)
class Seen:
    """What a seat's view of a trick game shows of where the cards are, on masks: its own
    ``hand``, the cards ``gone`` (this hand's finished tricks, ``hand_tricks``, and the trick
    in play), the suits each seat has shown ``voids`` in, and the trick in play as indexes."""

    seat: int
    hand: int
    gone: int
    voids: list[int]
    trick: list[int]
    leader: int

    @property
    def unseen(self) -> int:
        """The cards of a 52-card deck neither in the hand nor gone: the ones a deal places."""
        return (1 << 52) - 1 & ~self.hand & ~self.gone


def seen_in(view: dict[str, Any]) -> Seen:
    """The ``Seen`` of a trick game's seat view (its ``hand``, ``hand_counts``, ``hand_tricks``
    and ``trick``)."""
    tricks = [*view["hand_tricks"], view["trick"]]
    return Seen(seat=view["seat"], hand=mask_of(view["hand"]),
                gone=mask_of(card for trick in tricks for _, card in trick["plays"]),
                voids=voids_shown(tricks, len(view["hand_counts"])),
                trick=[INDEX_OF[card] for _, card in view["trick"]["plays"]], leader=view["trick"]["leader"])


def hands_sampler(seen: Seen, counts: Sequence[int], *, out: int = 0,
                  known: Sequence[int] | None = None) -> Callable[[random.Random], list[int]]:
    """A deal's ``sample`` for a trick game: every seat's hand as a mask, the seat's own as
    it is, the others' dealt (``deal_unseen``) from the cards it has not seen, less ``out``
    (cards out of play, such as a trump card turned up), by each seat's count in ``counts``
    and the voids it showed; ``known[s]``: cards known to lie in seat ``s``'s hand (cards
    this seat passed it), which it keeps."""
    known = list(known) if known is not None else [0] * len(counts)
    placed = 0
    for mask in known:
        placed |= mask
    cards = [index for index in range(52) if (seen.unseen & ~out & ~placed) >> index & 1]
    needs = [0 if seat == seen.seat else count - known[seat].bit_count() for seat, count in enumerate(counts)]

    def sample(rng: random.Random) -> list[int]:
        dealt = deal_unseen(cards, needs, seen.voids, rng)
        return [seen.hand if seat == seen.seat else dealt[seat] | known[seat] for seat in range(len(counts))]

    return sample


@dataclass(frozen=True)
class Searched:
    """What a search chose, and how: ``value`` per move (higher is better), deals sampled."""

    move: str
    value: dict[str, float]
    deals: int
    seconds: float


def search(legal_moves: Sequence[str], *, sample: Callable[[random.Random], Any],
           evaluate: Callable[[Any, str, random.Random], float], rng: random.Random,
           deals: int, seconds: float | None = None, prefer: str | None = None, z: float = 0.0) -> Searched:
    """Every move of ``legal_moves`` evaluated in the same deals, ``sample(rng)`` each, by
    ``evaluate(deal, move, rng)`` (higher is better): up to ``deals`` deals, fewer if
    ``seconds`` run out first (at least one deal always).

    With ``prefer`` (a legal move, such as the one the game's ``basic`` rules choose), the
    best move replaces it only when its gain over it, deal by deal, is more than ``z``
    standard errors: where moves differ by less than the deals can tell, the noise of many
    estimates would otherwise choose a worse move as often as a better one."""
    started = time.perf_counter()
    totals = dict.fromkeys(legal_moves, 0.0)
    gains = dict.fromkeys(legal_moves, 0.0)  # over ``prefer``, summed, and squared below
    squares = dict.fromkeys(legal_moves, 0.0)
    done = 0
    while done < deals:
        deal = sample(rng)
        values = {move: evaluate(deal, move, rng) for move in legal_moves}
        for move, value in values.items():
            totals[move] += value
            if prefer is not None:
                gain = value - values[prefer]
                gains[move] += gain
                squares[move] += gain * gain
        done += 1
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
    value = {move: total / done for move, total in totals.items()}
    # Ties go to the first legal move, so the choice is the same wherever it runs.
    best = max(legal_moves, key=lambda move: value[move])
    if prefer is not None and best != prefer and not _clearly_better(gains[best], squares[best], done, z):
        best = prefer
    return Searched(move=best, value=value, deals=done, seconds=time.perf_counter() - started)


def _clearly_better(gain: float, square: float, deals: int, z: float) -> bool:
    """Whether a summed gain over ``deals`` deals is more than ``z`` standard errors above 0."""
    if deals < 2:
        return False
    mean = gain / deals
    variance = max(0.0, (square - deals * mean * mean) / (deals - 1))
    return mean > z * (variance / deals) ** 0.5


class SearchingBot:
    """A game's ``expert`` level: its ``search(view, legal_moves, rng, *, seconds, deals)``
    (a ``Searched``) in the play, the game's ``basic`` bot elsewhere (a pass, a
    bid) and for a move with no choice. ``searches`` tells tables to let it think outside
    the table's lock (``moves.play_bot_move``) and never to seat it unasked."""

    level = "expert"
    title = "Expert"
    blurb = "Thinks ahead: plays each card out over hundreds of deals of the cards it cannot see."
    searches = True
    deals = 400  # at most, per move; the time limit may stop it first
    searched_phases = ("play",)  # the view's phases it searches in; basic plays the others

    basic_bot: type  # the game's basic bot's class

    def __init__(self) -> None:
        self._basic = self.basic_bot()

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None) -> str:
        if view["phase"] not in self.searched_phases or len(legal_moves) == 1:
            return self._basic.choose(view, legal_moves, rng)
        return self.search(view, legal_moves, rng, seconds=seconds, deals=deals or self.deals).move

    def search(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seconds: float | None = None, deals: int | None = None) -> Searched:
        raise NotImplementedError

