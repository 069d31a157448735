"""Oh Hell!: three to seven players, a round of each hand size, bids to hit exactly."""

from games.catalogue.game import Game, register
from games.catalogue.oh_hell import bots, engine, expert, rules
from games.kit.terms import CARD_TERMS, TRICK_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=(*bots.LEVELS, expert.ExpertBot()),
    terms=(*CARD_TERMS, *TRICK_TERMS, "aces high", "void", "trump", "bid", "hook"),
))
