"""Hearts: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Hearts: passing, following suit, breaking hearts, the queen of spades, "
                "shooting the moon and scoring, with worked examples and strategy tips.",
    options={
        "target_score": OptionText(
            what="How long the match lasts: it ends after the hand in which somebody's total reaches this "
                 "score, as long as one player alone has the lowest total.",
            each="The match ends once a player has {choice} points or more.",
        ),
        "queen_breaks_hearts": OptionText(
            what="Whether the queen of spades counts as breaking hearts when she is played.",
            choices={
                False: "Our house rule: the queen may be played whenever the other rules allow, and hearts stay "
                       "unbroken until an actual heart is played.",
                True: "Once the queen of spades has been played to a trick, anyone may lead hearts, as if a heart "
                      "had been played.",
            },
        ),
    },
)
