"""Gin Rummy: two players, knock or go gin, first to the target score."""

from games.catalogue.game import Game
from games.catalogue.gin_rummy import bots, engine, rules

GAME = Game(engine=engine.ENGINE, rules=rules.RULES, bots=bots.LEVELS)
