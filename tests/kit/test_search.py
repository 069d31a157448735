"""The determinized-search block: deals of the unseen cards that respect what a seat saw."""

import random

import pytest

from games.kit.cards import SUIT_MASKS
from games.kit.search import deal_unseen, search

CLUBS, DIAMONDS, HEARTS, SPADES = SUIT_MASKS


@pytest.mark.parametrize("seed", range(50))
def test_every_seat_gets_its_count_and_never_a_suit_it_showed_void_in(seed):
    rng = random.Random(seed)
    cards = rng.sample(range(52), 30)
    needs = [0, 10, 10, 10]
    voids = [0, HEARTS, SPADES | CLUBS, 0]
    # A deal must exist: seat 3 can hold anything, so give it whatever the others cannot.
    dealt = deal_unseen(cards, needs, voids, rng)
    assert [hand.bit_count() for hand in dealt] == needs
    assert sum(dealt) == dealt[0] | dealt[1] | dealt[2] | dealt[3]  # no card twice
    assert all(dealt[seat] & ~sum(1 << card for card in cards) == 0 for seat in range(4))
    assert all(not dealt[seat] & voids[seat] for seat in range(4))


def test_a_card_only_one_seat_may_hold_goes_there():
    rng = random.Random(1)
    cards = list(range(13)) + [13]  # every club and the two of diamonds
    for _ in range(20):
        dealt = deal_unseen(cards, [0, 7, 7, 0], [0, DIAMONDS, 0, 0], rng)
        assert dealt[2] & (1 << 13)


def test_cards_beyond_the_needs_are_left_out_and_too_few_is_an_error():
    rng = random.Random(2)
    dealt = deal_unseen(list(range(10)), [3, 3, 0, 0], [0, 0, 0, 0], rng)
    assert [hand.bit_count() for hand in dealt] == [3, 3, 0, 0]
    with pytest.raises(ValueError, match="Not enough"):
        deal_unseen(list(range(5)), [3, 3, 0, 0], [0, 0, 0, 0], rng)


def test_voids_that_contradict_each_other_are_let_go_rather_than_no_deal():
    # Only hearts are left and both seats say they are void in hearts (an old stored state).
    rng = random.Random(3)
    dealt = deal_unseen(list(range(26, 32)), [3, 3, 0, 0], [HEARTS, HEARTS, 0, 0], rng)
    assert [hand.bit_count() for hand in dealt] == [3, 3, 0, 0]


def test_search_takes_the_best_move_over_the_same_deals_and_stops_at_its_count():
    seen = []

    def sample(rng):
        seen.append(rng.random())
        return seen[-1]

    def evaluate(deal, move, rng):
        return {"a": 0.0, "b": deal, "c": 0.5}[move]  # b averages 0.5 too, c exactly: ties go first

    chosen = search(["a", "b", "c"], sample=sample, evaluate=evaluate, rng=random.Random(4), deals=200)
    assert chosen.deals == 200 == len(seen)
    assert chosen.move in ("b", "c") and chosen.value["a"] == 0.0
    assert chosen.value["b"] == pytest.approx(sum(seen) / 200)


def test_search_stops_when_its_time_is_up_after_one_deal_at_least():
    chosen = search(["a", "b"], sample=lambda rng: None, evaluate=lambda deal, move, rng: 1.0 if move == "b" else 0.0,
                    rng=random.Random(5), deals=10**9, seconds=0.0)
    assert chosen.deals == 1 and chosen.move == "b"


def test_a_preferred_move_gives_way_only_to_a_gain_the_deals_can_tell():
    def noisy(gain):
        # "b" is the preferred move's value plus ``gain`` plus noise of its own in every deal.
        return lambda deal, move, rng: deal[0] + (gain + deal[1] if move == "b" else 0.0)

    def sample(rng):
        return rng.gauss(0, 10), rng.gauss(0, 1)

    def chosen(gain, z):
        return search(["a", "b"], sample=sample, evaluate=noisy(gain), rng=random.Random(7), deals=400,
                      prefer="a", z=z).move

    # The deal's own luck (its first number) is the same for both moves and cancels in the pairs.
    assert chosen(0.5, z=2.0) == "b"  # half a point, 400 deals of noise 1: ten standard errors
    assert chosen(0.02, z=2.0) == "a"  # within the noise: the preferred move stays
    assert chosen(0.02, z=0.0) == "b"  # without the margin the higher mean wins, noise or not
    assert chosen(-0.5, z=0.0) == "a"
