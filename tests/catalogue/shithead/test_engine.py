"""Shithead's rules: the deal, swapping, who starts, twos, burns, picking up, face-up and
blind cards, going out in order, and face-down cards that no view shows."""

import json
import random

import pytest

from games.catalogue.shithead import bots
from games.catalogue.shithead.engine import ENGINE, OVER, PLAY, SWAP
from games.kit.cards import standard_deck
from games.kit.engine import IllegalMove

shithead = ENGINE


def deck_for(down, up, hands, stock=()):
    """A deck (top first) dealing these face-down, face-up and hand cards (a list per seat)."""
    dealt = [card for group in (down, up, hands) for seat in group for card in seat]
    rest = [card for card in standard_deck() if card not in dealt and card not in stock]
    return dealt + list(stock) + rest


def ready_all(state):
    for seat in range(state.players):
        state = shithead.apply(state, seat, "ready")
    return state


TWO = deck_for(down=[["2C", "2D", "2H"], ["3C", "3D", "3H"]], up=[["KC", "KD", "KH"], ["QC", "QD", "QH"]],
               hands=[["4C", "9S", "AS"], ["5C", "6C", "7C"]])


def test_the_deal_follows_the_deck_and_swaps_change_hand_and_face_up_cards():
    state = shithead.new_game(2, seed="x", deck=TWO)
    assert state.down == (("2C", "2D", "2H"), ("3C", "3D", "3H"))
    assert state.up[0] == ("KC", "KD", "KH") and state.hands[1] == ("5C", "6C", "7C")
    assert len(state.stock) == 52 - 18 and state.phase == SWAP
    assert set(shithead.to_move(state)) == {0, 1} and "swap 4C KD" in shithead.legal_moves(state, 0)
    state = shithead.apply(state, 0, "swap 4c kd")
    assert state.hands[0] == ("KD", "9S", "AS") and state.up[0] == ("4C", "KC", "KH")
    with pytest.raises(IllegalMove, match="Swap a card in your hand"):
        shithead.apply(state, 0, "swap QC KC")
    state = shithead.apply(state, 0, "ready")
    with pytest.raises(IllegalMove, match="You are ready"):
        shithead.apply(state, 0, "swap 9S KC")
    assert shithead.to_move(state) == (1,)


def test_the_lowest_card_in_hand_starts_and_must_be_played():
    state = ready_all(shithead.new_game(2, seed="x", deck=TWO))
    assert state.phase == PLAY and state.turn == 0 and state.must == "4C"
    assert shithead.legal_moves(state, 0) == ["play 4C"]
    with pytest.raises(IllegalMove, match="play the four of clubs"):
        shithead.apply(state, 0, "play 9S")
    state = shithead.apply(state, 0, "play 4C")
    assert state.turn == 1 and len(state.hands[0]) == 3 and state.must is None  # drew back up to three


def at_play(hands, pile, *, ups=(("KC", "KD", "KH"), ("QC", "QD", "QH")), stock=("3S",), turn=0, down=None):
    state = ready_all(shithead.new_game(2, seed="x", deck=TWO))
    state.hands, state.pile, state.up, state.stock, state.turn, state.must = hands, pile, ups, stock, turn, None
    if down is not None:
        state.down = down
    return state


def test_a_card_must_match_or_beat_the_top_and_a_two_resets_the_pile():
    state = at_play((("5S", "9S", "2S"), ("5C", "6C", "7C")), ("8H",))
    assert set(shithead.legal_moves(state, 0)) == {"play 9S", "play 2S", "pickup"}
    with pytest.raises(IllegalMove, match="Play a eight or higher|eight or higher"):
        shithead.apply(state, 0, "play 5S")
    after = shithead.apply(state, 0, "play 2S")
    assert after.turn == 1 and shithead.view(after, 1)["to_beat"] is None
    assert "play 5C" in shithead.legal_moves(after, 1)  # anything on a two


def test_a_ten_and_four_of_a_rank_burn_the_pile_and_the_same_player_goes_again():
    state = at_play((("TS", "9S", "9D"), ("5C", "6C", "7C")), ("8H", "9H", "9C"))
    burned = shithead.apply(state, 0, "play TS")
    assert burned.pile == () and burned.burned == 4 and burned.turn == 0
    four = shithead.apply(state, 0, "play 9S 9D")
    assert four.pile == () and four.burned == 5 and four.turn == 0
    assert shithead.describe_move("play 9S 9D") == "plays the nine of spades and nine of diamonds"


def test_picking_up_takes_the_pile_and_passes_the_turn_as_the_option_allows():
    state = at_play((("5S", "9S", "AS"), ("5C", "6C", "7C")), ("8H", "JD"))
    after = shithead.apply(state, 0, "pickup")
    assert after.hands[0] == ("JD", "8H", "5S", "9S", "AS") and after.pile == () and after.turn == 1
    strict = at_play((("5S", "9S", "AS"), ("5C", "6C", "7C")), ("8H", "JD"))
    strict.may_pick_up = False
    assert "pickup" not in shithead.legal_moves(strict, 0)
    with pytest.raises(IllegalMove, match="may not pick up"):
        shithead.apply(strict, 0, "pickup")
    stuck = at_play((("5S", "9S"), ("5C",)), ("KH",))
    stuck.may_pick_up = False
    assert shithead.legal_moves(stuck, 0) == ["pickup"]


def test_face_up_cards_then_blind_cards_and_a_blind_card_that_cannot_be_played():
    ups = (("JC", "JD", "5H"), ("QC", "QD", "QH"))
    state = at_play(((), ("5C", "6C", "7C")), ("4H",), ups=ups, stock=())
    assert shithead.view(state, 0)["source"] == "up"
    assert set(shithead.legal_moves(state, 0)) == {"play 5H", "play JC", "play JD", "play JC JD", "pickup"}
    state = shithead.apply(state, 0, "play 5H")
    state.turn, state.up = 0, ((), ups[1])
    assert shithead.legal_moves(state, 0) == ["blind 1", "blind 2", "blind 3"]
    with pytest.raises(IllegalMove, match="Turn over one of your face-down cards"):
        shithead.apply(state, 0, "blind 4")
    state.pile = ("KS",)
    state.down = (("3S", "AH", "2C"), state.down[1])
    low = shithead.apply(state, 0, "blind 1")  # a three on a king: it goes into the hand with the pile
    assert low.hands[0] == ("3S", "KS") and low.pile == () and low.down[0] == (None, "AH", "2C") and low.turn == 1
    high = shithead.apply(state, 0, "blind 2")
    assert high.pile == ("KS", "AH") and high.down[0] == ("3S", None, "2C")


def test_players_go_out_in_order_and_the_last_one_is_the_shithead():
    downs = ((None, None, None), (None, None, "9D"), (None, None, None))
    state = shithead.new_game(3, seed="x")
    state.phase, state.must, state.stock, state.pile = PLAY, None, (), ()
    state.hands, state.up, state.down, state.turn = (("4S",), ("5C",), ("6C",)), ((), (), ()), downs, 0
    state = shithead.apply(state, 0, "play 4S")
    assert state.out == (0,) and state.turn == 1
    state = shithead.apply(state, 1, "play 5C")
    state = shithead.apply(state, 2, "play 6C")
    assert state.phase == OVER and state.out == (0, 2, 1)
    assert shithead.outcome(state) == {"scores": [2, 0, 1], "ranks": [1, 3, 2]}


@pytest.mark.parametrize("seed", range(4))
def test_no_view_shows_a_face_down_card_and_the_state_round_trips(seed):
    rng = random.Random(seed)
    state = shithead.new_game(2 + seed, seed=f"views-{seed}")
    for _ in range(400):
        if state.phase == OVER:
            break
        downs = {card for slots in state.down for card in slots if card is not None}
        for seat in [*range(state.players), None]:
            shown = json.dumps(shithead.view(state, seat))
            assert not {card for card in downs if f'"{card}"' in shown}
        assert shithead.load(json.loads(json.dumps(shithead.dump(state)))) == state
        seat = rng.choice(shithead.to_move(state))
        legal = shithead.legal_moves(state, seat)
        state = shithead.apply(state, seat, bots.LEVELS[1].choose(shithead.view(state, seat), legal, rng))
    assert state.phase == OVER
