"""Hearts' expert: a legal move from the seat's view alone, the same whatever the hidden
hands hold, a search in time, and never a seat's stand-in."""

import random

import pytest

from games import catalogue
from games.catalogue.hearts.expert import ExpertBot
from games.kit.cards import INDEX_OF
from tests.catalogue.playouts import assert_the_move_depends_on_the_view_alone, others_shuffled

hearts = catalogue.get("hearts").engine
expert = catalogue.get("hearts").bot("expert")


def _into_the_hand(seed, *, tricks):
    """A seeded state after the pass and ``tricks`` tricks, played by basic bots."""
    rng = random.Random(seed)
    basic = catalogue.get("hearts").bot("basic")
    state = hearts.new_game(4, seed=f"expert:{seed}")
    while state.phase == "pass" or state.tricks_played < tricks or state.trick:
        seat = hearts.to_move(state)[0]
        state = hearts.apply(state, seat, basic.choose(hearts.view(state, seat), hearts.legal_moves(state, seat), rng))
        if state.tricks_played == tricks and not state.trick and state.phase == "play":
            break
    return state


@pytest.mark.parametrize("seed", range(6))
def test_the_move_depends_on_the_view_alone(seed):
    state = _into_the_hand(seed, tricks=3 + seed % 4)
    seat = hearts.to_move(state)[0]
    assert_the_move_depends_on_the_view_alone(hearts, expert, state, others_shuffled(state, seat, seed), seat, seed,
                                              deals=60)


def test_every_legal_card_is_weighed_over_the_same_deals_and_the_best_is_played():
    state = _into_the_hand(11, tricks=4)
    seat = hearts.to_move(state)[0]
    legal = hearts.legal_moves(state, seat)
    searched = expert.search(hearts.view(state, seat), legal, random.Random(1), deals=80)
    assert searched.deals == 80 and set(searched.value) == set(legal)
    assert searched.value[searched.move] == max(searched.value.values())


def test_the_time_limit_stops_the_search_after_a_deal_at_least():
    state = _into_the_hand(2, tricks=1)
    seat = hearts.to_move(state)[0]
    legal = hearts.legal_moves(state, seat)
    if len(legal) == 1:
        pytest.skip("a single legal move is never searched")
    searched = expert.search(hearts.view(state, seat), legal, random.Random(0), seconds=0.0)
    assert searched.deals == 1


def test_the_pass_and_a_lone_legal_card_are_basic_s():
    state = hearts.new_game(4, seed="expert-pass")
    basic = catalogue.get("hearts").bot("basic")
    view, legal = hearts.view(state, 0), hearts.legal_moves(state, 0)
    assert expert.choose(view, legal, random.Random(0)) == basic.choose(view, legal, random.Random(0))


def test_every_sampled_deal_fits_what_the_seat_saw(monkeypatch):
    from games.catalogue.hearts import expert as module
    from games.kit.tricks import voids_shown

    samplers = []
    monkeypatch.setattr(module, "search", lambda legal, *, sample, **kwargs: samplers.append(sample))
    for seed in range(8):
        state = _into_the_hand(seed, tricks=4)
        seat = hearts.to_move(state)[0]
        view = hearts.view(state, seat)
        ExpertBot().search(view, hearts.legal_moves(state, seat), random.Random(0))
        receiver = (seat + {"left": 1, "across": 2, "right": 3}[view["pass_direction"]]) % 4
        gone = sum(1 << INDEX_OF[card] for trick in [*view["hand_tricks"], view["trick"]] for _, card in trick["plays"])
        passed = sum(1 << INDEX_OF[card] for card in view["passed"]) & ~gone
        voids = voids_shown([*view["hand_tricks"], view["trick"]], 4)
        for _ in range(20):
            hands = samplers[-1](random.Random(seed))
            assert hands[seat] == state.hands[seat] and [hand.bit_count() for hand in hands] == view["hand_counts"]
            assert sum(hands) == hands[0] | hands[1] | hands[2] | hands[3] and not sum(hands) & gone
            assert hands[receiver] & passed == passed  # the cards it passed, still with whoever got them
            assert all(not hands[index] & voids[index] for index in range(4) if index != seat)
