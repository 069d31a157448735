"""The search's fast inner state agrees with the public engine, card for card and point for point."""

import random

import pytest

from games import catalogue
from games.catalogue.hearts import playout
from games.kit.cards import CARD_AT, INDEX_OF

hearts = catalogue.get("hearts").engine


def _mask_of_moves(moves):
    mask = 0
    for move in moves:
        mask |= 1 << INDEX_OF[move.removeprefix("play ")]
    return mask


@pytest.mark.parametrize("seed", range(30))
def test_a_seeded_random_hand_plays_the_same_through_both(seed):
    rng = random.Random(seed)
    state = hearts.new_game(4, seed=f"playout:{seed}", options={"queen_breaks_hearts": seed % 2 == 1})
    while state.phase == "pass":  # random passes, by the public engine
        seat = hearts.to_move(state)[0]
        state = hearts.apply(state, seat, rng.choice(hearts.legal_moves(state, seat)))
    fast = playout.Hand.of_state(state)
    hand_number = state.hand_number
    while state.hand_number == hand_number and not hearts.is_over(state):
        seat = hearts.to_move(state)[0]
        legal = hearts.legal_moves(state, seat)
        assert fast.turn == seat and fast.playable() == _mask_of_moves(legal)
        move = rng.choice(legal)
        fast.play(INDEX_OF[move.removeprefix("play ")])
        before = state
        state = hearts.apply(state, seat, move)
        if state.hand_number == hand_number and not hearts.is_over(state):
            assert fast.hands == list(state.hands) and fast.hearts_broken == state.hearts_broken
            assert fast.taken == list(state.taken) and fast.leader == state.leader
    assert fast.over
    assert fast.scores() == list(hearts.view(state, None)["hand_scores"][before.hand_number - 1])


@pytest.mark.parametrize("seed", range(20))
def test_basic_card_plays_what_the_basic_bot_plays_where_both_know_the_same(seed):
    # The bot guesses whether the queen is out from the points taken; the playout reads the
    # cards gone. Where they know the same (she is still out, or was taken), they agree.
    rng = random.Random(seed)
    bot = catalogue.get("hearts").bot("basic")
    state = hearts.new_game(4, seed=f"basic:{seed}")
    while state.phase == "pass":
        seat = hearts.to_move(state)[0]
        state = hearts.apply(state, seat, bot.choose(hearts.view(state, seat), hearts.legal_moves(state, seat), rng))
    agreed = 0
    hand_number = state.hand_number
    while state.hand_number == hand_number and not hearts.is_over(state):
        seat = hearts.to_move(state)[0]
        legal = hearts.legal_moves(state, seat)
        fast = playout.Hand.of_state(state)
        card = CARD_AT[playout.basic_card(fast, rng)]
        assert f"play {card}" in legal
        agreed += bot.choose(hearts.view(state, seat), legal, rng) == f"play {card}"
        state = hearts.apply(state, seat, f"play {card}")
    assert agreed >= 10  # of 13: the two read the same rules of thumb


def test_shooting_the_moon_scores_as_the_engine_does():
    hands = [(1 << 52) - 1 & ~(1 << i) for i in range(4)]  # not a deal: only the taken points matter
    fast = playout.Hand(hands, tricks_played=13, taken=(26, 0, 0, 0))
    assert fast.scores() == [0, 26, 26, 26]
    assert playout.Hand(hands, tricks_played=13, taken=(13, 5, 8, 0)).scores() == [13, 5, 8, 0]


def test_a_random_deal_and_pass_keep_thirteen_cards_each_and_the_whole_deck():
    rng = random.Random(3)
    hands = playout.random_pass(playout.random_deal(rng), 1, rng)
    assert [hand.bit_count() for hand in hands] == [13] * 4
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    assert hands[playout.leader_of(hands)] & 1
