"""Every rule and option of Rummy, on hand-built decks (top first; see games/catalogue/rummy/engine.py)."""

import json

import pytest

from games import catalogue
from games.kit import cards
from games.kit.engine import IllegalMove

rummy = catalogue.get("rummy").engine

# Two players, ten cards each. Seat 0 holds a spade run and three sevens; seat 1 junk.
SEAT0 = ["3S", "4S", "5S", "7C", "7D", "7H", "KH", "QD", "9C", "2D"]
SEAT1 = ["AC", "3C", "5C", "8D", "TD", "2H", "4H", "9H", "JS", "KC"]


def deck_for(hands, up, stock=(), *, jokers=False):
    """The deck that deals ``hands`` round-robin from seat 0, turns ``up`` up, and stacks
    ``stock`` on top of the stock (the rest of the deck follows in canonical order)."""
    n, size = len(hands), len(hands[0])
    dealt = [hands[i % n][i // n] for i in range(n * size)]
    used = set(dealt) | {up} | set(stock)
    assert len(used) == n * size + 1 + len(stock), "a card is named twice"
    rest = [card for card in cards.standard_deck(jokers=2 if jokers else 0) if card not in used]
    return dealt + [up] + list(stock) + rest


def new(hands=(SEAT0, SEAT1), up="6D", stock=("8C", "9D", "TC", "JD"), **options):
    jokers = options.get("jokers") == "on"
    return rummy.new_game(len(hands), seed="t", options=options, deck=deck_for(hands, up, stock, jokers=jokers))


def play(state, *moves):
    for move in moves:
        (seat,) = rummy.to_move(state)
        state = rummy.apply(state, seat, move)
    return state


def refused(state, move, reason, seat=None):
    seat = rummy.to_move(state)[0] if seat is None else seat
    before = rummy.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        rummy.apply(state, seat, move)
    assert rummy.dump(state) == before, "a refused move must change nothing"


def hand(state, seat):
    return rummy.view(state, seat)["hand"]


def points(card):
    return 15 if card in cards.JOKERS else min(10, "A23456789TJQK".index(card[0]) + 1)


def with_data(state, **changes):
    data = rummy.dump(state)
    data.update(changes)
    return rummy.load(json.loads(json.dumps(data)))


# -- the deal ------------------------------------------------------------------------------


def test_a_given_deck_deals_round_robin_then_the_up_card_then_the_stock():
    state = new()
    assert hand(state, 0) == cards.sort_cards(SEAT0, aces_high=False)
    assert hand(state, 1) == cards.sort_cards(SEAT1, aces_high=False)
    view = rummy.view(state, 0)
    assert view["discard_top"] == "6D" and view["discard_pile"] == ["6D"]
    assert view["stock_count"] == 52 - 21
    assert rummy.to_move(state) == (0,) and view["phase"] == "draw"
    assert hand(play(state, "draw stock"), 0) == cards.sort_cards(SEAT0 + ["8C"], aces_high=False)


@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_hand_sizes_follow_the_number_of_players(players, size):
    state = rummy.new_game(players, seed="sizes")
    view = rummy.view(state, None)
    assert view["hand_counts"] == [size] * players
    assert view["stock_count"] == 52 - size * players - 1 and len(view["discard_pile"]) == 1


def test_the_seed_fixes_every_deal():
    a, b, c = (rummy.new_game(3, seed=seed) for seed in ("a", "a", "b"))
    assert rummy.dump(a) == rummy.dump(b) and hand(a, 0) != hand(c, 0)


def test_players_decks_and_options_are_checked():
    with pytest.raises(ValueError, match="2 to 6 players"):
        rummy.new_game(7, seed="s")
    with pytest.raises(ValueError, match="each of the 52"):
        rummy.new_game(2, seed="s", deck=cards.standard_deck()[:51])
    with pytest.raises(ValueError, match="each of the 54"):
        rummy.new_game(2, seed="s", deck=cards.standard_deck(), options={"jokers": "on"})
    with pytest.raises(ValueError, match="option scoring must be one of"):
        rummy.new_game(2, seed="s", options={"scoring": "money"})


def test_the_first_seat_moves_round_each_round():
    state = new(hands=(SEAT0, SEAT1))
    state = play(state, "draw stock", "meld 3S 4S 5S", "meld 7C 7D 7H", "discard KH")
    state = play(state, "draw stock", "discard KC")
    state = with_data(state, hands=[["TH", "TS"], rummy.dump(state)["hands"][1]])
    state = play(state, "draw stock", "meld TC TH TS")  # seat 0 goes out on the ten of clubs
    view = rummy.view(state, 1)
    assert view["round_number"] == 2 and view["first_seat"] == 1 and rummy.to_move(state) == (1,)
    assert rummy.hands_played(state) == 1


# -- drawing ---------------------------------------------------------------------------------


def test_drawing_from_the_discard_pile_names_the_card_and_keeps_it_this_turn():
    state = new()
    assert rummy.legal_moves(state, 0) == ["draw stock", "draw discard 6D"]
    refused(state, "draw discard 7H", "The top of the discard pile is the six of diamonds")
    refused(state, "discard KH", "Draw first")
    taken = play(state, "draw discard 6d")
    assert "6D" in hand(taken, 0) and rummy.view(taken, 1)["taken_from_discard"] == "6D"
    assert rummy.view(taken, 1)["discard_pile"] == []
    assert "discard 6D" not in rummy.legal_moves(taken, 0)
    refused(taken, "discard 6D", "took the six of diamonds from the discard pile")
    refused(taken, "draw stock", "drawn already")
    assert play(new(), "draw discard")  # the short form takes the top card too


def test_only_the_seat_to_move_may_act():
    state = new()
    assert rummy.legal_moves(state, 1) == []
    refused(state, "draw stock", "not your turn", seat=1)


# -- melding ---------------------------------------------------------------------------------


def test_melds_go_on_the_table_numbered_with_their_owner():
    state = play(new(), "draw stock", "meld 5s 3S 4S", "meld 7H 7C 7D")
    melds = rummy.view(state, 1)["melds"]
    assert melds == [
        {"number": 0, "owner": 0, "kind": "run", "cards": ["3S", "4S", "5S"], "jokers": {}},
        {"number": 1, "owner": 0, "kind": "set", "cards": ["7C", "7D", "7H"], "jokers": {}},
    ]
    assert rummy.view(state, 0)["hand_counts"] == [5, 10]


def test_legal_moves_list_every_meld_in_canonical_form():
    state = play(new(), "draw stock")
    melds = [move for move in rummy.legal_moves(state, 0) if move.startswith("meld")]
    assert melds == ["meld 7C 8C 9C", "meld 3S 4S 5S", "meld 7C 7D 7H"]
    for move in rummy.legal_moves(state, 0):
        rummy.apply(state, 0, move)


@pytest.mark.parametrize(
    "move, reason",
    [
        ("meld 3S 4S", "at least three cards"),
        ("meld 3S 4S 7C", "A run needs three or more cards of one suit in sequence"),
        ("meld 3S 5S 7C", "A run needs three or more cards of one suit in sequence"),
        ("meld 3S 5S 7H", "A run needs three or more cards of one suit in sequence"),
        ("meld 7C 7D 3S", "A meld is a set"),
        ("meld 7C 8C", "at least three cards"),
        ("meld 3S 4S 6S", "You do not hold the six of spades"),
        ("meld 3S 3S 4S", "Name each card once"),
        ("meld 3S 4S ZZ", "'ZZ' is not a card"),
        ("meld 3S 4S X1", "without jokers"),
        ("shuffle", "not a Rummy move"),
    ],
)
def test_bad_melds_are_refused_with_a_reason(move, reason):
    refused(play(new(), "draw stock"), move, reason)


def test_a_set_has_at_most_four_cards_and_a_run_no_wrap():
    hands = (["7C", "7D", "7H", "7S", "QS", "KS", "AS", "2C", "6H", "4D"], SEAT1)
    state = play(new(hands=hands), "draw stock")
    assert "meld 7C 7D 7H 7S" in rummy.legal_moves(state, 0)
    refused(state, "meld QS KS AS", "Aces are low: a run may not go from king to ace")


def test_one_meld_a_turn_with_melds_per_turn_one():
    state = play(new(melds_per_turn="one"), "draw stock", "meld 3S 4S 5S")
    assert not [move for move in rummy.legal_moves(state, 0) if move.startswith("meld")]
    refused(state, "meld 7C 7D 7H", "One meld a turn")
    state = play(state, "discard KH", "draw stock", "discard KC", "draw stock")
    assert "meld 7C 7D 7H" in rummy.legal_moves(state, 0)


# -- laying off ------------------------------------------------------------------------------


def test_laying_off_on_any_players_meld_at_either_end_of_a_run_or_the_missing_suit_of_a_set():
    seat1 = ["2S", "6S", "7S", "AC", "3C", "5C", "8D", "TD", "4H", "KC"]
    state = play(new(hands=(SEAT0, seat1)), "draw stock", "meld 3S 4S 5S", "meld 7C 7D 7H", "discard KH")
    state = play(state, "draw stock")
    moves = rummy.legal_moves(state, 1)
    assert {"layoff 2S 0", "layoff 6S 0", "layoff 7S 1"} <= set(moves)
    state = play(state, "layoff 6S 0", "layoff 7s 1")
    assert rummy.view(state, 0)["melds"][0]["cards"] == ["3S", "4S", "5S", "6S"]
    assert rummy.view(state, 0)["melds"][1]["cards"] == ["7C", "7D", "7H", "7S"]
    assert rummy.view(state, 0)["melds"][0]["owner"] == 0
    refused(state, "layoff 2S 1", "does not fit meld 2: a set holds at most four cards")
    refused(state, "layoff 4H 0", "does not fit meld 1: a run takes only the next card")
    refused(state, "layoff 2S 5", "There is no meld 5")
    refused(state, "layoff 2S", "Name a card and a meld number")
    state = play(state, "layoff 2S 0")
    assert rummy.view(state, 0)["melds"][0]["cards"] == ["2S", "3S", "4S", "5S", "6S"]


def test_meld_before_layoff_makes_you_meld_first():
    seat1 = ["6S", "2H", "3H", "4H", "AC", "3C", "5C", "8D", "TD", "KC"]
    state = play(new(hands=(SEAT0, seat1), meld_before_layoff="on"), "draw stock", "meld 3S 4S 5S", "discard KH")
    state = play(state, "draw stock")
    assert "layoff 6S 0" not in rummy.legal_moves(state, 1)
    refused(state, "layoff 6S 0", "Meld first")
    state = play(state, "meld 2H 3H 4H")
    assert "layoff 6S 0" in rummy.legal_moves(state, 1)
    play(state, "layoff 6S 0")


# -- going out and scoring ---------------------------------------------------------------------

# Seat 0 can meld everything it holds after drawing the 6S: rummy in one turn.
RUMMY_HAND = ["3S", "4S", "5S", "7C", "7D", "7H", "9H", "TH", "JH", "QH"]
LOSER = ["AC", "3C", "5C", "8D", "TD", "2H", "4H", "2D", "JS", "KC"]  # worth 1+3+5+8+10+2+4+2+10+10 = 55


def test_going_out_ends_the_round_and_the_others_pay_their_hands():
    state = play(new(hands=(RUMMY_HAND, LOSER), stock=("6S",)), "draw stock", "meld 3S 4S 5S")
    state = play(state, "discard 6S", "draw stock", "discard KC", "draw stock", "meld 7C 7D 7H")
    state = play(state, "meld 9H TH JH QH")
    assert hand(state, 0) != [] and rummy.view(state, 0)["round_number"] == 1
    state = play(state, "discard " + hand(state, 0)[0])
    view = rummy.view(state, None)
    left = view["last_round"]["hands"][1]
    assert len(left) == 10 and view["round_scores"] == [[0, sum(points(card) for card in left)]]
    assert view["last_round"]["winners"] == [0] and view["last_round"]["rummy"] is False
    assert rummy.outcome(state) == {"scores": view["round_scores"][0], "ranks": [1, 2]}


def test_going_rummy_doubles_the_hand():
    state = play(new(hands=(RUMMY_HAND, LOSER), stock=("6S",)), "draw stock")
    state = play(state, "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    view = rummy.view(state, None)
    assert view["last_round"]["rummy"] is True and view["round_scores"] == [[0, 110]]
    assert view["last_round"]["ended_by"] == "out"


def test_winner_takes_scores_the_winner_and_ranks_highest_first():
    state = play(new(hands=(RUMMY_HAND, LOSER), stock=("6S",), scoring="winner_takes"), "draw stock")
    state = play(state, "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    assert rummy.outcome(state) == {"scores": [110, 0], "ranks": [1, 2]}
    assert rummy.is_over(state) and rummy.view(state, 0)["ranks"] == [1, 2]  # 110 passes 100


def test_penalty_play_ends_at_the_target_with_the_lowest_total_first():
    state = new(hands=(RUMMY_HAND, LOSER), stock=("6S",), target_score=100)
    state = with_data(state, totals=[20, 60])
    state = play(state, "draw stock", "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    assert rummy.is_over(state) and rummy.outcome(state) == {"scores": [20, 170], "ranks": [1, 2]}
    assert rummy.to_move(state) == () and rummy.legal_moves(state, 0) == []
    refused(state, "draw stock", "The match is over", seat=0)


def test_a_fixed_number_of_rounds_ignores_the_target():
    state = new(hands=(RUMMY_HAND, LOSER), stock=("6S",), rounds=3)
    state = with_data(state, totals=[0, 500])
    state = play(state, "draw stock", "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    assert not rummy.is_over(state) and rummy.hands_played(state) == 1


def test_discard_to_go_out_keeps_a_card_for_the_last_discard():
    state = play(new(hands=(RUMMY_HAND, LOSER), stock=("6S",), discard_to_go_out="on"), "draw stock")
    state = play(state, "meld 3S 4S 5S 6S", "meld 7C 7D 7H")
    assert "meld 9H TH JH QH" not in rummy.legal_moves(state, 0)
    refused(state, "meld 9H TH JH QH", "Keep a card")
    assert "meld 9H TH JH" in rummy.legal_moves(state, 0)
    state = play(state, "meld 9H TH JH", "discard QH")
    view = rummy.view(state, None)
    assert view["last_round"]["rummy"] is True and view["round_scores"] == [[0, 110]]


def test_you_may_not_meld_down_to_the_card_you_took_from_the_discard_pile():
    hands = (["3S", "4S", "5S", "9H", "TH", "JH", "7C", "7D", "7H", "KD"], LOSER)
    state = play(new(hands=hands, up="2S"), "draw discard 2S", "meld 3S 4S 5S", "meld 9H TH JH")
    assert "meld 7C 7D 7H" in rummy.legal_moves(state, 0)
    state = play(state, "meld 7C 7D 7H")
    assert hand(state, 0) == ["KD", "2S"]
    assert "layoff 2S 0" in rummy.legal_moves(state, 0)
    refused(state, "discard 2S", "took the two of spades")


def test_aces_count_fifteen_and_may_end_a_run_when_high_or_low():
    hands = (["QS", "KS", "AS", "AH", "2H", "3H", "9C", "9D", "9H", "5C"],
             ["6C", "3C", "4C", "8D", "TD", "6H", "7H", "2D", "8S", "KC"])
    state = play(new(hands=hands, stock=("JS",), aces="high_or_low"), "draw stock")
    moves = rummy.legal_moves(state, 0)
    assert {"meld QS KS AS", "meld JS QS KS AS", "meld AH 2H 3H"} <= set(moves)
    refused(state, "meld KS AS 2H", "A run needs")
    state = play(state, "meld AS KS QS", "discard JS")
    assert rummy.view(state, 0)["melds"][0]["cards"] == ["QS", "KS", "AS"]
    loser_with_ace = ["AC", "AD", "3C", "5C", "8D", "TD", "2D", "4D", "JS", "KC"]
    state = play(new(hands=(RUMMY_HAND, loser_with_ace), stock=("6S",), aces="high_or_low"), "draw stock")
    state = play(state, "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    assert rummy.view(state, None)["round_scores"] == [[0, 2 * (15 + 15 + 3 + 5 + 8 + 10 + 2 + 4 + 10 + 10)]]


# -- jokers ------------------------------------------------------------------------------------


def joker_game(seat0, seat1=LOSER, up="6D", stock=("8C",), **options):
    return new(hands=(seat0, seat1), up=up, stock=stock, jokers="on", **options)


def test_jokers_fill_runs_and_sets_and_are_written_as_the_card_they_stand_for():
    state = play(joker_game(["3S", "5S", "X1", "7C", "7D", "KH", "QD", "9C", "4D", "JH"]), "draw stock")
    moves = rummy.legal_moves(state, 0)
    assert {"meld 3S X1=4S 5S", "meld X1=2S 3S X2=4S", "meld 7C 7D X1"} - set(moves) == {"meld X1=2S 3S X2=4S"}
    assert "meld 3S 5S X1=6S" not in moves
    state2 = play(state, "meld 5S X1 3S")  # a bare joker fills the gap
    meld = rummy.view(state2, 1)["melds"][0]
    assert meld["cards"] == ["3S", "X1", "5S"] and meld["jokers"] == {"X1": "4S"}
    refused(state, "meld 7C X1 X1", "Name each card once")
    refused(state, "meld 7C 7D X1=8C", "A joker in a set of sevens stands for a seven")
    state3 = play(state, "meld x1 7c 7d")
    assert rummy.view(state3, 1)["melds"][0] == {
        "number": 0, "owner": 0, "kind": "set", "cards": ["7C", "7D", "X1"], "jokers": {"X1": "7"}}
    assert rummy.describe_move("meld 3S X1=4S 5S") == "melds the three of spades, a joker as the four of spades " \
                                                        "and the five of spades"


def test_a_bare_joker_at_the_end_of_a_run_is_ambiguous():
    state = play(joker_game(["3S", "4S", "X1", "7C", "7D", "KH", "QD", "9C", "4D", "JH"]), "draw stock")
    refused(state, "meld 3S 4S X1", "Say which card each joker stands for")
    assert {"meld 3S 4S X1=5S", "meld X1=2S 3S 4S"} <= set(rummy.legal_moves(state, 0))
    state = play(state, "meld 3S 4S X1=5S")
    assert rummy.view(state, 0)["melds"][0]["jokers"] == {"X1": "5S"}


def test_a_meld_needs_two_natural_cards():
    state = play(joker_game(["3S", "X1", "X2", "7C", "7D", "KH", "QD", "9C", "4D", "JH"]), "draw stock")
    refused(state, "meld 3S X1=4S X2=5S", "at least two cards that are not jokers")
    assert "meld 3S X1=4S X2=5S" not in rummy.legal_moves(state, 0)
    assert "meld 7C 7D X1 X2" in rummy.legal_moves(state, 0)


def test_anyone_may_swap_the_natural_card_for_a_joker_on_the_table():
    seat0 = ["3S", "5S", "X1", "7C", "7D", "X2", "QD", "9C", "2D", "JH"]
    seat1 = ["4S", "7H", "AC", "3C", "5C", "8D", "TD", "2H", "KC", "JS"]
    state = play(joker_game(seat0, seat1), "draw stock", "meld 3S X1=4S 5S", "meld 7C 7D X2", "discard JH")
    state = play(state, "draw stock")
    moves = rummy.legal_moves(state, 1)
    assert {"swap 4S 0", "swap 7H 1"} <= set(moves)
    refused(state, "swap 7H 0", "No joker in meld 1 stands for the seven of hearts")
    state = play(state, "swap 4S 0")
    assert rummy.view(state, 0)["melds"][0]["cards"] == ["3S", "4S", "5S"]
    assert "X1" in hand(state, 1) and "4S" not in hand(state, 1)
    state = play(state, "swap 7h 1")
    assert rummy.view(state, 0)["melds"][1] == {
        "number": 1, "owner": 0, "kind": "set", "cards": ["7C", "7D", "7H"], "jokers": {}}
    assert "layoff X1=6S 0" in rummy.legal_moves(state, 1)
    state = play(state, "layoff X1=6S 0")
    assert rummy.view(state, 0)["melds"][0]["jokers"] == {"X1": "6S"}
    assert rummy.describe_move("swap 7H 1") == "takes the joker from meld 2 for the seven of hearts"


def test_a_joker_left_in_hand_counts_fifteen():
    loser = ["X1", "AC", "3C", "5C", "8D", "TD", "2H", "4H", "2D", "JS"]
    state = play(joker_game(RUMMY_HAND, loser, stock=("6S",)), "draw stock")
    state = play(state, "meld 3S 4S 5S 6S", "meld 7C 7D 7H", "meld 9H TH JH QH")
    assert rummy.view(state, None)["round_scores"] == [[0, 2 * (15 + 1 + 3 + 5 + 8 + 10 + 2 + 4 + 2 + 10)]]


# -- an empty stock --------------------------------------------------------------------------------


def near_the_end(stock, discard, **options):
    """A round where the stock holds ``stock`` and the discard pile ``discard`` (bottom first)."""
    state = new(hands=(SEAT0, SEAT1), **options)
    data = rummy.dump(state)
    spare = [card for card in data["stock"] + data["discard"] if card not in stock and card not in discard]
    # The spare cards go into a meld on the table so that the deck still adds up.
    data["hands"][1] = data["hands"][1]
    data["stock"], data["discard"] = list(stock), list(discard)
    data["melds"] = [{"owner": 1, "kind": "set", "cards": spare, "jokers": {}}]
    return rummy.load(data)


def test_reshuffle_turns_the_discard_pile_but_its_top_into_a_new_stock():
    pile = ["2C", "2S", "4C", "4D", "6C", "6H", "8H", "8S"]
    state = near_the_end(["9S"], pile)
    state = play(state, "draw stock", "discard KH")
    view = rummy.view(state, 1)
    assert view["stock_count"] == len(pile) and view["discard_pile"] == ["KH"] and view["stock_rebuilt"] == 1
    assert sorted(rummy.dump(state)["stock"]) == sorted(pile)
    assert rummy.dump(state)["stock"] != pile  # shuffled


def test_reshuffling_stops_after_three_rebuilds_and_the_lowest_hand_wins():
    state = with_data(near_the_end(["9S"], ["2C", "2S", "4C"]), stock_rebuilt=3)
    state = play(state, "draw stock", "discard KH")
    view = rummy.view(state, None)
    assert view["round_number"] == 2 and view["last_round"]["ended_by"] == "stock"
    values = [sum(points(card) for card in left) for left in view["last_round"]["hands"]]
    assert view["round_scores"] == [[value - min(values) for value in values]]


def test_turn_over_keeps_the_order_and_ends_the_round_the_second_time():
    pile = ["2C", "2S", "4C"]
    state = near_the_end(["9S"], pile, empty_stock="turn_over")
    state = play(state, "draw stock", "discard KH")
    assert rummy.dump(state)["stock"] == ["2S", "4C", "KH"] and rummy.view(state, 1)["discard_pile"] == ["2C"]
    for _ in range(3):
        state = play(state, "draw stock", "discard " + hand(state, rummy.to_move(state)[0])[-1])
    view = rummy.view(state, None)
    assert view["round_number"] == 2 and view["last_round"]["ended_by"] == "stock"
    left = view["last_round"]["hands"]
    values = [sum(points(card) for card in cards_left) for cards_left in left]
    low = min(values)
    assert view["last_round"]["winners"] == [values.index(low)]
    assert view["round_scores"] == [[value - low for value in values]]


def test_block_ends_the_round_when_the_stock_runs_out_and_everyone_scores():
    state = near_the_end(["9S"], ["2C"], empty_stock="block")
    state = play(state, "draw stock", "discard KH")
    view = rummy.view(state, None)
    left = view["last_round"]["hands"]
    values = [sum(points(card) for card in cards_left) for cards_left in left]
    assert view["last_round"]["winners"] == [] and view["round_scores"] == [values]


def test_with_one_card_in_the_discard_pile_and_no_stock_the_player_takes_it():
    state = near_the_end([], ["2C"])
    assert rummy.legal_moves(state, 0) == ["draw discard 2C"]
    refused(state, "draw stock", "The stock is empty")


# -- what each seat sees ---------------------------------------------------------------------------


def test_the_view_shows_public_things_and_only_your_own_hand():
    state = play(new(), "draw discard 6D", "meld 3S 4S 5S")
    view = rummy.view(state, 1)
    assert view["hand"] == cards.sort_cards(SEAT1, aces_high=False)
    assert view["hand_counts"] == [8, 10] and view["turn"] == 0 and view["phase"] == "meld_or_discard"
    assert view["taken_from_discard"] == "6D" and view["stock_count"] == 31
    assert set(view) == {
        "seat", "phase", "round_number", "first_seat", "turn", "to_move", "hand", "hand_counts", "melds",
        "discard_top", "discard_pile", "stock_count", "stock_rebuilt", "taken_from_discard", "has_melded",
        "melds_this_turn", "totals", "round_scores", "last_round", "options",
    }
    text = json.dumps(view)
    assert not any(card in text for card in SEAT0 if card not in ("3S", "4S", "5S"))
    assert "8C" not in text  # the stock's top
    assert rummy.view(state, None)["hand"] == []


def test_moves_in_words_never_name_a_card_drawn_from_the_stock():
    assert rummy.describe_move("draw stock") == "draws from the stock"
    assert rummy.describe_move("draw discard 7H") == "takes the seven of hearts from the discard pile"
    assert rummy.describe_move("meld 3S 4S 5S") == "melds the three, four and five of spades"
    assert rummy.describe_move("meld 7C 7D 7H") == "melds the seven of clubs, the seven of diamonds and " \
                                                   "the seven of hearts"
    assert rummy.describe_move("layoff 6S 2") == "lays off the six of spades on meld 3"
    assert rummy.describe_move("layoff X1=8S 2") == "lays off a joker as the eight of spades on meld 3"
    assert rummy.describe_move("discard KH") == "discards the king of hearts"


def test_apply_never_changes_the_state_it_was_given():
    state = new()
    before = rummy.dump(state)
    after = play(state, "draw stock", "meld 3S 4S 5S")
    assert rummy.dump(state) == before and after is not state
