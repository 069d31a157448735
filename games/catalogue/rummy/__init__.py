"""Rummy: melds and lay-offs, two to six players."""

from games.catalogue.game import HIGHER, LOWER, Game, register
from games.catalogue.rummy import bots, engine, rules
from games.kit.terms import CARD_TERMS, MELD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    # Penalty scoring charges each loser their deadwood; "winner takes" pays it to the winner.
    score_order_of=lambda options: LOWER if options["scoring"] == "penalty" else HIGHER,
    terms=(*CARD_TERMS, *MELD_TERMS, "aces low", "round", "target score", "penalty points", "run",
           "going out", "going rummy", "joker", "wild card"),
))
