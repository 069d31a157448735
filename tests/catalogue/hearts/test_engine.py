"""Every rule of Hearts, on hand-built decks. Seats: 0 south, 1 west, 2 north, 3 east."""

import pytest

from games.kit import cards
from games.kit.engine import IllegalMove
from tests.catalogue.hearts.tables import deck_for, finish_hand, first_trick_with, hearts, last_trick, play


def suit(letter, ranks="23456789TJQKA"):
    return [rank + letter for rank in ranks]


# Seat 0 holds every club; seat 1 is void in clubs with a heart; seat 2 holds only hearts
# and the queen of spades; seat 3 holds the other spades and the ace of diamonds.
VOID_IN_CLUBS = [
    suit("C"),
    suit("D", "23456789TJQK") + ["AH"],
    suit("H", "23456789TJQK") + ["QS"],
    suit("S", "23456789TJKA") + ["AD"],
]
# Seat 1 takes the first trick with its only club and then holds nothing but hearts.
ONLY_HEARTS_LEADER = [
    suit("C", "23456789TJQK") + ["AH"],
    ["AC"] + suit("H", "23456789TJQK"),
    suit("D"),
    suit("S"),
]
# Seat 1 takes the first trick with the ace of clubs and the queen of spades (from seat 3,
# who holds only hearts and the queen), then must lead with hearts still unbroken.
QUEEN_ON_FIRST_TRICK = [
    ["2C"] + suit("D", "23456789TJQK"),
    ["AC", "AH", "AD"] + suit("S", "23456789TJ"),
    suit("C", "3456789TJQK") + ["KS", "AS"],
    suit("H", "23456789TJQK") + ["QS"],
]


def moves(state, seat):
    return hearts.legal_moves(state, seat)


def refused(state, seat, move, reason):
    before = hearts.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        hearts.apply(state, seat, move)
    assert hearts.dump(state) == before, "a refused move must change nothing"


# -- the deal and the pass -------------------------------------------------------------


def test_a_given_deck_deals_card_i_to_seat_i_mod_4():
    deck = cards.standard_deck()
    state = hearts.new_game(4, seed="s", deck=deck)
    for seat in range(4):
        assert hearts.view(state, seat)["hand"] == cards.sort_cards(deck[seat::4])


def test_the_seed_fixes_every_deal_and_differs_between_seeds():
    a1, a2, b = (hearts.new_game(4, seed=seed) for seed in ("a", "a", "b"))
    assert hearts.dump(a1) == hearts.dump(a2)
    assert hearts.view(a1, 0)["hand"] != hearts.view(b, 0)["hand"]
    assert hearts.view(finish_hand(a1), 0)["hand"] == hearts.view(finish_hand(a2), 0)["hand"]


@pytest.mark.parametrize(
    "deck, message",
    [(cards.standard_deck()[:51], "each of the 52"), (["ZZ"] + cards.standard_deck()[1:], "deck: 'ZZ'"),
     (["2C"] + cards.standard_deck()[:51], "each of the 52")],
)
def test_a_bad_deck_is_refused(deck, message):
    with pytest.raises(ValueError, match=message):
        hearts.new_game(4, seed="s", deck=deck)


def test_hearts_needs_four_players_and_known_options():
    with pytest.raises(ValueError, match="exactly 4 players"):
        hearts.new_game(3, seed="s")
    with pytest.raises(ValueError, match="no option jokers"):
        hearts.new_game(4, seed="s", options={"jokers": True})
    with pytest.raises(ValueError, match="target_score must be one of"):
        hearts.new_game(4, seed="s", options={"target_score": 7})


def test_everyone_chooses_at_once_and_cards_move_when_the_fourth_has_chosen():
    state = hearts.new_game(4, seed="s", deck=cards.standard_deck())
    assert hearts.to_move(state) == (0, 1, 2, 3)
    hands = [hearts.view(state, seat)["hand"] for seat in range(4)]
    for seat in (2, 0, 3):
        state = hearts.apply(state, seat, "pass " + " ".join(hands[seat][:3]))
    assert hearts.to_move(state) == (1,)
    assert [hearts.view(state, seat)["hand"] for seat in range(4)] == hands, "nothing moves yet"
    assert hearts.view(state, 1)["has_passed"] == [True, False, True, True]
    assert hearts.view(state, 0)["passed"] == hands[0][:3]
    assert hearts.legal_moves(state, 0) == []
    state = hearts.apply(state, 1, "pass " + " ".join(hands[1][:3]))
    for seat in range(4):
        giver = (seat - 1) % 4
        view = hearts.view(state, seat)
        assert view["received"] == hands[giver][:3]
        assert set(hands[giver][:3]) <= set(view["hand"])
        assert not set(hands[seat][:3]) & set(view["hand"])


def test_pass_moves_list_every_three_card_choice_in_canonical_order():
    state = hearts.new_game(4, seed="s")
    hand = hearts.view(state, 0)["hand"]
    listed = moves(state, 0)
    assert len(listed) == 286 and len(set(listed)) == 286
    assert listed[0] == "pass " + " ".join(hand[:3])


@pytest.mark.parametrize(
    "move, reason",
    [("pass 2C 3C", "exactly three"), ("pass 2C 3C 4C 5C", "exactly three"),
     ("pass 2C 2C 3C", "three different"), ("pass 2C 3C 2D", "do not hold the two of diamonds"),
     ("pass 4C 3C 2C", "in order: pass 2C 3C 4C"), ("pass 2C 3C 1C", "'1C' is not a card"),
     ("play 2C", "pass first"), ("bid 3", "not a Hearts move")],
)
def test_bad_passes_are_refused_with_a_reason(move, reason):
    state = hearts.new_game(4, seed="s", deck=deck_for(
        [suit("C", "23456789TJQK") + ["AH"], suit("D"), suit("H", "23456789TJQK") + ["AC"], suit("S")]))
    refused(state, 0, move, reason)


def test_a_seat_passes_once():
    state = hearts.new_game(4, seed="s", deck=cards.standard_deck())
    hand = hearts.view(state, 0)["hand"]
    state = hearts.apply(state, 0, "pass " + " ".join(hand[:3]))
    refused(state, 0, "pass " + " ".join(hand[3:6]), "already passed")


def test_pass_direction_cycles_left_right_across_none():
    state = hearts.new_game(4, seed="cycle")
    seen = []
    for _ in range(5):
        view = hearts.view(state, 0)
        seen.append((view["hand_number"], view["pass_direction"], view["phase"]))
        state = finish_hand(state)
    assert seen == [(1, "left", "pass"), (2, "right", "pass"), (3, "across", "pass"),
                    (4, "none", "play"), (5, "left", "pass")]


@pytest.mark.parametrize("hand_number, direction", [(2, 3), (3, 2)])
def test_right_and_across_send_cards_to_the_right_seat(hand_number, direction):
    state = hearts.new_game(4, seed="dir")
    while hearts.view(state, 0)["hand_number"] < hand_number:
        state = finish_hand(state)
    hands = [hearts.view(state, seat)["hand"] for seat in range(4)]
    for seat in range(4):
        state = hearts.apply(state, seat, "pass " + " ".join(hands[seat][-3:]))
    for seat in range(4):
        assert hearts.view(state, (seat + direction) % 4)["received"] == hands[seat][-3:]


# -- playing tricks ----------------------------------------------------------------------


def test_the_two_of_clubs_leads_the_first_trick():
    state = first_trick_with(VOID_IN_CLUBS)
    assert hearts.to_move(state) == (0,)
    assert moves(state, 0) == ["play 2C"]
    refused(state, 0, "play 3C", "two of clubs leads the first trick")
    refused(state, 1, "play 2D", "not your turn")


def test_no_points_on_the_first_trick_while_the_hand_holds_anything_else():
    state = play(first_trick_with(VOID_IN_CLUBS), "2C")
    assert moves(state, 1) == ["play " + card for card in suit("D", "23456789TJQK")]
    refused(state, 1, "play AH", "No hearts or the queen of spades on the first trick")
    state = play(state, "KD")
    # Seat 2 holds only hearts and the queen: every card is allowed.
    assert len(moves(state, 2)) == 13
    state = play(state, "QS")
    assert "play QS" not in moves(state, 3) and "play AD" in moves(state, 3)


def test_void_in_clubs_with_only_point_cards_may_play_a_heart_on_the_first_trick():
    state = play(first_trick_with(VOID_IN_CLUBS), "2C", "KD", "2H", "AD")
    view = hearts.view(state, 0)
    # Seat 0 led the only club and takes the trick with its two.
    assert view["last_trick"] == {"hand": 1, "leader": 0, "winner": 0,
                                  "plays": [[0, "2C"], [1, "KD"], [2, "2H"], [3, "AD"]]}
    assert view["points_this_hand"] == [1, 0, 0, 0] and view["hearts_broken"]
    assert hearts.to_move(state) == (0,)


def test_you_must_follow_suit_when_you_can():
    state = play(first_trick_with(QUEEN_ON_FIRST_TRICK), "2C")
    assert moves(state, 1) == ["play AC"]
    refused(state, 1, "play AD", "You must follow suit: you hold a club")
    refused(state, 1, "play KS", "You do not hold the king of spades")


def test_the_queen_does_not_break_hearts_and_unbroken_hearts_may_not_be_led():
    state = play(first_trick_with(QUEEN_ON_FIRST_TRICK), "2C", "AC", "3C", "QS")
    view = hearts.view(state, 1)
    assert view["points_this_hand"] == [0, 13, 0, 0]
    assert not view["hearts_broken"]
    assert hearts.to_move(state) == (1,)
    refused(state, 1, "play AH", "Hearts are not broken yet")
    assert moves(state, 1) == ["play AD"] + ["play " + card for card in suit("S", "23456789TJ")]


def test_with_the_other_house_rule_the_queen_breaks_hearts():
    state = first_trick_with(QUEEN_ON_FIRST_TRICK, options={"queen_breaks_hearts": True})
    state = play(state, "2C", "AC", "3C", "QS")
    assert hearts.view(state, 1)["hearts_broken"]
    assert "play AH" in moves(state, 1)


def test_a_leader_holding_only_hearts_may_lead_one():
    state = play(first_trick_with(ONLY_HEARTS_LEADER), "2C", "AC", "2D")
    refused(state, 3, "play QS", "No hearts or the queen of spades on the first trick")
    state = play(state, "2S")
    assert hearts.to_move(state) == (1,) and not hearts.view(state, 1)["hearts_broken"]
    assert moves(state, 1) == ["play " + card for card in suit("H", "23456789TJQK")]
    state = play(state, "5H", "3D", "3S", "AH")
    view = hearts.view(state, 0)
    assert view["hearts_broken"] and view["last_trick"]["winner"] == 0
    assert view["points_this_hand"] == [2, 0, 0, 0]


def test_the_queen_may_be_played_after_the_first_trick():
    state = play(first_trick_with(ONLY_HEARTS_LEADER), "2C", "AC", "2D", "2S", "5H", "3D")
    assert "play QS" in moves(state, 3)
    state = play(state, "QS", "AH")
    assert hearts.view(state, 0)["points_this_hand"] == [15, 0, 0, 0]


def test_the_highest_card_of_the_suit_led_wins_and_the_winner_leads():
    state = play(first_trick_with(ONLY_HEARTS_LEADER), "2C", "AC", "2D", "AS")
    assert hearts.view(state, 0)["last_trick"]["winner"] == 1, "the ace of spades is off-suit"
    assert hearts.to_move(state) == (1,)


def test_a_trick_in_progress_shows_who_led_and_who_played_what():
    state = play(first_trick_with(ONLY_HEARTS_LEADER), "2C", "AC")
    assert hearts.view(state, 3)["trick"] == {"leader": 0, "plays": [[0, "2C"], [1, "AC"]]}


@pytest.mark.parametrize("move", ["play", "play  2C", "play 2c", "play 2C 3C", "", "pass", None, 7])
def test_garbled_moves_are_refused(move):
    state = first_trick_with(ONLY_HEARTS_LEADER)
    with pytest.raises(IllegalMove):
        hearts.apply(state, 0, move)


@pytest.mark.parametrize("seat", [-1, 4, "0", None])
def test_there_is_no_such_seat(seat):
    with pytest.raises(IllegalMove, match="no seat"):
        hearts.apply(first_trick_with(ONLY_HEARTS_LEADER), seat, "play 2C")


# -- scoring and the end of the match ---------------------------------------------------


def test_each_heart_is_one_point_and_the_queen_thirteen():
    state = last_trick(leader=0, cards_played=["AH", "2D", "3D", "4D"], taken=[0, 12, 13, 0],
                       totals=[10, 20, 30, 40])
    state = play(state, "AH", "2D", "3D", "4D")
    view = hearts.view(state, 0)
    assert view["hand_scores"] == [[1, 12, 13, 0]]
    assert view["totals"] == [11, 32, 43, 40]
    assert view["hand_number"] == 2 and view["phase"] == "pass"
    assert hearts.hands_played(state) == 1


def test_shooting_the_moon_gives_everyone_else_26():
    state = last_trick(leader=2, cards_played=["AH", "2D", "3D", "4D"], taken=[0, 0, 25, 0],
                       totals=[10, 20, 30, 40])
    state = play(state, "AH", "2D", "3D", "4D")
    view = hearts.view(state, 0)
    assert view["hand_scores"] == [[26, 26, 0, 26]]
    assert view["totals"] == [36, 46, 30, 66]


def test_the_match_ends_when_someone_reaches_the_target_with_a_single_lowest():
    state = last_trick(leader=0, cards_played=["AH", "2D", "3D", "4D"], taken=[0, 12, 13, 0],
                       totals=[99, 40, 40, 50])
    state = play(state, "AH", "2D", "3D", "4D")
    assert hearts.is_over(state)
    assert hearts.to_move(state) == ()
    assert hearts.outcome(state) == {"scores": [100, 52, 53, 50], "ranks": [4, 2, 3, 1]}
    assert hearts.view(state, 1)["ranks"] == [4, 2, 3, 1]
    refused(state, 0, "play 2C", "over")
    assert hearts.legal_moves(state, 0) == []


def test_a_tie_for_lowest_at_the_target_forces_another_hand():
    state = last_trick(leader=0, cards_played=["AH", "2D", "3D", "4D"], taken=[0, 12, 13, 0],
                       totals=[99, 40, 40, 52])
    state = play(state, "AH", "2D", "3D", "4D")
    assert hearts.outcome(state) == {"scores": [100, 52, 53, 52], "ranks": [4, 1, 3, 1]}
    assert not hearts.is_over(state)
    assert hearts.view(state, 0)["hand_number"] == 2


def test_the_target_score_is_an_option():
    state = last_trick(leader=0, cards_played=["AH", "2D", "3D", "4D"], taken=[0, 12, 13, 0],
                       totals=[49, 0, 0, 0], options={"target_score": 50})
    assert hearts.is_over(play(state, "AH", "2D", "3D", "4D"))


def test_scores_so_far_are_available_mid_match():
    state = hearts.new_game(4, seed="mid")
    assert hearts.outcome(state) == {"scores": [0, 0, 0, 0], "ranks": [1, 1, 1, 1]}
    state = finish_hand(state)
    assert hearts.outcome(state)["scores"] == hearts.view(state, None)["totals"]


# -- what each seat may see ---------------------------------------------------------------


def test_a_seat_sees_its_own_sorted_hand_and_only_counts_of_the_others():
    state = hearts.new_game(4, seed="view", deck=cards.standard_deck())
    view = hearts.view(state, 2)
    assert view["hand"] == cards.sort_cards(cards.standard_deck()[2::4])
    assert view["hand_counts"] == [13, 13, 13, 13]
    assert view["seat"] == 2 and view["to_move"] == [0, 1, 2, 3] and view["pass_direction"] == "left"
    text = repr(view)
    for other in (0, 1, 3):
        assert not any(f"'{card}'" in text for card in cards.standard_deck()[other::4])
    assert "seed" not in view and "view" not in text


def test_a_spectator_sees_no_hand_and_no_passes():
    state = hearts.new_game(4, seed="view")
    view = hearts.view(state, None)
    assert view["hand"] == [] and "passed" not in view and "received" not in view


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone():
    state = first_trick_with(ONLY_HEARTS_LEADER)
    before = hearts.dump(state)
    after = hearts.apply(state, 0, "play 2C")
    assert hearts.dump(state) == before and hearts.dump(after) != before


def test_dump_and_load_round_trip_exactly():
    state = play(first_trick_with(ONLY_HEARTS_LEADER), "2C", "AC", "2D", "2S", "5H")
    assert hearts.load(hearts.dump(state)) == state
    assert hearts.dump(hearts.load(hearts.dump(state))) == hearts.dump(state)


def test_the_seat_to_play_is_told_why_each_held_back_card_waits():
    state = play(first_trick_with(QUEEN_ON_FIRST_TRICK), "2C")
    held_back = hearts.view(state, 1)["held_back"]
    assert set(held_back) == set(hearts.view(state, 1)["hand"]) - {"AC"}
    assert held_back["AD"] == "You must follow suit: you hold a club."
    assert "held_back" not in hearts.view(state, 2)


def test_moves_in_words_never_name_passed_cards():
    assert hearts.describe_move("play QS") == "plays the queen of spades"
    assert hearts.describe_move("pass 2C 3C 4C") == "passes three cards"


def test_before_the_pass_nobody_learns_who_holds_the_two_of_clubs():
    # Before the pass, what a seat sees beyond its own cards must be the same for every deal.
    private = ("hand", "passed", "received")
    public = set()
    for seed in "abcdefgh":
        state = hearts.new_game(4, seed=seed)
        for seat in (0, 1, 2, 3, None):
            view = {key: value for key, value in hearts.view(state, seat).items() if key not in private}
            view["seat"] = None
            public.add(repr(view))
    assert len(public) == 1
