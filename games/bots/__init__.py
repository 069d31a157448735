"""Move choosers per game and level: pure Python, no Django import anywhere below here.

``get(slug, level)`` finds a bot and ``levels(slug)`` lists a game's levels, weakest
first. A new game's bots are one module here, added to ``_LEVELS`` below.
"""

from __future__ import annotations

from games.bots import gin_rummy, hearts, rummy
from games.bots.base import Bot, RandomBot

# slug -> the game's bots, weakest first.
_LEVELS: dict[str, tuple[Bot, ...]] = {
    "hearts": hearts.LEVELS,
    "gin_rummy": gin_rummy.LEVELS,
    "rummy": rummy.LEVELS,
}


def levels(slug: str) -> list[str]:
    """The level names of a game's bots, weakest first."""
    return [bot.level for bot in _bots_of(slug)]


def get(slug: str, level: str) -> Bot:
    for bot in _bots_of(slug):
        if bot.level == level:
            return bot
    known = ", ".join(levels(slug))
    raise LookupError(f"{slug!r} has no bot level {level!r}; its levels are {known}")


def _bots_of(slug: str) -> tuple[Bot, ...]:
    try:
        return _LEVELS[slug]
    except KeyError:
        raise LookupError(f"no bots are registered for {slug!r}") from None


__all__ = ["Bot", "RandomBot", "get", "levels"]
