"""Seeded random Rummy rounds under every option: cards are conserved, states round-trip,
views hide other hands and the stock, and refused moves change nothing."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import catalogue
from games.kit import cards
from games.kit.engine import IllegalMove

rummy = catalogue.get("rummy").engine

OPTIONS = st.fixed_dictionaries({name: st.sampled_from(choices) for name, (_, choices) in rummy.options.items()})


def cards_in(value, found=None):
    """Every card named anywhere in a view (a meld's "jokers" map names stand-ins, not cards)."""
    found = set() if found is None else found
    if isinstance(value, str):
        card = value.partition("=")[0]
        if card in ALL_CARDS:
            found.add(card)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "jokers":
                cards_in(item, found)
    elif isinstance(value, list):
        for item in value:
            cards_in(item, found)
    return found


ALL_CARDS = set(cards.standard_deck(jokers=2))


def spelling(move):
    """A move up to the order of a meld's cards and how its jokers are written (apply
    accepts any order, and a bare joker where its place is clear)."""
    verb, _, rest = move.partition(" ")
    words = rest.split(" ")
    if verb == "meld":
        return verb, frozenset(word.partition("=")[0] for word in words)
    return verb, tuple(word.partition("=")[0] for word in words)


def check_step(state, seat, move, rng):
    data = rummy.dump(state)
    assert rummy.load(json.loads(json.dumps(data))) == state
    assert rummy.dump(rummy.load(data)) == data
    # Every card is somewhere, once.
    places = data["hands"] + [data["stock"], data["discard"]] + [meld["cards"] for meld in data["melds"]]
    every = [card for place in places for card in place]
    size = 54 if data["options"]["jokers"] == "on" else 52
    assert len(every) == size and set(every) == set(cards.standard_deck(jokers=2 if size == 54 else 0))
    players = data["players"]
    for viewer in [*range(players), None]:
        view = rummy.view(state, viewer)
        text = json.dumps(view)
        assert data["seed"] not in text
        current = dict(view)
        current.pop("last_round")  # the cards counted at the end of the last round, shown to all
        # The card taken from the discard pile this turn was face up: everyone saw it taken.
        seen = cards_in(current) - {data["taken"]}
        assert not seen & set(data["stock"]), "the stock is never shown"
        for other in range(players):
            if other != viewer:
                assert not seen & set(data["hands"][other]), f"seat {viewer} sees seat {other}'s cards"
        if viewer is not None:
            assert view["hand"] == cards.sort_cards(data["hands"][viewer], aces_high=False)
    for other in range(players):
        assert bool(rummy.legal_moves(state, other)) == (other == seat)
    # apply never changes what it is given; a move not listed is refused and changes nothing.
    after = rummy.apply(state, seat, move)
    assert rummy.dump(state) == data and after is not state
    hand = data["hands"][seat]
    legal = {spelling(move) for move in rummy.legal_moves(state, seat)}
    candidates = ["draw stock", "discard " + rng.choice(sorted(ALL_CARDS)),
                  "meld " + " ".join(rng.sample(hand, min(3, len(hand)))),
                  f"layoff {rng.choice(hand)} {rng.randrange(len(data['melds']) + 1)}",
                  f"swap {rng.choice(hand)} 0", "draw discard"]
    for candidate in candidates:
        if spelling(candidate) not in legal and not (candidate == "draw discard" and data["phase"] == "draw"):
            with pytest.raises(IllegalMove):
                rummy.apply(state, seat, candidate)
            assert rummy.dump(state) == data
    return after


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
def test_random_rounds_conserve_cards_round_trip_and_leak_nothing(players, options, seed, eager):
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
