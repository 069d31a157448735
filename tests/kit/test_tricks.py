import pytest

from games.kit.cards import INDEX_OF, mask_of
from games.kit.engine import IllegalMove
from games.kit.tricks import (
    Bidding,
    avoiding,
    follow_suit,
    last_trick_from,
    last_trick_view,
    must_follow,
    trick_view,
    trick_winner,
    winning_card,
)


def trick(*cards):
    return tuple(INDEX_OF[card] for card in cards)


def test_a_seat_holding_the_suit_led_must_play_it():
    hand = mask_of(["2C", "KC", "QS", "3H"])
    assert follow_suit(hand, INDEX_OF["9C"]) == mask_of(["2C", "KC"])


def test_a_seat_void_in_the_suit_led_may_play_anything():
    hand = mask_of(["QS", "3H"])
    assert follow_suit(hand, INDEX_OF["9D"]) == hand


def test_cards_kept_back_unless_nothing_else_is_left():
    hearts = mask_of(["3H", "AH"])
    assert avoiding(hearts | mask_of(["2C"]), hearts) == mask_of(["2C"])
    assert avoiding(hearts, hearts) == hearts


def test_the_reason_to_follow_names_the_suit():
    assert must_follow(INDEX_OF["9D"]) == "You must follow suit: you hold a diamond."


@pytest.mark.parametrize(
    "cards, trump, winner",
    [
        (("9C", "KC", "AS", "2C"), None, 1),  # the highest of the suit led; a spade off-suit loses
        (("9C", "KC", "2S", "AC"), "S", 2),  # any trump beats the suit led
        (("9C", "3S", "2S", "AC"), "S", 1),  # the highest trump
        (("4S", "KC", "2S", "AD"), "S", 0),  # trumps led: the highest of them
        (("2D", "3D", "4D", "AD"), None, 3),
        (("TH", "JH", "QH"), "C", 2),  # three players, no trump played
    ],
)
def test_the_trick_goes_to_the_highest_trump_or_else_the_highest_of_the_suit_led(cards, trump, winner):
    assert trick_winner(trick(*cards), trump=None if trump is None else "CDHS".index(trump)) == winner
    assert winning_card(list(cards), trump=trump) == cards[winner]


def test_the_trick_view_names_each_seat_and_its_card_in_play_order():
    assert trick_view(3, trick("9C", "KC"), 4) == {"leader": 3, "plays": [[3, "9C"], [0, "KC"]]}
    assert trick_view(0, (), 4) == {"leader": 0, "plays": []}


def test_the_last_trick_view_loads_back_to_what_it_showed():
    last = (2, 1, 3, trick("9C", "KC", "2C", "AC"))
    view = last_trick_view(last, 4)
    assert view == {"hand": 2, "leader": 1, "winner": 3, "plays": [[1, "9C"], [2, "KC"], [3, "2C"], [0, "AC"]]}
    assert last_trick_from(view) == last
    assert last_trick_view(None, 4) is None and last_trick_from(None) is None


# -- bidding ----------------------------------------------------------------------------

TRICKS = 5
CHOICES = range(TRICKS + 1)


def hook(bidding, seat, bid):
    """Oh Hell!: the last bidder may not make the bids add up to the tricks."""
    if bidding.bids_last(seat) and sum(b for _, b in bidding.made()) + bid == TRICKS:
        return f"The bids may not add up to {TRICKS}: bid anything but {bid}."
    return None


def test_bidding_goes_once_around_from_the_first_bidder():
    bidding = Bidding.start(4, 2)
    order = []
    while not bidding.over:
        order.append(bidding.bidder)
        bidding = bidding.bid(bidding.bidder, 1, CHOICES)
    assert order == [2, 3, 0, 1]
    assert bidding.bidder is None and bidding.bids == (1, 1, 1, 1)
    assert bidding.made() == [(2, 1), (3, 1), (0, 1), (1, 1)]


def test_a_rule_limits_the_bids_a_seat_may_make():
    bidding = Bidding.start(3, 1)
    for bid in (2, 1):
        assert bidding.allowed(CHOICES, rule=hook) == list(CHOICES)
        bidding = bidding.bid(bidding.bidder, bid, CHOICES, rule=hook)
    assert bidding.bidder == 0 and bidding.bids_last(0)
    assert bidding.allowed(CHOICES, rule=hook) == [0, 1, 3, 4, 5]
    with pytest.raises(IllegalMove, match="may not add up to 5"):
        bidding.bid(0, 2, CHOICES, rule=hook)
    assert bidding.bid(0, 3, CHOICES, rule=hook).bids == (3, 2, 1)


def test_bids_out_of_turn_outside_the_choices_or_after_the_end_are_refused():
    bidding = Bidding.start(2, 0)
    with pytest.raises(IllegalMove, match="not your turn"):
        bidding.bid(1, 0, CHOICES)
    with pytest.raises(IllegalMove, match="'nil' is not a bid"):
        bidding.bid(0, "nil", CHOICES)
    done = bidding.bid(0, "nil", [*CHOICES, "nil"]).bid(1, 0, CHOICES)
    assert done.over and done.allowed(CHOICES) == []
    with pytest.raises(IllegalMove, match="over"):
        done.bid(0, 1, CHOICES)


def test_a_bidding_stores_as_json_and_loads_back():
    bidding = Bidding.start(4, 1).bid(1, "nil", ["nil", 0])
    data = bidding.dump()
    assert data == {"first": 1, "bids": [None, "nil", None, None]}
    assert Bidding.load(data) == bidding
