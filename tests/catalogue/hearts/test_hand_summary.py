"""Hearts' summary of the hand just finished (engine.hand_summary): the point cards each seat
took, the points the score sheet gives, a shot moon named, and nothing a seat may not know."""

from games.kit.engine import cards_named
from tests.catalogue.hearts.tables import finish_hand, first_trick_with, hearts, last_trick, play

HEARTS = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]  # all but the ace
TOOK = [[], HEARTS[:5], ["QS", *HEARTS[5:8]], HEARTS[8:]]


def ended(took, totals=(0, 0, 0, 0)):
    """Seat 0 leads the ace of hearts to the last trick and wins it: the hand is over."""
    state = last_trick(leader=0, cards_played=["AH", "2C", "3C", "4C"], taken=None, totals=list(totals), took=took)
    return play(state, "AH", "2C", "3C", "4C")


def test_there_is_no_summary_before_the_first_hand_ends():
    assert hearts.hand_summary(hearts.new_game(4, seed="s")) is None
    assert hearts.hand_summary(last_trick(leader=0, cards_played=["AH", "2C", "3C", "4C"], taken=[0] * 4,
                                          totals=[0] * 4)) is None


def test_each_seat_s_point_cards_points_and_total_are_told():
    state = ended(TOOK, totals=(10, 20, 30, 40))
    summary = hearts.hand_summary(state)
    assert (summary["hand"], summary["title"], summary["columns"]) == (1, "Hand 1", ["Points", "Total"])
    took = [row["groups"][0]["melds"][0] if row["groups"] else [] for row in summary["rows"]]
    assert took == [["AH"], HEARTS[:5], ["7H", "8H", "9H", "QS"], HEARTS[8:]]
    assert [row["groups"][0]["label"] for row in summary["rows"]] == ["Took"] * 4
    assert [row["figures"] for row in summary["rows"]] == [[1, 11], [5, 25], [16, 46], [4, 44]]
    assert [row["figures"][0] for row in summary["rows"]] == list(hearts.view(state, 0)["hand_scores"][-1])
    assert summary["line"] == "Each heart 1 point, the queen of spades 13: 26 points in the hand."
    assert [row["note"] for row in summary["rows"]] == ["", "", "", ""]


def test_a_seat_that_took_nothing_says_so():
    summary = hearts.hand_summary(ended([["QS", *HEARTS[:6]], HEARTS[6:], [], []]))
    assert [row["note"] for row in summary["rows"]] == ["", "", "took no points", "took no points"]
    assert summary["rows"][2]["groups"] == [] and summary["rows"][2]["figures"] == [0, 0]


def test_a_shot_moon_is_named_and_scored_0_against_26_for_the_others():
    summary = hearts.hand_summary(ended([["QS", *HEARTS], [], [], []]))
    shooter = summary["rows"][0]
    assert shooter["note"] == "shot the moon" and len(shooter["groups"][0]["melds"][0]) == 14
    assert [row["figures"] for row in summary["rows"]] == [[0, 0], [26, 26], [26, 26], [26, 26]]
    assert summary["line"].startswith("Shot the moon")


def test_the_summary_stays_through_the_next_hand_and_at_the_match_end():
    state = ended(TOOK)
    assert hearts.view(state, 0)["phase"] == "pass"
    for seat in range(4):
        state = hearts.apply(state, seat, hearts.legal_moves(state, seat)[0])
    assert hearts.hand_summary(state)["hand"] == 1  # passing and playing hand 2 changes nothing
    over = ended(TOOK, totals=(99, 80, 70, 60))
    assert hearts.is_over(over) and hearts.hand_summary(over)["rows"][0]["figures"] == [1, 100]


def test_every_seat_may_know_the_cards_it_names_though_they_are_dealt_again():
    state = finish_hand(first_trick_with([
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
        ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
    ]))
    summary = hearts.hand_summary(state)
    named = cards_named(summary)
    assert "QS" in named and len(named) == 14
    for seat in [0, 1, 2, 3, None]:
        assert named <= hearts.known_cards(state, seat)


def test_a_state_stored_before_the_summary_still_loads():
    data = hearts.dump(hearts.new_game(4, seed="old"))
    del data["took"], data["last_hand"]
    state = hearts.load(data)
    assert hearts.hand_summary(state) is None and hearts.dump(state)["took"] == [[], [], [], []]
