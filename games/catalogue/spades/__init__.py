"""Spades: four players in two partnerships, bids, spades as trumps."""

from games.catalogue.game import Game, register
from games.catalogue.spades import bots, engine, expert, rules
from games.kit.terms import CARD_TERMS, TRICK_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=(*bots.LEVELS, expert.ExpertBot()),
    teams_of=lambda options, players: [(0, 2), (1, 3)],  # partners sit opposite
    terms=(*CARD_TERMS, *TRICK_TERMS, "aces high", "target score", "void", "trump", "breaking spades", "bid",
           "nil", "bag"),
))
