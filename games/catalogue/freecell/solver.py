"""A FreeCell solver: best-first search over single moves, in pure Python.

``solve(state)`` takes an engine state (``games.catalogue.freecell.engine``) and returns moves in the
engine's grammar that, played through ``apply`` from that state, win the game; or None when
its budget runs out first (or the deal cannot be won, like Microsoft deal 11982).
``hint(state)`` is the first of those moves.

How it searches
- A position is eight columns and the set of free-cell cards (the foundations follow
  from what is left). Columns are ``bytes`` of card codes, so slicing, joining and hashing
  are done in C; the transposition key sorts the columns and the free cells, so positions
  that differ only in which column or cell holds what are searched once.
- Moves are the engine's: a card to a free cell, to its foundation, a card or a run onto a
  column (runs as long as the supermove rule allows), and after each one every safe card
  goes up by itself, as the engine's ``auto_foundation`` does. Of several empty columns
  only the first is tried as a target: the others give the same position.
- Best-first on a greedy score: cards not yet up, the cards piled on top of each suit's next
  card (doubled when no free cell or column is empty), the cards lying on a lower card,
  full free cells, less a bonus per empty column. A small weight on the depth keeps
  solutions from wandering; among equal scores the newest position goes first (depth
  first on plateaus). When a first budget of 20,000 nodes runs out, a second search with
  other weights gets as many, then a third runs on to ``max_nodes``, all within
  ``max_seconds``.
- The solution is checked by replaying it through the engine; with ``auto_foundation`` off
  the safe moves the search made by itself are written out as moves.
"""

from __future__ import annotations

import heapq
import time
from itertools import count as counter

from games.catalogue.freecell import engine as freecell
from games.kit.cards import RANKS, SUITS
from games.kit.engine import IllegalMove
from games.kit.piles import PARENTS

# Card code: rank (1..13) * 4 + suit (clubs, diamonds, hearts, spades = 0..3).
CODE = {rank + suit: (r << 2) | s for r, rank in enumerate(RANKS, start=1) for s, suit in enumerate(SUITS)}
NAME = {code: card for card, code in CODE.items()}
RANK = [c >> 2 for c in range(56)]
SUIT = [c & 3 for c in range(56)]
# The two cards a card may lie on in a column (one rank up, the other colour).
FITS = [bytes(CODE[parent] for parent in PARENTS[NAME[c]]) if c in NAME else b"" for c in range(56)]
OPPOSITE = [(1, 2), (0, 3), (0, 3), (1, 2)]

# Weights of the score: cards not up, cards on top of each suit's next card, full free
# cells, cards lying on a lower card, empty columns (a bonus), depth, breaks in the column's
# order from the bottom, cards above the first break. Tuned on deals 1-60; a second set, with
# more weight on the depth, for the fallback search.
FIRST = (4, 1, 4, 3, 4, 0.5, 1, 0)
SECOND = (4, 1, 4, 2, 4, 0.8, 1, 0)
THIRD = (4, 1, 2, 1, 4, 0.5, 1, 0)

_column_cache: dict[bytes, tuple[int, int, int]] = {}


def _column_facts(column: bytes) -> tuple[int, int]:
    """(run length at the top, cards lying on a card of lower rank): cached per column."""
    facts = _column_cache.get(column)
    if facts is None:
        run = 0
        if column:
            run = 1
            while run < len(column) and column[-run - 1] in FITS[column[-run]]:
                run += 1
        blocked = 0
        lowest = 99
        for card in column:
            rank = card >> 2
            if rank > lowest:
                blocked += 1
            else:
                lowest = rank
        breaks = sum(1 for k in range(1, len(column)) if column[k - 1] not in FITS[column[k]])
        placed = 1 if column else 0
        while placed < len(column) and column[placed - 1] in FITS[column[placed]]:
            placed += 1
        facts = (run, blocked, breaks, len(column) - placed)
        if len(_column_cache) > 500_000:
            _column_cache.clear()
        _column_cache[column] = facts
    return facts


def _safe(card: int, found: list[int]) -> bool:
    rank, suit = card >> 2, card & 3
    if found[suit] != rank - 1:
        return False
    if rank <= 2:
        return True
    a, b = OPPOSITE[suit]
    return found[a] >= rank - 1 and found[b] >= rank - 1


def _auto(columns: list[bytes], cells: list[int], found: list[int]) -> None:
    """Every safe card up (the engine's auto_foundation closure; its end is unique)."""
    moved = True
    while moved:
        moved = False
        for card in cells:
            if _safe(card, found):
                cells.remove(card)
                found[card & 3] += 1
                moved = True
                break
        for j in range(8):
            column = columns[j]
            while column and _safe(column[-1], found):
                found[column[-1] & 3] += 1
                column = column[:-1]
                moved = True
            columns[j] = column


def _key(columns, cells) -> bytes:
    return b"\xff".join(sorted(columns)) + b"\xfe" + bytes(sorted(cells))


def _score(columns, cells, found, weights) -> float:
    w_left, w_depth, w_cells, w_blocked, w_empty, _, w_breaks, w_misplaced = weights
    left = 52 - found[0] - found[1] - found[2] - found[3]
    depth = 0
    blocked = 0
    breaks = 0
    misplaced = 0
    empty = 0
    need = (
        (found[0] + 1) << 2,
        ((found[1] + 1) << 2) | 1,
        ((found[2] + 1) << 2) | 2,
        ((found[3] + 1) << 2) | 3,
    )
    for column in columns:
        if not column:
            empty += 1
            continue
        facts = _column_facts(column)
        blocked += facts[1]
        breaks += facts[2]
        misplaced += facts[3]
        for card in need:
            at = column.find(card)
            if at >= 0:
                depth += len(column) - 1 - at
    if not empty and len(cells) == 4:
        depth *= 2
    return (
        w_left * left
        + w_depth * depth
        + w_cells * len(cells)
        + w_blocked * blocked
        - w_empty * empty
        + w_breaks * breaks
        + w_misplaced * misplaced
    )


def _children(columns, cells, found, closed=True):
    """(move, columns, cells, found) for every move; move = (source, target, count) where
    a source is a column index or ("c", card), a target a column index, "c" or "f"."""
    free = 4 - len(cells)
    empties = [j for j in range(8) if not columns[j]]
    first_empty = empties[0] if empties else -1
    to_column = (free + 1) << len(empties)
    to_empty = (free + 1) << max(len(empties) - 1, 0)
    top_at = {column[-1]: j for j, column in enumerate(columns) if column}
    out = []
    for card in cells:
        if found[card & 3] == (card >> 2) - 1:
            out.append((("c", card), "f", 1))
        for parent in FITS[card]:
            j = top_at.get(parent)
            if j is not None:
                out.append((("c", card), j, 1))
        if first_empty >= 0:
            out.append((("c", card), first_empty, 1))
    for i in range(8):
        column = columns[i]
        if not column:
            continue
        top = column[-1]
        if found[top & 3] == (top >> 2) - 1:
            out.append((i, "f", 1))
        run = _column_facts(column)[0]
        for n in range(1, min(run, to_column) + 1):
            for parent in FITS[column[-n]]:
                j = top_at.get(parent)
                if j is not None:
                    out.append((i, j, n))
        if first_empty >= 0:
            longest = min(run, to_empty)
            if longest == len(column):
                longest -= 1  # moving a whole column to an empty one changes nothing
            for n in range(longest, 0, -1):
                out.append((i, first_empty, n))
        if free:
            out.append((i, "c", 1))
    for move in out:
        source, target, n = move
        new_columns = list(columns)
        new_cells = list(cells)
        new_found = list(found)
        if source.__class__ is tuple:
            card = source[1]
            new_cells.remove(card)
            moving = bytes((card,))
        else:
            moving = columns[source][-n:]
            new_columns[source] = columns[source][:-n]
        if target == "f":
            new_found[moving[0] & 3] += 1
        elif target == "c":
            new_cells.append(moving[0])
        else:
            new_columns[target] = columns[target] + moving
        # The parent had nothing safe left to send up (the engine's closure after each move),
        # so only a foundation move or the card it uncovered can start a new round.
        if (
            not closed
            or target == "f"
            or (source.__class__ is int and new_columns[source] and _safe(new_columns[source][-1], new_found))
        ):
            _auto(new_columns, new_cells, new_found)
        yield move, new_columns, new_cells, new_found


def _search(columns, cells, found, weights, max_nodes, deadline):
    """The list of search moves from the position to a win, or None."""
    depth_weight = weights[5]
    start_key = _key(columns, cells)
    parents: dict[bytes, tuple[bytes | None, tuple | None]] = {start_key: (None, None)}
    tie = counter()
    heap = [(0.0, next(tie), 0, start_key, tuple(columns), tuple(cells), tuple(found))]
    nodes = 0
    while heap:
        _, _, g, key, columns, cells, found = heapq.heappop(heap)
        nodes += 1
        if nodes > max_nodes or (nodes & 255 == 0 and time.perf_counter() > deadline):
            return None
        for move, new_columns, new_cells, new_found in _children(columns, cells, found, g > 0):
            new_key = _key(new_columns, new_cells)
            if new_key in parents:
                continue
            parents[new_key] = (key, move)
            if new_found[0] + new_found[1] + new_found[2] + new_found[3] == 52:
                path = []
                while new_key != start_key:
                    new_key, move = parents[new_key]
                    path.append(move)
                return path[::-1]
            score = _score(new_columns, new_cells, new_found, weights) + depth_weight * (g + 1)
            heapq.heappush(
                heap,
                (score, -next(tie), g + 1, new_key, tuple(new_columns), tuple(new_cells), tuple(new_found)),
            )
    return None


def _position(state):
    columns = [bytes(CODE[card] for card in column) for column in state.tableau]
    cells = [CODE[card] for card in state.cells if card]
    return columns, cells, list(state.foundations)


def _spelled(state, move) -> str:
    """A search move in the engine's grammar, for the engine state it is played from."""
    source, target, n = move
    if source.__class__ is tuple:
        source_place = f"c{state.cells.index(NAME[source[1]])}"
        card = NAME[source[1]]
    else:
        source_place = f"t{source}"
        card = state.tableau[source][-n]
    if target == "f":
        target_place = "f" + card[1]
    elif target == "c":
        target_place = f"c{state.cells.index(None)}"
    else:
        target_place = f"t{target}"
    return f"move {source_place} {target_place}" + (f" {n}" if n > 1 else "")


def _replayed(state, path) -> list[str] | None:
    """The search path as engine moves, checked by playing them; None if one is refused."""
    engine = freecell.ENGINE
    moves = []
    try:
        for move in path:
            text = _spelled(state, move)
            moves.append(text)
            state = engine.apply(state, 0, text)
            if not state.auto_foundation:
                # The search sent safe cards up by itself: here they are moves of their own.
                for safe in freecell.automatic_moves(state):
                    moves.append(safe)
                    state = engine.apply(state, 0, safe)
    except IllegalMove:
        return None
    return moves if engine.is_over(state) else None


def solve(state, *, max_nodes: int = 200_000, max_seconds: float = 10.0) -> list[str] | None:
    """Moves that win from ``state`` when played through the engine, or None."""
    if freecell.ENGINE.is_over(state):
        return []
    deadline = time.perf_counter() + max_seconds
    columns, cells, found = _position(state)
    attempts = [(FIRST, min(max_nodes, 20_000)), (THIRD, min(max_nodes, 20_000)), (SECOND, max_nodes)]
    for weights, budget in attempts:
        path = _search(list(columns), list(cells), list(found), weights, budget, deadline)
        if path is not None:
            moves = _replayed(state, path)
            if moves is not None:
                return moves
        if time.perf_counter() > deadline:
            break
    return None


def hint(state, budget: int = 50_000, *, max_seconds: float = 5.0) -> str | None:
    """The next move of a winning line from ``state``, or None if none was found in budget."""
    moves = solve(state, max_nodes=budget, max_seconds=max_seconds)
    return moves[0] if moves else None


def useful_move(state) -> str | None:
    """The legal move to the position the search scores best (its ``FIRST`` weights), with no
    proof that it wins: what a hint names when no winning line was found. A move back to the
    position before the last one is passed over, so asking again after following it does
    not go back and forth. None when only Undo is left."""
    engine = freecell.ENGINE
    before = _key(*_position(engine.apply(state, 0, "undo"))[:2]) if state.history else None
    best, best_score = None, None
    for move in engine.legal_moves(state, 0):
        if move == "undo":
            continue
        columns, cells, found = _position(engine.apply(state, 0, move))
        if _key(columns, cells) == before:
            continue
        score = _score(columns, cells, found, FIRST)
        if best_score is None or score < best_score:
            best, best_score = move, score
    if best is None:  # only the move back: still a move
        best = next((move for move in engine.legal_moves(state, 0) if move != "undo"), None)
    return best
