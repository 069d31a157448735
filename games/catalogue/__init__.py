"""The game catalogue: every game the site offers, one package each, pure Python.

``get(slug)`` and ``all()`` are the registry; each package's ``GAME`` is its descriptor
(``games.catalogue.game.Game``). A new game is a package here and one line below.
"""

from __future__ import annotations

from games.catalogue import freecell, gin_rummy, hearts, klondike, rummy  # noqa: I001
from games.catalogue.game import HIGHER, LOWER, Game

# The order is the site's: home page, menus, rankings.
_GAMES: dict[str, Game] = {game.slug: game for game in (
    hearts.GAME,
    rummy.GAME,
    gin_rummy.GAME,
    klondike.GAME,
    freecell.GAME,
)}


def get(slug: str) -> Game:
    try:
        return _GAMES[slug]
    except KeyError:
        raise LookupError(f"no game is registered as {slug!r}") from None


def all() -> list[Game]:  # noqa: A001  # the registry's own word, as in get/all
    """Every game, in the site's order."""
    return list(_GAMES.values())


__all__ = ["HIGHER", "LOWER", "Game", "all", "get"]
