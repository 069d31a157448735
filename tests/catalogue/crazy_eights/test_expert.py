"""Crazy Eights' search: the round it plays out is the view's, and its expert plays legal
moves from the view alone."""

import random

import pytest

from games import catalogue
from games.catalogue.crazy_eights.expert import _state_of
from games.kit.cards import sort_cards
from tests.catalogue.playouts import assert_the_move_depends_on_the_view_alone

eights = catalogue.get("crazy_eights").engine
basic = catalogue.get("crazy_eights").bot("basic")
expert = catalogue.get("crazy_eights").bot("expert")


def _into_the_round(seed, moves, **options):
    rng = random.Random(seed)
    state = eights.new_game(4, seed=f"expert:{seed}", options=options)
    for _ in range(moves):
        seat = eights.to_move(state)[0]
        state = eights.apply(state, seat, basic.choose(eights.view(state, seat), eights.legal_moves(state, seat), rng))
    return state


def _others_redealt(state, seat, seed):
    """The same moment with the other hands and the stock dealt again from their cards."""
    cards = [card for other, hand in enumerate(state.hands) if other != seat for card in hand] + list(state.stock)
    random.Random(seed).shuffle(cards)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sort_cards(cards[:len(hand)], aces_high=False)))
            cards = cards[len(hand):]
    shuffled = state.copy()
    shuffled.hands = tuple(hands)
    shuffled.stock = tuple(cards)
    return shuffled


@pytest.mark.parametrize("seed", range(6))
def test_the_round_searched_is_the_view_s_with_the_hidden_cards_dealt_as_sampled(seed):
    state = _into_the_round(seed, 6 + seed)
    seat = eights.to_move(state)[0]
    view = eights.view(state, seat)
    built = _state_of(view, [list(hand) for hand in state.hands], list(state.stock))
    # Everything the rules read is the state's own, and the round is the last one searched.
    assert eights.legal_moves(built, seat) == eights.legal_moves(state, seat)
    assert (built.hands, built.stock, built.discard, built.suit, built.turn, built.draws) == (
        state.hands, state.stock, state.discard, state.suit, state.turn, state.draws)
    assert built.target_score == 0 and built.play_several == state.play_several


@pytest.mark.parametrize("seed", range(6))
def test_the_expert_s_move_depends_on_the_view_alone(seed):
    state = _into_the_round(seed, 4 + 2 * seed)
    seat = eights.to_move(state)[0]
    assert_the_move_depends_on_the_view_alone(eights, expert, state, _others_redealt(state, seat, seed), seat, seed,
                                              deals=20)
