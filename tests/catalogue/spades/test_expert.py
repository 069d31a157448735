"""Spades' search: its fast hand agrees with the engine, its ``basic_card`` is the basic bot's
card, and its expert plays legal moves from the view alone."""

import random

import pytest

from games import catalogue
from games.catalogue.spades import playout
from games.kit.cards import CARD_AT, INDEX_OF
from tests.catalogue.playouts import assert_the_move_depends_on_the_view_alone, others_shuffled

spades = catalogue.get("spades").engine
basic = catalogue.get("spades").bot("basic")
expert = catalogue.get("spades").bot("expert")


def _bid_hand(seed, rng, *, nil_bids=0):
    """A hand bid by basic, ``nil_bids`` of its seats (from seat 0) bidding nil instead."""
    state = spades.new_game(4, seed=seed, options={"nil_tricks_count": nil_bids == 1})
    while state.phase == "bid":
        seat = spades.to_move(state)[0]
        legal = spades.legal_moves(state, seat)
        move = "bid nil" if seat < nil_bids else basic.choose(spades.view(state, seat), legal, rng)
        state = spades.apply(state, seat, move)
    return state


@pytest.mark.parametrize("seed", range(24))
def test_a_hand_plays_the_same_through_the_fast_state_and_the_engine(seed):
    rng = random.Random(seed)
    state = _bid_hand(f"fast:{seed}", rng, nil_bids=seed % 3)
    fast = playout.Hand.of_state(state)
    while spades.hands_played(state) == 0:
        seat = spades.to_move(state)[0]
        legal = spades.legal_moves(state, seat)
        assert fast.turn == seat and fast.playable() == sum(1 << INDEX_OF[move[5:]] for move in legal)
        move = rng.choice(legal)
        fast.play(INDEX_OF[move[5:]])
        before, state = state, spades.apply(state, seat, move)
        if spades.hands_played(state) == 0:
            assert fast.tricks == list(state.tricks) and fast.hands == list(state.hands)
            assert fast.spades_broken == state.spades_broken
    assert fast.left == 0
    points, bags = playout.score_hand(fast.bids, tuple(fast.tricks), nil_tricks_count=before.nil_tricks_count)
    assert fast.team_values(nil_tricks_count=before.nil_tricks_count) == tuple(
        points[team] - playout.BAG_COST * bags[team] for team in (0, 1))
    assert state.last_hand["tricks"] == fast.tricks


@pytest.mark.parametrize("seed", range(40))
def test_basic_card_is_the_card_the_basic_bot_plays(seed):
    # Nil bidders and their partners (ducking, covering) and setting the other team all come
    # up over these seeds; every card of every hand is compared, not a sample.
    rng = random.Random(seed)
    state = _bid_hand(f"basic:{seed}", rng, nil_bids=seed % 3)
    while spades.hands_played(state) == 0:
        seat = spades.to_move(state)[0]
        legal = spades.legal_moves(state, seat)
        card = CARD_AT[playout.basic_card(playout.Hand.of_state(state), rng)]
        assert basic.choose(spades.view(state, seat), legal, rng) == f"play {card}", (seed, state.trick)
        # Play on at random now and then, so the bot meets positions it would not make itself.
        move = rng.choice(legal) if rng.random() < 0.3 else f"play {card}"
        state = spades.apply(state, seat, move)


def test_a_bag_costs_what_ten_of_them_cost():
    hands = [0, 0, 0, 0]
    fast = playout.Hand(hands, bids=(3, 3, 3, 3), tricks=(5, 2, 3, 3))
    # Team 0 bid 6 and took 8: 62 points, 2 bags; team 1 bid 6 and took 5: minus 60.
    assert fast.team_values(nil_tricks_count=False) == (62 - 2 * playout.BAG_COST, -60)


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_s_move_depends_on_the_view_alone(seed):
    rng = random.Random(seed)
    state = _bid_hand(f"expert:{seed}", rng, nil_bids=seed % 2)
    for _ in range(6 + seed):  # into the hand: voids shown, tricks taken
        seat = spades.to_move(state)[0]
        state = spades.apply(state, seat, basic.choose(spades.view(state, seat), spades.legal_moves(state, seat), rng))
    seat = spades.to_move(state)[0]
    assert_the_move_depends_on_the_view_alone(spades, expert, state, others_shuffled(state, seat, seed), seat, seed,
                                              deals=40)


def test_the_view_keeps_the_hand_s_tricks_for_the_search():
    rng = random.Random(1)
    state = _bid_hand("tricks", rng)
    for _ in range(9):
        seat = spades.to_move(state)[0]
        state = spades.apply(state, seat, rng.choice(spades.legal_moves(state, seat)))
    view = spades.view(state, 0)
    assert [len(trick["plays"]) for trick in view["hand_tricks"]] == [4, 4]
    assert len(view["trick"]["plays"]) == 1
    assert spades.load(spades.dump(state)) == state
    old = spades.dump(state)
    del old["history"]  # a hand stored before its tricks were kept
    assert spades.view(spades.load(old), 0)["hand_tricks"] == []
