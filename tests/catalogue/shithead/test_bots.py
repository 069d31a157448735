"""Shithead bots: legal moves only, the swap of its best cards face up, twos and tens kept,
a small pile picked up rather than burned (while the stock lasts), and games that end."""

import random

from games.catalogue.shithead import bots
from games.catalogue.shithead.engine import ENGINE, OVER

shithead = ENGINE
RANDOM, BASIC = bots.LEVELS


def test_basic_puts_its_best_cards_face_up_and_then_is_ready():
    view = {"phase": "swap", "seat": 0, "hand": ["2C", "AS", "4D"], "up": [["5H", "9C", "KD"]]}
    legal = [f"swap {card} {up}" for card in view["hand"] for up in view["up"][0]] + ["ready"]
    assert BASIC.choose(view, legal, random.Random(1)) == "swap 2C 5H"
    view = {"phase": "swap", "seat": 0, "hand": ["3C", "4S", "4D"], "up": [["5H", "9C", "KD"]]}
    assert BASIC.choose(view, legal, random.Random(1)) == "ready"


def test_basic_plays_low_keeps_twos_and_tens_and_picks_up_a_small_pile_early():
    view = {"phase": "play", "pile_count": 2, "stock_count": 10}
    assert BASIC.choose(view, ["play 9S", "play 2C", "play TD", "play 9S 9H", "pickup"],
                        random.Random(1)) == "play 9S 9H"
    assert BASIC.choose(view, ["play TD", "pickup"], random.Random(1)) == "pickup"
    assert BASIC.choose(view | {"stock_count": 0}, ["play TD", "pickup"], random.Random(1)) == "play TD"
    assert BASIC.choose(view, ["play TD", "play 2C", "pickup"], random.Random(1)) == "play 2C"


def test_games_between_bots_end_and_basic_goes_out_before_random():
    rng = random.Random(2)
    ranks = []
    for game in range(60):
        for basic_seat in (0, 1):
            state = shithead.new_game(2, seed=f"bots-{game}")
            seat_bots = [BASIC if seat == basic_seat else RANDOM for seat in range(2)]
            for _ in range(2000):
                if state.phase == OVER:
                    break
                seat = rng.choice(shithead.to_move(state))
                legal = shithead.legal_moves(state, seat)
                move = seat_bots[seat].choose(shithead.view(state, seat), legal, rng)
                assert move in legal
                state = shithead.apply(state, seat, move)
            assert state.phase == OVER
            ranks.append(shithead.outcome(state)["ranks"][basic_seat])
    assert ranks.count(1) / len(ranks) > 0.7, f"basic went out first in {ranks.count(1)} of {len(ranks)}"
