from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kit import melds
from games.kit.engine import IllegalMove
from games.kit.melds import hand_mask


def cards(text):
    return text.split()


# -- card masks, aces low ----------------------------------------------------------------

def all_melds():
    found = []
    for rank in range(13):
        column = [1 << (13 * suit + rank) for suit in range(4)]
        found.append(sum(column))
        found += [sum(column) - one for one in column]
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                found.append(sum(1 << (13 * suit + r) for r in range(low, high + 1)))
    return found


MELDS = all_melds()


def least_deadwood(mask):
    """Brute force: every way of taking disjoint melds out of the hand."""

    @cache
    def search(rest):
        best = melds.card_value(rest)
        for meld in MELDS:
            if meld & rest == meld:
                best = min(best, search(rest & ~meld))
        return best

    return search(mask)


@given(st.sets(st.sampled_from(melds.LABELS), min_size=10, max_size=10))
def test_the_least_deadwood_is_the_least_over_every_arrangement(hand):
    mask = hand_mask(hand)
    assert melds.deadwood(mask) == least_deadwood(mask)
    arranged = melds.best_melds(mask)
    assert all(melds.is_meld(meld) for meld in arranged)
    assert sum(arranged) & mask == sum(arranged) and melds.card_value(mask & ~sum(arranged)) == melds.deadwood(mask)


def test_deadwood_counts_aces_one_and_courts_ten():
    assert melds.deadwood(hand_mask(cards("AS KH 2D"))) == 13
    assert melds.deadwood(hand_mask(cards("AS 2S 3S KH KD KC 7D"))) == 7
    # The seven of hearts does better in the run than in the set of sevens.
    assert melds.deadwood(hand_mask(cards("7C 7D 7H 8H 9H"))) == 14
    # Three of four sevens make the set, so the fourth can run.
    assert melds.deadwood(hand_mask(cards("7C 7D 7H 7S 8S 9S"))) == 0


def test_a_card_lays_off_on_a_set_or_either_end_of_a_run():
    run, group = hand_mask(cards("4S 5S 6S")), hand_mask(cards("9C 9D 9H"))
    assert melds.fits(run, hand_mask(["3S"])) and melds.fits(run, hand_mask(["7S"]))
    assert not melds.fits(run, hand_mask(["8S"])) and not melds.fits(run, hand_mask(["7H"]))
    assert melds.fits(group, hand_mask(["9S"])) and not melds.fits(group, hand_mask(["9C"]))
    assert not melds.is_meld(hand_mask(cards("QS KS AS")))


def test_the_best_discard_of_eleven_cards():
    assert melds.deadwood_after_discard(hand_mask(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS KH"))) == 0
    assert melds.deadwood_after_discard(hand_mask(cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C QC"))) == 2


def test_near_cards_are_pairs_or_near_runs():
    assert melds.near("7S", "7H") and melds.near("7S", "9S") and not melds.near("7S", "TS")
    assert not melds.near("7S", "7S") and not melds.near("KS", "AS")
    assert melds.near("KS", "AS", aces_high=True)
    assert melds.run_places("AS", aces_high=True) == (1, 14) and melds.run_places("AS", aces_high=False) == (1,)


# -- melds as text, with jokers ----------------------------------------------------------

def build(text, *, aces_high=False):
    items = [(word.partition("=")[0], word.partition("=")[2] or None) for word in text.split()]
    return melds.build_meld(items, aces_high=aces_high)


def test_a_set_is_laid_out_by_suit_with_its_jokers_last():
    assert build("7S X1 7C") == ("set", ("7C", "7S", "X1"), (("X1", "7"),))


def test_a_run_is_laid_out_low_to_high_with_a_bare_joker_in_its_gap():
    assert build("6S 4S X2") == ("run", ("4S", "X2", "6S"), (("X2", "5S"),))


def test_aces_are_low_unless_the_game_plays_them_high_or_low():
    assert build("2H AH 3H")[1] == ("AH", "2H", "3H")
    with pytest.raises(IllegalMove, match="Aces are low"):
        build("QH KH AH")
    assert build("QH KH AH", aces_high=True)[1] == ("QH", "KH", "AH")
    with pytest.raises(IllegalMove, match="run needs"):
        build("KH AH 2H", aces_high=True)


@pytest.mark.parametrize(
    "text, reason",
    [("7S 7H", "at least three"), ("7S X1 X2", "two cards that are not jokers"), ("7S 8H 9D", "run needs"),
     ("7S 7H 8H", "set \\(three or four"), ("X1 4S 5S", "Say which card"), ("7S 7H X1=8S", "stands for a seven")],
)
def test_a_meld_that_breaks_a_rule_is_refused_with_the_reason(text, reason):
    with pytest.raises(IllegalMove, match=reason):
        build(text)


def test_a_hand_lists_every_run_window_and_every_set_it_can_make():
    found = melds.melds_in(melds.sorted_low(cards("3S 4S 5S 6S 9D 9H 9C")), aces_high=False)
    assert ["3S", "4S", "5S"] in found and ["3S", "4S", "5S", "6S"] in found and ["4S", "5S", "6S"] in found
    assert ["9C", "9D", "9H"] in found and len(found) == 4
    with_joker = melds.melds_in(cards("3S 5S X1"), aces_high=False)
    assert ["3S", "X1=4S", "5S"] in with_joker


def test_layoffs_at_either_end_of_a_run_and_the_missing_suit_of_a_set():
    run = build("4S 5S 6S")
    assert melds.layoffs_onto(run, cards("3S 7S 8S X1"), aces_high=False) == ["3S", "7S", "X1=3S", "X1=7S"]
    group = build("9C 9D 9H")
    assert melds.layoffs_onto(group, cards("9S 9C 2C"), aces_high=False) == ["9S"]
    assert melds.layoffs_onto(build("JH QH KH"), ["AH"], aces_high=False) == []
    assert melds.layoffs_onto(build("JH QH KH"), ["AH"], aces_high=True) == ["AH"]
    assert "set holds at most four" in melds.fit_hint(build("9C 9D 9H 9S"))


def test_a_natural_card_swaps_for_the_joker_standing_for_it():
    run = build("4S X1=5S 6S")
    assert melds.swaps_into(run, cards("5S 5H")) == [("5S", "X1")]
    assert melds.swapped(run, "5S") == (("run", ("4S", "5S", "6S"), ()), "X1")
    assert melds.swapped(run, "7S") is None
    group = build("9C 9D X2")
    assert melds.swapped(group, "9S") == (("set", ("9C", "9D", "9S"), ()), "X2")
    assert melds.meld_items(run) == [("4S", None), ("X1", "5S"), ("6S", None)]
