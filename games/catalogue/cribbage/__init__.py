"""Cribbage: lay away to the crib, peg to 31, count the show; first round the board to 121."""

from games.catalogue.cribbage import bots, engine, rules
from games.catalogue.game import MATCH_FACTS, Game, register
from games.kit.terms import CARD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    stats_facts=(*MATCH_FACTS, "marks"),  # the skunks given and taken
    terms=(*CARD_TERMS, "crib", "starter", "pegging", "fifteen", "pair", "go", "his heels", "nobs", "skunk"),
    about="Pegs race round a board of holes: points come from the cards played to a running count, then from "
          "each hand counted aloud.",
))
