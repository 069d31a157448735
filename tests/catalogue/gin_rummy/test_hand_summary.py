"""Gin Rummy's summary of the hand just finished (engine.hand_summary): both players' melds,
lay-offs and deadwood, and the points in words as the scoring counts them (knock, undercut,
gin, big gin, a void hand)."""

from games.kit.engine import cards_named
from tests.catalogue.gin_rummy.tables import DEFENDER, KNOCKER, LOOSE, deal, gin, play

BIG_GIN_HAND = ["AC", "2C", "3C", "4C", "5D", "5H", "5S", "9S", "TS", "JS"]


def labels(row):
    return [group["label"] for group in row["groups"]]


def cards_of(row, label):
    return [card for group in row["groups"] if group["label"] == label for meld in group["melds"] for card in meld]


def test_there_is_no_summary_before_the_first_hand_ends():
    assert gin.hand_summary(deal(KNOCKER, DEFENDER, "4H")) is None
    assert gin.hand_summary(play(deal(KNOCKER, DEFENDER, "4H"), "draw discard", "knock KH")) is None


def test_a_knock_shows_the_knockers_melds_as_knocked_and_the_defenders_lay_offs_by_meld():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard", "knock KH")
    assert gin.view(state, 1)["knock"]["melds"] == [["AC", "2C", "3C"], ["5D", "5H", "5S"], ["9S", "TS", "JS"]]
    state = play(state, "layoff 4C 0", "layoff QS 2", "layoff KS 2", "done")
    summary = gin.hand_summary(state)
    assert (summary["hand"], summary["title"]) == (1, "Hand 1")
    assert summary["columns"] == ["Deadwood", "Points", "Total"]
    knocker, defender = summary["rows"]
    assert knocker["note"] == "knocked" and labels(knocker) == ["Melds", "Deadwood"]
    assert knocker["groups"][0]["melds"] == [["AC", "2C", "3C"], ["5D", "5H", "5S"], ["9S", "TS", "JS"]]
    assert cards_of(knocker, "Deadwood") == ["4H"]
    assert defender["note"] == "" and labels(defender) == ["Laid off on meld 1", "Laid off on meld 3", "Deadwood"]
    assert cards_of(defender, "Laid off on meld 1") == ["4C"]
    assert cards_of(defender, "Laid off on meld 3") == ["QS", "KS"]
    record = gin.view(state, 0)["scores"]["hands"][0]
    assert (record["result"], record["winner"], record["points"], record["deadwood"]) == ("knock", 0, 39, [4, 43])
    assert [row["figures"] for row in summary["rows"]] == [[4, 39, 39], [43, 0, 0]]
    assert summary["line"] == "Knock: 39 deadwood difference (43 − 4) = 39"


def test_an_undercut_adds_its_bonus_in_the_words():
    defender = ["AD", "AH", "AS", "2D", "3D", "4D", "6C", "7C", "8C", "2S"]
    summary = gin.hand_summary(play(deal(KNOCKER, defender, "4H"), "draw discard", "knock KH", "done"))
    knocker, undercutter = summary["rows"]
    assert (knocker["note"], undercutter["note"]) == ("knocked", "undercut")
    assert [row["figures"] for row in summary["rows"]] == [[4, 0, 0], [2, 27, 27]]
    assert summary["line"] == "Undercut: 2 deadwood difference (4 − 2) + 25 undercut bonus = 27"


def test_gin_and_big_gin_add_their_bonuses_to_the_defenders_deadwood():
    summary = gin.hand_summary(play(deal(KNOCKER, LOOSE, "4C"), "draw discard", "gin KH"))
    assert summary["rows"][0]["note"] == "went gin" and labels(summary["rows"][0]) == ["Melds"]
    assert summary["line"] == "Gin: 73 deadwood of the defender + 25 gin bonus = 98"
    options = {"target_score": 150}
    summary = gin.hand_summary(play(deal(BIG_GIN_HAND, LOOSE, "QS", options=options), "draw discard", "big gin"))
    assert summary["rows"][0]["note"] == "went big gin"
    assert summary["line"] == "Big gin: 73 deadwood of the defender + 31 big gin bonus = 104"
    assert summary["rows"][0]["figures"] == [0, 104, 104]


def test_a_void_hand_shows_no_cards_and_scores_nothing():
    state = gin.new_game(2, seed="void")
    while gin.hands_played(state) == 0:
        (seat,) = gin.to_move(state)
        phase = gin.view(state, seat)["phase"]
        move = {"offer": "pass", "draw": "draw stock"}.get(phase) or next(
            move for move in gin.legal_moves(state, seat) if move.startswith("discard"))
        state = gin.apply(state, seat, move)
    summary = gin.hand_summary(state)
    assert [row["groups"] for row in summary["rows"]] == [[], []]
    assert [row["figures"] for row in summary["rows"]] == [[None, 0, 0], [None, 0, 0]]
    assert summary["line"].startswith("Void hand")


def test_every_seat_may_know_the_cards_it_names():
    state = play(deal(KNOCKER, DEFENDER, "4H"), "draw discard", "knock KH", "layoff 4C 0", "done")
    named = cards_named(gin.hand_summary(state))
    for seat in (0, 1, None):
        assert named <= gin.known_cards(state, seat)
