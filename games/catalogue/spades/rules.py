"""Spades: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Spades: partnerships, bidding tricks and nil, spades as trumps, breaking spades, "
                "bags and scoring, with worked examples and strategy tips.",
    options={
        "target_score": OptionText(
            what="How long the match lasts: it ends after the hand in which a team's total reaches this score, "
                 "with the higher total winning.",
            each="The match ends once a team has {choice} points or more.",
        ),
        "blind_nil": OptionText(
            what="Whether a player whose team trails by 100 points or more may bid blind nil, before seeing a card.",
            choices={
                False: "Nobody bids blind: every player sees their cards before bidding.",
                True: "A player whose team trails by 100 or more sees no card until they have bid, and may bid "
                      "blind nil: 200 points if they take no trick, minus 200 if they take one.",
            },
        ),
        "nil_tricks_count": OptionText(
            what="Whether the tricks a nil bidder is forced to take count towards their partner's bid.",
            choices={
                False: "They do not: the nil fails, and the partner must make the team's bid alone.",
                True: "They do: the nil still fails, but its tricks help the partner make the bid (and may be bags).",
            },
        ),
        "mercy": OptionText(
            what="Whether a team that has sunk to minus 200 or below loses at once.",
            choices={
                False: "The match goes on until a team reaches the target, however far behind the other is.",
                True: "After any hand that leaves a team at minus 200 or below, the match ends and that team loses.",
            },
        ),
    },
)
