"""Gin Rummy bots: always legal, found by level, sensible in plain spots, and better than chance."""

import random

from games import catalogue
from tests.catalogue.gin_rummy.tables import DEFENDER, KNOCKER, LOOSE, deal, play

gin = catalogue.get("gin_rummy").engine


def choice(state, level="basic"):
    (seat,) = gin.to_move(state)
    moves = gin.legal_moves(state, seat)
    return catalogue.get("gin_rummy").bot(level).choose(gin.view(state, seat), moves, random.Random(0))


def test_levels_are_random_basic_then_expert():
    assert catalogue.get("gin_rummy").bot_levels == ["random", "basic", "expert"]


def test_basic_takes_the_up_card_only_when_it_melds():
    assert choice(deal(KNOCKER, LOOSE, "4C")) == "draw discard"  # extends AC2C3C
    assert choice(deal(KNOCKER, LOOSE, "5C")) == "draw discard"  # makes a set of fives
    assert choice(deal(KNOCKER, DEFENDER, "4H")) == "pass"
    state = play(deal(KNOCKER, DEFENDER, "4H"), "pass", "pass")
    assert choice(state) == "draw stock"


def test_basic_goes_gin_or_knocks_as_soon_as_it_may():
    assert choice(play(deal(KNOCKER, LOOSE, "4C"), "draw discard")) == "gin KH"
    assert choice(play(deal(KNOCKER, DEFENDER, "4H"), "draw discard")) == "knock KH"
    big = ["AC", "2C", "3C", "4C", "5D", "5H", "5S", "9S", "TS", "JS"]
    assert choice(play(deal(big, LOOSE, "QS"), "draw discard")) == "big gin"


def test_basic_discards_its_highest_lone_deadwood_and_keeps_pairs_and_near_runs():
    hand = ["AC", "2C", "3C", "5D", "5H", "9S", "TS", "KH", "QD", "7C"]
    other = ["KS", "KD", "8D", "8C", "2H", "3D", "6C", "9H", "6D", "4S"]
    state = play(deal(hand, other, "KC", ["2D"]), "pass", "pass", "draw stock")
    # KH and QD are lone tens; 9S TS and 5D 5H are kept for runs and sets.
    assert choice(state) in ("discard KH", "discard QD")


def test_basic_lays_off_what_lowers_its_deadwood_then_is_done():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard", "knock KH")
    for expected in ("layoff QS 2", "layoff KS 2", "layoff 4C 0", "done"):  # biggest first
        assert choice(state) == expected
        state = play(state, expected)


def test_basic_beats_random_in_most_hands_and_every_move_is_legal():
    rng = random.Random(5)
    seat_bots = [catalogue.get("gin_rummy").bot("basic"), catalogue.get("gin_rummy").bot("random")]
    won = [0, 0]
    match = 0
    while sum(won) < 200:
        match += 1
        state = gin.new_game(2, seed=f"bots:{match}")
        while not gin.is_over(state):
            (seat,) = gin.to_move(state)
            moves = gin.legal_moves(state, seat)
            move = seat_bots[seat].choose(gin.view(state, seat), list(moves), rng)
            assert move in moves
            state = gin.apply(state, seat, move)
        for record in gin.view(state, None)["scores"]["hands"]:
            if record["winner"] is not None:
                won[record["winner"]] += 1
    assert won[0] > 0.8 * sum(won)
