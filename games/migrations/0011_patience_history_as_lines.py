"""Klondike's and FreeCell's stored undo history in the one form of ``games.kit.patience``:
each entry one line of text, ``t3=5:KD c0=null``, naming what the board before the move
differs in from the board after it.

Before, Klondike wrote each entry as a dict, ``{"t3": [5, 0, ["KD"]], "c0": None}`` (the
same parts, each pile as ``[kept, tail, cards]``), and FreeCell the steps of the move,
``["t3 c0", "c0 fH"]`` (its own and the automatic ones after it), which its undo played
backwards. Klondike's entries convert one by one; FreeCell's need the boards: forwards,
the steps are played backwards from the saved board; backwards, steps are found that the
old undo plays back to each earlier board (checked before they are stored).

Everything this needs is copied here, as the code was when this migration was written, so
that later changes to the engines or the kit leave it as it is. Both directions are
tested in ``tests/web/test_patience_history_migration.py``.
"""

import json

from django.db import migrations

BATCH = 500
RANKS = "A23456789TJQK"
SUITS = "CDHS"
COLUMNS = 8
CELLS = 4
KLONDIKE_PILES = tuple(f"t{index}" for index in range(7)) + ("stock", "waste")
KLONDIKE_VALUES = ("face_down", "foundations", "passes", "score")
FREECELL_PILES = tuple(f"t{index}" for index in range(COLUMNS))
FREECELL_VALUES = tuple(f"c{index}" for index in range(CELLS)) + ("foundations",)
_json = json.JSONEncoder(separators=(",", ":")).encode


# -- the line form (games.kit.patience) ---------------------------------------------------


def _line(piles, values, earlier, later):
    parts = []
    for index, name in enumerate(piles + values):
        old, new = earlier[index], later[index]
        if old == new:
            continue
        parts.append(f"{name}={_edit(old, new) if index < len(piles) else _json(old)}")
    return " ".join(parts)


def _from_line(piles, values, later, line):
    names = piles + values
    board = list(later)
    for part in line.split():
        name, _, stored = part.partition("=")
        index = names.index(name)
        if index < len(piles):
            board[index] = _edited(later[index], stored)
        else:
            value = json.loads(stored)
            board[index] = tuple(value) if isinstance(value, list) else value
    return tuple(board)


def _edit(old, new):
    kept = 0
    most = min(len(old), len(new))
    while kept < most and old[kept] == new[kept]:
        kept += 1
    tail = 0
    while tail < most - kept and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    cards = "".join(old[kept:len(old) - tail])
    return f"{kept}:{cards}:{tail}" if tail else f"{kept}:{cards}"


def _edited(new, edit):
    kept, cards, *tail = edit.split(":")
    end = len(new) - int(tail[0]) if tail else len(new)
    return new[:int(kept)] + tuple(cards[i:i + 2] for i in range(0, len(cards), 2)) + new[end:]


# -- Klondike: the dict form <-> lines, entry by entry ---------------------------------------


def _klondike_dict_to_line(entry):
    parts = []
    for name in KLONDIKE_PILES + KLONDIKE_VALUES:
        if name not in entry:
            continue
        stored = entry[name]
        if name in KLONDIKE_PILES:
            kept, tail, cards = stored
            text = f"{kept}:{''.join(cards)}" + (f":{tail}" if tail else "")
        else:
            text = _json(stored)
        parts.append(f"{name}={text}")
    return " ".join(parts)


def _klondike_line_to_dict(line):
    entry = {}
    for part in line.split():
        name, _, stored = part.partition("=")
        if name in KLONDIKE_PILES:
            kept, cards, *tail = stored.split(":")
            entry[name] = [int(kept), int(tail[0]) if tail else 0, [cards[i:i + 2] for i in range(0, len(cards), 2)]]
        else:
            entry[name] = json.loads(stored)
    return entry


def klondike_forwards(data):
    history = data.get("history") or []
    if not history or not isinstance(history[0], dict):
        return None  # nothing to undo, or already lines
    return {**data, "history": [_klondike_dict_to_line(entry) for entry in history]}


def klondike_backwards(data):
    history = data.get("history") or []
    if not history or not isinstance(history[0], str):
        return None
    return {**data, "history": [_klondike_line_to_dict(line) for line in history]}


# -- FreeCell: steps <-> lines, through the boards --------------------------------------------


def _freecell_board(data):
    """(*columns, *cells, foundations) of a saved FreeCell state, as the engine lays it out."""
    return (*(tuple(column) for column in data["tableau"]), *data["cells"],
            tuple(data["foundations"][suit] for suit in SUITS))


def _undone_by_steps(board, steps):
    """The board before ``steps`` (texts like ``t1 t6 4``), as FreeCell's old undo rebuilt it."""
    tableau = [list(column) for column in board[:COLUMNS]]
    cells = list(board[COLUMNS:COLUMNS + CELLS])
    foundations = list(board[-1])
    for text in reversed(steps):
        words = text.split()
        source, target, count = words[0], words[1], int(words[2]) if len(words) > 2 else 1
        if target[0] == "f":
            suit = SUITS.index(target[1])
            foundations[suit] -= 1
            cards = [RANKS[foundations[suit]] + target[1]]
        elif target[0] == "c":
            cards = [cells[int(target[1])]]
            cells[int(target[1])] = None
        else:
            column = tableau[int(target[1])]
            cards = column[len(column) - count:]
            del column[len(column) - count:]
        if source[0] == "t":
            tableau[int(source[1])] += cards
        else:
            cells[int(source[1])] = cards[0]
    return (*(tuple(column) for column in tableau), *cells, tuple(foundations))


class _Rebuild:
    """Finds steps that FreeCell's old undo plays from ``later`` back to ``earlier``.

    It works backwards, as the old undo does: each ``take`` moves cards from a place onto
    another, and is the old step ``(source=onto, target=from, count)``. Cards go straight
    to where the earlier board wants them while some can; what is left is gathered on one
    column and handed out from there, any card of it reached by putting the cards above it
    on another column and back (the old undo checked no rule, so any such steps do).
    """

    def __init__(self, earlier, later):
        self.want = [list(column) for column in earlier[:COLUMNS]]
        self.want_cells = list(earlier[COLUMNS:COLUMNS + CELLS])
        self.want_up = list(earlier[-1])
        self.columns = [list(column) for column in later[:COLUMNS]]
        self.cells = list(later[COLUMNS:COLUMNS + CELLS])
        self.up = list(later[-1])
        self.taken = []

    def take(self, onto, source, count=1):
        if source[0] == "f":
            suit = SUITS.index(source[1])
            self.up[suit] -= 1
            cards = [RANKS[self.up[suit]] + source[1]]
        elif source[0] == "c":
            cards = [self.cells[int(source[1])]]
            self.cells[int(source[1])] = None
        else:
            column = self.columns[int(source[1])]
            cards = column[len(column) - count:]
            del column[len(column) - count:]
        if onto[0] == "t":
            self.columns[int(onto[1])] += cards
        else:
            self.cells[int(onto[1])] = cards[0]
        self.taken.append(f"{onto} {source}" + (f" {count}" if count > 1 else ""))

    def kept(self, j):
        """How many bottom cards of column ``j`` are already as the earlier board has them."""
        column, want = self.columns[j], self.want[j]
        kept = 0
        while kept < min(len(column), len(want)) and column[kept] == want[kept]:
            kept += 1
        return kept

    def block(self, wanted):
        """(place, count) from which the cards ``wanted`` (bottom first) may be taken in one
        step, the first of them at the bottom: a loose run of a column, a free cell that must
        change, a foundation top above what the earlier board holds; or None."""
        card = wanted[0]
        for j, column in enumerate(self.columns):
            if card in column[self.kept(j):]:
                count = len(column) - column.index(card)
                if column[len(column) - count:] == wanted[:count]:
                    return f"t{j}", count
                return None
        for k, held in enumerate(self.cells):
            if held == card and self.want_cells[k] != card:
                return f"c{k}", 1
        suit = SUITS.index(card[1])
        if self.up[suit] > self.want_up[suit] and RANKS[self.up[suit] - 1] + card[1] == card:
            return "f" + card[1], 1
        return None

    def straight(self):
        """Move cards straight to their earlier places while any can go (runs as one step)."""
        moved = True
        while moved:
            moved = False
            for j, column in enumerate(self.columns):
                if self.kept(j) == len(column) < len(self.want[j]):
                    found = self.block(self.want[j][len(column):])
                    if found is not None and found[0] != f"t{j}":
                        self.take(f"t{j}", *found)
                        moved = True
            for k, held in enumerate(self.cells):
                if held is None and self.want_cells[k] is not None:
                    found = self.block([self.want_cells[k]])
                    if found is not None and found[1] == 1:
                        self.take(f"c{k}", found[0])
                        moved = True

    def fetch(self, card, pool, base, onto):
        """Take ``card`` from column ``pool`` (above its first ``base`` cards) onto ``onto``."""
        column = self.columns[pool]
        depth = len(column) - 1 - column.index(card, base)
        spare = next(f"t{j}" for j in range(COLUMNS) if j != pool and f"t{j}" != onto)
        if depth:
            self.take(spare, f"t{pool}", depth)
        self.take(onto, f"t{pool}")
        if depth:
            self.take(f"t{pool}", spare, depth)

    def gathered(self):
        """Gather every card not yet in place on one column, then hand them out."""
        kept = [self.kept(j) for j in range(COLUMNS)]
        loose = [len(column) - kept[j] for j, column in enumerate(self.columns)]
        needs = [len(self.want[j]) - kept[j] for j in range(COLUMNS)]
        pool = max(range(COLUMNS), key=lambda j: (loose[j] == 0, needs[j], -j))
        other = 1 if pool == 0 else 0
        if loose[pool]:
            self.take(f"t{other}", f"t{pool}", loose[pool])
        for suit in SUITS:
            while self.up[SUITS.index(suit)] > self.want_up[SUITS.index(suit)]:
                self.take(f"t{pool}", "f" + suit)
        for k, held in enumerate(self.cells):
            if held is not None and held != self.want_cells[k]:
                self.take(f"t{pool}", f"c{k}")
        for j in range(COLUMNS):
            if j != pool and len(self.columns[j]) > kept[j]:
                self.take(f"t{pool}", f"t{j}", len(self.columns[j]) - kept[j])
        base = kept[pool]
        for j in range(COLUMNS):
            if j != pool:
                for card in self.want[j][kept[j]:]:
                    self.fetch(card, pool, base, f"t{j}")
        for k, card in enumerate(self.want_cells):
            if card is not None and self.cells[k] is None:
                self.fetch(card, pool, base, f"c{k}")
        if self.columns[pool] != self.want[pool]:
            rest = len(self.columns[pool]) - base
            self.take(f"t{other}", f"t{pool}", rest)
            holding = len(self.columns[other]) - rest
            for card in self.want[pool][base:]:
                self.fetch(card, other, holding, f"t{pool}")

    def steps(self):
        self.straight()
        if (self.columns, self.cells, self.up) != (self.want, self.want_cells, self.want_up):
            self.gathered()
        return self.taken[::-1]


def _steps_between(earlier, later):
    steps = _Rebuild(earlier, later).steps()
    if _undone_by_steps(later, steps) != earlier:
        raise ValueError("no steps found that take the FreeCell board back")  # a bug here, never data
    return steps


def freecell_forwards(data):
    history = data.get("history") or []
    if not history or not isinstance(history[0], list):
        return None
    later, lines = _freecell_board(data), []
    for steps in reversed(history):
        earlier = _undone_by_steps(later, steps)
        lines.append(_line(FREECELL_PILES, FREECELL_VALUES, earlier, later))
        later = earlier
    return {**data, "history": lines[::-1]}


def freecell_backwards(data):
    history = data.get("history") or []
    if not history or not isinstance(history[0], str):
        return None
    later, entries = _freecell_board(data), []
    for line in reversed(history):
        earlier = _from_line(FREECELL_PILES, FREECELL_VALUES, later, line)
        entries.append(_steps_between(earlier, later))
        later = earlier
    return {**data, "history": entries[::-1]}


def _convert(apps, changes):
    Table = apps.get_model("games", "Table")
    changed = []
    tables = Table.objects.filter(game__in=changes, state__isnull=False).only("game", "state")
    for table in tables.iterator(BATCH):
        state = changes[table.game](table.state)
        if state is not None:
            table.state = state
            changed.append(table)
        if len(changed) == BATCH:
            Table.objects.bulk_update(changed, ["state"])
            changed = []
    Table.objects.bulk_update(changed, ["state"])


def forwards(apps, schema_editor):
    _convert(apps, {"klondike": klondike_forwards, "freecell": freecell_forwards})


def backwards(apps, schema_editor):
    _convert(apps, {"klondike": klondike_backwards, "freecell": freecell_backwards})


class Migration(migrations.Migration):
    dependencies = [("games", "0010_deal_numbers")]

    operations = [migrations.RunPython(forwards, backwards)]
