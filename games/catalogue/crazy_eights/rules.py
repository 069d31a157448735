"""Crazy Eights: what each table option changes."""

from games.kit.rules_text import OptionText, RulesText

RULES = RulesText(
    description="How to play Crazy Eights: matching the top card by suit or rank, eights that call the suit, "
                "drawing when stuck, and scoring the cards left in hand, with worked examples and tips.",
    options={
        "hand_size": OptionText(
            what="How many cards each player is dealt.",
            choices={
                "standard": "Five each, or seven when two play.",
                5: "Five each, whatever the number of players.",
                7: "Seven each, whatever the number of players.",
            },
            labels={"standard": "5 (7 for two)", 5: "5", 7: "7"},
        ),
        "play_several": OptionText(
            what="Whether several cards of one rank may be played in one turn.",
            choices={
                True: "They may, eights excepted, when the first one matches: the last one played is the new top card.",
                False: "One card a turn.",
            },
        ),
        "draw_rule": OptionText(
            what="How many cards a player without a play draws before passing.",
            choices={
                "up_to_3": "Up to three; a drawn card that can be played may be played at once.",
                "until_playable": "As many as it takes to find a card that can be played.",
                "one_then_pass": "One; play it if you can, else pass.",
            },
            labels={"up_to_3": "up to 3", "until_playable": "until playable", "one_then_pass": "one, then pass"},
        ),
        "target_score": OptionText(
            what="How long the match lasts.",
            choices={
                100: "Until a player's total reaches 100 points.",
                200: "Until a player's total reaches 200 points.",
                250: "Until a player's total reaches 250 points.",
                0: "One round only: whoever goes out wins.",
            },
            labels={100: "100", 200: "200", 250: "250", 0: "one round"},
        ),
    },
)
