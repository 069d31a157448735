"""Rummy's summary of the round just finished (engine.hand_summary): each hand left with its
value, the points the score sheet gives, and how they were counted for each scoring."""

from games.kit.engine import cards_named
from tests.catalogue.rummy import tables
from tests.catalogue.rummy.test_engine import LOSER, RUMMY_HAND, near_the_end, new, play, points, with_data

rummy = tables.rummy


def test_there_is_no_summary_before_the_first_round_ends():
    assert rummy.hand_summary(new()) is None


def test_going_out_shows_each_hand_left_with_its_value_and_the_penalty_it_adds():
    state = rummy.apply(tables.last_card(rummy.new_game(3, seed="s")), 0, "discard KH")
    summary = rummy.hand_summary(state)
    assert (summary["hand"], summary["title"]) == (1, "Round 1")
    assert summary["columns"] == ["Hand value", "Points", "Total"]
    left = rummy.view(state, None)["last_round"]["hands"]
    assert summary["rows"][0] == {"seat": 0, "note": "went out", "groups": [], "figures": [0, 0, 0]}
    for seat in (1, 2):
        row = summary["rows"][seat]
        value = sum(points(card) for card in left[seat])
        assert row["groups"] == [{"label": "Left in hand", "melds": [left[seat]]}]
        assert row["figures"] == [value, value, value] and row["note"] == ""
    assert summary["line"] == "Went out: each other hand's value is added to its own total."


def test_going_rummy_with_the_winner_taking_all_adds_up_the_pot():
    state = play(new(hands=(RUMMY_HAND, LOSER), stock=("6S",), scoring="winner_takes", target_score=500),
                 "draw stock", "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    summary = rummy.hand_summary(state)
    assert summary["rows"][0]["note"] == "went rummy"
    assert [row["figures"] for row in summary["rows"]] == [[0, 110, 110], [55, 0, 0]]
    assert summary["line"] == "Went out: the winner takes the other hands' values, 55, doubled for going rummy = 110."


def test_an_empty_stock_names_the_lowest_hand_and_counts_the_others_beyond_it():
    state = play(with_data(near_the_end(["9S"], ["2C", "2S", "4C"]), stock_rebuilt=3), "draw stock", "discard KH")
    summary = rummy.hand_summary(state)
    values = [row["figures"][0] for row in summary["rows"]]
    low = min(values)
    assert [row["note"] for row in summary["rows"]] == ["lowest hand" if v == low else "" for v in values]
    assert [row["figures"][1] for row in summary["rows"]] == [value - low for value in values]
    assert summary["line"] == (f"The stock ran out: the lowest hand ({low}) scores nothing, and each other "
                               f"hand adds its value less {low}.")
    blocked = play(near_the_end(["9S"], ["2C"], empty_stock="block"), "draw stock", "discard KH")
    assert rummy.hand_summary(blocked)["line"] == "The stock ran out: each hand's value is added to its own total."


def test_every_seat_may_know_the_cards_it_names():
    state = rummy.apply(tables.last_card(rummy.new_game(4, seed="k")), 0, "discard KH")
    named = cards_named(rummy.hand_summary(state))
    assert named
    for seat in (0, 1, 2, 3, None):
        assert named <= rummy.known_cards(state, seat)
