"""The game catalogue: every game the site offers, one package each, pure Python.

``get(slug)`` and ``all()`` are the registry; each package's ``GAME`` is its descriptor
(``games.catalogue.game.Game``), registered when the package is imported. A new game is a
package here and one import line below.
"""

from __future__ import annotations

from games.catalogue.game import HIGHER, LOWER, Game, all_games, get  # noqa: I001

# Each import registers its game; the order is the site's (home page, menus, rankings).
from games.catalogue import hearts  # noqa: F401, E402  # isort: skip
from games.catalogue import spades  # noqa: F401, E402  # isort: skip
from games.catalogue import oh_hell  # noqa: F401, E402  # isort: skip
from games.catalogue import rummy  # noqa: F401, E402  # isort: skip
from games.catalogue import gin_rummy  # noqa: F401, E402  # isort: skip
from games.catalogue import crazy_eights  # noqa: F401, E402  # isort: skip
from games.catalogue import shithead  # noqa: F401, E402  # isort: skip
from games.catalogue import cribbage  # noqa: F401, E402  # isort: skip
from games.catalogue import yahtzee  # noqa: F401, E402  # isort: skip
from games.catalogue import memory  # noqa: F401, E402  # isort: skip
from games.catalogue import klondike  # noqa: F401, E402  # isort: skip
from games.catalogue import freecell  # noqa: F401, E402  # isort: skip

all = all_games  # noqa: A001  # the registry's own word, as in get/all

__all__ = ["HIGHER", "LOWER", "Game", "all", "get"]
