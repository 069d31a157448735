"""Solvers for the patience games: pure Python, no Django.

``solver_for(slug)`` is the registry: a module with ``solve(state, max_nodes=, max_seconds=)``
(a winning list of moves in the engine's grammar, or something else when none was found)
and ``hint(state, budget, max_seconds=)`` (the next move of a winning line, or None).
"""

from importlib import import_module

_SOLVERS = {"freecell": "games.solitaire.freecell_solver", "klondike": "games.solitaire.klondike_solver"}


def solver_for(slug: str):
    """The game's solver module, or None for games without one."""
    name = _SOLVERS.get(slug)
    return import_module(name) if name else None


def winning_line(slug: str, state, *, max_nodes: int, max_seconds: float) -> list[str] | None:
    """Moves that win from ``state``, if the game's solver finds them within the budget."""
    solver = solver_for(slug)
    if solver is None:
        return None
    moves = solver.solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    return moves if isinstance(moves, list) else None
