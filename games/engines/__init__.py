"""The game engines: pure Python, no Django import anywhere below this package.

``get(slug)`` and ``all()`` are the registry. A new game is one module here, imported
below so that it registers itself.
"""

from games.engines import hearts  # noqa: F401  (registers the engine)
from games.engines.base import IllegalMove, get
from games.engines.base import all_engines as all

__all__ = ["IllegalMove", "all", "get"]
