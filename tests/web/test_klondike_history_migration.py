"""The data migration that stores Klondike's undo history as differences, both ways.

Since 0011 (``tests/web/test_patience_history_migration.py``) writes each difference as a
line of text, what 0008 writes is what 0011 then turns into the engine's form.
"""

import importlib

import pytest
from django.apps import apps

from games.catalogue.freecell.engine import ENGINE as freecell
from games.catalogue.klondike.engine import ENGINE as klondike
from games.catalogue.klondike.engine import _board
from games.models import Table

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0008_klondike_history_as_differences")
as_lines = importlib.import_module("games.migrations.0011_patience_history_as_lines")


def played(moves):
    """A Klondike game after ``moves`` legal moves (never undo), and its state as the old
    code stored it: every earlier board whole."""
    state = klondike.new_game(1, seed="migration", options={"draw": 3, "scoring": "standard"})
    boards = []
    for n in range(moves):
        legal = [move for move in klondike.legal_moves(state, 0) if move != "undo"]
        boards.append(migration._board_data((state.tableau, state.face_down, state.stock, state.waste,
                                             state.foundations, state.passes, state.score)))
        state = klondike.apply(state, 0, legal[(7 * n) % len(legal)])
    return state, {**klondike.dump(state), "history": boards}


def test_whole_boards_become_differences_and_back():
    state, old = played(60)
    table = Table.objects.create(game="klondike", seed="migration", state=old)
    patience = Table.objects.create(game="freecell", seed="1", state=freecell.dump(freecell.new_game(1, seed="1")))
    untouched = patience.state

    migration.forwards(apps, None)
    as_lines.forwards(apps, None)
    table.refresh_from_db()
    assert table.state == klondike.dump(state)
    loaded = klondike.load(table.state)
    for _ in range(60):
        loaded = klondike.apply(loaded, 0, "undo")
    assert _board(loaded) == _board(klondike.new_game(1, seed="migration", options={"draw": 3, "scoring": "standard"}))

    migration.forwards(apps, None)  # a second run finds nothing to change
    table.refresh_from_db()
    assert table.state == klondike.dump(state)

    as_lines.backwards(apps, None)
    migration.backwards(apps, None)
    table.refresh_from_db()
    patience.refresh_from_db()
    assert table.state == old and patience.state == untouched


def test_a_game_with_nothing_to_undo_is_left_as_it_is():
    state = klondike.new_game(1, seed="fresh")
    table = Table.objects.create(game="klondike", seed="fresh", state=klondike.dump(state))
    migration.forwards(apps, None)
    table.refresh_from_db()
    assert table.state == klondike.dump(state)
