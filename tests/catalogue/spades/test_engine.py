"""Spades' rules: the issue's scoring vectors, legality against a reference written here,
blind nil, nil tricks and bags per option, the deal moving left, and the match's end."""

import json
import random

import pytest

from games.catalogue.spades.engine import BID, ENGINE, OVER, PLAY, SEATS, score_hand
from games.kit.cards import CARD_AT, INDEX_OF, standard_deck
from games.kit.engine import IllegalMove, cards_named

spades = ENGINE


def deck_giving(hands):
    """A deck (top first) that deals ``hands`` (four lists of 13) with card i to seat i % 4."""
    return [hands[i % SEATS][i // SEATS] for i in range(52)]


def bid_all(state, bids):
    for seat in [(state.dealer + 1 + step) % SEATS for step in range(SEATS)]:
        state = spades.apply(state, seat, f"bid {bids[seat]}")
    return state


def play_out(state, rng):
    """Random legal cards to the end of the hand (bids already made)."""
    hand = state.hand_number
    while state.phase == PLAY and state.hand_number == hand:
        seat = state.turn
        state = spades.apply(state, seat, rng.choice(spades.legal_moves(state, seat)))
    return state


# -- scoring -------------------------------------------------------------------------------


def test_the_issue_s_scoring_vectors():
    points, bags = score_hand((4, 5, 5, "nil"), (5, 3, 5, 0))
    assert points[0] == 91 and bags[0] == 1
    assert points[1] == -50 + 100
    points, _ = score_hand((13, 5, "nil", 1), (4, 6, 1, 2))
    assert points[0] == -230


def test_a_nil_bidder_s_tricks_count_for_the_partner_only_with_the_option():
    # Seat 0 bids 4 and takes 3; its nil-bidding partner takes 1 (a failed nil).
    assert score_hand((4, 3, "nil", 3), (3, 5, 1, 4))[0][0] == -40 - 100
    points, bags = score_hand((4, 3, "nil", 3), (3, 5, 1, 4), nil_tricks_count=True)
    assert points[0] == 40 - 100 and bags[0] == 0
    assert score_hand(("blind nil", 3, 4, 3), (0, 5, 4, 4))[0][0] == 200 + 40


def finished(state, bids, tricks):
    """``state`` with its hand scored as if ``bids`` had been made and ``tricks`` taken."""
    from games.catalogue.spades import engine as spades_module

    state = state.copy()
    state.bidding = state.bidding._replace(bids=tuple(bids))
    state.tricks = tuple(tricks)
    spades_module._finish_hand(state)
    return state


def test_every_ten_bags_cost_a_hundred_and_ten_bags():
    state = spades.new_game(4, seed="bags")
    state.bags = (8, 3)
    # Team 0 bids 2 and takes 11: 20 and 9 bags, 17 gathered; team 1 bids 2 and takes 2.
    after = finished(state, (1, 1, 1, 1), (6, 0, 5, 2))
    assert after.hand_scores[-1] == (20 + 9 - 100, 20)
    assert after.bags == (7, 3) and after.totals == (-71, 20)
    assert after.last_hand["bag_penalty"] == [True, False]
    assert "Ten bags cost team 1 100." in spades.hand_summary(after)["line"]


# -- legality ----------------------------------------------------------------------------


def reference_playable(hand, trick, spades_broken):
    """The cards the rules allow, written out plainly."""
    if trick:
        led = trick[0][1]
        following = [card for card in hand if card[1] == led]
        return set(following or hand)
    if spades_broken:
        return set(hand)
    return {card for card in hand if card[1] != "S"} or set(hand)


@pytest.mark.parametrize("seed", range(12))
def test_follow_suit_and_spades_broken_agree_with_the_reference_over_random_hands(seed):
    rng = random.Random(seed)
    state = bid_all(spades.new_game(4, seed=f"legal-{seed}"), {s: rng.randint(1, 4) for s in range(SEATS)})
    broken = False
    while state.phase == PLAY and state.hand_number == 1:
        seat = state.turn
        view = spades.view(state, seat)
        trick = [card for _, card in view["trick"]["plays"]]
        legal = {move.split()[1] for move in spades.legal_moves(state, seat)}
        assert legal == reference_playable(view["hand"], trick, broken)
        assert view["spades_broken"] == broken
        for card in set(view["hand"]) - legal:
            with pytest.raises(IllegalMove):
                spades.apply(state, seat, f"play {card}")
        card = rng.choice(sorted(legal))
        trick_before = trick
        state = spades.apply(state, seat, f"play {card}")
        broken = broken or card[1] == "S"
        if len(trick_before) == 3 and state.last_trick:  # done: the highest spade, else the suit led
            plays = trick_before + [card]
            trumps = [c for c in plays if c[1] == "S"]
            led = [c for c in plays if c[1] == plays[0][1]]
            best = max(trumps or led, key=lambda c: INDEX_OF[c])
            leader = (seat + 1) % SEATS
            assert state.last_trick[2] == (leader + plays.index(best)) % SEATS
    assert state.hand_number == 2 or state.phase == OVER


def test_a_leader_holding_only_spades_may_lead_one_before_they_are_broken():
    suits = {suit: [rank + suit for rank in "23456789TJQKA"] for suit in "CDHS"}
    hands = [suits["S"], suits["H"], suits["D"], suits["C"]]
    state = bid_all(spades.new_game(4, seed="only", deck=deck_giving(hands)), {0: 13, 1: 1, 2: 1, 3: 1})
    assert state.turn == 0 and not state.spades_broken
    assert len(spades.legal_moves(state, 0)) == 13


# -- bidding, the deal and the match -----------------------------------------------------


def test_seat_zero_bids_first_and_leads_and_the_deal_moves_left():
    state = spades.new_game(4, seed="deal")
    assert (state.dealer, spades.to_move(state)) == (3, (0,))
    assert spades.legal_moves(state, 0) == ["bid nil", *(f"bid {n}" for n in range(1, 14))]
    for seat in (1, 2, 3):
        assert spades.legal_moves(state, seat) == []
    state = bid_all(state, {0: 3, 1: 4, 2: "nil", 3: 2})
    assert state.phase == PLAY and state.turn == 0
    assert spades.view(state, None)["bids"] == [3, 4, "nil", 2]
    state = play_out(state, random.Random(3))
    assert (state.hand_number, state.dealer, spades.to_move(state)) == (2, 0, (1,))


def test_bids_are_read_in_any_case_and_bad_ones_change_nothing():
    state = spades.new_game(4, seed="words")
    for move, reason in [("bid 0", "1 to 13"), ("bid 14", "1 to 13"), ("bid blind nil", "Blind nil"),
                         ("play 2C", "Everyone bids"), ("pass", "not a Spades move")]:
        with pytest.raises(IllegalMove, match=reason):
            spades.apply(state, 0, move)
    with pytest.raises(IllegalMove, match="not your turn"):
        spades.apply(state, 1, "bid 3")
    after = spades.apply(state, 0, "BID  Nil")
    assert after.bidding.bids[0] == "nil" and state.bidding.bids[0] is None
    assert spades.canonical_move(state, 0, "BID  Nil", after) == "bid nil"
    assert spades.describe_move("bid nil") == "bids nil" and spades.describe_move("bid 4") == "bids 4"
    assert spades.describe_move("play QS") == "plays the queen of spades"


def test_blind_nil_hides_the_hand_of_a_trailing_team_until_it_bids():
    state = spades.new_game(4, seed="blind", options={"blind_nil": True})
    assert state.blind == ()  # nobody trails at the start
    state.totals = (0, 120)
    from games.catalogue.spades import engine as spades_module

    spades_module._deal(state, 2, 3, None)
    assert state.blind == (0, 2)
    view = spades.view(state, 0)
    assert view["hand"] == [] and view["blind"] and view["hand_counts"] == [13] * 4
    assert not cards_named(view) and not spades.known_cards(state, 0) & set(standard_deck())
    assert spades.legal_moves(state, 0)[0] == "bid blind nil"
    state = spades.apply(state, 0, "bid blind nil")
    assert len(spades.view(state, 0)["hand"]) == 13
    state = spades.apply(state, 1, "bid 4")
    assert "bid blind nil" in spades.legal_moves(state, 2) and spades.view(state, 2)["hand"] == []
    # Without the option nobody is blind, whatever the scores.
    plain = spades.new_game(4, seed="blind")
    plain.totals = (0, 300)
    spades_module._deal(plain, 2, 3, None)
    assert plain.blind == () and "bid blind nil" not in spades.legal_moves(plain, 0)


def test_the_match_ends_when_a_team_reaches_the_target_with_the_higher_total():
    rng = random.Random(5)
    state = spades.new_game(4, seed="end", options={"target_score": 250})
    state.totals = (230, 230)
    for _ in range(60):
        state = play_out(bid_all(state, {s: 1 for s in range(SEATS)}), rng)
        if state.phase == OVER:
            break
        # Not over: nobody has reached the target, or both teams stand level.
        assert max(state.totals) < 250 or state.totals[0] == state.totals[1]
    assert state.phase == OVER and max(state.totals) >= 250 and state.totals[0] != state.totals[1]
    outcome = spades.outcome(state)
    winner = 0 if state.totals[0] > state.totals[1] else 1
    assert outcome["ranks"] == [1 if seat % 2 == winner else 2 for seat in range(SEATS)]
    assert outcome["scores"] == [state.totals[seat % 2] for seat in range(SEATS)]


def test_level_totals_past_the_target_play_another_hand():
    state = spades.new_game(4, seed="level", options={"target_score": 250})
    state.totals = (300, 290)
    # Team 0 bids 4, takes 6: 42; team 1 bids 5, takes 7: 52. Level at 342.
    after = finished(state, (2, 3, 2, 2), (4, 3, 2, 4))
    assert after.totals == (342, 342) and after.phase == BID and after.hand_number == 2
    assert finished(state, (2, 3, 2, 2), (5, 3, 1, 4)).phase == BID  # 342 and 342 again
    assert finished(state, (2, 3, 2, 2), (5, 2, 2, 4)).phase == OVER  # 343 against 341


def test_with_mercy_a_team_at_minus_two_hundred_loses():
    state = spades.new_game(4, seed="mercy", options={"mercy": True})
    state.totals = (-150, 40)
    # Team 0 bids 13 twice over and cannot make it.
    state = bid_all(state, {0: 13, 1: 1, 2: 13, 3: 1})
    state = play_out(state, random.Random(2))
    assert state.totals[0] <= -200 and state.phase == OVER
    assert spades.outcome(state)["ranks"] == [2, 1, 2, 1]


def test_the_match_ends_after_the_last_hand_allowed_whatever_the_totals_unless_level():
    from games.catalogue.spades.engine import MOST_HANDS

    state = spades.new_game(4, seed="long")
    state.totals = (-900, -1200)
    state.hand_number = MOST_HANDS - 1
    # Both teams fail their 13s: the match goes on, far from the target.
    assert finished(state, (13, 13, 0, 0), (7, 6, 0, 0)).phase == BID
    state.hand_number = MOST_HANDS
    level = state.copy()
    level.totals = (-1000, -1000)
    # Scored alone (the twelve tricks make no hand): 24 each, still level, so one more hand.
    assert finished(level, (1, 1, 1, 1), (3, 3, 3, 3)).phase == BID
    ended = finished(state, (13, 13, 0, 0), (7, 6, 0, 0))
    assert ended.phase == OVER and spades.outcome(ended)["ranks"] == [1, 2, 1, 2]


# -- views and storage -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_views_show_only_what_each_seat_may_know_and_the_state_round_trips(seed):
    rng = random.Random(seed)
    options = {"blind_nil": True, "nil_tricks_count": bool(seed % 2), "target_score": 250}
    state = spades.new_game(4, seed=f"views-{seed}", options=options)
    for _ in range(400):
        if spades.is_over(state):
            break
        data = spades.dump(state)
        assert spades.load(json.loads(json.dumps(data))) == state
        for seat in [*range(SEATS), None]:
            view = spades.view(state, seat)
            assert not cards_named(view) - spades.known_cards(state, seat)
            summary = spades.hand_summary(state)
            assert not cards_named(summary) - spades.known_cards(state, seat)
            if seat is not None:
                others = {CARD_AT[i] for other in range(SEATS) if other != seat
                          for i in range(52) if state.hands[other] >> i & 1}
                assert not set(view["hand"]) & others
        seat = spades.to_move(state)[0]
        state = spades.apply(state, seat, rng.choice(spades.legal_moves(state, seat)))
    summary = spades.hand_summary(state)
    assert summary is not None and len(summary["rows"]) == SEATS
    assert all(len(row["figures"]) == len(summary["columns"]) for row in summary["rows"])
    assert summary["rows"][0]["figures"][2] == state.hand_scores[-1][0] or state.phase == BID
