"""Random-playout throughput of every registered engine, and of OpenSpiel's Hearts and Gin.

    make bench      # or: .venv/bin/python bench/engine_speed.py --rounds 5 --seconds 1 [--games hearts ...]

A playout drives the public contract only: ``to_move``, ``legal_moves``, ``apply`` with a
uniformly random legal move, until ``is_over``, or until ``PLAYOUT_MOVES`` moves finish no
hand (random moves almost never win a patience game, which only ends won: without this
Klondike's first playout never ended). Hands are counted with ``hands_played``; moves/s
counts ``apply`` calls.
OpenSpiel's C++ games (test extra ``open_spiel``) are driven the same way from a Python
loop, chance nodes included, one hand per game: Hearts (its queen of spades set not to break
hearts, as ours; it chooses the pass direction by chance where ours cycles left, right,
across, none), Gin Rummy, Spades (one hand of bids and tricks where ours plays a match to 500;
its bids are 0 to 13 with nil, no blind nil) and Oh Hell! (four players, one round of a random
number of tricks, where ours plays a whole match of rounds going down and up again, each with
its own hand size: compare moves/s). Hearts has a second row of ours: the search's inner
state (``hearts/playout.py``) that ``expert`` plays its playouts on, a whole hand dealt,
passed and played at random as OpenSpiel's rows are (``expert`` plays ``basic_card``). Ours and theirs run in alternating rounds so that load on the
machine falls on all alike; each ratio is ours over theirs, in hands/s and in moves/s.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import catalogue  # noqa: E402
from games.catalogue.hearts import playout  # noqa: E402
from games.catalogue.hearts.engine import PASS_CYCLE  # noqa: E402

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


def playout_round(rng, seconds):
    """Hearts through the search's inner state: deal, pass (the engine's cycle), play at random."""
    hands = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        dealt = playout.random_pass(playout.random_deal(rng), PASS_CYCLE[hands % 4], rng)
        hand = playout.Hand(dealt, leader=playout.leader_of(dealt))
        playout.play_out(hand, playout.random_card, rng)
        moves += 52 + (12 if PASS_CYCLE[hands % 4] else 0)
        hands += 1
    return hands, hands, moves, time.perf_counter() - started


def spiel_round(game, rng, seconds):
    hands = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:  # moves/s counts the players' moves: ours deal without moves
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        hands += 1
    return hands, hands, moves, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round")
    parser.add_argument("--games", nargs="*", metavar="SLUG", help="only these games' rows")
    args = parser.parse_args()
    try:
        import pyspiel

        # One OpenSpiel game is one hand, so hands/s compare like for like.
        spiel = {"hearts": ("OpenSpiel Hearts (C++)", pyspiel.load_game("hearts", {"qs_breaks_hearts": False})),
                 "gin_rummy": ("OpenSpiel Gin (C++)", pyspiel.load_game("gin_rummy")),
                 "spades": ("OpenSpiel Spades (C++)", pyspiel.load_game("spades")),
                 "oh_hell": ("OpenSpiel Oh Hell (C++)", pyspiel.load_game("oh_hell", {"players": 4}))}
    except ImportError:
        spiel = {}

    rng = random.Random(2026)
    print(f"{'engine':<24}{'hands/s':>10}{'matches/s':>12}{'hands/match':>13}{'moves/s':>10}")
    for engine in (game.engine for game in catalogue.all() if not args.games or game.slug in args.games):
        contestants = {engine.name: lambda s, e=engine: our_round(e, rng, s)}
        if engine.slug == "hearts":
            contestants["Hearts search playout"] = lambda s: playout_round(rng, s)
        # The other games have no OpenSpiel counterpart: their rows are our figures alone.
        if engine.slug in spiel:
            name, game = spiel[engine.slug]
            contestants[name] = lambda s, g=game: spiel_round(g, rng, s)
        totals = {name: [0, 0, 0, 0.0] for name in contestants}
        for _ in range(args.rounds):
            for name, run in contestants.items():
                for i, value in enumerate(run(args.seconds)):
                    totals[name][i] += value
        rates = {}
        for name, (hands, matches, moves, elapsed) in totals.items():
            rates[name] = (hands / elapsed, moves / elapsed)
            print(f"{name:<24}{hands / elapsed:>10.0f}{matches / elapsed:>12.1f}{hands / matches:>13.2f}"
                  f"{moves / elapsed:>10.0f}")
        if engine.slug in spiel:
            theirs = rates.pop(spiel[engine.slug][0])
            for name, ours in rates.items():
                print(f"  {name} / OpenSpiel: {ours[0] / theirs[0]:.2f} in hands/s, {ours[1] / theirs[1]:.2f} in moves/s")


if __name__ == "__main__":
    main()
