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

from games import catalogue  # noqa: E402


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


def gin_hands_won(engine, seat_bots, hands, seed):
    """Gin Rummy: hands won by each seat and void hands over ``hands`` hands, and hands/s."""
    rng = random.Random(seed)
    records = []
    started = time.perf_counter()
    match = 0
    while len(records) < hands:
        match += 1
        state = engine.new_game(2, seed=f"{seed}:{match}")
        while not engine.is_over(state) and engine.hands_played(state) < hands - len(records):
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            state = engine.apply(state, seat, move)
        records += engine.view(state, None)["scores"]["hands"]
    won = [sum(record["winner"] == seat for record in records) for seat in (0, 1)]
    return won, len(records) - sum(won), len(records) / (time.perf_counter() - started)


def rummy_rounds_won(engine, seat_bots, rounds, seed):
    """Rummy, two players: rounds won by each seat over ``rounds`` rounds, and rounds/s.

    A round ended by an empty stock with tied lowest hands counts for neither seat.
    """
    rng = random.Random(seed)
    won = [0, 0]
    played = 0
    started = time.perf_counter()
    match = 0
    while played < rounds:
        match += 1
        state = engine.new_game(2, seed=f"{seed}:{match}")
        while not engine.is_over(state) and played < rounds:
            seat = engine.to_move(state)[0]
            move = seat_bots[seat].choose(engine.view(state, seat), engine.legal_moves(state, seat), rng)
            before = engine.hands_played(state)
            state = engine.apply(state, seat, move)
            if engine.hands_played(state) > before:
                played += 1
                winners = engine.view(state, None)["last_round"]["winners"]
                if len(winners) == 1:
                    won[winners[0]] += 1
    return won, played / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="bench-bots")
    args = parser.parse_args()
    hearts = catalogue.get("hearts").engine
    opponent = catalogue.get("hearts").bot("random")
    print(f"Hearts, {args.hands} hands, seat 0 against three random bots")
    print(f"{'seat 0':<10}{'points/hand':>13}{'hands/s':>10}")
    for level in reversed(catalogue.get("hearts").bot_levels):
        seat_bots = [catalogue.get("hearts").bot(level), opponent, opponent, opponent]
        average, rate = points_per_hand(hearts, seat_bots, args.hands, args.seed)
        print(f"{level:<10}{average:>13.2f}{rate:>10.0f}")

    gin = catalogue.get("gin_rummy").engine
    random_gin = catalogue.get("gin_rummy").bot("random")
    print(f"\nGin Rummy, {args.hands} hands, seat 0 against a random bot")
    print(f"{'seat 0':<10}{'won':>7}{'lost':>7}{'void':>7}{'won %':>8}{'hands/s':>10}")
    for level in reversed(catalogue.get("gin_rummy").bot_levels):
        (won, lost), void, rate = gin_hands_won(
            gin, [catalogue.get("gin_rummy").bot(level), random_gin], args.hands, args.seed
        )
        print(f"{level:<10}{won:>7}{lost:>7}{void:>7}{100 * won / args.hands:>8.1f}{rate:>10.0f}")

    rummy = catalogue.get("rummy").engine
    print(f"\nRummy, {args.hands} rounds of two players, basic (seat 0) against random")
    (won, lost), rate = rummy_rounds_won(
        rummy, [catalogue.get("rummy").bot("basic"), catalogue.get("rummy").bot("random")], args.hands, args.seed
    )
    print(f"{'basic won':>10}{'random won':>12}{'basic %':>9}{'rounds/s':>10}")
    print(f"{won:>10}{lost:>12}{100 * won / args.hands:>9.1f}{rate:>10.0f}")


if __name__ == "__main__":
    main()
