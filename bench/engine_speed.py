"""Random-playout throughput of every registered engine, and of OpenSpiel's Hearts and Gin.

    make bench                       # or: .venv/bin/python bench/engine_speed.py --rounds 5 --seconds 1

A playout drives the public contract only: ``to_move``, ``legal_moves``, ``apply`` with a
uniformly random legal move, until ``is_over``, or until ``PLAYOUT_MOVES`` moves finish no
hand (random moves almost never win a patience game, which only ends won: without this
Klondike's first playout never ended). Hands are counted with ``hands_played``; moves/s
counts ``apply`` calls.
OpenSpiel's C++ Hearts (test extra ``open_spiel``) is driven the same way from a Python
loop, chance nodes included, one hand per game. The two run in alternating rounds so that
load on the machine falls on both alike; the ratio is ours over theirs.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import catalogue  # noqa: E402

PLAYOUT_MOVES = 1000


def our_round(engine, rng, seconds):
    hands = matches = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        # Games with numbered deals (FreeCell's are Microsoft's) take a deal number as seed.
        seed = rng.choice(engine.deal_numbers) if engine.deal_numbers else f"{rng.getrandbits(64):x}"
        state = engine.new_game(engine.min_players, seed=str(seed))
        played = hands_then = 0
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            played += 1
            if not played % PLAYOUT_MOVES:
                hands_now = engine.hands_played(state)
                if hands_now == hands_then:
                    break  # a hand that random moves do not finish
                hands_then = hands_now
        moves += played
        hands += engine.hands_played(state)
        matches += 1
    return hands, matches, moves, time.perf_counter() - started


def spiel_round(game, rng, seconds):
    hands = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        hands += 1
    return hands, hands, moves, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round")
    args = parser.parse_args()
    try:
        import pyspiel

        spiel_hearts = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
        # One OpenSpiel gin game is one hand, so hands/s compare like for like.
        spiel_gin = pyspiel.load_game("gin_rummy")
    except ImportError:
        spiel_hearts = spiel_gin = None

    rng = random.Random(2026)
    print(f"{'engine':<22}{'hands/s':>10}{'matches/s':>12}{'hands/match':>13}{'moves/s':>10}")
    for engine in (game.engine for game in catalogue.all()):
        contestants = {engine.name: lambda s, e=engine: our_round(e, rng, s)}
        # Rummy has no OpenSpiel counterpart: its row (hands/s = rounds/s) is our figure alone.
        if engine.slug == "hearts" and spiel_hearts is not None:
            contestants["OpenSpiel Hearts (C++)"] = lambda s: spiel_round(spiel_hearts, rng, s)
        if engine.slug == "gin_rummy" and spiel_gin is not None:
            contestants["OpenSpiel Gin (C++)"] = lambda s: spiel_round(spiel_gin, rng, s)
        totals = {name: [0, 0, 0, 0.0] for name in contestants}
        for _ in range(args.rounds):
            for name, run in contestants.items():
                for i, value in enumerate(run(args.seconds)):
                    totals[name][i] += value
        rates = {}
        for name, (hands, matches, moves, elapsed) in totals.items():
            rates[name] = hands / elapsed
            print(f"{name:<22}{hands / elapsed:>10.0f}{matches / elapsed:>12.1f}{hands / matches:>13.2f}"
                  f"{moves / elapsed:>10.0f}")
        if len(rates) == 2:
            ours, theirs = rates.values()
            print(f"{'ratio ours/OpenSpiel':<22}{ours / theirs:>10.2f}")


if __name__ == "__main__":
    main()
