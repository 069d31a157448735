"""Memory bots, by how much they remember: ``goldfish``, ``basic`` and ``elephant``.

A bot's view never holds a face-down card, so what a bot remembers is its own: ``seen``, the
cards it saw face up (position -> card), which the caller keeps by folding each view it is shown
into it (``remember``). ``goldfish`` remembers nothing; ``basic`` recalls each card it saw with a
fixed chance at every turn; ``elephant`` recalls everything and plays the best it can: a pair it
knows, else a card it has not seen, then that card's partner when it knows where it lies, else
another card it has not seen.
"""

from __future__ import annotations

import random
from typing import Any

from games.catalogue.memory.engine import pair_of

RECALL = 0.5  # basic's chance of recalling each card it saw


def remember(memory: dict[int, str], view: dict[str, Any]) -> dict[int, str]:
    """``memory`` with every card face up in ``view`` and not taken; taken pairs are dropped."""
    seen = {position: card for position, card in enumerate(view["grid"])
            if card is not None and view["taken"][position] is None}
    return {position: card for position, card in {**memory, **seen}.items() if view["taken"][position] is None}


class _Recalling:
    """A ``kit.bots.Remembering`` bot: ``seen`` is what ``memory_of`` made of its past views."""

    recall = 1.0

    def memory_of(self, views) -> dict[int, str]:
        memory: dict[int, str] = {}
        for view in views:
            memory = remember(memory, view)
        return memory

    def choose(self, view: dict[str, Any], legal_moves: list[str], rng: random.Random, *,
               seen: dict[int, str] | None = None) -> str:
        if legal_moves == ["hide"]:
            return "hide"
        open_positions = [int(move.split()[1]) for move in legal_moves]
        known = {position: card for position, card in remember(seen or {}, view).items()
                 if position in view["flipped"] or rng.random() < self.recall}
        unseen = [position for position in open_positions if position not in known]
        if view["flipped"]:
            first = view["grid"][view["flipped"][0]]
            partner = [position for position, card in known.items()
                       if position in open_positions and pair_of(card) == pair_of(first)]
            return f"flip {partner[0]}" if partner else f"flip {rng.choice(unseen or open_positions)}"
        pairs = [position for position, card in known.items() if position in open_positions and any(
            other != position and other in open_positions and pair_of(other_card) == pair_of(card)
            for other, other_card in known.items())]
        if pairs:
            return f"flip {min(pairs)}"
        return f"flip {rng.choice(unseen or open_positions)}"


class GoldfishBot(_Recalling):
    level = "goldfish"
    title = "Beginner"
    blurb = "Remembers nothing: every card it turns is a guess."
    recall = 0.0


class BasicBot(_Recalling):
    level = "basic"
    title = "Standard"
    blurb = "Remembers about half the cards it has seen."
    recall = RECALL


class ElephantBot(_Recalling):
    level = "elephant"
    title = "Expert"
    blurb = "Never forgets a card: it takes every pair it has seen."
    recall = 1.0


LEVELS = (GoldfishBot(), BasicBot(), ElephantBot())
