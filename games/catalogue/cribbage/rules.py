"""Cribbage: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Cribbage: the crib, pegging to 31 with fifteens, pairs and runs, the show counted "
                "aloud, his heels and his nobs, muggins and skunks, with worked examples and tips.",
    options={
        "target_score": OptionText(
            what="How far round the board the game goes.",
            choices={
                121: "To 121 points, twice round the board: the standard game. A loser under 91 is skunked, "
                     "under 61 double skunked.",
                61: "To 61 points, once round: a short game. A loser under 31 is skunked.",
            },
        ),
        "muggins": OptionText(
            what="Who counts the show.",
            choices={
                False: "The table counts every hand for you, in words.",
                True: "You claim your own count; whatever you miss, the player on your left takes (muggins).",
            },
        ),
    },
)
