"""The FreeCell solver: its solutions win when played through the engine, its hints are legal."""

import subprocess
import sys

import pytest

from games.catalogue.freecell.engine import ENGINE as freecell
from games.catalogue.freecell.solver import hint, solve

# Deals 1 and 617 (a hard one) among a spread up to Windows 7's last deal number.
SAMPLE = [*range(1, 7), 100, 164, 250, 617, 892, 1000, 1941, 5000, 10000, 12345, 20000, 100000, 500000, 10**6]


def won_by(state, moves):
    for move in moves:
        assert move in freecell.legal_moves(state, 0), move
        state = freecell.apply(state, 0, move)
    return freecell.is_over(state)


@pytest.mark.parametrize("deal", SAMPLE)
def test_the_solution_of_a_deal_wins_when_played(deal):
    state = freecell.new_game(1, seed=str(deal))
    moves = solve(state)
    assert moves and won_by(state, moves)
    assert "undo" not in moves


def test_deal_11982_cannot_be_won_and_the_solver_does_not_pretend():
    assert solve(freecell.new_game(1, seed="11982"), max_nodes=1000, max_seconds=5) is None


def test_without_automatic_moves_the_solution_sends_the_cards_up_itself():
    state = freecell.new_game(1, seed="1", options={"auto_foundation": False})
    moves = solve(state)
    assert moves and won_by(state, moves)
    assert sum(move.split()[2][0] == "f" for move in moves) == 52


def test_the_solver_picks_up_a_game_in_progress():
    state = freecell.new_game(1, seed="2")
    for move in ("move t0 c1", "move t1 c3", "move t2 c0"):
        state = freecell.apply(state, 0, move)
    moves = solve(state)
    assert moves and won_by(state, moves)


def test_a_hint_is_a_legal_move_on_the_way_to_a_win():
    state = freecell.new_game(1, seed="617")
    for _ in range(3):
        move = hint(state, 50_000)
        assert move in freecell.legal_moves(state, 0)
        state = freecell.apply(state, 0, move)
    assert won_by(state, solve(state))


def test_a_won_game_needs_no_moves_and_gets_no_hint():
    state = freecell.new_game(1, seed="3")
    for move in solve(state):
        state = freecell.apply(state, 0, move)
    assert freecell.is_over(state)
    assert solve(state) == [] and hint(state) is None


def test_the_solver_loads_without_django():
    code = "import sys, games.catalogue.freecell.solver; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
