"""Undo by differences: what a patience game stores to take its moves back.

A patience game's ``undo`` restores the board before the last move exactly, as often as
the player likes, so the state carries a history of earlier boards, and that state is
saved on every move. Whole boards made a 600-move Klondike game store 250 KiB; a
move changes a few cards, so each history entry holds only what differs from the board
one move on (``Undo.difference``), and ``undo`` rebuilds the earlier board from the
later one and that entry (``Undo.restored``).

A board, for this purpose, is a tuple laid out as an ``Undo`` names it: first its piles
(tuples of two-character cards), then its other values (numbers, None, cards, or tuples
of those, which come back as tuples). An entry is one line of text naming
only the parts that changed, as ``name=what it was``, separated by spaces:

- a pile as ``kept:cards``, or ``kept:cards:tail`` when ``tail`` is not 0: the earlier
  pile is the first ``kept`` cards of the later one, then ``cards`` (written one after
  another, ``KH9S``), then its last ``tail`` cards. Cards join and leave a pile at one
  end, so an entry holds only the cards that moved.
- a value as compact JSON.

So ``t3=5:KD c0=null`` says: pile t3 was its first 5 cards with the king of diamonds on
them, and the value c0 was None. (One line of text, not a dict: the state of a 600-move
FreeCell game is 10.5 KiB this way, 17 KiB with dicts, and dumps and loads faster.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence

_json = json.JSONEncoder(separators=(",", ":")).encode


class Undo:
    """The differences of one game's boards: ``piles`` and ``values`` name its parts, in order."""

    def __init__(self, *, piles: Sequence[str], values: Sequence[str]) -> None:
        self.names = tuple(piles) + tuple(values)
        self.piles = len(piles)
        self.index = {name: index for index, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("each part of a board needs a name of its own")

    def difference(self, earlier: tuple, later: tuple) -> str:
        """The entry from which ``restored`` rebuilds ``earlier`` given ``later``."""
        parts = []
        piles = self.piles
        for index, name in enumerate(self.names):
            old, new = earlier[index], later[index]
            if old is new or old == new:
                continue
            parts.append(f"{name}={_edit(old, new) if index < piles else _json(old)}")
        return " ".join(parts)

    def restored(self, later: tuple, entry: str) -> tuple:
        """The board that ``entry`` (see ``difference``) was taken from, given the one after it."""
        board = list(later)
        for part in entry.split():
            name, _, stored = part.partition("=")
            index = self.index[name]
            if index < self.piles:
                board[index] = _edited(later[index], stored)
            else:
                value = json.loads(stored)
                board[index] = tuple(value) if isinstance(value, list) else value
        return tuple(board)


def _edit(old: tuple, new: tuple) -> str:
    kept = 0
    most = min(len(old), len(new))
    while kept < most and old[kept] == new[kept]:
        kept += 1
    tail = 0
    while tail < most - kept and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    cards = "".join(old[kept:len(old) - tail])
    return f"{kept}:{cards}:{tail}" if tail else f"{kept}:{cards}"


def _edited(new: tuple, edit: str) -> tuple:
    kept, cards, *tail = edit.split(":")
    end = len(new) - int(tail[0]) if tail else len(new)
    return new[:int(kept)] + tuple(cards[i:i + 2] for i in range(0, len(cards), 2)) + new[end:]
