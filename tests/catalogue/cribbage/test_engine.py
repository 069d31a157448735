"""Cribbage's rules: the deal, the crib, his heels, pegging (15s, 31s, pairs, runs out of order,
the go and the last card), the show from the dealer's left with the crib last, winning at once,
skunks, muggins, three players, and what no view shows."""

import random

import pytest

from games.catalogue.cribbage.engine import CRIB, ENGINE, OVER, PEG, SHOW, score_hand
from games.catalogue.cribbage.pegging import peg_points
from games.kit.cards import standard_deck
from games.kit.engine import IllegalMove

cribbage = ENGINE


def deck_for(*hands, starter, crib_card=None):
    """A deck (top first) dealing these hands (seat 0 first: the first dealer is the last seat)."""
    dealt = [card for round_ in zip(*hands, strict=True) for card in round_]
    extra = [crib_card] if crib_card else []
    rest = [card for card in standard_deck() if card not in dealt + extra + [starter]]
    return dealt + extra + [starter] + rest


GO_HANDS = (["TH", "JD", "QS", "2C", "4D", "6D"], ["KS", "9C", "8D", "7H", "AS", "3H"])


def laid(state, *moves):
    for seat, move in enumerate(moves):
        state = cribbage.apply(state, seat, move)
    return state


def play(state, *moves):
    for move in moves:
        state = cribbage.apply(state, state.turn, move)
    return state


def test_the_deal_follows_the_deck_and_hides_the_starter_until_the_crib_is_laid():
    state = cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="5S"))
    assert state.dealer == 1 and state.phase == CRIB
    assert state.hands == (("2C", "4D", "6D", "TH", "JD", "QS"), ("AS", "3H", "7H", "8D", "9C", "KS"))
    assert set(cribbage.to_move(state)) == {0, 1}
    assert len(cribbage.legal_moves(state, 0)) == 15 and "crib 4D 6D" in cribbage.legal_moves(state, 0)
    view = cribbage.view(state, 0)
    assert view["starter"] is None and "5S" not in cribbage.known_cards(state, 0)
    assert not set(state.hands[1]) & cribbage.known_cards(state, 0)
    state = cribbage.apply(state, 0, "crib 6d 4d")
    assert cribbage.to_move(state) == (1,) and state.crib_from[0] == ("4D", "6D")
    assert cribbage.view(state, 1)["cribbed"] == [True, False]
    state = cribbage.apply(state, 1, "crib AS 3H")
    assert state.phase == PEG and state.turn == 0
    assert cribbage.view(state, 0)["starter"] == "5S" and cribbage.view(state, 0)["crib_count"] == 4
    assert cribbage.view(state, 0)["crib"] is None
    assert {"4D", "6D"} <= cribbage.known_cards(state, 0) and not {"AS", "3H"} & cribbage.known_cards(state, 0)


@pytest.mark.parametrize(("move", "reason"), [
    ("crib 5H", "exactly two cards"),
    ("crib 5H 6D", "do not hold"),
    ("crib TH TH", "two different"),
    ("play TH", "First lay"),
    ("crib TH QX", "suit"),
    ("shuffle", "not a Cribbage move"),
])
def test_bad_crib_moves_are_refused_and_change_nothing(move, reason):
    state = cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="5S"))
    before = cribbage.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        cribbage.apply(state, 0, move)
    assert cribbage.dump(state) == before


def test_a_jack_turned_up_gives_the_dealer_two_for_his_heels():
    state = cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="JC"))
    state = laid(state, "crib 4D 6D", "crib AS 3H")
    assert state.scores == (0, 2) and state.heels and cribbage.view(state, 0)["heels"]


def test_pegging_scores_fifteen_thirty_one_pairs_and_the_last_card():
    hands = (["TH", "5C", "5D", "4S", "7C", "8D"], ["5H", "6S", "3D", "KS", "9C", "2H"])
    state = laid(cribbage.new_game(2, seed="x", deck=deck_for(*hands, starter="AC")), "crib 7C 8D", "crib 9C 2H")
    state = play(state, "play TH", "play 5H")
    assert state.scores == (0, 2) and cribbage.view(state, 0)["last_peg"]["items"] == [["fifteen", 2]]
    assert cribbage.view(state, 0)["last_peg"]["said"] == "fifteen for 2"
    assert cribbage.describe_move("play 5C", state=state) == "plays the five of clubs for 20: a pair for 2"
    state = play(state, "play 5C", "play 6S")
    assert state.scores == (2, 2) and state.turn == 0
    with pytest.raises(IllegalMove, match="not your turn"):
        cribbage.apply(state, 1, "play 3D")
    state = play(state, "play 5D")  # 31
    assert state.scores == (4, 2) and state.pile == () and state.turn == 1
    state = play(state, "play 3D", "play 4S")
    assert cribbage.view(state, 0)["count"] == 7 and state.turn == 1
    state = play(state, "play KS")  # the last card of the hand: 1
    assert state.last_hand["pegging"] == [4, 3] and state.hand_number == 2


def test_a_go_gives_the_last_card_one_and_the_count_starts_again_with_the_next_player():
    state = laid(cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="5S")), "crib 4D 6D", "crib AS 3H")
    state = play(state, "play TH", "play KS", "play JD")
    assert state.turn == 1 and cribbage.legal_moves(state, 1) == ["go"]
    with pytest.raises(IllegalMove, match="past 31"):
        cribbage.apply(state, 1, "play 9C")
    state = play(state, "go")  # seat 0 cannot play either: it pegs 1 for the go
    assert state.scores == (1, 0) and state.pile == () and state.turn == 1
    assert cribbage.view(state, 1)["last_peg"]["seat"] == 0
    assert cribbage.view(state, 1)["last_peg"]["said"] == "one for the go"
    state = play(state, "play 9C", "play QS", "play 8D", "play 2C")  # 29; seat 0 is out of cards
    assert state.scores == (2, 0) and state.turn == 1 and state.pile == ()
    with pytest.raises(IllegalMove, match="play it"):
        cribbage.apply(state, 1, "go")
    state = play(state, "play 7H")
    assert state.last_hand["pegging"] == [2, 1]


@pytest.mark.parametrize(("pile", "items"), [
    (["4C", "6D", "5H"], [("fifteen", 2), ("run", 3)]),
    (["3C", "5D", "4H", "6S"], [("run", 4)]),
    (["3C", "5D", "4H", "6S", "2C"], [("run", 5)]),
    (["KC", "3C", "5D", "4H"], [("run", 3)]),
    (["3C", "4D", "3H", "6S"], []),  # no run among the latest three
    (["7C", "7D", "7H"], [("pair_royal", 6)]),
    (["2C", "2D", "2H", "2S"], [("double_pair_royal", 12)]),
    (["9C", "9D", "KH", "2S"], []),
    (["TC", "TD", "AS", "QH"], [("thirty_one", 2)]),
    (["5C", "TD"], [("fifteen", 2)]),
])
def test_pegging_points_over_scripted_sequences(pile, items):
    assert peg_points(pile) == items


def test_the_show_counts_from_the_dealers_left_then_the_crib_with_its_flush_rule():
    hands = (["TH", "JD", "QS", "2C", "4D", "6D"], ["KS", "9C", "8D", "7H", "8H", "9H"])
    state = laid(cribbage.new_game(2, seed="x", deck=deck_for(*hands, starter="5S")), "crib 4D 6D", "crib 8H 9H")
    state = play(state, "play TH", "play KS", "play JD", "go", "play 9C", "play QS", "play 8D", "play 2C", "play 7H")
    assert state.hand_number == 2 and state.phase == CRIB and state.dealer == 0
    last = state.last_hand
    assert [(show["seat"], show["crib"]) for show in last["shows"]] == [(0, False), (1, False), (1, True)]
    assert last["shows"][0]["total"] == 9
    assert last["shows"][0]["words"] == "Fifteen two, fifteen four, fifteen six, and a run of three is nine."
    crib = ["4D", "6D", "8H", "9H"]
    assert last["shows"][2]["total"] == score_hand(crib, "5S", crib=True)["total"]
    assert last["show"] == [9, last["shows"][1]["total"] + last["shows"][2]["total"]]
    summary = cribbage.hand_summary(state)
    assert summary["title"] == "Hand 1" and summary["rows"][1]["note"] == "dealer"
    assert summary["rows"][0]["groups"][0]["label"].startswith("Hand: Fifteen two")
    assert cribbage.hands_played(state) == 1 and state.hand_points == (tuple(state.scores),)


def test_a_flush_of_four_counts_in_hand_but_not_in_the_crib():
    assert score_hand(["2H", "4H", "6H", "QH"], "KS", crib=False)["total"] == 4
    assert score_hand(["2H", "4H", "6H", "QH"], "KS", crib=True)["total"] == 0
    assert score_hand(["2H", "4H", "6H", "QH"], "KH", crib=True)["total"] == 5


def test_the_first_to_121_wins_at_once_in_the_show_and_the_player_left_of_the_dealer_counts_first():
    state = laid(cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="5S")), "crib 4D 6D", "crib AS 3H")
    state = play(state, "play TH", "play KS", "play JD", "go", "play 9C", "play QS", "play 8D", "play 2C")
    state = state.copy()
    state.scores = (116, 118)  # the dealer's hand (7) would win too, but is not counted (seat 0's is 9)
    state = play(state, "play 7H")  # the last card: 119 for the dealer
    assert state.phase == OVER and state.winner == 0 and state.scores == (121, 119)
    assert cribbage.outcome(state) == {"scores": [121, 119], "ranks": [1, 2]}
    assert [show["seat"] for show in state.last_hand["shows"]] == [0]
    assert "not counted" in cribbage.hand_summary(state)["line"]
    assert cribbage.legal_moves(state, 1) == [] and cribbage.is_over(state)


def test_winning_at_once_in_the_middle_of_pegging():
    state = laid(cribbage.new_game(2, seed="x", deck=deck_for(*GO_HANDS, starter="5S")), "crib 4D 6D", "crib AS 3H")
    state = state.copy()
    state.scores = (120, 50)
    state = play(state, "play TH", "play KS", "play JD", "go")
    assert state.phase == OVER and state.winner == 0 and state.last_hand["shows"] == []
    assert cribbage.hands_played(state) == 1 and cribbage.marks(state) == ["double skunk", "double skunked"]


@pytest.mark.parametrize(("target", "loser", "marks"), [
    (121, 95, ["", ""]), (121, 90, ["skunk", "skunked"]), (121, 60, ["double skunk", "double skunked"]),
    (61, 31, ["", ""]), (61, 30, ["skunk", "skunked"]),
])
def test_skunks(target, loser, marks):
    state = cribbage.new_game(2, seed="x", options={"target_score": target}).copy()
    state.scores, state.winner, state.phase = (target, loser), 0, OVER
    assert cribbage.marks(state) == marks
    assert cribbage.result_facts(state) == {"marks": marks}
    assert cribbage.view(state, 1)["marks"] == marks


def test_with_muggins_a_short_claim_gives_the_rest_to_the_player_on_the_left():
    state = cribbage.new_game(2, seed="x", options={"muggins": True}, deck=deck_for(*GO_HANDS, starter="5S"))
    state = laid(state, "crib 4D 6D", "crib AS 3H")
    state = play(state, "play TH", "play KS", "play JD", "go", "play 9C", "play QS", "play 8D", "play 2C", "play 7H")
    assert state.phase == SHOW and cribbage.to_move(state) == (0,)
    assert cribbage.legal_moves(state, 0)[:2] == ["claim 0", "claim 1"]
    before = state.scores
    with pytest.raises(IllegalMove, match="0 to 29"):
        cribbage.apply(state, 0, "claim lots")
    state = cribbage.apply(state, 0, "claim 4")  # the hand is worth 9
    assert state.scores == (before[0] + 4, before[1] + 5) and state.shows[0]["missed"] == 5
    dealer_hand = score_hand(state.hands[1], "5S", crib=False)["total"]
    state = cribbage.apply(state, 1, "claim 29")  # an over-claim is corrected to the count
    assert state.scores[1] == before[1] + 5 + dealer_hand
    view = cribbage.view(state, 0)
    assert view["claiming"] == {"seat": 1, "crib": True, "missed_to": 0} and sorted(view["crib"]) == sorted(["4D", "6D", "AS", "3H"])
    state = cribbage.apply(state, 1, "claim 0")
    assert state.phase == CRIB and state.hand_number == 2
    crib_total = score_hand(["4D", "6D", "AS", "3H"], "5S", crib=True)["total"]
    assert state.last_hand["muggins"] == [crib_total, 5]
    assert cribbage.hand_summary(state)["rows"][1]["note"] == "dealer, 5 for muggins"


def test_three_players_hold_five_lay_away_one_and_the_deck_gives_the_crib_its_fourth():
    hands = (["TH", "JD", "QS", "2C", "4D"], ["KS", "9C", "8D", "7H", "AS"], ["3C", "3D", "3H", "6C", "6D"])
    state = cribbage.new_game(3, seed="x", deck=deck_for(*hands, starter="5S", crib_card="KH"))
    assert state.dealer == 2 and len(cribbage.legal_moves(state, 0)) == 5
    assert state.hands[2] == ("3C", "3D", "3H", "6C", "6D")  # dealt to the dealer last, held ace to king
    with pytest.raises(IllegalMove, match="exactly one card"):
        cribbage.apply(state, 0, "crib 4D TH")
    state = laid(state, "crib 4D", "crib AS", "crib 6D")
    assert state.phase == PEG and state.turn == 0 and cribbage.view(state, 0)["crib_count"] == 4
    assert "KH" not in cribbage.known_cards(state, 0)
    rng = random.Random(3)
    while state.hand_number == 1:
        seat = state.turn
        state = cribbage.apply(state, seat, rng.choice(cribbage.legal_moves(state, seat)))
    crib_show = state.last_hand["shows"][-1]
    assert crib_show["crib"] and sorted(crib_show["cards"]) == sorted(["4D", "AS", "6D", "KH"])
    assert [show["seat"] for show in state.last_hand["shows"]] == [0, 1, 2, 2] and state.dealer == 0


def test_no_view_holds_a_card_its_seat_may_not_know_over_seeded_random_matches():
    from games.kit.engine import cards_named
    for players, options in ((2, {}), (3, {}), (2, {"muggins": True})):
        state = cribbage.new_game(players, seed=f"leak-{players}", options=options)
        rng = random.Random(players)
        while not cribbage.is_over(state):
            for seat in [*range(players), None]:
                assert cards_named(cribbage.view(state, seat)) <= cribbage.known_cards(state, seat)
            seat = rng.choice(cribbage.to_move(state))
            state = cribbage.apply(state, seat, rng.choice(cribbage.legal_moves(state, seat)))
