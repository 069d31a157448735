"""Shithead: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Shithead (Palace): face-down, face-up and hand cards, playing equal or higher, "
                "twos that reset and tens that burn the pile, picking up, and not being the last one out.",
    options={
        "may_pick_up": OptionText(
            what="Whether you may pick up the pile when you could play.",
            choices={
                True: "You may pick up the pile at any turn, to keep a good card for later.",
                False: "You pick up only when nothing you hold may be played.",
            },
        ),
    },
)
