"""Oh Hell!'s search: its fast round agrees with the engine, and its expert plays legal moves
from the view alone."""

import random

import pytest

from games import catalogue
from games.catalogue.oh_hell import playout
from games.kit.cards import CARD_AT, INDEX_OF
from tests.catalogue.playouts import assert_the_move_depends_on_the_view_alone, others_shuffled

oh_hell = catalogue.get("oh_hell").engine
basic = catalogue.get("oh_hell").bot("basic")
expert = catalogue.get("oh_hell").bot("expert")


def _bid_round(players, seed, rng):
    state = oh_hell.new_game(players, seed=seed, options={"scoring": "exact_only"} if players % 2 else None)
    while state.phase == "bid":
        seat = oh_hell.to_move(state)[0]
        state = oh_hell.apply(state, seat, basic.choose(oh_hell.view(state, seat), oh_hell.legal_moves(state, seat), rng))
    return state


def _fast(state):
    return playout.Hand(state.hands, trump="CDHS".index(state.trump_card[1]), bids=state.bidding.bids,
                        trick=state.trick, leader=state.leader, taken=state.tricks)


@pytest.mark.parametrize("players,seed", [(players, seed) for players in (3, 4, 7) for seed in range(8)])
def test_a_round_plays_the_same_through_the_fast_state_and_the_engine(players, seed):
    rng = random.Random(seed)
    state = _bid_round(players, f"fast:{seed}", rng)
    fast = _fast(state)
    while oh_hell.hands_played(state) == 0:
        seat = oh_hell.to_move(state)[0]
        legal = oh_hell.legal_moves(state, seat)
        assert fast.turn == seat and fast.playable() == sum(1 << INDEX_OF[move[5:]] for move in legal)
        # basic's card, by the masks, is one basic itself plays
        assert f"play {CARD_AT[playout.basic_card(fast, rng)]}" == basic.choose(oh_hell.view(state, seat), legal, rng)
        move = rng.choice(legal)
        fast.play(INDEX_OF[move[5:]])
        state = oh_hell.apply(state, seat, move)
        if oh_hell.hands_played(state) == 0:
            assert fast.taken == list(state.tricks) and fast.hands == list(state.hands)
    assert fast.left == 0
    assert fast.points(state.scoring) == list(state.round_scores[0])


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_s_move_depends_on_the_view_alone(seed):
    rng = random.Random(seed)
    state = _bid_round(4, f"expert:{seed}", rng)
    for _ in range(5 + seed):  # into the round: voids shown, tricks taken
        seat = oh_hell.to_move(state)[0]
        state = oh_hell.apply(state, seat, basic.choose(oh_hell.view(state, seat), oh_hell.legal_moves(state, seat), rng))
    seat = oh_hell.to_move(state)[0]
    assert_the_move_depends_on_the_view_alone(oh_hell, expert, state, others_shuffled(state, seat, seed), seat, seed,
                                              deals=40)
