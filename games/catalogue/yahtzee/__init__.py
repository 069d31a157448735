"""Yahtzee: five dice, three rolls a turn, thirteen boxes; a perfect solitaire bot."""

from games.catalogue.game import MATCH_FACTS, Game, register
from games.catalogue.yahtzee import bots, coach, engine, rules

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    coach=coach,
    stats_facts=MATCH_FACTS,  # alone or not, the best and the average total
    terms=("category", "Yahtzee", "full house", "straight", "upper bonus", "bot"),
    about="A dice game, not a card game: roll five dice up to three times a turn and write the throw in one of "
          "thirteen boxes, each used once.",
))
