"""Cribbage bots: legal moves only; ``basic`` lays away by the exact average over the 46
starters, pegs for points without handing them over, claims its count, and beats ``random``."""

import random
from itertools import combinations

from games.catalogue.cribbage import bots
from games.catalogue.cribbage.engine import ENGINE, OVER
from games.catalogue.cribbage.scoring import hand_total, score_hand
from games.kit.cards import standard_deck

cribbage = ENGINE
RANDOM, BASIC = bots.LEVELS


def crib_moves(hand):
    return ["crib " + " ".join(pair) for pair in combinations(hand, 2)]


def test_the_discard_is_the_best_average_over_every_starter():
    hand = ["5C", "5D", "JH", "QS", "2C", "9D"]
    move = bots.best_discard(hand, own_crib=False, legal_moves=crib_moves(hand))
    unseen = [card for card in standard_deck() if card not in hand]
    kept = [card for card in hand if card not in move.split()[1:]]
    average = sum(hand_total(kept, starter, crib=False) for starter in unseen) / 46
    assert len(unseen) == 46 and move == "crib 2C 9D" and average > 8
    # Laying away two fives to the other player's crib is the worst a hand can do.
    assert bots.best_discard(["5C", "5D", "KH", "QS", "JC", "TD"], own_crib=False,
                             legal_moves=crib_moves(["5C", "5D", "KH", "QS", "JC", "TD"])) != "crib 5C 5D"


def test_the_fast_total_agrees_with_the_counted_show():
    rng = random.Random(5)
    deck = standard_deck()
    for _ in range(3000):
        cards = rng.sample(deck, 5)
        for crib in (False, True):
            assert hand_total(cards[:4], cards[4], crib=crib) == score_hand(cards[:4], cards[4], crib=crib)["total"]


def view_with(pile, hand, *, held=None, starter="KC"):
    count = sum(min(10, "A23456789TJQK".index(card[0]) + 1) for card in pile)
    return {"seat": 0, "pile": pile, "count": count, "hand": hand, "held": held or hand, "laid_away": [],
            "played": [[], pile], "starter": starter, "hand_counts": [len(hand), 3], "dealer": 1}


def test_basic_pegs_for_points_and_does_not_leave_five_or_twenty_one():
    view = view_with(["TC"], ["5D", "9S"])
    assert BASIC.choose(view, ["play 5D", "play 9S"], random.Random(1)) == "play 5D"  # fifteen for 2
    lead = view_with([], ["5D", "4S", "9H"])
    assert BASIC.choose(lead, ["play 5D", "play 4S", "play 9H"], random.Random(1)) != "play 5D"
    sixteen = view_with(["8C", "8D"], ["5S", "7H"])
    assert BASIC.choose(sixteen, ["play 5S", "play 7H"], random.Random(1)) == "play 7H"  # 23, not 21


def test_basic_claims_its_exact_count_with_muggins():
    view = {"claiming": {"seat": 0, "crib": False}, "held": ["5C", "5D", "JH", "QS"], "crib": None, "starter": "5S"}
    legal = [f"claim {points}" for points in range(30)]
    assert BASIC.choose(view, legal, random.Random(1)) == "claim 20"


def test_basic_beats_random_with_the_deal_swapped():
    rng = random.Random(4)
    wins = games = 0
    for match in range(8):
        for basic_seat in (0, 1):
            state = cribbage.new_game(2, seed=f"bots-{match}", options={"target_score": 61, "muggins": match % 2 == 1})
            seat_bots = [BASIC if seat == basic_seat else RANDOM for seat in range(2)]
            while state.phase != OVER:
                seat = cribbage.to_move(state)[0]
                legal = cribbage.legal_moves(state, seat)
                move = seat_bots[seat].choose(cribbage.view(state, seat), legal, rng)
                assert move in legal
                state = cribbage.apply(state, seat, move)
            games += 1
            wins += state.winner == basic_seat
    assert wins >= 14, f"basic won {wins} of {games}"
