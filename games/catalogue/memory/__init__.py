"""Memory (Concentration): pairs face down, two flips a turn; bots that forget, or not."""

from games.catalogue.game import Game, register
from games.catalogue.memory import bots, engine, rules
from games.kit.terms import CARD_TERMS

GAME = register(Game(
    engine=engine.ENGINE,
    rules=rules.RULES,
    bots=bots.LEVELS,
    # Alone, the fewest turns (the result's moves) and the best time; with others, wins.
    stats_facts=("played", "won", "win_rate", "streaks", "fewest_moves", "best_time"),
    terms=(*CARD_TERMS, "pair", "turn over"),
    also_called=("Concentration", "Pairs", "Pelmanism"),
    about="Every card lies face down; turn two a turn and keep them if they pair by rank and colour. The game "
          "is remembering where you saw each one.",
))
