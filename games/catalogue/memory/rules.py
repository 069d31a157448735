"""Memory: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Memory (Concentration): turn two cards a turn, keep the pairs of rank and colour, "
                "go again after a pair, and remember where every card lies.",
    options={
        "pairs": OptionText(
            what="How many pairs are laid out.",
            choices={
                8: "8 pairs, a 4 by 4 grid: a quick game.",
                18: "18 pairs, a 6 by 6 grid.",
                26: "All 26 pairs of the deck, 4 rows of 13: a long game.",
            },
            labels={8: "8 pairs", 18: "18 pairs", 26: "26 pairs"},
        ),
    },
)
