"""Klondike's stored undo history: from a whole board per move to what each move changed,
for the tables saved before.

The board helpers are the engine's as they were when this migration was written, copied
here so that later changes to the engine (0011 changed how an entry is written) leave
this step as it was; both directions are tested in
``tests/web/test_klondike_history_migration.py``.
"""

from itertools import pairwise
from typing import Any

from django.db import migrations

BATCH = 500


def _board_data(board: tuple) -> dict[str, Any]:
    tableau, face_down, stock, waste, foundations, passes, score = board
    return {
        "tableau": [list(pile) for pile in tableau],
        "face_down": list(face_down),
        "stock": list(stock),
        "waste": list(waste),
        "foundations": list(foundations),
        "passes": passes,
        "score": score,
    }


def _board_from(data: dict[str, Any]) -> tuple:
    return (
        tuple(tuple(pile) for pile in data["tableau"]),
        tuple(data["face_down"]),
        tuple(data["stock"]),
        tuple(data["waste"]),
        tuple(data["foundations"]),
        data["passes"],
        data["score"],
    )


def _difference(earlier: tuple, later: tuple) -> dict[str, Any]:
    """The piles, talon, counts and score of ``earlier`` that differ from ``later``."""
    tableau, face_down, stock, waste, foundations, passes, score = earlier
    entry: dict[str, Any] = {}
    for index, (pile, after) in enumerate(zip(tableau, later[0], strict=True)):
        if pile != after:
            entry[f"t{index}"] = _edit(pile, after)
    if stock != later[2]:
        entry["stock"] = _edit(stock, later[2])
    if waste != later[3]:
        entry["waste"] = _edit(waste, later[3])
    for key, value, after in (("face_down", face_down, later[1]), ("foundations", foundations, later[4])):
        if value != after:
            entry[key] = list(value)
    for key, value, after in (("passes", passes, later[5]), ("score", score, later[6])):
        if value != after:
            entry[key] = value
    return entry


def _restored(later: tuple, entry: dict[str, Any]) -> tuple:
    """The board that ``entry`` (see ``_difference``) was taken from."""
    tableau, face_down, stock, waste, foundations, passes, score = later
    tableau = tuple(_edited(pile, entry[f"t{index}"]) if f"t{index}" in entry else pile
                    for index, pile in enumerate(tableau))
    return (
        tableau,
        tuple(entry.get("face_down", face_down)),
        _edited(stock, entry["stock"]) if "stock" in entry else stock,
        _edited(waste, entry["waste"]) if "waste" in entry else waste,
        tuple(entry.get("foundations", foundations)),
        entry.get("passes", passes),
        entry.get("score", score),
    )


def _edit(old: tuple, new: tuple) -> list:
    """``[kept, tail, cards]``: ``old`` is the first ``kept`` cards of ``new``, then ``cards``,
    then the last ``tail`` cards of ``new``."""
    kept = 0
    most = min(len(old), len(new))
    while kept < most and old[kept] == new[kept]:
        kept += 1
    tail = 0
    while tail < most - kept and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return [kept, tail, list(old[kept:len(old) - tail])]


def _edited(new: tuple, edit: list) -> tuple:
    kept, tail, cards = edit
    return new[:kept] + tuple(cards) + new[len(new) - tail:]


def _whole_boards_to_differences(data):
    history = data.get("history") or []
    if not history or "tableau" not in history[0]:
        return None  # nothing to undo, or already the new form
    boards = [_board_from(entry) for entry in history] + [_board_from(data)]
    return {**data, "history": [_difference(earlier, later) for earlier, later in pairwise(boards)]}


def _differences_to_whole_boards(data):
    history = data.get("history") or []
    if not history or "tableau" in history[0]:
        return None
    later, boards = _board_from(data), []
    for entry in reversed(history):
        later = _restored(later, entry)
        boards.append(later)
    return {**data, "history": [_board_data(board) for board in reversed(boards)]}


def _convert(apps, change):
    Table = apps.get_model("games", "Table")
    changed = []
    for table in Table.objects.filter(game="klondike", state__isnull=False).only("state").iterator(BATCH):
        state = change(table.state)
        if state is not None:
            table.state = state
            changed.append(table)
        if len(changed) == BATCH:
            Table.objects.bulk_update(changed, ["state"])
            changed = []
    Table.objects.bulk_update(changed, ["state"])


def forwards(apps, schema_editor):
    _convert(apps, _whole_boards_to_differences)


def backwards(apps, schema_editor):
    _convert(apps, _differences_to_whole_boards)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_rated_finish_order")]

    operations = [migrations.RunPython(forwards, backwards)]
