"""Oh Hell! bots: legal moves only, and a ``basic`` bot that hits its bids more often and
scores more than ``random`` over seeded matches, seats swapped."""

import random

import pytest

from games.catalogue.oh_hell import bots
from games.catalogue.oh_hell.engine import ENGINE, OVER

oh_hell = ENGINE
RANDOM, BASIC = bots.LEVELS


def play_match(players, seats_bots, seed, rng):
    state = oh_hell.new_game(players, seed=seed, options={"rounds": "down"})
    while state.phase != OVER:
        seat = oh_hell.to_move(state)[0]
        legal = oh_hell.legal_moves(state, seat)
        move = seats_bots[seat].choose(oh_hell.view(state, seat), legal, rng)
        assert move in legal, f"{seats_bots[seat].level} chose {move!r}"
        state = oh_hell.apply(state, seat, move)
    return state


def test_basic_bids_its_high_cards_and_trumps():
    assert bots.expected_tricks(["AS", "KS", "QS", "AH", "2C"], "S") == pytest.approx(3.5)
    assert round(bots.expected_tricks(["2C", "3D", "4H"], "S")) == 0


def test_basic_outscores_random_with_the_seats_swapped():
    rng = random.Random(8)
    basic = random_points = 0
    for match in range(20):
        for basic_seats in ((0, 2), (1, 3)):
            seats_bots = [BASIC if seat in basic_seats else RANDOM for seat in range(4)]
            state = play_match(4, seats_bots, f"match-{match}", rng)
            basic += sum(state.totals[seat] for seat in basic_seats)
            random_points += sum(state.totals[seat] for seat in range(4) if seat not in basic_seats)
    assert basic > 1.3 * random_points, (basic, random_points)


def test_bots_play_every_table_size_to_the_end():
    rng = random.Random(2)
    for players in range(3, 8):
        state = play_match(players, [BASIC, RANDOM] * 4, f"size-{players}", rng)
        assert state.phase == OVER and len(state.round_scores) == len(state.sizes)
