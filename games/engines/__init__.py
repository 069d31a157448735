"""The game engines: pure Python, no Django import anywhere below this package.

``get(slug)`` and ``all()`` are the registry. A new game is one module here, imported
below so that it registers itself.
"""

# Each import registers its engine; the order is the catalogue's.
from games.engines import hearts  # noqa: F401, I001  # isort: skip
from games.engines import rummy  # noqa: F401  # isort: skip
from games.engines import gin_rummy  # noqa: F401  # isort: skip
from games.engines import klondike  # noqa: F401  # isort: skip
from games.engines import freecell  # noqa: F401  # isort: skip
from games.engines.base import IllegalMove, get
from games.engines.base import all_engines as all

__all__ = ["IllegalMove", "all", "get"]
