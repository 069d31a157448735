"""Klondike: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Klondike solitaire: the tableau, stock, waste and foundations, which moves "
                "are allowed, draw one or draw three, scoring, with examples and strategy tips.",
    options={
        "draw": OptionText(
            what="How many cards each turn of the stock moves to the waste.",
            choices={
                1: "One card at a time: every card of the stock can be reached on every pass.",
                3: "Three at a time, and only the top one of them may be played, which makes the game harder.",
            },
        ),
        "passes": OptionText(
            what="How many times you may go through the stock.",
            choices={
                "unlimited": "No limit: whenever the stock is empty, the waste may be turned over to be the stock "
                             "again.",
                1: "One pass only: the waste is never turned back, so every card of the stock is seen once.",
                3: "Three passes in all: the waste may be turned back into the stock twice.",
            },
            each="{choice} passes through the stock in all.",
        ),
        "scoring": OptionText(
            what="How the game is scored.",
            choices={
                "none": "No score: the game counts only your moves and time.",
                "standard": "Windows points: +10 for each card put on a foundation, +5 for a card from the waste to "
                            "the tableau, +5 for each tableau card turned up, −15 for a card taken back from a "
                            "foundation. Turning the waste over costs 100 in draw 1 (after the first pass) and 20 "
                            "in draw 3 (after the third). The score never drops below 0.",
                "vegas": "Casino count: the game starts at −52, every card put on a foundation earns 5 and every "
                         "card taken back from one costs 5, so you are ahead only with eleven cards or more home.",
            },
        ),
        "auto_flip": OptionText(
            what="Whether a face-down tableau card turns over by itself when it is uncovered.",
            choices={
                True: "It turns over at once, as part of the move that uncovered it.",
                False: "You turn it over yourself, as a move of its own.",
            },
        ),
        "auto_finish": OptionText(
            what="Whether the game plays itself out once it can no longer be lost.",
            choices={
                True: "When the stock and waste are empty and every tableau card is face up, the cards go up to "
                      "the foundations by themselves.",
                False: "You play every card to the foundations yourself.",
            },
        ),
        "winnable_only": OptionText(
            what="Whether the site deals only games that are known to be winnable.",
            choices={
                False: "Any shuffle: some deals cannot be won, whatever you do.",
                True: "Only deals a solver has won with these options, so every game can be won.",
            },
        ),
    },
)
