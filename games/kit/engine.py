"""The engine contract every game follows, and the error it raises.

An engine is a pure object (no I/O, no Django, no global state) in the manner of
OpenSpiel's ``State`` and boardgame.io's ``playerView``: legal moves, apply, a terminal
test, returns, and a per-seat view that strips secrets. States are values: ``apply``
returns a new state and never changes the one it was given.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any

from games.kit.cards import JOKERS, standard_deck

State = Any  # each engine has its own state type; only the engine looks inside it

# What a move brought to an end, for the table's pace (``Engine.ended_by``): the next bot
# waits a little longer after one, so that people see the trick or the hand's end.
ENDED_TRICK, ENDED_HAND = "trick", "hand"


class IllegalMove(Exception):
    """A move the rules forbid. ``reason`` is written for the player who tried it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Engine(ABC):
    slug: str
    name: str
    min_players: int
    max_players: int
    # The table Play now sets up and the New table form starts at; None: max_players.
    default_players: int | None = None
    # name -> (default, choices); the table form and the rules page are built from this.
    options: dict[str, tuple[Any, tuple[Any, ...]]] = {}
    # Numbered deals ("Game #1234"): a number from this range names a deal, which players may
    # choose and share. None: seeds are random and unnamed. The site turns a number into the
    # seed through a server secret (games.deals.seed_for), so the number gives nothing away,
    # unless the numbers are open: the number is the seed, and the deal is no secret anyway.
    deal_numbers: range | None = None
    deal_numbers_open: bool = False
    # How the seed becomes the deal, in words, for the page that explains how to check a
    # deal against its revealed seed (games.fairness).
    dealing: str = ""
    # The options that change whether a deal can be won at all (Klondike's draw), for pools
    # of deals a solver has proven winnable.
    winnability_options: tuple[str, ...] = ()
    # Each seat holds cards of its own, shown to it alone as its view's ``hand`` (sorted as the
    # kit sorts). False for a game of shared dice or a layout (Yahtzee, Memory): no ``hand``.
    holds_hands: bool = True

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; an unknown name or a value outside the choices is refused."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}")
        resolved = {}
        for name, (default, choices) in self.options.items():
            value = options.get(name, default)
            if value not in choices:
                allowed = ", ".join(str(choice) for choice in choices)
                raise ValueError(f"{self.name} option {name} must be one of {allowed}")
            resolved[name] = value
        return resolved

    @property
    def players_by_default(self) -> int:
        return self.default_players or self.max_players

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                wanted = f"exactly {self.min_players}"
            else:
                wanted = f"{self.min_players} to {self.max_players}"
            raise ValueError(f"{self.name} is played by {wanted} players, not {players}")

    @abstractmethod
    def new_game(
        self,
        players: int,
        *,
        seed: str,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> State:
        """A new match. ``seed`` fixes every deal; ``deck`` (top first) fixes the first."""

    @abstractmethod
    def to_move(self, state: State) -> tuple[int, ...]:
        """The seats that may act now; several while choosing at once, none when over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[str]:
        """Canonical move strings for ``seat``; empty when it may not act."""

    @abstractmethod
    def apply(self, state: State, seat: int, move: str) -> State:
        """The state after ``move``; raises IllegalMove and leaves ``state`` as it was."""

    def canonical_move(self, state: State, seat: int, move: str, after: State) -> str:
        """``move`` as the move log keeps it, given that ``apply(state, seat, move)`` gave ``after``.

        ``apply`` takes what people type (any case, extra spaces, cards in any order, an
        engine's shorthand); the log keeps the spelling of the legal move with the same result,
        looked for first among those spelled alike up to case and order. A move no legal move
        matches (a Gin arrangement of the player's own) is kept with its spaces collapsed.
        """
        spaced = " ".join(move.split())
        legal = self.legal_moves(state, seat)
        if spaced in legal:
            return spaced
        words = sorted(spaced.lower().split())
        alike = [candidate for candidate in legal if sorted(candidate.lower().split()) == words]
        result = self.dump(after)
        # Each candidate is checked by its result: the same words in another order may be
        # another move ("move t3 t5 2" and "move t5 t3 2").
        for candidate in alike + [candidate for candidate in legal if candidate not in alike]:
            try:
                if self.dump(self.apply(state, seat, candidate)) == result:
                    return candidate
            except IllegalMove:
                continue
        return spaced

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-safe: what ``seat`` may know (``None``: a spectator). Key ``hand``: its cards."""

    def known_cards(self, state: State, seat: int | None) -> set[str]:
        """Every card whose name ``seat`` (``None``: a spectator) may be shown now: its own
        hand, what lies face up, what it saw passed or taken, what the end of the last deal
        showed. ``view`` and ``describe_move`` name no other card (the contract tests check).
        None by default: a game whose views show cards says which."""
        return set()

    def hand_summary(self, state: State) -> dict[str, Any] | None:
        """The hand (deal, round) finished last, for the panel shown before the next deal and
        beside the final ranks; None before the first ends, and by default (games of one deal).

        JSON-safe, seat indexes rather than names, and only what every seat may know once the
        hand is over: it names no card outside ``known_cards`` of any seat (the contract tests
        check). Keys:
        - ``hand``: the hand's number; ``title``: e.g. "Hand 3" or "Round 2";
        - ``columns``: the headings of each row's ``figures`` (e.g. "Points", "Total");
        - ``rows``: one per seat, in seat order: ``seat``, ``note`` (e.g. "shot the moon", or ""),
          ``groups`` (a list of ``{"label": ..., "melds": [[card, ...], ...]}``: cards shown
          together, e.g. the hearts taken, each meld, the deadwood) and ``figures`` (numbers, or
          None where a figure is not known);
        - ``line``: how the hand's points came about, in words that agree with the score sheet.
        """
        return None

    @abstractmethod
    def describe_move(self, move: str, *, state: State | None = None) -> str:
        """The move in words for everyone at the table ("plays the queen of spades"),
        never naming cards that only the mover and one other seat may know. Given ``state``,
        the state the move was made from, it may name what the move's own words do not: the
        cards a patience move takes from a pile, the card a draw turns up."""

    def forced_move(self, state: State) -> tuple[int, str] | None:
        """(seat, move) the table makes by itself once ``FORCED_MOVE_SECONDS`` have passed since
        the last move, whoever sits there (Memory's missed pair turned back after a look), or
        None. The seat may make it sooner itself. None by default: a table waits for its players."""
        return None

    def trick_taken(self, state: State, seat: int, move: str) -> int | None:
        """The seat that takes the trick ``move`` by ``seat`` finishes, from ``state`` before it
        (the table says so aloud), or None: no trick finished, or a game without tricks."""
        return None

    def turn_continues(self, before: State, after: State, *, seat: int, move: str) -> bool:
        """Whether ``seat``'s ``move`` from ``before`` to ``after`` left it more of the same turn
        (a draw, then its discard; a lay-off, then the next). A bot that plays a timed-out turn
        plays all of it and no more, and the live region says "Your turn." only when a turn
        begins. By default the turn goes on while the seat is still to act and the move ended
        neither a trick nor a hand (``ended_by``): a lead after taking the trick is a new turn."""
        return seat in self.to_move(after) and not self.ended_by(before, after, seat=seat, move=move)

    @abstractmethod
    def is_over(self, state: State) -> bool: ...

    @abstractmethod
    def hands_played(self, state: State) -> int:
        """Finished hands (deals, rounds) so far; a one-deal game counts 1 once over."""

    def ended_by(self, before: State, after: State, *, seat: int, move: str) -> str:
        """What ``seat``'s ``move`` from ``before`` to ``after`` ended, for the table's pace:
        ``ENDED_HAND`` when it finished a hand (``hands_played`` went up), ``ENDED_TRICK`` when
        it completed a trick (``trick_taken``), else ""."""
        if self.hands_played(after) > self.hands_played(before):
            return ENDED_HAND
        return ENDED_TRICK if self.trick_taken(before, seat, move) is not None else ""

    def result_facts(self, state: State) -> dict[str, Any]:
        """What a finished game's result records beyond scores and ranks, for stats:
        any of ``moves``, ``undos`` (counts), ``variant`` (e.g. "draw 3") and ``marks`` (a word
        per seat for how its game went, "" for none: Cribbage's skunks). None by default."""
        return {}

    @abstractmethod
    def outcome(self, state: State) -> dict[str, list[int]]:
        """``scores`` so far and ``ranks`` (1 = best, ties share), final once over."""

    @abstractmethod
    def dump(self, state: State) -> dict[str, Any]:
        """JSON-safe and exact: ``load(dump(s)) == s``."""

    @abstractmethod
    def load(self, data: dict[str, Any]) -> State: ...


def competition_ranks(scores: list[int], *, lower_is_better: bool) -> list[int]:
    """Standard competition ranking ("1224"): ties share the best rank they cover."""
    sign = 1 if lower_is_better else -1
    return [1 + sum(1 for other in scores if sign * other < sign * score) for score in scores]


_CARDS = frozenset(standard_deck(jokers=len(JOKERS)))


def cards_named(value: Any) -> set[str]:
    """Every card written in notation anywhere in a JSON-safe value (keys too, and each
    word of a string, so "X1=7S" names both), for ``known_cards`` and the leak checks."""
    if isinstance(value, str):
        return {word for word in re.split(r"[^0-9A-Z]+", value) if word in _CARDS}
    if isinstance(value, dict):
        return cards_named(list(value)) | cards_named(list(value.values()))
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*map(cards_named, value))
    return set()
