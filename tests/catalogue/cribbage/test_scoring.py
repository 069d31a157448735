"""The show's scoring: the issue's vectors, the crib's flush rule, nobs, and the top of the
distribution over every hand that can reach it."""

from collections import Counter
from itertools import combinations

import pytest

from games.catalogue.cribbage.scoring import score_hand
from games.catalogue.cribbage.words import count_aloud
from games.kit.cards import standard_deck


def total(hand, starter, *, crib=False):
    return score_hand(hand.split(), starter, crib=crib)["total"]


@pytest.mark.parametrize(("hand", "starter", "points"), [
    ("5C QC 5D 5H", "5S", 28),
    ("9C TC JC QC", "KC", 11),  # a run of five, a flush of five, nobs
    ("4C 4D 4S 5D", "6S", 21),
    ("5C 5D 5H JS", "5S", 29),
    ("2C 4D 6H 8S", "KC", 0),
    ("AC 2D 3H 3S", "KC", 12),  # a double run of three (6), a pair (2), K+2+3 twice (4)
])
def test_the_vectors(hand, starter, points):
    assert total(hand, starter) == points


def test_a_double_run_is_counted_out_in_items():
    items = score_hand("3C 4D 5H 5S".split(), "KC", crib=False)["items"]
    kinds = Counter(item["kind"] for item in items)
    # 5+K twice: two fifteens; one pair; two runs of three.
    assert kinds == {"fifteen": 2, "pair": 1, "run": 2}
    assert sum(item["points"] for item in items) == 4 + 2 + 6


def test_a_flush_of_four_counts_in_hand_but_not_in_the_crib():
    # No fifteen, pair or run among these: the flush is all there is.
    assert total("2H 4H 6H 8H", "KC") == 4
    assert total("2H 4H 6H 8H", "KC", crib=True) == 0
    assert total("2H 4H 6H 8H", "KH", crib=True) == 5


def test_nobs_is_the_jack_of_the_starters_suit_held():
    assert total("JD 2C 4S 6H", "9D") == 4 + 1  # 9+6 and 9+4+2, and nobs
    assert total("JD 2C 4S 6H", "9C") == 4


def test_a_show_is_four_cards_and_a_different_starter():
    with pytest.raises(ValueError):
        score_hand(["5C", "5D", "5H"], "5S", crib=False)
    with pytest.raises(ValueError):
        score_hand(["5C", "5D", "5H", "5S"], "5S", crib=False)


def test_only_hands_with_three_fives_reach_28_and_exactly_4_score_29_and_76_score_28():
    """Every hand-and-starter with at least three fives among its five cards: 29 needs the fourth
    five with the jack of the starter's suit, 28 the four fives with a ten card or three with a
    jack; bench/cribbage.py enumerates all 12,994,800 and finds no 28 or 29 elsewhere."""
    deck = standard_deck()
    fives = [card for card in deck if card[0] == "5"]
    others = [card for card in deck if card[0] != "5"]
    counts = Counter()
    groups = [trio + pair for trio in combinations(fives, 3) for pair in combinations(others, 2)]
    groups += [tuple(fives) + (card,) for card in others]
    for group in groups:
        for starter in group:
            hand = [card for card in group if card != starter]
            counts[score_hand(hand, starter, crib=False)["total"]] += 1
    assert counts[29] == 4 and counts[28] == 76


@pytest.mark.parametrize(("hand", "starter", "words"), [
    ("7C 8D 8S 2H", "AC", "Fifteen two, fifteen four, and a pair is six."),
    ("3D 4D 4S 5S", "AH", "A pair is two, and two runs of three is eight."),
    ("4C 4D 4S 5D", "6S", "Fifteen two, fifteen four, fifteen six, three of a kind is twelve, and three runs of three "
                          "is twenty-one."),
    ("9C TC JC QC", "KC", "A run of five is five, a flush of five is ten, and his nobs is eleven."),
    ("2C 4D 6H 8S", "KC", "Nineteen: nothing to count."),
])
def test_the_show_is_counted_aloud_as_players_say_it(hand, starter, words):
    assert count_aloud(score_hand(hand.split(), starter, crib=False)["items"]) == words
