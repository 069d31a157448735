"""Hearts: four players, passing, tricks, lowest total wins."""

from games.catalogue.game import LOWER, Game, register
from games.catalogue.hearts import bots, engine, expert, rules
from games.kit.terms import CARD_TERMS, TRICK_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=(*bots.LEVELS, expert.ExpertBot()),
    score_order_of=lambda options: LOWER,  # points are penalties
    terms=(*CARD_TERMS, *TRICK_TERMS, "aces high", "target score", "penalty points", "void",
           "breaking hearts", "point cards", "shooting the moon", "pass"),
))
