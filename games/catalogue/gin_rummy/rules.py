"""Gin Rummy: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Gin Rummy: the up-card, melds and deadwood, knocking, gin, laying off, "
                "undercuts and the match bonuses, with worked examples and strategy tips.",
    options={
        "knock_limit": OptionText(
            what="The most deadwood a hand may hold when its player knocks.",
            choices={0: "No knocking with deadwood at all: a hand ends only with gin."},
            each="You may knock with {choice} points of deadwood or less.",
        ),
        "oklahoma": OptionText(
            what="Whether each hand's first up-card sets that hand's knock limit (Oklahoma Gin).",
            choices={
                False: "The knock limit is the same in every hand.",
                True: "The limit for the hand is the up-card's value (a face card 10) or the knock limit, "
                      "whichever is lower; an ace up-card means gin only.",
            },
        ),
        "target_score": OptionText(
            what="The score that ends the match; the bonuses are added after it is reached.",
            each="The match ends when a player's hand points reach {choice}.",
        ),
    },
)
