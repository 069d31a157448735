"""Seeded Gin Rummy matches: each card in one place at every step, and the scores add up.

What every game promises (round trips, views, refusals) is checked in tests/catalogue/test_contract.py."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games import catalogue
from games.kit import cards
from tests.catalogue.gin_rummy.tables import gin

DECK = set(cards.standard_deck())
BASIC = catalogue.get("gin_rummy").bot("basic")
OPTIONS = st.fixed_dictionaries(
    {
        "knock_limit": st.sampled_from(gin.options["knock_limit"][1]),
        "oklahoma": st.booleans(),
        "target_score": st.sampled_from(gin.options["target_score"][1]),
    }
)


def mixed_play(state, rng, steps, each_step=None):
    """Basic bots most of the time (they knock and lay off), random moves now and then."""
    for _ in range(steps):
        if gin.is_over(state):
            break
        (seat,) = gin.to_move(state)
        moves = gin.legal_moves(state, seat)
        if rng.random() < 0.8:
            move = BASIC.choose(gin.view(state, seat), moves, rng)
        else:
            move = rng.choice(moves)
        if each_step:
            each_step(state, seat, move)
        state = gin.apply(state, seat, move)
    return state


def check_step(state, seat, move):
    data = gin.dump(state)
    # Every card is in exactly one place.
    places = data["hands"] + data["knock_melds"] + [data["stock"], data["discard_pile"]]
    every = [card for place in places for card in place]
    assert len(every) == 52 and set(every) == DECK


@settings(max_examples=12)
@given(seed=st.integers(0, 2**64), options=OPTIONS)
def test_every_step_keeps_each_card_in_one_place(seed, options):
    rng = random.Random(seed)
    state = gin.new_game(2, seed=f"p{seed}", options=options)
    mixed_play(state, rng, 120, each_step=check_step)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**64), options=OPTIONS)
def test_matches_finish_and_the_scores_add_up(seed, options):
    rng = random.Random(seed)
    state = mixed_play(gin.new_game(2, seed=f"m{seed}", options=options), rng, 20_000)
    assert gin.is_over(state)
    view = gin.view(state, None)
    records = view["scores"]["hands"]
    assert gin.hands_played(state) == len(records)
    for seat in (0, 1):
        won = [record for record in records if record["winner"] == seat]
        assert view["scores"]["totals"][seat] == sum(record["points"] for record in won)
        assert view["scores"]["boxes"][seat] == len(won)
    for record in records:
        if record["result"] == "knock":
            knocker, defender = (
                record["deadwood"][record["knocker"]],
                record["deadwood"][1 - record["knocker"]],
            )
            assert knocker <= options["knock_limit"] and record["points"] == defender - knocker > 0
        elif record["result"] == "undercut":
            assert record["winner"] != record["knocker"] and record["points"] >= 25
    final = view["scores"]["final"]
    assert max(final["points"]) >= options["target_score"]
    assert gin.outcome(state) == {
        "scores": final["totals"],
        "ranks": [1, 2] if final["winner"] == 0 else [2, 1],
    }
