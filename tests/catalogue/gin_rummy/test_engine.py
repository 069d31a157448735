"""Every rule of Gin Rummy, on hand-built decks. Seat 1 deals first, so seat 0 acts first."""

import json

import pytest

from games.kit import cards
from games.kit.engine import IllegalMove
from tests.catalogue.gin_rummy.tables import DEFENDER, KNOCKER, LOOSE, deal, gin, play, with_scores

BIG_GIN_HAND = ["AC", "2C", "3C", "4C", "5D", "5H", "5S", "9S", "TS", "JS"]
# Seat 0 may meld its fours as a set of four or keep 2C3C4C as a run.
FOURS = ["2C", "3C", "4C", "4D", "4H", "4S", "8S", "9S", "TS", "AD"]
HOLDS_5C = ["5C", "KS", "KD", "8D", "8C", "2H", "3D", "7C", "9H", "6D"]


def refused(state, seat, move, reason):
    before = gin.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        gin.apply(state, seat, move)
    assert gin.dump(state) == before, "a refused move must change nothing"


def knocked():
    """Seat 0 has taken the four of hearts and knocked with the king: 4 points of deadwood."""
    return play(deal(KNOCKER, DEFENDER, "4H"), "draw discard", "knock KH")


# -- the deal ------------------------------------------------------------------------------


def test_a_given_deck_deals_alternately_from_the_non_dealer_then_the_up_card_then_the_stock():
    state = deal(KNOCKER, DEFENDER, "4H", ["QD", "7S"])
    view = gin.view(state, 0)
    assert view["dealer"] == 1 and gin.to_move(state) == (0,) and view["phase"] == "offer"
    assert view["hand"] == cards.sort_cards(KNOCKER, aces_high=False)
    assert gin.view(state, 1)["hand"] == cards.sort_cards(DEFENDER, aces_high=False)
    assert view["discard_pile"] == ["4H"] and view["discard_top"] == "4H"
    assert view["stock_count"] == 31 and view["hand_counts"] == [10, 10]
    state = play(state, "pass", "pass", "draw stock")
    assert "QD" in gin.view(state, 0)["hand"] and gin.view(state, 0)["stock_count"] == 30
    state = play(state, "discard QD", "draw stock")
    assert "7S" in gin.view(state, 1)["hand"]


def test_the_seed_fixes_every_deal_and_differs_between_seeds():
    a1, a2, b = (gin.new_game(2, seed=seed) for seed in ("a", "a", "b"))
    assert gin.dump(a1) == gin.dump(a2)
    assert gin.view(a1, 0)["hand"] != gin.view(b, 0)["hand"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"deck": cards.standard_deck()[:51]}, "each of the 52"),
        ({"deck": ["ZZ"] + cards.standard_deck()[1:]}, "deck: 'ZZ'"),
        ({"options": {"knock_limit": 11}}, "knock_limit must be one of"),
        ({"options": {"jokers": True}}, "no option jokers"),
    ],
)
def test_bad_decks_and_options_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        gin.new_game(2, seed="s", **kwargs)
    with pytest.raises(ValueError, match="exactly 2 players"):
        gin.new_game(3, seed="s")


# -- the first turn ------------------------------------------------------------------------


def test_the_non_dealer_then_the_dealer_may_take_the_up_card_and_then_the_non_dealer_draws_from_stock():
    state = deal(KNOCKER, DEFENDER, "4H", ["QD"])
    assert gin.legal_moves(state, 0) == ["draw discard", "pass"] and gin.legal_moves(state, 1) == []
    refused(state, 1, "draw discard", "not your turn")
    refused(state, 0, "draw stock", "First take the up-card or pass")
    state = play(state, "pass")
    assert gin.to_move(state) == (1,) and gin.view(state, 1)["up_card_passes"] == 1
    dealer_takes = play(state, "draw discard")
    assert "4H" in gin.view(dealer_takes, 1)["hand"] and gin.view(dealer_takes, 1)["phase"] == "discard"
    assert gin.to_move(play(dealer_takes, "discard 8D")) == (0,)
    state = play(state, "pass")
    assert gin.to_move(state) == (0,) and gin.legal_moves(state, 0) == ["draw stock"]
    refused(state, 0, "draw discard", "both passed on the up-card")
    refused(state, 0, "pass", "only when the first up-card")


def test_the_card_just_taken_from_the_discard_pile_may_not_be_thrown_back():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")
    assert "discard 4H" not in gin.legal_moves(state, 0) and "discard KH" in gin.legal_moves(state, 0)
    assert gin.view(state, 1)["taken_from_discard"] == "4H"
    refused(state, 0, "discard 4H", "just took the four of hearts")
    refused(state, 0, "knock 4H", "just took")
    state = play(state, "discard KH", "draw discard")
    assert gin.view(state, 1)["hand_counts"] == [10, 11] and gin.view(state, 1)["discard_pile"] == []


# -- knocking, laying off and the score ----------------------------------------------------


def test_a_knock_shows_the_melds_and_the_defender_lays_off_then_the_knocker_scores_the_difference():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")
    moves = gin.legal_moves(state, 0)
    assert "knock KH" in moves and not any(move.startswith("gin") for move in moves)
    state = play(state, "knock KH")
    view = gin.view(state, 1)
    assert view["phase"] == "layoff" and gin.to_move(state) == (1,)
    assert view["knock"]["melds"] == [["AC", "2C", "3C"], ["5D", "5H", "5S"], ["9S", "TS", "JS"]]
    assert view["knock"]["deadwood"] == ["4H"] and view["knock"]["deadwood_count"] == 4
    assert view["knock"]["kind"] == "knock" and view["knock"]["knocker"] == 0
    assert view["discard_top"] == "KH"
    assert gin.legal_moves(state, 1) == ["layoff 4C 0", "layoff QS 2", "done"]
    state = play(state, "layoff 4C 0", "layoff QS 2")
    assert "layoff KS 2" in gin.legal_moves(state, 1)
    state = play(state, "layoff KS 2")
    view = gin.view(state, 0)
    assert view["knock"]["melds"][2] == ["9S", "TS", "JS", "QS", "KS"]
    assert view["knock"]["layoffs"] == [["4C", 0], ["QS", 2], ["KS", 2]]
    assert view["knock"]["defender"]["deadwood_count"] == 43
    state = play(state, "done")
    view = gin.view(state, None)
    assert view["scores"]["totals"] == [39, 0] and view["scores"]["boxes"] == [1, 0]
    assert view["scores"]["hands"] == [
        {
            "hand": 1,
            "dealer": 1,
            "result": "knock",
            "winner": 0,
            "points": 39,
            "knocker": 0,
            "deadwood": [4, 43],
        }
    ]
    assert view["last_hand"]["hands"][1]["deadwood"] == ["7C", "8C", "3D", "6D", "8D", "2H", "9H"]
    # The winner deals the next hand, so the other seat is offered the up-card.
    assert view["dealer"] == 0 and gin.to_move(state) == (1,) and view["phase"] == "offer"
    assert gin.hands_played(state) == 1 and gin.outcome(state) == {"scores": [39, 0], "ranks": [1, 2]}


def test_layoffs_must_fit_and_only_the_defender_lays_off():
    state = knocked()
    refused(state, 1, "layoff KS 2", "does not fit meld 3")
    refused(state, 1, "layoff 4C 7", "no meld 7")
    refused(state, 1, "layoff 4C", "like 'layoff 6S 0'")
    refused(state, 1, "layoff AD 0", "do not hold the ace of diamonds")
    refused(state, 1, "discard 4C", "has knocked")
    refused(state, 1, "draw stock", "has knocked")
    refused(state, 0, "done", "not your turn")
    refused(
        play(deal(KNOCKER, DEFENDER, "4H"), "draw discard"),
        0,
        "layoff 4C 0",
        "only after your opponent knocks",
    )


@pytest.mark.parametrize("last_card, points", [("2S", 27), ("4S", 25)])
def test_the_defender_undercuts_with_equal_or_lower_deadwood_and_then_deals(last_card, points):
    defender = ["AD", "AH", "AS", "2D", "3D", "4D", "6C", "7C", "8C", last_card]
    state = play(deal(KNOCKER, defender, "4H"), "draw discard", "knock KH", "done")
    (record,) = gin.view(state, 0)["scores"]["hands"]
    assert record["result"] == "undercut" and record["winner"] == 1 and record["points"] == points
    assert gin.outcome(state)["scores"] == [0, points] and gin.view(state, 0)["dealer"] == 1
    assert gin.to_move(state) == (0,)


@pytest.mark.parametrize("move", ["gin KH", "knock KH"])
def test_gin_scores_the_defenders_deadwood_plus_25_with_no_layoffs(move):
    state = play(deal(KNOCKER, LOOSE, "4C"), "draw discard")
    assert "gin KH" in gin.legal_moves(state, 0) and "knock KH" not in gin.legal_moves(state, 0)
    state = play(state, move)
    (record,) = gin.view(state, 1)["scores"]["hands"]
    assert (record["result"], record["points"], record["deadwood"]) == ("gin", 98, [0, 73])
    assert gin.view(state, 1)["phase"] == "offer" and gin.view(state, 1)["last_hand"]["layoffs"] == []


def test_gin_cannot_be_undercut():
    zero = ["AD", "AH", "AS", "2D", "3D", "4D", "6C", "7C", "8C", "9C"]
    state = play(deal(KNOCKER, zero, "4C"), "draw discard", "gin KH")
    (record,) = gin.view(state, 1)["scores"]["hands"]
    assert (record["result"], record["winner"], record["points"]) == ("gin", 0, 25)


def test_gin_is_refused_while_deadwood_is_left():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")
    refused(state, 0, "gin KH", "Gin needs all ten cards")
    refused(state, 0, "big gin", "Big gin needs all eleven")
    refused(state, 0, "big gin KH", "no card")


def test_big_gin_melds_all_eleven_cards_for_a_bonus_of_31():
    state = play(deal(BIG_GIN_HAND, LOOSE, "QS", options={"target_score": 150}), "draw discard")
    assert "big gin" in gin.legal_moves(state, 0)
    assert gin.describe_move("big gin") == "goes big gin"
    state = play(state, "big gin")
    (record,) = gin.view(state, 1)["scores"]["hands"]
    assert (record["result"], record["points"]) == ("big gin", 104)
    assert gin.view(state, 1)["discard_pile"] != ["QS"]


def test_a_knock_with_too_much_deadwood_is_refused():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")
    refused(state, 0, "knock 9S", r"knock with 10 points of deadwood or less: that arrangement leaves 34")
    refused(state, 0, "knock", "Name one card")
    refused(state, 0, "knock QD", "do not hold the queen of diamonds")


# -- arranging melds by hand ---------------------------------------------------------------


def test_the_knocker_may_give_an_arrangement_and_it_decides_what_can_be_laid_off():
    start = deal(FOURS, HOLDS_5C, "QH", ["QD"])
    drawn = play(start, "pass", "pass", "draw stock")
    auto = play(drawn, "knock QD")
    assert gin.view(auto, 1)["knock"]["melds"] == [["2C", "3C", "4C"], ["4D", "4H", "4S"], ["8S", "9S", "TS"]]
    assert "layoff 5C 0" in gin.legal_moves(auto, 1)
    chosen = play(drawn, "knock qd melds 8s9sTs 4S4H4D4C")
    knock = gin.view(chosen, 1)["knock"]
    assert knock["melds"] == [["4C", "4D", "4H", "4S"], ["8S", "9S", "TS"]]
    assert knock["deadwood"] == ["2C", "3C", "AD"] and knock["deadwood_count"] == 6
    assert gin.legal_moves(chosen, 1) == ["done"]


@pytest.mark.parametrize(
    "melds, reason",
    [
        ("AC2C3C 5D5H5S", "leaves 33 points"),
        ("AC2C4H", "not a meld"),
        ("AC2C3C AC5H5S", "named twice"),
        ("QDKDJD", "not in the hand you keep"),
        ("AC2", "not a meld: write its cards together"),
        ("", "Name your melds"),
    ],
)
def test_a_bad_arrangement_is_refused(melds, reason):
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")
    refused(state, 0, f"knock KH melds {melds}", reason)


def test_the_defender_may_arrange_their_own_melds_when_done():
    defender = ["AD", "AH", "AS", "2D", "3D", "4D", "6C", "7C", "8C", "2S"]
    state = play(deal(KNOCKER, defender, "4H"), "draw discard", "knock KH")
    refused(state, 1, "done melds ADAHAS 2D3D", "not a meld")
    refused(state, 1, "done later", "Say 'done'")
    worse = play(state, "done melds AD2D3D4D")
    (record,) = gin.view(worse, 0)["scores"]["hands"]
    assert record["winner"] == 0 and record["deadwood"] == [4, 1 + 1 + 6 + 7 + 8 + 2]
    assert gin.view(worse, 0)["last_hand"]["hands"][1]["melds"] == [["AD", "2D", "3D", "4D"]]


# -- the end of the stock ------------------------------------------------------------------


def test_the_hand_is_void_when_a_discard_leaves_two_stock_cards_and_the_dealer_deals_again():
    state = gin.new_game(2, seed="void")
    while gin.hands_played(state) == 0:
        (seat,) = gin.to_move(state)
        view = gin.view(state, seat)
        if view["phase"] == "offer":
            move = "pass"
        elif view["phase"] == "draw":
            move = "draw stock"
        else:
            assert view["stock_count"] >= 2
            move = next(move for move in gin.legal_moves(state, seat) if move.startswith("discard"))
        state = gin.apply(state, seat, move)
    view = gin.view(state, 0)
    assert view["scores"]["hands"][0]["result"] == "void" and view["scores"]["totals"] == [0, 0]
    assert view["dealer"] == 1 and view["hand_number"] == 2 and view["stock_count"] == 31
    assert view["last_hand"]["result"] == "void" and view["last_hand"]["hands"] is None


def test_the_player_who_draws_the_fiftieth_card_may_still_knock():
    data = gin.dump(play(deal(KNOCKER, DEFENDER, "4H"), "draw discard"))
    data["discard_pile"] += data["stock"][2:]
    data["stock"] = data["stock"][:2]
    state = gin.load(data)
    assert "knock KH" in gin.legal_moves(state, 0)
    assert gin.view(play(state, "knock KH"), 1)["phase"] == "layoff"
    assert gin.view(play(state, "discard KH"), 1)["scores"]["hands"][0]["result"] == "void"


# -- options -------------------------------------------------------------------------------


def test_knock_limit_lowers_the_deadwood_a_knock_may_keep():
    state = play(deal(KNOCKER, DEFENDER, "4H", options={"knock_limit": 3}), "draw discard")
    assert gin.view(state, 0)["knock_limit"] == 3
    assert not any(move.startswith("knock") for move in gin.legal_moves(state, 0))
    refused(state, 0, "knock KH", "knock with 3 points of deadwood or less: that arrangement leaves 4")
    state = play(deal(KNOCKER, DEFENDER, "4H", options={"knock_limit": 4}), "draw discard")
    assert "knock KH" in gin.legal_moves(state, 0)


@pytest.mark.parametrize(
    "up_card, knock_limit, limit", [("4H", 10, 4), ("KD", 10, 10), ("9D", 5, 5), ("AH", 10, 0)]
)
def test_oklahoma_takes_the_knock_limit_from_the_first_up_card(up_card, knock_limit, limit):
    options = {"oklahoma": True, "knock_limit": knock_limit}
    state = deal(KNOCKER, DEFENDER, up_card, options=options)
    assert gin.view(state, 1)["knock_limit"] == limit
    assert gin.view(state, 1)["options"] == {
        "knock_limit": knock_limit,
        "oklahoma": True,
        "target_score": 100,
    }


def test_oklahoma_with_an_ace_up_allows_gin_only():
    state = play(deal(KNOCKER, DEFENDER, "AH", options={"oklahoma": True}), "draw discard")
    assert not any(move.startswith("knock") for move in gin.legal_moves(state, 0))
    refused(state, 0, "knock KH", "only with gin: that arrangement leaves 1")
    state = play(deal(KNOCKER, LOOSE, "4C", options={"oklahoma": True}), "draw discard")
    assert "gin KH" in gin.legal_moves(state, 0)


# -- the end of the match ------------------------------------------------------------------


def test_reaching_the_target_ends_the_match_with_game_bonus_and_boxes():
    start = with_scores(deal(KNOCKER, DEFENDER, "4H"), totals=[90, 30], boxes=[3, 2])
    state = play(start, "draw discard", "knock KH", "layoff 4C 0", "done")
    assert gin.is_over(state) and gin.to_move(state) == () and gin.legal_moves(state, 0) == []
    final = gin.view(state, 0)["scores"]["final"]
    # 90 + 59 points (the four of clubs laid off: 63 - 4), a game bonus of 100, four boxes.
    assert final == {
        "winner": 0,
        "points": [149, 30],
        "game_bonus": [100, 0],
        "boxes": [100, 50],
        "shutout": False,
        "totals": [349, 80],
    }
    assert gin.outcome(state) == {"scores": [349, 80], "ranks": [1, 2]}
    assert gin.view(state, 1)["phase"] == "over" and gin.view(state, 1)["ranks"] == [1, 2]
    refused(state, 1, "draw stock", "The match is over")


def test_a_shutout_doubles_the_winners_total():
    state = play(deal(BIG_GIN_HAND, LOOSE, "QS"), "draw discard", "big gin")
    final = gin.view(state, None)["scores"]["final"]
    assert final["shutout"] and final["totals"] == [(104 + 100 + 25) * 2, 0]
    assert gin.outcome(state)["ranks"] == [1, 2]


def test_an_undercut_can_end_the_match_for_the_defender():
    defender = ["AD", "AH", "AS", "2D", "3D", "4D", "6C", "7C", "8C", "2S"]
    start = with_scores(deal(KNOCKER, defender, "4H", options={"target_score": 150}), [40, 140], [1, 5])
    state = play(start, "draw discard", "knock KH", "done")
    final = gin.view(state, 0)["scores"]["final"]
    assert final["winner"] == 1 and final["totals"] == [40 + 25, 167 + 100 + 150]


# -- what a seat sees ----------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_arranged_and_only_the_size_of_the_other():
    state = play(deal(KNOCKER, DEFENDER, "4H", ["QD"]), "draw discard")
    view = gin.view(state, 0)
    assert view["melds"] == [["AC", "2C", "3C"], ["5D", "5H", "5S"], ["9S", "TS", "JS"]]
    assert view["deadwood"] == ["4H", "KH"] and view["deadwood_count"] == 14
    assert view["hand_counts"] == [11, 10] and view["turn"] == 0 and view["knock"] is None
    text = json.dumps(view)
    assert not any(card in text for card in DEFENDER) and "QD" not in text and "test" not in text
    spectator = gin.view(state, None)
    assert spectator["hand"] == [] and spectator["melds"] == [] and spectator["deadwood_count"] is None
    assert set(view) == set(spectator)


def test_after_a_knock_both_hands_are_shown():
    view = gin.view(knocked(), None)
    assert view["knock"]["defender"] == {
        "seat": 1,
        "melds": [],
        "deadwood": cards.sort_cards(DEFENDER, aces_high=False),
        "deadwood_count": 67,
    }
    assert gin.view(knocked(), 0)["hand"] == ["4H"] and gin.view(knocked(), 0)["melds"] == []


def test_describe_move_says_what_happened_without_naming_a_drawn_card():
    assert gin.describe_move("draw stock") == "draws from the stock"
    assert gin.describe_move("draw discard") == "takes the top card of the discard pile"
    assert gin.describe_move("pass") == "passes on the up-card"
    assert gin.describe_move("discard KH") == "discards the king of hearts"
    assert gin.describe_move("knock KH") == "knocks, discarding the king of hearts"
    assert gin.describe_move("knock KH melds AC2C3C") == "knocks, discarding the king of hearts"
    assert gin.describe_move("gin TS") == "goes gin, discarding the ten of spades"
    assert gin.describe_move("layoff 6S 1") == "lays off the six of spades on meld 2"
    assert gin.describe_move("done") == "is done laying off"


def test_equivalent_spellings_are_accepted():
    state = deal(KNOCKER, DEFENDER, "4H")
    assert gin.dump(play(state, "take")) == gin.dump(play(state, "draw discard"))
    assert gin.dump(play(state, "  Draw   Discard ", "knock kh")) == gin.dump(knocked())
    ten = play(deal(["TC"] + KNOCKER[1:], DEFENDER, "4H"), "draw discard", "discard 10c")
    assert gin.view(ten, 1)["discard_top"] == "TC"
    refused(state, 0, "fold", "not a Gin Rummy move")
    refused(state, 0, "draw", "Say 'draw stock' or 'draw discard'")
    refused(state, 0, None, "not a move")
    refused(state, 5, "pass", "no seat 5")
