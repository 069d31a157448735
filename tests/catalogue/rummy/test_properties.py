"""Seeded random Rummy rounds under every option: cards are conserved, and matches end with
scores that add up. What every game promises (round trips, views, refusals) is checked in
tests/catalogue/test_contract.py."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games import catalogue
from games.kit import cards

rummy = catalogue.get("rummy").engine

OPTIONS = st.fixed_dictionaries({name: st.sampled_from(choices) for name, (_, choices) in rummy.options.items()})


def check_step(state, seat, move, rng):
    data = rummy.dump(state)
    # Every card is somewhere, once.
    places = data["hands"] + [data["stock"], data["discard"]] + [meld["cards"] for meld in data["melds"]]
    every = [card for place in places for card in place]
    size = 54 if data["options"]["jokers"] == "on" else 52
    assert len(every) == size and set(every) == set(cards.standard_deck(jokers=2 if size == 54 else 0))
    return rummy.apply(state, seat, move)


def pick(moves, rng, eager):
    """A random move; with chance ``eager`` a meld, layoff or swap when there is one, so
    that rounds end in tens of moves rather than thousands."""
    laying = [move for move in moves if move.split(" ")[0] in ("meld", "layoff", "swap")]
    return rng.choice(laying if laying and rng.random() < eager else moves)


def play_rounds(state, rng, rounds, *, eager, each_step=None, max_steps=20000):
    start = rummy.hands_played(state)
    steps = 0
    while not rummy.is_over(state) and rummy.hands_played(state) < start + rounds and steps < max_steps:
        (seat,) = rummy.to_move(state)
        move = pick(rummy.legal_moves(state, seat), rng, eager)
        state = each_step(state, seat, move, rng) if each_step else rummy.apply(state, seat, move)
        steps += 1
    assert steps < 20000, "a round that never ends"
    return state


@settings(max_examples=60)
@given(players=st.integers(2, 6), options=OPTIONS, seed=st.integers(0, 2**32), eager=st.sampled_from([0.0, 0.5]))
def test_random_rounds_keep_every_card_somewhere_once(players, options, seed, eager):
    rng = random.Random(seed)
    state = rummy.new_game(players, seed=f"p{seed}", options=options)
    # Two rounds, or the first 250 moves: long enough for the stock to run out.
    play_rounds(state, rng, 2, eager=eager, each_step=check_step, max_steps=250)


@settings(max_examples=60)
@given(players=st.integers(2, 6), options=OPTIONS, seed=st.integers(0, 2**32))
def test_random_matches_end_with_scores_that_add_up(players, options, seed):
    rng = random.Random(seed)
    state = play_rounds(rummy.new_game(players, seed=f"m{seed}", options=options), rng, 10**6, eager=0.9)
    view = rummy.view(state, None)
    assert rummy.is_over(state) and view["phase"] == "over" and rummy.to_move(state) == ()
    totals = [sum(column) for column in zip(*view["round_scores"], strict=True)]
    assert view["totals"] == totals == rummy.outcome(state)["scores"]
    if options["rounds"]:
        assert rummy.hands_played(state) == options["rounds"]
    else:
        assert max(totals) >= options["target_score"]
    assert 1 in view["ranks"] and view["ranks"] == rummy.outcome(state)["ranks"]
    best = min(totals) if options["scoring"] == "penalty" else max(totals)
    assert all((rank == 1) == (total == best) for rank, total in zip(view["ranks"], totals, strict=True))
