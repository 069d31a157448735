"""Average points per Hearts hand of each bot level in seat 0 against three ``random`` bots.

    .venv/bin/python bench/bots.py --hands 2000

Lower is better; uniform random play takes a quarter of the 26 points and a little more
(shot moons hand 26 to the other three). Matches are seeded, so the figures repeat; only
hands/s depends on the machine. Every bot sees only its own seat's ``view``.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import bots, engines  # noqa: E402


def points_per_hand(engine, seat_bots, hands, seed):
    """Seat 0's average points over ``hands`` hands of seeded matches, and hands/s."""
    rng = random.Random(seed)
    scores = []
    started = time.perf_counter()
    match = 0
    while len(scores) < hands:
        match += 1
        state = engine.new_game(4, seed=f"{seed}:{match}")
        while not engine.is_over(state) and engine.hands_played(state) < hands - len(scores):
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            state = engine.apply(state, seat, move)
        scores += [hand[0] for hand in engine.view(state, None)["hand_scores"]]
    elapsed = time.perf_counter() - started
    return sum(scores) / len(scores), len(scores) / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="bench-bots")
    args = parser.parse_args()
    hearts = engines.get("hearts")
    opponent = bots.get("hearts", "random")
    print(f"Hearts, {args.hands} hands, seat 0 against three random bots")
    print(f"{'seat 0':<10}{'points/hand':>13}{'hands/s':>10}")
    for level in reversed(bots.levels("hearts")):
        seat_bots = [bots.get("hearts", level), opponent, opponent, opponent]
        average, rate = points_per_hand(hearts, seat_bots, args.hands, args.seed)
        print(f"{level:<10}{average:>13.2f}{rate:>10.0f}")


if __name__ == "__main__":
    main()
