"""Seeded random matches: nothing raises, points add up, state round-trips, nothing leaks."""

import json
import random

import pytest

from games.kit import cards
from games.kit.engine import IllegalMove
from tests.catalogue.hearts.tables import hearts

DECK = set(cards.standard_deck())


def random_match(rng, *, options=None, each_step=None):
    state = hearts.new_game(4, seed=f"seed-{rng.getrandbits(64):016x}", options=options)
    while not hearts.is_over(state):
        seat = rng.choice(hearts.to_move(state))
        move = rng.choice(hearts.legal_moves(state, seat))
        if each_step:
            each_step(state, seat, move)
        state = hearts.apply(state, seat, move)
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


def cards_in(value):
    if isinstance(value, str):
        return {value} & DECK
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def check_step(state, seat, move):
    data = hearts.dump(state)
    # Exact, JSON-safe round trip at every step.
    assert hearts.load(json.loads(json.dumps(data))) == state
    assert hearts.dump(hearts.load(data)) == data
    hands = [set(hand) for hand in data["hands"]]
    for viewer in (0, 1, 2, 3, None):
        view = hearts.view(state, viewer)
        json.dumps(view)
        assert data["seed"] not in json.dumps(view)
        seen = cards_in(view)
        own_passes = set(data["passed"][viewer]) if viewer is not None else set()
        for other in range(4):
            if other != viewer:
                leaked = (seen & hands[other]) - own_passes
                assert not leaked, f"seat {viewer} sees {leaked} in seat {other}'s hand"
    # apply never changes the state it is given, legal or not.
    after = hearts.apply(state, seat, move)
    assert hearts.dump(state) == data and after is not state
    illegal = next(m for m in ("play 2C", "play AH", "pass 2C 3C 4C", "play QS") if m != move)
    if illegal not in hearts.legal_moves(state, seat):
        with pytest.raises(IllegalMove):
            hearts.apply(state, seat, illegal)
        assert hearts.dump(state) == data


def test_every_step_round_trips_leaks_nothing_and_changes_nothing_it_was_given():
    rng = random.Random(7)
    for _ in range(30):
        hand_totals_are_right(random_match(rng, each_step=check_step))


def test_every_seat_acting_is_offered_a_move_and_nobody_else_is():
    rng = random.Random(11)

    def only_movers_have_moves(state, seat, move):
        movers = hearts.to_move(state)
        for other in range(4):
            assert bool(hearts.legal_moves(state, other)) == (other in movers)

    for _ in range(30):
        random_match(rng, each_step=only_movers_have_moves)
