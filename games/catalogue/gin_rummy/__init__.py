"""Gin Rummy: two players, knock or go gin, first to the target score."""

from games.catalogue.game import Game, register
from games.catalogue.gin_rummy import bots, engine, expert, rules
from games.kit.terms import CARD_TERMS, MELD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=(*bots.LEVELS, expert.ExpertBot()),
    terms=(*CARD_TERMS, *MELD_TERMS, "aces low", "round", "target score", "void", "pass", "run",
           "knock", "gin", "big gin", "undercut", "box", "shutout"),
))
