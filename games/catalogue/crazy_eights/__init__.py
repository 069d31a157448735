"""Crazy Eights: shed your hand by matching suit or rank; eights are wild and call the suit."""

from games.catalogue.crazy_eights import bots, engine, rules
from games.catalogue.game import Game, register
from games.kit.terms import CARD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    terms=(*CARD_TERMS, "stock", "discard pile", "wild card", "crazy eight", "going out", "target score"),
))
