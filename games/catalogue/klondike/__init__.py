"""Klondike: the patience game, draw 1 or 3, with a solver for hints and winnable deals."""

from games.catalogue.game import PATIENCE_FACTS, Game, register
from games.catalogue.klondike import engine, rules, solver
from games.kit.terms import CARD_TERMS, PATIENCE_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    solver=solver,
    solo=True,
    timed=True,
    stats_facts=PATIENCE_FACTS,
    winnable_option="winnable_only",
    terms=(*CARD_TERMS, *PATIENCE_TERMS, "aces low", "pass", "stock", "waste", "face-down cards",
           "face-up cards", "redeal"),
))
