"""Yahtzee: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Yahtzee: three rolls a turn, thirteen boxes to fill, the upper bonus at 63, "
                "extra Yahtzees and the joker rule, with worked examples and what the best play looks like.",
    options={
        "extra_yahtzees": OptionText(
            what="What a second Yahtzee is worth.",
            choices={
                True: "Each Yahtzee after one scored 50 adds 100 and is a joker (the forced-joker rule).",
                False: "A second Yahtzee is only dice: it scores in a box like any roll.",
            },
        ),
    },
)
