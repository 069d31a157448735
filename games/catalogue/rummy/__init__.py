"""Rummy: melds and lay-offs, two to six players."""

from games.catalogue.game import HIGHER, LOWER, Game
from games.catalogue.rummy import bots, engine, rules

GAME = Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    # Penalty scoring charges each loser their deadwood; "winner takes" pays it to the winner.
    score_order_of=lambda options: LOWER if options["scoring"] == "penalty" else HIGHER,
)
