"""What a bot is, and the one bot every game has.

A bot chooses a move for one seat from that seat's own view (``engine.view(state, seat)``)
and the seat's legal moves: it never sees the state, so it can never see hidden cards.
Bots hold no state between calls, so one instance may serve every table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol


class Bot(Protocol):
    level: str  # the name tables and results store
    title: str  # the name players read: "Beginner", "Standard", ...
    blurb: str  # one line on how it plays, under its title


    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        """One of ``legal_moves``; ``rng`` is the only source of chance a bot may use."""
        ...


class Remembering(Bot, Protocol):
    """A bot that plays from what its seat was shown before, not only now (Memory's cards
    turned back): ``memory_of`` folds the seat's views, the deal's first, into what it
    recalls, passed to ``choose`` as ``seen=``. Still never the state: a table rebuilds the
    views from its move log, so the bot keeps nothing between calls."""

    def memory_of(self, views: Iterable[dict[str, Any]]) -> Any: ...

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seen: Any = None) -> str: ...


class RandomBot:
    """Uniform over the legal moves: the weakest level of every game, and a baseline."""

    level = "random"
    title = "Beginner"
    blurb = "Plays any legal move, at random: a gentle start."

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random) -> str:
        return rng.choice(legal_moves)
