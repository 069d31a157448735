"""The pile helpers on their own: colours, alternating builds, runs, foundations, stock and waste."""

import pytest

from games.kit.cards import RANKS, SUITS, standard_deck
from games.kit.piles import (
    PARENTS,
    drawn,
    fits_on,
    foundation_takes,
    foundation_top,
    foundation_tops,
    is_red,
    moved_run,
    rank_value,
    run_length,
    turned_over,
)

DECK = standard_deck()


def test_colours_and_ranks():
    assert [is_red(card) for card in ("AC", "AD", "AH", "AS")] == [False, True, True, False]
    assert [rank_value(card) for card in ("AS", "9H", "TD", "KC")] == [1, 9, 10, 13]


def test_a_card_fits_on_the_cards_one_rank_higher_of_the_other_colour():
    for card in DECK:
        for under in DECK:
            expected = rank_value(under) == rank_value(card) + 1 and is_red(card) != is_red(under)
            assert fits_on(card, under) == expected, (card, under)
    assert PARENTS["6H"] == ("7C", "7S") and PARENTS["QC"] == ("KD", "KH") and PARENTS["KS"] == ()


@pytest.mark.parametrize(("column", "length"), [
    ((), 0),
    (("KS",), 1),
    (("KS", "QH", "JC"), 3),
    (("9D", "KS", "QH", "JC"), 3),
    (("KS", "QS", "JH"), 2),   # same colour breaks the run
    (("KS", "JH", "TC"), 2),   # so does a rank missed out
    (("TC", "9H", "8S", "7D", "6C"), 5),
])
def test_run_length_counts_the_alternating_run_at_the_top(column, length):
    assert run_length(column) == length


def test_a_run_moves_between_columns_and_the_others_stay_as_they_are():
    columns = [("KS", "QH", "JC"), ("9D",), ("QD",)]
    untouched = columns[1]
    moved_run(columns, 0, 2, 2)
    assert columns == [("KS",), ("9D",), ("QD", "QH", "JC")]
    assert columns[1] is untouched


def test_foundations_take_their_suit_in_order():
    foundations = (0, 2, 12, 13)  # nothing, 2D, QH, KS
    assert foundation_takes(foundations, "AC") and not foundation_takes(foundations, "2C")
    assert foundation_takes(foundations, "3D") and not foundation_takes(foundations, "4D")
    assert foundation_takes(foundations, "KH") and not any(foundation_takes(foundations, r + "S") for r in RANKS)
    assert [foundation_top(foundations, suit) for suit in SUITS] == [None, "2D", "QH", "KS"]
    assert foundation_tops(foundations) == {"C": None, "D": "2D", "H": "QH", "S": "KS"}


def test_drawing_turns_cards_onto_the_waste_the_last_one_on_top():
    stock, waste = drawn(("AC", "2C", "3C", "4C"), ("KS",), 3)
    assert stock == ("4C",) and waste == ("KS", "AC", "2C", "3C")
    assert drawn(stock, waste, 3) == ((), ("KS", "AC", "2C", "3C", "4C"))


def test_the_waste_turned_over_deals_again_in_its_first_order():
    stock, waste = drawn(("AC", "2C", "3C"), (), 3)
    assert turned_over(waste) == (("AC", "2C", "3C"), ())
