"""Hearts bots: always legal, found by level, sensible in plain spots, and better than chance."""

import random

import pytest

from games import catalogue
from games.kit import cards
from tests.catalogue.hearts.tables import deck_for, first_trick_with, play

hearts = catalogue.get("hearts").engine


def deal(**fixed):
    """Four 13-card hands: ``seat0=[...]`` etc. as given, the rest of the deck dealt in order."""
    hands = [list(fixed.get(f"seat{seat}", [])) for seat in range(4)]
    rest = [card for card in cards.standard_deck() if not any(card in hand for hand in hands)]
    for hand in hands:
        while len(hand) < 13:
            hand.append(rest.pop(0))
    return hands


def choice(state, seat, level="basic"):
    moves = hearts.legal_moves(state, seat)
    return catalogue.get("hearts").bot(level).choose(hearts.view(state, seat), moves, random.Random(0))


def play_hands(seat_bots, hands, seed):
    """Seat scores of ``hands`` hands of seeded matches, checking every move is legal."""
    rng = random.Random(seed)
    scores = []
    match = 0
    while len(scores) < hands:
        match += 1
        state = hearts.new_game(4, seed=f"{seed}:{match}")
        while not hearts.is_over(state) and hearts.hands_played(state) < hands - len(scores):
            seat = rng.choice(hearts.to_move(state))  # passing seats act in any order
            moves = hearts.legal_moves(state, seat)
            move = seat_bots[seat].choose(hearts.view(state, seat), list(moves), rng)
            assert move in moves, (seat_bots[seat].level, move)
            state = hearts.apply(state, seat, move)
        scores += hearts.view(state, None)["hand_scores"]
    return scores


# -- the registry ---------------------------------------------------------------------------


def test_the_registry_lists_hearts_levels_weakest_first():
    assert catalogue.get("hearts").bot_levels == ["random", "basic", "expert"]
    assert catalogue.get("hearts").default_bot.level == "basic"  # expert searches: only ever chosen
    assert [catalogue.get("hearts").bot(level).level for level in catalogue.get("hearts").bot_levels] == ["random", "basic", "expert"]


def test_every_game_with_opponents_has_bots_starting_with_a_beginner():
    for game in catalogue.all():
        if not game.solo:
            assert game.bots[0].title == "Beginner"
        else:
            assert game.bot_levels == []


def test_the_registry_refuses_unknown_games_and_levels():
    with pytest.raises(LookupError, match="Hearts has no bot level 'grandmaster'; its levels are random, basic"):
        catalogue.get("hearts").bot("grandmaster")
    with pytest.raises(LookupError, match="Klondike has no bots"):
        catalogue.get("klondike").bot("random")


# -- always legal ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_every_level_always_plays_a_legal_move(seed):
    # The searching level plays fewer hands, in test_expert.py: a search a move is slow.
    levels = [bot.level for bot in catalogue.get("hearts").bots if not getattr(bot, "searches", False)]
    rng = random.Random(seed)
    seat_bots = [catalogue.get("hearts").bot(rng.choice(levels)) for _ in range(4)]
    # Full matches: every pass direction, hearts broken and not, the queen early and late.
    assert len(play_hands(seat_bots, 100, seed=f"legal:{seed}")) == 100


# -- basic, in plain spots --------------------------------------------------------------------


def test_basic_passes_the_queen_of_spades_and_her_guards():
    hands = deal(seat0=["QS", "KS", "AH", "2C", "3C", "4C", "2D", "3D", "4D", "2H", "3H", "2S", "3S"])
    state = hearts.new_game(4, seed="pass", deck=deck_for(hands))
    assert choice(state, 0) == "pass AH QS KS"


def test_basic_passes_high_cards_of_a_short_suit_when_it_holds_no_danger():
    hands = deal(seat0=["KD", "QD", "2C", "3C", "4C", "5C", "6C", "2H", "3H", "2S", "3S", "4S", "5S"])
    state = hearts.new_game(4, seed="pass", deck=deck_for(hands))
    assert choice(state, 0) == "pass 6C QD KD"


def test_basic_ducks_under_the_winning_card():
    hands = deal(seat0=["2C", "5D", "JD", "AD"], seat1=["3C"], seat2=["4C"], seat3=["AC", "KD"])
    state = play(first_trick_with(hands), "2C", "3C", "4C", "AC", "KD")
    assert choice(state, 0) == "play JD"


# Diamonds only the queen and the ace: whatever diamond it plays wins unless someone tops it.
HIGH_DIAMONDS = ["2C", "QD", "AD", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "2S"]


def test_basic_plays_low_when_it_must_win_and_others_are_still_to_play():
    hands = deal(seat0=HIGH_DIAMONDS, seat1=["3C"], seat2=["4C"], seat3=["AC", "5D"])
    state = play(first_trick_with(hands), "2C", "3C", "4C", "AC", "5D")
    assert choice(state, 0) == "play QD"


def test_basic_wins_with_its_highest_card_when_last_to_a_pointless_trick():
    hands = deal(seat0=HIGH_DIAMONDS, seat1=["AC", "6D"], seat2=["3C", "2D"], seat3=["4C", "3D"])
    state = play(first_trick_with(hands), "2C", "AC", "3C", "4C", "6D", "2D", "3D")
    assert choice(state, 0) == "play AD"


def test_basic_dumps_the_queen_of_spades_when_void_in_the_suit_led():
    hands = deal(
        seat0=["2C", "QS", "AH", "KH", "3S", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
        seat1=["3C"], seat2=["4C"], seat3=["AC", "KD"],
    )
    state = play(first_trick_with(hands), "2C", "3C", "4C", "AC", "KD")
    assert choice(state, 0) == "play QS"


def test_basic_dumps_its_highest_heart_when_void_and_without_the_queen():
    hands = deal(
        seat0=["2C", "AH", "KH", "3H", "3S", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
        seat1=["3C"], seat2=["4C"], seat3=["AC", "KD"],
    )
    state = play(first_trick_with(hands), "2C", "3C", "4C", "AC", "KD")
    assert choice(state, 0) == "play AH"


def test_basic_leads_low_spades_to_flush_the_queen_and_never_her_guards():
    hands = deal(
        seat0=["AC", "KS", "AS", "2S", "KC"], seat1=["2C", "QS"], seat2=["3C"], seat3=["4C"],
    )
    state = play(first_trick_with(hands), "2C", "3C", "4C", "AC")
    assert choice(state, 0) == "play 2S"


# -- better than chance ----------------------------------------------------------------------


def average_points_of_seat_0(level, hands=200):
    seat_bots = [catalogue.get("hearts").bot(level)] + [catalogue.get("hearts").bot("random")] * 3
    return sum(score[0] for score in play_hands(seat_bots, hands, seed="strength")) / hands


def test_basic_takes_far_fewer_points_than_random_play():
    # Random play averages about 6.5 a hand (a quarter of 26, plus shot moons).
    assert average_points_of_seat_0("basic") < 3.5
    assert average_points_of_seat_0("random") > 5.5
