"""Reads that views share."""

from games import engines
from games.engines.base import Engine


def game_catalogue() -> list[Engine]:
    """Every playable game, in the order the registry lists them."""
    return engines.all()
