"""Rummy: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Rummy: drawing, melding sets and runs, laying off, discarding, going out, "
                "going rummy and scoring, with the house options, examples and strategy tips.",
    options={
        "melds_per_turn": OptionText(
            what="How many new melds a player may lay down in one turn.",
            choices={
                "one": "At most one new meld a turn (laying off is still unlimited).",
                "any": "As many melds as you can make in the same turn.",
            },
        ),
        "scoring": OptionText(
            what="Who scores the cards left in hand when a round ends.",
            choices={
                "penalty": "Every losing player adds the value of their own hand to their total, as penalty "
                           "points; the lowest total wins.",
                "winner_takes": "The player who went out scores the value of every other hand; the highest total "
                                "wins.",
            },
            labels={"winner_takes": "winner takes all"},
        ),
        "target_score": OptionText(
            what="The total that ends the match (when the rounds option is 0).",
            each="The match ends at the end of the round in which a total reaches {choice}.",
        ),
        "rounds": OptionText(
            what="Play a fixed number of rounds instead of playing to the target score.",
            choices={0: "No fixed number: play until someone reaches the target score."},
            labels={0: "none (to the target)"},
            each="Exactly {choice} rounds are played, whatever the totals; the target score is ignored.",
        ),
        "aces": OptionText(
            what="Where the ace sits in a run, and what it costs in hand.",
            choices={
                "low": "Aces are low only: A-2-3 is a run, Q-K-A is not. An ace left in hand counts 1.",
                "high_or_low": "An ace may end a run at either end (A-2-3 or Q-K-A, never K-A-2). Being more "
                               "useful, an ace left in hand counts 15.",
            },
        ),
        "jokers": OptionText(
            what="Whether the two jokers join the deck as wild cards.",
            choices={
                "off": "A plain 52-card deck.",
                "on": "Two jokers are added. A joker stands for any card in a meld (a meld needs at least two "
                      "real cards); on your turn you may take one from the table by putting the real card it "
                      "stands for in its place. A joker left in hand counts 15.",
            },
        ),
        "meld_before_layoff": OptionText(
            what="Whether you must have a meld of your own on the table before you lay off.",
            choices={
                "off": "Anyone may lay off on any meld from their first turn.",
                "on": "You may lay off (or swap a joker) only after you have laid down a meld this round.",
            },
        ),
        "discard_to_go_out": OptionText(
            what="How your last card must leave your hand.",
            choices={
                "off": "You may go out by melding or laying off your last cards, or by discarding.",
                "on": "Your last card must be a discard, so you may not meld or lay off down to an empty hand.",
            },
        ),
        "empty_stock": OptionText(
            what="What happens when a player must draw and the stock is empty.",
            choices={
                "reshuffle": "The discard pile, all but its top card, is shuffled into a new stock and play goes on.",
                "turn_over": "The first time, the discard pile is turned over, unshuffled, to become the stock, and "
                             "its top card starts a new discard pile. The second time, the round ends: the lowest "
                             "hand wins it.",
                "block": "The round ends at once (block rummy). Each hand is scored as it stands.",
            },
        ),
    },
)
