"""The data migration that writes Klondike's and FreeCell's undo history as lines, both ways."""

import importlib
import random
from itertools import pairwise

import pytest
from django.apps import apps

from games.catalogue.freecell.engine import ENGINE as freecell
from games.catalogue.freecell.engine import automatic_moves
from games.catalogue.klondike.engine import ENGINE as klondike
from games.models import Table
from tests.catalogue.freecell.tables import position

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0011_patience_history_as_lines")
as_dicts = importlib.import_module("games.migrations.0008_klondike_history_as_differences")
KLONDIKE_OPTIONS = {"draw": 3, "scoring": "standard"}


def klondike_played(moves):
    """A Klondike game after ``moves`` legal moves, and its state as 0010 stored it: each
    difference a dict, each pile in it ``[kept, tail, cards]`` (0008's form, which 0008
    keeps a copy of)."""
    state = klondike.new_game(1, seed="lines", options=KLONDIKE_OPTIONS)
    boards = []
    for n in range(moves):
        legal = [move for move in klondike.legal_moves(state, 0) if move != "undo"]
        boards.append(old_board(state))
        state = klondike.apply(state, 0, legal[(7 * n) % len(legal)])
    boards.append(old_board(state))
    old = [as_dicts._difference(earlier, later) for earlier, later in pairwise(boards)]
    return state, {**klondike.dump(state), "history": old}


def old_board(state):
    return (state.tableau, state.face_down, state.stock, state.waste, state.foundations, state.passes, state.score)


def freecell_played(moves, *, seed, auto_foundation=True):
    """A FreeCell game after up to ``moves`` random legal moves, and its state as 0010 stored it:
    each entry the steps of a move, its own and the automatic ones after it."""
    rng = random.Random(seed)
    options = {"auto_foundation": auto_foundation, "winnable_only": False}
    state = freecell.new_game(1, seed=str(seed), options=options)
    old = []
    for _ in range(moves):
        legal = [move for move in freecell.legal_moves(state, 0) if move != "undo"]
        if not legal:
            break  # stuck: every free cell full and nothing fits
        # Mostly not to a free cell, or the walk soon fills them all and is stuck.
        to_columns = [move for move in legal if move.split()[2][0] != "c"]
        move = rng.choice(to_columns if to_columns and rng.random() < 0.8 else legal)
        old.append(old_steps(state, move))
        state = freecell.apply(state, 0, move)
    return state, {**freecell.dump(state), "history": old}


def old_steps(state, move):
    """The steps 0010 stored for ``move`` from ``state``: the move, then the automatic ones."""
    steps = [move.removeprefix("move ")]
    if state.auto_foundation:
        bare = freecell.load({**freecell.dump(state), "options": {"auto_foundation": False, "winnable_only": False}})
        steps += [step.removeprefix("move ") for step in automatic_moves(freecell.apply(bare, 0, move))]
    return steps


def undone_to_the_start(engine, data, moves):
    state = engine.load(data)
    for _ in range(moves):
        state = engine.apply(state, 0, "undo")
    return state


def test_both_games_convert_forwards_exactly_and_back():
    k_state, k_old = klondike_played(80)
    f_state, f_old = freecell_played(200, seed=81)
    k_table = Table.objects.create(game="klondike", seed="lines", state=k_old)
    f_table = Table.objects.create(game="freecell", seed="81", state=f_old)

    migration.forwards(apps, None)
    k_table.refresh_from_db()
    f_table.refresh_from_db()
    assert k_table.state == klondike.dump(k_state)
    assert f_table.state == freecell.dump(f_state)
    k_start = undone_to_the_start(klondike, k_table.state, 80)
    assert k_start.tableau == klondike.new_game(1, seed="lines", options=KLONDIKE_OPTIONS).tableau
    assert len(f_old["history"]) == 200 and sum(len(steps) > 2 for steps in f_old["history"]) >= 4
    f_start = undone_to_the_start(freecell, f_table.state, len(f_old["history"]))
    assert f_start.tableau == freecell.new_game(1, seed="81").tableau

    migration.forwards(apps, None)  # a second run finds nothing to change
    f_table.refresh_from_db()
    assert f_table.state == freecell.dump(f_state)

    migration.backwards(apps, None)
    k_table.refresh_from_db()
    f_table.refresh_from_db()
    assert k_table.state == k_old
    # FreeCell's steps are found again from the boards: the same board after every undo,
    # though automatic steps may come in another order.
    assert len(f_table.state["history"]) == len(f_old["history"])
    later = migration._freecell_board(f_old)
    for steps, found in zip(reversed(f_old["history"]), reversed(f_table.state["history"]), strict=True):
        earlier = migration._undone_by_steps(later, steps)
        assert migration._undone_by_steps(later, found) == earlier
        later = earlier


# Seeds whose walks send cards up by themselves after 5 or more of their moves.
@pytest.mark.parametrize("seed", [99, 14, 46, 8, 28])
def test_freecell_steps_are_found_again_for_any_move(seed):
    for auto_foundation in (True, False):
        state, old = freecell_played(200, seed=seed, auto_foundation=auto_foundation)
        assert not auto_foundation or sum(len(steps) > 1 for steps in old["history"]) >= 5
        back = migration.freecell_backwards(migration.freecell_forwards(old))
        assert migration.freecell_forwards(back) == freecell.dump(state)


@pytest.mark.parametrize(("columns", "move", "steps"), [
    # Cards going up one after the other from the column the move uncovered.
    ({0: ["KC", "2H", "AH", "9S"], 1: ["TH"]}, "move t0 t1", ["t0 t1", "t0 fH", "t0 fH"]),
    # The ace the run uncovered goes up, then the two on top of the run: only in this order
    # do the steps go back.
    ({0: ["KC", "AS", "3H", "2S"], 1: ["4S"]}, "move t0 t1 2", ["t0 t1 2", "t0 fS", "t1 fS"]),
])
def test_freecell_moves_with_automatic_steps_convert_both_ways(columns, move, steps):
    start = position(columns, auto_foundation=True)
    after = freecell.apply(start, 0, move)
    old = {**freecell.dump(after), "history": [old_steps(start, move)]}
    assert old["history"] == [steps]
    new = migration.freecell_forwards(old)
    assert new == freecell.dump(after)
    assert freecell.apply(freecell.load(new), 0, "undo").tableau == start.tableau
    found = migration.freecell_backwards(new)["history"][0]
    board = migration._freecell_board(new)
    assert migration._undone_by_steps(board, found) == migration._undone_by_steps(board, steps)
    assert migration._undone_by_steps(board, found) != migration._undone_by_steps(board, steps[::-1])


def test_a_board_the_old_undo_cannot_reach_is_refused():
    state, _ = freecell_played(30, seed=8)
    later = migration._freecell_board(freecell.dump(state))
    impossible = (*later[:-1], (13, 13, 13, 13))  # more cards up before than after
    with pytest.raises(ValueError):
        migration._steps_between(impossible, later)


def test_games_with_nothing_to_undo_are_left_as_they_are():
    fresh = {"klondike": klondike.dump(klondike.new_game(1, seed="fresh")),
             "freecell": freecell.dump(freecell.new_game(1, seed="9"))}
    tables = [Table.objects.create(game=game, seed="9", state=data) for game, data in fresh.items()]
    migration.forwards(apps, None)
    migration.backwards(apps, None)
    for table in tables:
        table.refresh_from_db()
        assert table.state == fresh[table.game]
