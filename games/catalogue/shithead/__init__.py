"""Shithead (Palace): shed your hand, then your face-up and face-down cards; last one out loses."""

from games.catalogue.game import Game, register
from games.catalogue.shithead import bots, engine, rules
from games.kit.terms import CARD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    terms=(*CARD_TERMS, "stock", "going out", "aces high", "pick up the pile", "burn"),
    also_called=("Palace",),
    about="The name is the title the last player left holding cards gets: nobody wants to be the Shithead.",
))
