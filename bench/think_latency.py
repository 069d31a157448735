"""What an Expert's thinking costs the rest of its process: boards drawn while a search runs.

    .venv/bin/python bench/think_latency.py                 # 5 rounds
    .venv/bin/python bench/think_latency.py --rounds 9 --game spades

With the embedded defaults (``make run``) a bot's turn runs on a thread of the web process,
never in a request or the sockets' sync thread, but it shares the process's one interpreter
lock: while an Expert searches, the work that answers pages and sockets gets the lock about
half the time. This measures that in one process as the site does it: the main thread draws
the game's reference scenes (tests/web/board_scenes.py: the boards a page or a socket sends) and times each one on the wall clock, first with nothing else running, then
while another thread runs the game's Expert searches back to back, each as a turn does
(``BOT_THINK_SECONDS``, a second). Each round measures both, idle first; every round is
printed, then the medians and the ratio busy/idle.
"""

import argparse
import os
import random
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bench.in_memory_site  # noqa: E402, F401  (Django, before what needs it)

# isort: split
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402

from games import catalogue  # noqa: E402
from tests.web import board_scenes  # noqa: E402


def a_position(slug: str, seed: int):
    """A view well into a hand where the game's Expert has a choice, and its legal moves."""
    game = catalogue.get(slug)
    engine, basic = game.engine, game.bot("basic")
    rng = random.Random(seed)
    state = engine.new_game(engine.players_by_default, seed=f"think:{seed}")
    for moves in range(1000):
        seat = engine.to_move(state)[0]
        legal, view = engine.legal_moves(state, seat), engine.view(state, seat)
        if moves > 12 and len(legal) > 2 and view["phase"] in game.bot("expert").searched_phases:
            return view, legal
        state = engine.apply(state, seat, basic.choose(view, legal, rng))
    raise SystemExit(f"no position with a choice in {slug}")


def searching(slug: str, stop: threading.Event, searches: list[int]) -> None:
    expert = catalogue.get(slug).bot("expert")
    seed = 0
    while not stop.is_set():
        seed += 1
        view, legal = a_position(slug, seed)
        expert.choose(view, legal, random.Random(seed), seconds=settings.BOT_THINK_SECONDS)
        searches[0] += 1


def drawn(drawings, seconds: float) -> list[float]:
    """Wall seconds of each board drawn, drawing them in turn for ``seconds``."""
    times = []
    ended = time.perf_counter() + seconds
    while True:
        for _, draw in drawings:
            started = time.perf_counter()
            draw()
            times.append(time.perf_counter() - started)
            if started > ended:
                return times


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=5.0, help="of drawing, idle and busy, each round")
    parser.add_argument("--game", default="hearts", help="whose Expert searches")
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    drawings = [(name, draw) for name, draw in board_scenes.drawings() if name.startswith(args.game + "/")]
    drawn(drawings, 1.0)  # warm: templates compiled, caches filled
    print(f"ms (wall) per {args.game} board drawn, idle and while the {catalogue.get(args.game).name} Expert "
          f"searches on another thread (BOT_THINK_SECONDS {settings.BOT_THINK_SECONDS})")
    medians = {"idle": [], "busy": []}
    for round_number in range(1, args.rounds + 1):
        idle = drawn(drawings, args.seconds)
        stop, searches = threading.Event(), [0]
        thread = threading.Thread(target=searching, args=(args.game, stop, searches), daemon=True)
        thread.start()
        busy = drawn(drawings, args.seconds)
        stop.set()
        thread.join()
        line = []
        for name, times in (("idle", idle), ("busy", busy)):
            ms = sorted(t * 1000 for t in times)
            medians[name].append(statistics.median(ms))
            line.append(f"{name} median {medians[name][-1]:.3f} p95 {ms[int(0.95 * (len(ms) - 1))]:.3f} "
                        f"({len(ms) / args.seconds:.0f} boards/s)")
        print(f"round {round_number}: " + ", ".join(line) + f"; {searches[0]} searches", flush=True)
    idle, busy = statistics.median(medians["idle"]), statistics.median(medians["busy"])
    print(f"\nmedian of rounds: idle {idle:.3f} ms, busy {busy:.3f} ms, busy/idle {busy / idle:.2f} "
          f"(every round: {', '.join(f'{b / i:.2f}' for i, b in zip(medians['idle'], medians['busy'], strict=True))})")


if __name__ == "__main__":
    main()
