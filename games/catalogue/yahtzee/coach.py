"""Yahtzee's coach at a table of one: the hint during the game and the analysis after it, both
from the perfect strategy's table (``table.ready``; while it loads they say so and wait)."""

from __future__ import annotations

from games.catalogue.yahtzee import analysis, table

LOADING = "The perfect strategy is still loading; ask again in a minute."


def hint(state) -> tuple[str, str]:
    """(words, move): what the perfect strategy would do now, and by how much it is best."""
    if state.rolls == 0:
        return "Roll: a turn starts with all five dice.", "roll"
    values = table.ready()
    if values is None:
        return LOADING, ""
    best = analysis.hint(values, state)
    return str(best), best.move


def analyse(moves: list[str], *, seed: str, options: dict) -> list[analysis.Choice] | None:
    """Each choice of a finished game beside the perfect one; None while the table loads."""
    values = table.ready()
    if values is None:
        return None
    return analysis.analyse(values, moves, seed=seed, options=options)
