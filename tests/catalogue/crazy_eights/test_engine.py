"""Crazy Eights' rules: legality against a reference written here, the draw rules per option,
the stock rebuilt, scoring, a blocked round, and bad moves changing nothing."""

import random
from itertools import combinations

import pytest

from games.catalogue.crazy_eights.engine import ENGINE, OVER, card_points
from games.kit.cards import SUITS, standard_deck
from games.kit.engine import IllegalMove

eights = ENGINE


def deck_giving(hands, starter, stock=()):
    """A deck (top first) that deals ``hands`` (equal lists), then turns ``starter`` up; the
    stock is ``stock`` and then every other card."""
    players, size = len(hands), len(hands[0])
    dealt = [hands[i % players][i // players] for i in range(size * players)]
    used = set(dealt) | {starter} | set(stock)
    return dealt + [starter, *stock] + [card for card in standard_deck() if card not in used]


def reference_plays(hand, top, suit, *, several=True):
    """What the rules allow, worked out from scratch: singles that match, eights with each
    call, several of a non-eight rank whose first matches (middle cards in hand order)."""
    def matches(card):
        return suit is None or card[1] == suit or card[0] == top[0]
    moves = set()
    for card in hand:
        if card[0] == "8":
            moves |= {f"play {card} {call}" for call in SUITS}
        elif matches(card):
            moves.add(f"play {card}")
    if several:
        for rank in {card[0] for card in hand} - {"8"}:
            group = [card for card in hand if card[0] == rank]
            for size in range(2, len(group) + 1):
                for chosen in combinations(group, size):
                    for first in chosen:
                        for last in chosen:
                            if first != last and matches(first):
                                middle = [card for card in group if card in chosen and card not in (first, last)]
                                moves.add(" ".join(["play", first, *middle, last]))
    return moves


@pytest.mark.parametrize("seed", range(6))
def test_plays_agree_with_the_reference_over_seeded_random_rounds(seed):
    rng = random.Random(seed)
    for several in (True, False):
        state = eights.new_game(2 + seed % 4, seed=f"legal-{seed}", options={"play_several": several})
        for _ in range(300):
            if state.phase == OVER:
                break
            seat = state.turn
            legal = eights.legal_moves(state, seat)
            plays = {move for move in legal if move.startswith("play")}
            assert plays == reference_plays(state.hands[seat], state.discard[-1], state.suit, several=several)
            assert legal in (["draw"], ["pass"]) or plays == set(legal)
            for other in range(state.players):
                if other != seat:
                    assert eights.legal_moves(state, other) == []
            state = eights.apply(state, seat, rng.choice(legal))


def test_an_eight_calls_the_suit_and_a_turned_up_eight_lets_anything_be_played():
    deck = deck_giving([["8S", "3C", "4D", "5H", "9C"], ["2C", "6D", "7H", "TC", "KD"]], "8H")
    state = eights.new_game(2, seed="x", deck=deck, options={"hand_size": 5})
    assert state.suit is None and {"play 3C", "play 4D", "play 5H", "play 9C"} <= set(eights.legal_moves(state, 0))
    state = eights.apply(state, 0, "play 8s h")
    assert state.suit == "H" and state.discard[-1] == "8S"
    assert eights.describe_move("play 8S H") == "plays the eight of spades and calls hearts"
    assert eights.view(state, 1)["suit"] == "H"
    assert set(eights.legal_moves(state, 1)) == {"play 7H"}  # a heart; no eight, no other heart
    with pytest.raises(IllegalMove, match="Play a heart"):
        eights.apply(state, 1, "play 2C")


def test_several_of_a_rank_in_any_order_are_one_move_with_the_last_on_top():
    deck = deck_giving([["7S", "7C", "7D", "2H", "3H"], ["2C", "6D", "9H", "TC", "KD"]], "7H")
    state = eights.new_game(2, seed="x", deck=deck, options={"hand_size": 5})
    one = eights.apply(state, 0, "play 7S 7D 7C")
    other = eights.apply(state, 0, "play 7S 7C 7D")
    assert eights.dump(other) != eights.dump(one)  # a different card on top
    assert one.discard[-1] == "7C" and one.suit == "C" and one.hands[0] == ("2H", "3H")
    same = eights.apply(state, 0, "play 7D 7S 7C")
    assert eights.apply(state, 0, "play 7D 7S 7C").discard == same.discard
    assert eights.canonical_move(state, 0, "play 7d 7s 7c", same) in eights.legal_moves(state, 0)
    assert eights.describe_move("play 7S 7D 7C") == "plays the seven of spades, seven of diamonds and seven of clubs"
    with pytest.raises(IllegalMove, match="one rank"):
        eights.apply(state, 0, "play 7S 2H")
    single = eights.new_game(2, seed="x", deck=deck, options={"hand_size": 5, "play_several": False})
    with pytest.raises(IllegalMove, match="one at a time"):
        eights.apply(single, 0, "play 7S 7C")


def stuck_state(rule, stock=("2D", "3D", "4D", "5D", "KH")):
    """Seat 0 holds nothing that matches the 9 of clubs; the stock starts with ``stock``."""
    deck = deck_giving([["2H", "3H", "4H", "5H", "6H"], ["2S", "3S", "4S", "5S", "6S"]], "9C", stock)
    return eights.new_game(2, seed="x", deck=deck, options={"hand_size": 5, "draw_rule": rule})


@pytest.mark.parametrize("rule, draws", [("up_to_3", 3), ("one_then_pass", 1), ("until_playable", 5)])
def test_the_draw_rules(rule, draws):
    state = stuck_state(rule)
    assert eights.legal_moves(state, 0) == ["draw"]
    for count in range(1, 6):
        if eights.legal_moves(state, 0) != ["draw"]:
            break
        state = eights.apply(state, 0, "draw")
        assert state.turn == 0 and state.draws == count
    # The fifth card drawn, KH, still does not match: until_playable draws on, the others pass.
    assert state.draws == draws
    if rule == "until_playable":
        assert eights.legal_moves(state, 0) == ["draw"]
    else:
        assert eights.legal_moves(state, 0) == ["pass"]
        with pytest.raises(IllegalMove, match="all you may"):
            eights.apply(state, 0, "draw")
        after = eights.apply(state, 0, "pass")
        assert after.turn == 1 and after.draws == 0


def test_a_drawn_card_that_matches_may_be_played_at_once_and_nobody_draws_holding_a_play():
    state = eights.apply(stuck_state("up_to_3", stock=("9D",)), 0, "draw")
    assert eights.legal_moves(state, 0) == ["play 9D"]
    with pytest.raises(IllegalMove, match="play it rather than draw"):
        eights.apply(state, 0, "draw")
    with pytest.raises(IllegalMove, match="neither play nor draw"):
        eights.apply(state, 0, "pass")


def test_an_empty_stock_is_rebuilt_from_the_pile_under_its_top_card_and_else_you_pass():
    state = stuck_state("until_playable")
    state.stock = ()
    state.discard = ("4C", "TC", "JC", "9C")
    drawn = eights.apply(state, 0, "draw")
    assert drawn.discard == ("9C",) and drawn.rebuilt == 1
    assert len(drawn.stock) == 2 and set(drawn.stock) | (set(drawn.hands[0]) - set(state.hands[0])) == {"4C", "TC", "JC"}
    again = eights.apply(state, 0, "draw")
    assert again.stock == drawn.stock  # seeded: the same rebuilt stock every time
    state.discard = ("9C",)
    assert eights.legal_moves(state, 0) == ["pass"]
    with pytest.raises(IllegalMove, match="nothing left to draw"):
        eights.apply(state, 0, "draw")


def test_going_out_scores_the_others_cards():
    assert [card_points(card) for card in ("8D", "KS", "QH", "JC", "TD", "AC", "4H", "9C")] == [
        50, 10, 10, 10, 10, 1, 4, 9]
    state = eights.new_game(4, seed="x")
    state.hands = (("8D", "KS"), ("9H",), ("AC", "4H"), ("9C",))
    state.discard, state.suit, state.turn = ("9D",), "D", 1
    after = eights.apply(state, 1, "play 9H")
    # West goes out: 50 + 10 + 1 + 4 + 9 = 74, as the rules page's example says.
    assert after.round_scores == ((0, 74, 0, 0),) and after.totals == (0, 74, 0, 0)
    assert after.round_number == 2 and after.dealer == 0 and after.turn == 1
    assert eights.hand_summary(after)["rows"][1]["note"] == "went out"


def test_one_round_or_a_target_score_ends_the_match_and_ties_share_the_rank():
    state = eights.new_game(3, seed="end", options={"target_score": 0})
    state.hands = (("9H",), ("2C", "3C"), ("2D", "3D"))
    state.suit, state.discard, state.turn = "H", ("4H",), 0
    over = eights.apply(state, 0, "play 9H")
    assert over.phase == OVER and eights.outcome(over) == {"scores": [10, 0, 0], "ranks": [1, 2, 2]}
    state = eights.new_game(3, seed="end")
    state.totals = (90, 0, 0)
    state.hands = (("9H",), ("2C",), ("2D", "3D"))
    state.suit, state.discard, state.turn = "H", ("4H",), 0
    assert eights.apply(state, 0, "play 9H").phase != OVER  # 90 + 7 is short of 100
    state.hands = (("9H",), ("2C",), ("2D", "KD"))
    assert eights.apply(state, 0, "play 9H").phase == OVER  # 90 + 14


def test_a_round_nobody_can_play_or_draw_is_won_by_the_fewest_points_in_hand():
    state = eights.new_game(3, seed="blocked")
    state.hands = (("2H", "3H"), ("KS",), ("4D", "AD"))
    state.stock, state.discard, state.suit, state.turn = (), ("9C",), "C", 0
    for seat in (0, 1):
        state = eights.apply(state, seat, "pass")
        assert state.round_scores == ()
    state = eights.apply(state, 2, "pass")
    # 5 points in hand, 10 and 5: seats 0 and 2 hold the fewest and each scores seat 1's 10.
    assert state.round_scores == ((10, 0, 10),) and state.last_round["blocked"]
    assert "Nobody could play or draw" in eights.hand_summary(state)["line"]


def test_bad_moves_are_refused_with_a_reason_and_change_nothing():
    state = eights.new_game(2, seed="bad", deck=deck_giving(
        [["7S", "7C", "8D", "2D", "3H"], ["2C", "6D", "9H", "TC", "KD"]], "7H"), options={"hand_size": 5})
    before = eights.dump(state)
    for seat, move, reason in [(0, "play", "Name the card"), (0, "play QS", "do not hold"), (0, "play 8D", "calls the suit"),
                               (0, "play 8D 7S", "one at a time"), (0, "play 7S 7S", "once"), (1, "play 9H", "not your turn"),
                               (0, "jump", "not a Crazy Eights move"), (0, "draw", "play it rather"), (0, 7, "not a move"),
                               (0, "play 2D", "Play a heart")]:
        with pytest.raises(IllegalMove, match=reason):
            eights.apply(state, seat, move)
    assert eights.dump(state) == before
