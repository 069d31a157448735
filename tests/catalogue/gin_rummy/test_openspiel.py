"""Differential test of our least-deadwood search against OpenSpiel's gin rummy utilities.

OpenSpiel (an independent C++ implementation) enumerates meld groups; we search set
choices over per-suit run tables. Ten-card hands must agree exactly. For eleven cards
OpenSpiel's ``min_deadwood`` melds all eleven and then drops the highest deadwood card,
which is a shortcut (it can miss a better discard that breaks a meld), so there we compare
the least deadwood of all eleven cards against its best meld group, and our least deadwood
after the best discard against the least of its ten-card counts over every discard.
Half the hands are drawn from five neighbouring ranks, so sets and runs cross often.
"""

import random

import pytest

from games.catalogue.gin_rummy import engine as gin_rummy

pyspiel = pytest.importorskip("pyspiel")
from pyspiel import gin_rummy as spiel_gin  # noqa: E402

HANDS = 12_000
RANKS = "A23456789TJQK"
UTILS = spiel_gin.GinRummyUtils(13, 4, 10)


def spiel_cards(hand):
    return UTILS.card_strings_to_card_ints([card[0] + card[1].lower() for card in hand])


def random_hand(rng, size):
    if rng.random() < 0.5:
        return rng.sample(gin_rummy.LABELS, size)
    low = rng.randrange(len(RANKS) - 4)
    near = [card for card in gin_rummy.LABELS if card[0] in RANKS[low : low + 5]]
    return rng.sample(near, size)


def spiel_deadwood_of_all(cards):
    melded = sum(UTILS.card_value(card) for meld in UTILS.best_meld_group(cards) for card in meld)
    return UTILS.total_card_value(cards) - melded


def test_least_deadwood_agrees_with_open_spiel_on_thousands_of_hands():
    rng = random.Random(20260611)
    with_sets = 0
    for i in range(HANDS):
        size = 10 + i % 2
        hand = random_hand(rng, size)
        mask = gin_rummy.hand_mask(hand)
        theirs = spiel_cards(hand)
        ours = gin_rummy.deadwood(mask)
        melds = gin_rummy.best_melds(mask)
        # The arrangement we show the player is valid and reaches the least deadwood.
        assert all(gin_rummy.is_meld(meld) for meld in melds), hand
        assert gin_rummy.card_value(mask & ~sum(melds)) == ours, hand
        with_sets += any(
            gin_rummy.list_cards(meld)[0][0] == gin_rummy.list_cards(meld)[1][0] for meld in melds
        )
        if size == 10:
            assert ours == UTILS.min_deadwood(theirs), hand
            continue
        assert ours == spiel_deadwood_of_all(theirs), hand
        after_discard = gin_rummy.deadwood_after_discard(mask)
        if i % 4 == 1:  # eleven ten-card counts per hand: a quarter of the sample is plenty
            best = min(UTILS.min_deadwood(theirs[:k] + theirs[k + 1 :]) for k in range(size))
            assert after_discard == best, hand
        # OpenSpiel's shortcut is an upper bound on the true least deadwood.
        assert after_discard <= UTILS.min_deadwood(theirs), hand
    assert with_sets > HANDS // 10, "the sample must exercise sets, not only runs"
