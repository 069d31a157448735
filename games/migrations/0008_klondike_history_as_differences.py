"""Klondike's stored undo history: from a whole board per move to what each move changed
(see ``games.catalogue.klondike.engine._difference``), for the tables saved before.

It uses the engine's own board helpers, so that the stored entries are exactly what the
engine writes; both directions are tested in ``tests/web/test_klondike_history_migration.py``.
"""

from itertools import pairwise

from django.db import migrations

from games.catalogue.klondike.engine import _board_data, _board_from, _difference, _restored

BATCH = 500


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
