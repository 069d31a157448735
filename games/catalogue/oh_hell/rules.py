"""Oh Hell!: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Oh Hell!: a round of every hand size, the turned-up trump, bidding exactly "
                "the tricks you will take, the dealer's hook and scoring, with worked examples and strategy tips.",
    options={
        "rounds": OptionText(
            what="The order of the hand sizes, round by round.",
            choices={
                "down_up": "From the largest hand down to one card, then back up: 19 rounds with four players.",
                "up_down": "From one card up to the largest hand, then back down.",
                "down": "From the largest hand down to one card only: a shorter match.",
            },
            labels={"down_up": "down then up", "up_down": "up then down", "down": "down only"},
        ),
        "hook": OptionText(
            what="Whether the dealer, who bids last, may make the bids add up to the number of tricks.",
            choices={
                True: "The dealer may not: someone is sure to miss their bid.",
                False: "The dealer may bid any number, and everyone may make their bid.",
            },
        ),
        "scoring": OptionText(
            what="How a round is scored.",
            choices={
                "tricks_plus_10": "Every trick taken scores 1, and taking exactly the bid scores 10 more.",
                "exact_only": "Taking exactly the bid scores 10 plus the bid; any other number of tricks scores nothing.",
            },
            labels={"tricks_plus_10": "tricks plus 10", "exact_only": "exact bid only"},
        ),
    },
)
