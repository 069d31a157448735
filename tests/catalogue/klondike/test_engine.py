"""Every rule of Klondike, on hand-built positions and decks."""

import json

import pytest

from games.catalogue.klondike.engine import ENGINE as klondike
from games.kit import cards
from games.kit.engine import IllegalMove


def position(tableau, *, face_down=None, stock=(), waste=(), foundations=(0, 0, 0, 0), passes=0,
             score=None, options=None):
    """A game at a chosen moment: a real deal's bookkeeping with the cards replaced.

    Auto finish is off unless asked for: these boards hold only the cards a rule needs."""
    options = {"auto_finish": False, **(options or {})}
    data = klondike.dump(klondike.new_game(1, seed="position", options=options))
    data.update(tableau=[list(pile) for pile in tableau], face_down=list(face_down or [0] * 7),
                stock=list(stock), waste=list(waste), foundations=list(foundations), passes=passes)
    if score is not None:
        data["score"] = score
    return klondike.load(data)


def play(state, *moves):
    for move in moves:
        state = klondike.apply(state, 0, move)
    return state


def refused(state, move, reason):
    before = klondike.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        klondike.apply(state, 0, move)
    assert klondike.dump(state) == before, "a refused move must change nothing"


EMPTY = [[] for _ in range(7)]


def piles(**chosen):
    tableau = [[] for _ in range(7)]
    for name, pile in chosen.items():
        tableau[int(name[1])] = pile
    return tableau


# -- the deal -----------------------------------------------------------------------------


def test_a_given_deck_is_dealt_row_by_row_left_to_right_and_the_rest_is_the_stock():
    deck = cards.standard_deck()
    state = klondike.new_game(1, seed="s", deck=deck)
    assert state.tableau[0] == (deck[0],)
    assert state.tableau[1] == (deck[1], deck[7])
    assert state.tableau[6] == (deck[6], deck[12], deck[17], deck[21], deck[24], deck[26], deck[27])
    assert state.stock == tuple(deck[28:])
    view = klondike.view(state, 0)
    assert [column[-1] for column in view["tableau"]] == [deck[0], deck[7], deck[13], deck[18], deck[22],
                                                          deck[25], deck[27]]
    assert [column.count("??") for column in view["tableau"]] == list(range(7))
    assert view["stock_count"] == 24 and view["waste"] == [] and view["score"] == 0


def test_the_seed_shuffles_with_the_klondike_label_and_a_deal_number_is_a_seed():
    by_seed = klondike.new_game(1, seed="1234")
    by_deck = klondike.new_game(1, seed="1234", deck=cards.shuffled(cards.standard_deck(), "1234",
                                                                    label="klondike"))
    assert klondike.dump(by_seed) == klondike.dump(by_deck)
    assert klondike.dump(klondike.new_game(1, seed="1235")) != klondike.dump(by_seed)


def test_bad_decks_players_and_options_are_refused():
    with pytest.raises(ValueError, match="each of the 52"):
        klondike.new_game(1, seed="s", deck=cards.standard_deck()[:51])
    with pytest.raises(ValueError, match="exactly 1 players"):
        klondike.new_game(2, seed="s")
    with pytest.raises(ValueError, match="draw must be one of"):
        klondike.new_game(1, seed="s", options={"draw": 2})
    assert klondike.resolve_options({"winnable_only": True})["winnable_only"] is True


# -- the stock ----------------------------------------------------------------------------


def test_draw_one_turns_one_card_and_draw_three_three_with_the_last_on_top():
    one = play(position(EMPTY, stock=["AC", "2C", "3C", "4C"]), "draw")
    assert one.waste == ("AC",) and one.stock == ("2C", "3C", "4C")
    three = play(position(EMPTY, stock=["AC", "2C", "3C", "4C"], options={"draw": 3}), "draw")
    assert three.waste == ("AC", "2C", "3C") and three.stock == ("4C",)
    assert klondike.view(three, 0)["waste"] == ["AC", "2C", "3C"]
    assert klondike.view(play(three, "draw"), 0)["waste"] == ["2C", "3C", "4C"]
    assert klondike.view(one, 0)["waste"] == ["AC"]


def test_an_empty_stock_turns_the_waste_over_in_its_first_order_counting_a_pass():
    state = play(position(EMPTY, stock=["AC", "2C"]), "draw", "draw", "draw")
    assert state.stock == ("AC", "2C") and state.waste == () and state.passes == 1
    assert klondike.view(state, 0)["passes"] == 1
    refused(position(EMPTY), "draw", "nothing to draw")


@pytest.mark.parametrize("passes, turnovers", [(1, 0), (3, 2), ("unlimited", 10)])
def test_the_passes_option_limits_turning_the_waste_over(passes, turnovers):
    state = position(EMPTY, stock=["AC", "2C"], options={"passes": passes})
    for _ in range(turnovers):
        state = play(state, "draw", "draw", "draw")
    if passes == "unlimited":
        assert "draw" in klondike.legal_moves(play(state, "draw", "draw"), 0)
        return
    state = play(state, "draw", "draw")
    assert "draw" not in klondike.legal_moves(state, 0)
    assert klondike.view(state, 0)["passes_left"] == 0
    refused(state, "draw", "only")


# -- moving cards -------------------------------------------------------------------------


def test_the_waste_card_goes_to_its_foundation_or_onto_a_card_one_higher_of_the_other_colour():
    state = position(piles(t0=["8S"], t1=["8D"]), waste=["3C", "7H"], foundations=(2, 0, 6, 0))
    assert {"move waste fH", "move waste t0"} <= set(klondike.legal_moves(state, 0))
    refused(state, "move waste t1", "cannot go on the eight of diamonds")
    refused(state, "move waste fS", "goes on the hearts foundation")
    after = play(state, "move waste t0")
    assert after.tableau[0] == ("8S", "7H") and after.waste == ("3C",)
    after = play(state, "MOVE  waste fh")  # any case, extra spaces
    assert after.foundations == (2, 0, 7, 0)
    assert play(after, "move waste f").foundations == (3, 0, 7, 0)
    refused(position(EMPTY, waste=["5C"]), "move waste fC", "cannot go up yet: the ace of clubs")


def test_a_run_moves_onto_a_card_one_higher_of_the_other_colour_with_or_without_its_count():
    state = position(piles(t2=["KD", "9H", "8S", "7D"], t5=["9D"]), face_down=[0, 0, 1, 0, 0, 0, 0])
    assert "move t2 t5 2" in klondike.legal_moves(state, 0)
    moved = play(state, "move t2 t5 2")
    assert moved.tableau[2] == ("KD", "9H") and moved.tableau[5] == ("9D", "8S", "7D")
    assert klondike.dump(play(state, "move t2 t5")) == klondike.dump(moved)
    refused(state, "move t2 t5 1", "seven of diamonds cannot go on the nine of diamonds")
    refused(state, "move t2 t5 4", "only 3 face-up cards")
    refused(state, "move t2 t2 1", "already")
    refused(state, "move t9 t2 1", "t0 to t6")


def test_only_a_king_or_a_run_headed_by_one_goes_to_an_empty_pile():
    state = position(piles(t0=["5C", "KH", "QS"], t1=["QD"]), face_down=[1, 0, 0, 0, 0, 0, 0])
    assert "move t0 t3 2" in klondike.legal_moves(state, 0)
    refused(state, "move t1 t3 1", "Only a king")
    assert play(state, "move t0 t3 2").tableau[3] == ("KH", "QS")


def test_tableau_cards_go_to_their_foundation_and_foundation_cards_come_back():
    state = position(piles(t0=["4H", "2C"], t1=["4D"]), face_down=[1, 0, 0, 0, 0, 0, 0],
                     foundations=(1, 0, 0, 3))
    up = play(state, "move t0 fC")
    assert up.foundations == (2, 0, 0, 3) and up.face_down[0] == 0  # auto flip turned up the 4H
    down = play(state, "move fS t1")
    assert down.tableau[1] == ("4D", "3S") and down.foundations == (1, 0, 0, 2)
    refused(state, "move fD t1", "is empty")
    refused(state, "move fS fC", "from one foundation to another")
    refused(state, "move stock t1", "only by 'draw'")


def test_without_auto_flip_a_face_down_top_card_is_turned_up_by_flip():
    state = position(piles(t0=["4H", "2C"], t1=["7S"]), face_down=[1, 0, 0, 0, 0, 0, 0],
                     foundations=(1, 0, 0, 0), options={"auto_flip": False})
    exposed = play(state, "move t0 fC")
    assert exposed.face_down[0] == 1 and klondike.view(exposed, 0)["tableau"][0] == ["??"]
    assert "flip t0" in klondike.legal_moves(exposed, 0)
    refused(exposed, "move waste t0", "waste is empty")
    refused(exposed, "move t0 t1 1", "face down: turn it up first")
    flipped = play(exposed, "flip t0")
    assert klondike.view(flipped, 0)["tableau"][0] == ["4H"]
    refused(flipped, "flip t0", "already face up")


def test_auto_finish_plays_every_card_up_once_all_is_face_up_and_the_stock_is_gone():
    tableau = [["KC", "QH", "JC", "TH"], ["KH", "QC", "JH", "TC"], ["KD", "QS", "JD", "TS"],
               ["KS", "QD", "JS", "TD"], [], [], []]
    state = position(tableau, waste=["9D"], foundations=(9, 8, 9, 9), options={"auto_finish": True})
    won = play(state, "move waste fD")
    assert klondike.is_over(won) and klondike.view(won, 0)["won"] and won.foundations == (13,) * 4
    assert klondike.to_move(won) == () and klondike.legal_moves(won, 0) == []
    assert klondike.hands_played(won) == 1 and klondike.outcome(won) == {"scores": [1], "ranks": [1]}
    refused(won, "undo", "won")
    manual = position(tableau, waste=["9D"], foundations=(9, 8, 9, 9), options={"auto_finish": False})
    manual = play(manual, "move waste fD")
    assert not klondike.is_over(manual) and klondike.outcome(manual)["scores"] == [0]


# -- scores -------------------------------------------------------------------------------


def test_standard_scores_follow_windows():
    options = {"scoring": "standard", "auto_flip": False}
    state = position(piles(t0=["5C", "8S"], t1=["4D"]), face_down=[1, 0, 0, 0, 0, 0, 0],
                     waste=["AH", "7H"], stock=["2C"], foundations=(0, 0, 0, 3), options=options)
    assert play(state, "move waste t0").score == 5
    assert play(state, "move waste t0", "move waste fH").score == 15
    assert play(state, "move fS t1").score == 0  # -15, but never below zero


def test_flipping_scores_five_and_foundation_to_tableau_costs_fifteen():
    options = {"scoring": "standard", "auto_flip": False}
    state = position(piles(t0=["5C", "AC"], t1=["4D"]), face_down=[1, 0, 0, 0, 0, 0, 0],
                     foundations=(0, 0, 0, 3), score=100, options=options)
    state = play(state, "move t0 fC")
    assert state.score == 110
    assert play(state, "flip t0").score == 115
    assert play(state, "move fS t1").score == 95


def test_turning_the_waste_over_costs_100_in_draw_one_and_20_after_the_third_pass_in_draw_three():
    one = position(EMPTY, stock=["2C"], score=500, options={"scoring": "standard"})
    assert play(one, "draw", "draw").score == 400
    three = position(EMPTY, stock=["2C"], score=500, options={"scoring": "standard", "draw": 3})
    scores = []
    for _ in range(4):
        three = play(three, "draw", "draw")
        scores.append(three.score)
    assert scores == [500, 500, 480, 460]


def test_vegas_starts_at_minus_52_and_pays_five_a_card_up():
    assert klondike.new_game(1, seed="v", options={"scoring": "vegas"}).score == -52
    state = position(piles(t0=["3D"]), waste=["AC"], score=-52, foundations=(0, 0, 0, 2),
                     options={"scoring": "vegas"})
    assert play(state, "move waste fC").score == -47
    assert play(state, "move fS t0").score == -57
    assert klondike.outcome(play(state, "move waste fC"))["scores"] == [-47]


# -- undo ---------------------------------------------------------------------------------


def test_undo_restores_the_exact_earlier_position_and_takes_its_move_back():
    start = klondike.new_game(1, seed="undo", options={"scoring": "standard", "draw": 3})
    state = play(start, "draw", "draw")
    later = play(state, *klondike.legal_moves(state, 0)[1:2])
    back = play(later, "undo")
    before, after = klondike.dump(state), klondike.dump(back)
    # Moves counts the moves made (two draws, as before the move undone); Undos counts the undo.
    assert after["moves"] == before["moves"] == 2 and after["undos"] == before["undos"] + 1
    for key in ("tableau", "face_down", "stock", "waste", "foundations", "passes", "score", "history"):
        assert after[key] == before[key], key
    all_the_way = play(back, "undo", "undo")
    assert klondike.view(all_the_way, 0)["tableau"] == klondike.view(start, 0)["tableau"]
    assert all_the_way.stock == start.stock and all_the_way.undos == 3 and all_the_way.moves == 0
    assert "undo" not in klondike.legal_moves(all_the_way, 0)
    refused(all_the_way, "undo", "no move to undo")


# -- the grammar, views and storage -------------------------------------------------------


def test_nonsense_and_other_seats_are_refused_with_a_reason():
    state = klondike.new_game(1, seed="s")
    refused(state, "shuffle", "not a Klondike move")
    refused(state, "", "not a Klondike move")
    refused(state, "move waste stock", "to the stock")
    with pytest.raises(IllegalMove, match="alone"):
        klondike.apply(state, 1, "draw")
    assert klondike.legal_moves(state, 1) == []


def test_every_listed_move_applies_and_the_state_round_trips_through_json():
    state = klondike.new_game(1, seed="round trip", options={"draw": 3})
    state = play(state, "draw", "draw")
    for move in klondike.legal_moves(state, 0):
        after = klondike.apply(state, 0, move)
        data = json.loads(json.dumps(klondike.dump(after)))
        assert klondike.load(data) == after and klondike.dump(klondike.load(data)) == data


def test_the_view_hides_face_down_cards_and_the_stock_from_everyone():
    state = klondike.new_game(1, seed="secret")
    for seat in (0, None):
        view = klondike.view(state, seat)
        text = json.dumps(view)
        assert "secret" not in text and not any(card in text for card in state.stock)
        for pile, face_down in zip(state.tableau, state.face_down, strict=True):
            assert not any(card in text for card in pile[:face_down])
    assert klondike.view(state, None) == klondike.view(state, 0)
    assert set(klondike.view(state, 0)) >= {"tableau", "foundations", "stock_count", "waste", "moves",
                                            "undos", "passes", "score", "won", "options"}


def test_moves_are_described_in_words():
    assert klondike.describe_move("draw") == "draws from the stock"
    assert klondike.describe_move("move t2 t5 3") == "moves 3 cards from the third pile to the sixth pile"
    assert klondike.describe_move("move waste fH") == "moves the top card of the waste to the hearts foundation"
    assert klondike.describe_move("move fS t0") == "moves the top card of the spades foundation to the first pile"
    assert klondike.describe_move("flip t3") == "turns up the top card of the fourth pile"
    assert klondike.describe_move("undo") == "takes back the last move"
