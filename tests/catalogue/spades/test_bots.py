"""Spades bots: legal moves only, nil hands, and a ``basic`` partnership that beats a
``random`` one over seeded hands, each deal played twice with the partnerships swapped."""

import random

from games.catalogue.spades import bots
from games.catalogue.spades.engine import BID, ENGINE, OVER, SEATS

spades = ENGINE
RANDOM, BASIC = bots.LEVELS


def play_hand(state, seats_bots, rng):
    """One hand by the given bot per seat; the state after it."""
    hand = state.hand_number
    while state.phase != OVER and state.hand_number == hand:
        seat = spades.to_move(state)[0]
        legal = spades.legal_moves(state, seat)
        move = seats_bots[seat].choose(spades.view(state, seat), legal, rng)
        assert move in legal, f"{seats_bots[seat].level} chose {move!r}"
        state = spades.apply(state, seat, move)
    return state


def test_basic_bids_a_nil_only_with_a_hand_that_can_duck_and_counts_its_tricks():
    nil_hand = ["2C", "4C", "9C", "3D", "5D", "JD", "2H", "3H", "6H", "8H", "TH", "2S", "5S"]
    assert bots.can_duck_everything(nil_hand)
    assert not bots.can_duck_everything(["AC", *nil_hand[1:]])
    strong = ["AC", "KC", "3C", "AD", "4D", "AH", "2H", "AS", "KS", "QS", "JS", "9S", "3S"]
    assert bots.expected_tricks(strong) >= 8
    view = {"hand": strong, "seat": 0, "bids": [None] * 4}
    assert 8 <= bots._bid(view, [f"bid {n}" for n in range(1, 14)] + ["bid nil"]) <= 10


def test_basic_beats_random_over_duplicate_deals():
    rng = random.Random(11)
    margin = []
    for deal in range(60):
        for basic_team in (0, 1):
            state = spades.new_game(4, seed=f"duplicate-{deal}")
            seats_bots = [BASIC if seat % 2 == basic_team else RANDOM for seat in range(SEATS)]
            state = play_hand(state, seats_bots, rng)
            points = state.hand_scores[0]
            margin.append(points[basic_team] - points[1 - basic_team])
    assert sum(margin) / len(margin) > 40, f"basic ahead by {sum(margin) / len(margin):.1f} points a hand"


def test_bots_play_whole_matches_to_the_end_with_every_option():
    rng = random.Random(3)
    for options in ({}, {"blind_nil": True, "nil_tricks_count": True, "mercy": True, "target_score": 250}):
        state = spades.new_game(4, seed=f"match-{sorted(options)}", options=options)
        for _ in range(100):
            if state.phase == OVER:
                break
            state = play_hand(state, [BASIC, RANDOM, BASIC, BASIC], rng)
        assert state.phase == OVER and state.phase != BID


def test_random_counts_its_bids_never_nil_so_that_random_tables_end():
    rng = random.Random(7)
    state = spades.new_game(4, seed="random-bids")
    bids = set()
    for _ in range(200):
        state = play_hand(state, [RANDOM] * SEATS, rng)
        bids |= set(state.last_hand["bids"])
        if state.phase == OVER:
            break
    assert "nil" not in bids and len(bids) > 2
    assert state.phase == OVER and state.hand_number < 50  # it reached the target, not the last hand
