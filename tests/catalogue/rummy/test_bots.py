"""Rummy bots: always legal, found by level, sensible in plain spots, and far better than chance."""

import random

import pytest

from games import catalogue
from tests.catalogue.rummy.test_engine import SEAT1, deck_for

rummy = catalogue.get("rummy").engine


def choice(state, seat=None, level="basic"):
    seat = rummy.to_move(state)[0] if seat is None else seat
    moves = rummy.legal_moves(state, seat)
    return catalogue.get("rummy").bot(level).choose(rummy.view(state, seat), moves, random.Random(0))


def new(seat0, seat1=SEAT1, up="6D", stock=("8C",), **options):
    return rummy.new_game(2, seed="bots", options=options, deck=deck_for((seat0, seat1), up, stock))


def play_rounds(seat_bots, rounds, seed, options=None):
    """Round winners over ``rounds`` seeded rounds, checking that every move is legal."""
    rng = random.Random(seed)
    winners = []
    match = 0
    while len(winners) < rounds:
        match += 1
        state = rummy.new_game(len(seat_bots), seed=f"{seed}:{match}", options=options)
        while not rummy.is_over(state) and len(winners) < rounds:
            (seat,) = rummy.to_move(state)
            moves = rummy.legal_moves(state, seat)
            move = seat_bots[seat].choose(rummy.view(state, seat), list(moves), rng)
            assert move in moves, (seat_bots[seat].level, move)
            before = rummy.hands_played(state)
            state = rummy.apply(state, seat, move)
            if rummy.hands_played(state) > before:
                winners.append(rummy.view(state, None)["last_round"]["winners"])
    return winners


def test_the_registry_lists_rummy_levels_weakest_first():
    assert catalogue.get("rummy").bot_levels == ["random", "basic"]


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {}),
        (3, {"jokers": "on", "aces": "high_or_low"}),
        (4, {"melds_per_turn": "one", "meld_before_layoff": "on", "discard_to_go_out": "on", "jokers": "on"}),
        (6, {"empty_stock": "turn_over", "scoring": "winner_takes"}),
        (5, {"empty_stock": "block"}),
    ],
)
def test_every_level_always_plays_a_legal_move(players, options):
    levels = catalogue.get("rummy").bot_levels
    seat_bots = [catalogue.get("rummy").bot(levels[seat % 2]) for seat in range(players)]
    assert len(play_rounds(seat_bots, 12, seed=f"legal:{players}", options=options)) == 12


def test_basic_takes_the_discard_only_when_it_makes_a_meld():
    pair = ["6C", "6H", "KH", "QD", "9C", "2D", "3S", "JH", "TS", "4C"]
    assert choice(new(pair)) == "draw discard 6D"
    near_run = ["4D", "5D", "KH", "QH", "9C", "2S", "3S", "JH", "TS", "8C"]
    assert choice(new(near_run, stock=("7C",))) == "draw discard 6D"
    nothing = ["6C", "KH", "QD", "9C", "2S", "3S", "JH", "TS", "4C", "AH"]
    assert choice(new(nothing)) == "draw stock"


def test_basic_melds_the_biggest_meld_then_lays_off_then_discards_high_deadwood():
    seat0 = ["3S", "4S", "5S", "6S", "7C", "7D", "7H", "KH", "QD", "2D"]
    state = rummy.apply(new(seat0, stock=("8C",)), 0, "draw stock")
    assert choice(state) == "meld 3S 4S 5S 6S"
    state = rummy.apply(state, 0, "meld 3S 4S 5S 6S")
    assert choice(state) == "meld 7C 7D 7H"
    state = rummy.apply(state, 0, "meld 7C 7D 7H")
    # KH, QD, 2D and 8C are all loose: one of the two ten-point cards goes.
    assert choice(state) == "discard KH"


def test_basic_keeps_pairs_and_near_runs_and_sheds_the_highest_loose_card():
    seat0 = ["KH", "KD", "8S", "9S", "QC", "2D", "3H", "6C", "5D", "AS"]
    state = rummy.apply(new(seat0, stock=("4S",)), 0, "draw stock")
    # The kings pair up and the eight and nine of spades are near a run: the queen is loose.
    assert choice(state) == "discard QC"


def test_basic_lays_off_on_the_table():
    seat0 = ["3S", "4S", "5S", "KH", "QD", "9C", "2D", "JH", "TC", "AC"]
    seat1 = ["6S", "2H", "7H", "4D", "3C", "5C", "8D", "TD", "KC", "JS"]
    state = new(seat0, seat1, stock=("9H", "QS"))
    state = rummy.apply(rummy.apply(state, 0, "draw stock"), 0, "meld 3S 4S 5S")
    state = rummy.apply(state, 0, "discard KH")
    state = rummy.apply(state, 1, "draw stock")
    assert choice(state) == "layoff 6S 0"


def test_basic_wins_most_rounds_against_random():
    winners = play_rounds([catalogue.get("rummy").bot("basic"), catalogue.get("rummy").bot("random")], 60, seed="strength")
    assert sum(winner == [0] for winner in winners) >= 50
