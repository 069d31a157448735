"""Seeded random play: cards are conserved, states round-trip, views leak nothing, apply is pure."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import catalogue
from games.kit import cards
from games.kit.engine import IllegalMove
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


def cards_in(value):
    if isinstance(value, str):
        return {value} & DECK
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


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
    assert gin.load(json.loads(json.dumps(data))) == state and gin.dump(gin.load(data)) == data
    # Every card is in exactly one place.
    places = data["hands"] + data["knock_melds"] + [data["stock"], data["discard_pile"]]
    every = [card for place in places for card in place]
    assert len(every) == 52 and set(every) == DECK
    shown = data["phase"] in ("layoff", "over")  # after a knock both hands are on the table
    for viewer in (0, 1, None):
        view = gin.view(state, viewer)
        text = json.dumps(view)
        assert data["seed"] not in text
        current = {key: value for key, value in view.items() if key != "last_hand"}  # a past deal
        # The card just taken from the discard pile was face up: both seats saw it taken.
        seen = cards_in(current) - {view["taken_from_discard"]}
        assert not seen & set(data["stock"]), "the stock is never shown"
        for other in (0, 1):
            if other != viewer and not shown:
                assert not seen & set(data["hands"][other]), f"seat {viewer} sees seat {other}'s hand"
        if viewer is not None:
            assert view["hand"] == data["hands"][viewer]
    assert bool(gin.legal_moves(state, 1 - seat)) is False
    # apply never changes the state it is given, legal or not.
    after = gin.apply(state, seat, move)
    assert gin.dump(state) == data and after is not state
    for illegal in ("discard 2C", "draw discard", "layoff 5S 0", "knock AS", "done", "big gin"):
        equivalent = illegal.replace("knock", "gin")  # knocking with no deadwood is gin
        if illegal not in gin.legal_moves(state, seat) and equivalent not in gin.legal_moves(state, seat):
            with pytest.raises(IllegalMove):
                gin.apply(state, seat, illegal)
            assert gin.dump(state) == data


@settings(max_examples=12)
@given(seed=st.integers(0, 2**64), options=OPTIONS)
def test_every_step_conserves_cards_round_trips_and_leaks_nothing(seed, options):
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
