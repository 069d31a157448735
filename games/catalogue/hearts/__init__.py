"""Hearts: four players, passing, tricks, lowest total wins."""

from games.catalogue.game import LOWER, Game
from games.catalogue.hearts import bots, engine, rules

GAME = Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    score_order_of=lambda options: LOWER,  # points are penalties
)
