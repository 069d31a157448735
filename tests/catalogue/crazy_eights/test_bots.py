"""Crazy Eights bots: legal moves only, eights kept for when stuck and calling the longest
suit, and ``basic`` ahead of ``random`` over seeded matches with the seats swapped."""

import random

from games.catalogue.crazy_eights import bots
from games.catalogue.crazy_eights.engine import ENGINE, OVER

eights = ENGINE
RANDOM, BASIC = bots.LEVELS


def view_with(hand, top, suit, counts=(5, 5)):
    return {"seat": 0, "hand": hand, "discard_top": top, "suit": suit, "hand_counts": [len(hand), *counts[1:]]}


def test_basic_keeps_its_eights_and_calls_its_longest_suit_when_stuck():
    hand = ["8S", "9H", "2D", "3D", "4D"]
    assert BASIC.choose(view_with(hand, "9C", "C"), ["play 8S C", "play 8S D", "play 8S H", "play 8S S",
                                                     "play 9H"], random.Random(1)) == "play 9H"
    stuck = ["8S", "JH", "2D", "3D", "4D"]
    moves = [f"play 8S {suit}" for suit in "CDHS"]
    assert BASIC.choose(view_with(stuck, "9C", "C"), moves, random.Random(1)) == "play 8S D"


def test_basic_sheds_several_and_high_cards_when_someone_is_close_to_going_out():
    hand = ["7S", "7C", "KH", "2H", "3H"]
    legal = ["play 7S", "play KH", "play 2H", "play 3H", "play 7S 7C", "play 7C 7S"]
    view = view_with(hand, "7H", "H")
    assert BASIC.choose(view, legal, random.Random(1)) in ("play 7S 7C", "play 7C 7S")
    close = view_with(hand, "7H", "H", counts=(5, 1))
    assert BASIC.choose(close, legal, random.Random(1)) in ("play 7S 7C", "play 7C 7S", "play KH")
    assert BASIC.choose(close, ["play KH", "play 2H", "play 3H"], random.Random(1)) == "play KH"


def test_basic_outscores_random_with_the_seats_swapped():
    rng = random.Random(4)
    margin = 0
    for match in range(40):
        for basic_seat in (0, 1):
            state = eights.new_game(2, seed=f"bots-{match}", options={"target_score": 0})
            seat_bots = [BASIC if seat == basic_seat else RANDOM for seat in range(2)]
            while state.phase != OVER:
                seat = state.turn
                legal = eights.legal_moves(state, seat)
                move = seat_bots[seat].choose(eights.view(state, seat), legal, rng)
                assert move in legal
                state = eights.apply(state, seat, move)
            margin += state.totals[basic_seat] - state.totals[1 - basic_seat]
    assert margin / 80 > 5, f"basic ahead by {margin / 80:.1f} points a round"
