"""Seeded random Hearts matches: every hand is worth 26 points, and now and then someone shoots the moon.

What every game promises (round trips, views, refusals) is checked in tests/catalogue/test_contract.py."""

import random

from tests.catalogue.hearts.tables import hearts


def random_match(rng, *, options=None):
    state = hearts.new_game(4, seed=f"seed-{rng.getrandbits(64):016x}", options=options)
    while not hearts.is_over(state):
        seat = rng.choice(hearts.to_move(state))
        state = hearts.apply(state, seat, rng.choice(hearts.legal_moves(state, seat)))
    return state


def hand_totals_are_right(state):
    for scores in hearts.view(state, None)["hand_scores"]:
        moon = sorted(scores) == [0, 26, 26, 26]
        assert sum(scores) == 26 or moon, scores


def test_thousands_of_random_matches_finish_with_every_hand_worth_26_points():
    rng = random.Random(20261129)
    moons = 0
    for _ in range(2000):
        state = random_match(rng, options={"queen_breaks_hearts": rng.random() < 0.5})
        hand_totals_are_right(state)
        outcome = hearts.outcome(state)
        assert max(outcome["scores"]) >= 100 and outcome["ranks"].count(1) == 1
        moons += sum(sorted(s) == [0, 26, 26, 26] for s in hearts.view(state, None)["hand_scores"])
    assert moons > 0, "random play should shoot the moon now and then"
