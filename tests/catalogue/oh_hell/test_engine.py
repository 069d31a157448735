"""Oh Hell!'s rules: deal sizes and the round sequence per player count, the turned-up
trump, the hook (only the dealer's one forbidden bid is missing), scoring under both
options, and views that show only what a seat may know."""

import json
import random

import pytest

from games.catalogue.oh_hell.engine import BID, ENGINE, OVER, PLAY, hand_points, largest_hand, round_sizes
from games.kit.cards import INDEX_OF, standard_deck
from games.kit.engine import IllegalMove, cards_named

oh_hell = ENGINE


def play_round(state, rng):
    number = state.round_number
    while state.phase != OVER and state.round_number == number:
        seat = oh_hell.to_move(state)[0]
        state = oh_hell.apply(state, seat, rng.choice(oh_hell.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("players, largest", [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_deal_sizes_and_the_round_sequence_per_player_count(players, largest):
    assert largest_hand(players) == largest
    down = list(range(largest, 0, -1))
    assert list(round_sizes(players, "down_up")) == down + down[::-1][1:]
    assert list(round_sizes(players, "up_down")) == down[::-1] + down[1:]
    assert list(round_sizes(players, "down")) == down
    state = oh_hell.new_game(players, seed=f"sizes-{players}")
    assert oh_hell.view(state, 0)["hand_counts"] == [largest] * players
    assert len(state.sizes) == 2 * largest - 1


def test_four_players_play_nineteen_rounds_to_the_end():
    rng = random.Random(4)
    state = oh_hell.new_game(4, seed="nineteen")
    sizes = []
    while state.phase != OVER:
        sizes.append(oh_hell.view(state, 0)["hand_size"])
        state = play_round(state, rng)
    assert sizes == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert oh_hell.hands_played(state) == 19
    outcome = oh_hell.outcome(state)
    assert outcome["scores"] == [sum(row[seat] for row in state.round_scores) for seat in range(4)]
    assert 1 in outcome["ranks"]


def test_the_card_after_the_deal_is_turned_up_for_trumps_and_trumps_take_the_trick():
    deck = standard_deck()
    state = oh_hell.new_game(4, seed="trump", deck=deck)
    assert state.trump_card == deck[40]
    view = oh_hell.view(state, 2)
    assert view["trump_card"] == deck[40] and view["trump"] == deck[40][1]
    assert view["hand"] == sorted((deck[i] for i in range(2, 40, 4)), key=INDEX_OF.get)
    rng = random.Random(1)
    while state.phase == BID:
        seat = oh_hell.to_move(state)[0]
        state = oh_hell.apply(state, seat, rng.choice(oh_hell.legal_moves(state, seat)))
    # Each trick goes to its highest trump, else to the highest card of the suit led.
    trump, checked = state.trump_card[1], 0
    while state.phase == PLAY and state.round_number == 1:
        before, seat = state, state.turn
        state = oh_hell.apply(state, seat, rng.choice(oh_hell.legal_moves(state, seat)))
        if len(before.trick) == 3 and state.round_number == 1:
            last = oh_hell.view(state, None)["last_trick"]
            plays = [card for _, card in last["plays"]]
            trumps = [card for card in plays if card[1] == trump]
            led = [card for card in plays if card[1] == plays[0][1]]
            best = max(trumps or led, key=INDEX_OF.get)
            assert last["winner"] == (before.leader + plays.index(best)) % 4
            checked += 1
    assert checked == 9  # the tenth trick ends the round, and a new deal clears the last trick


@pytest.mark.parametrize("seed", range(8))
def test_the_hook_takes_away_only_the_dealer_s_one_bid_that_adds_up(seed):
    rng = random.Random(seed)
    state = oh_hell.new_game(4, seed=f"hook-{seed}")
    for _ in range(3):
        seat = oh_hell.to_move(state)[0]
        assert oh_hell.legal_moves(state, seat) == [f"bid {n}" for n in range(11)]
        state = oh_hell.apply(state, seat, rng.choice(oh_hell.legal_moves(state, seat)))
    dealer = oh_hell.to_move(state)[0]
    assert dealer == state.dealer == 3
    made = sum(bid for bid in state.bidding.bids if bid is not None)
    forbidden = 10 - made
    legal = oh_hell.legal_moves(state, dealer)
    expected = [f"bid {n}" for n in range(11) if n != forbidden]
    assert legal == expected
    if 0 <= forbidden <= 10:
        with pytest.raises(IllegalMove, match="add up"):
            oh_hell.apply(state, dealer, f"bid {forbidden}")
    unhooked = oh_hell.new_game(4, seed=f"hook-{seed}", options={"hook": False})
    unhooked.bidding = state.bidding
    assert oh_hell.legal_moves(unhooked, dealer) == [f"bid {n}" for n in range(11)]


def test_scoring_under_both_options():
    assert [hand_points(bid, took, "tricks_plus_10") for bid, took in [(3, 3), (3, 2), (0, 0), (0, 1)]] == [13, 2, 10, 1]
    assert [hand_points(bid, took, "exact_only") for bid, took in [(3, 3), (3, 2), (0, 0), (0, 1)]] == [13, 0, 10, 0]


def test_bad_bids_and_plays_change_nothing():
    state = oh_hell.new_game(4, seed="bad")
    for move, reason in [("bid 11", "not a bid"), ("bid x", "number of tricks"), ("play 2C", "Everyone bids"),
                         ("draw", "not an Oh Hell! move")]:
        with pytest.raises(IllegalMove, match=reason):
            oh_hell.apply(state, 0, move)
    with pytest.raises(IllegalMove, match="not your turn"):
        oh_hell.apply(state, 1, "bid 2")
    assert state.phase == BID and state.bidding.bids == (None,) * 4
    assert oh_hell.describe_move("bid 2") == "bids 2"


@pytest.mark.parametrize("players", [3, 5, 7])
def test_views_show_only_what_each_seat_may_know_and_the_state_round_trips(players):
    rng = random.Random(players)
    state = oh_hell.new_game(players, seed=f"views-{players}", options={"rounds": "down", "scoring": "exact_only"})
    while state.phase != OVER:
        data = oh_hell.dump(state)
        assert oh_hell.load(json.loads(json.dumps(data))) == state
        for seat in [*range(players), None]:
            view = oh_hell.view(state, seat)
            known = oh_hell.known_cards(state, seat)
            assert not cards_named(view) - known
            assert not cards_named(oh_hell.hand_summary(state)) - known
            others = set().union(*(oh_hell.view(state, other)["hand"] for other in range(players) if other != seat))
            assert not known & others
        seat = oh_hell.to_move(state)[0]
        state = oh_hell.apply(state, seat, rng.choice(oh_hell.legal_moves(state, seat)))
    summary = oh_hell.hand_summary(state)
    assert summary["title"] == f"Round {len(state.sizes)}" and len(summary["rows"]) == players
