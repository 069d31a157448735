"""FreeCell: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play FreeCell: columns, free cells and foundations, moving cards and whole "
                "runs (supermoves), with worked examples and strategy tips.",
    options={
        "auto_foundation": OptionText(
            what="Whether cards that can no longer be useful on the table go up to the foundations by themselves.",
            choices={
                True: "After each move, every safe card goes to its foundation as part of that move. A card is "
                      "safe when it is an ace or a 2, or when both foundations of the other colour already hold "
                      "the card one rank below it.",
                False: "Nothing moves by itself: you put every card on the foundations yourself.",
            },
        ),
        "winnable_only": OptionText(
            what="Whether the site deals only games that are known to be winnable.",
            choices={
                False: "Any Microsoft deal number (almost all of them can be won; deal 11982 famously cannot).",
                True: "Only deal numbers a solver has won.",
            },
        ),
    },
)
