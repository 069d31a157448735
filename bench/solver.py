"""How fast the patience solvers win their deals. Prints figures; asserts nothing.

    .venv/bin/python bench/solver.py                    # FreeCell deals 1-1000
    .venv/bin/python bench/solver.py --freecell 1-100   # a quick look

One function per game; ``main`` runs each that was asked for. A line of calibration
(a plain Python loop of ten million additions) comes first, so figures taken on a busy
or slow machine can be read against it.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.engines.freecell import ENGINE as freecell  # noqa: E402
from games.solitaire import freecell_solver  # noqa: E402


def deal_range(text):
    first, _, last = text.partition("-")
    first, last = int(first), int(last or first)
    if not 1 <= first <= last:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1-100")
    return range(first, last + 1)


def calibrate():
    started = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - started


def report(name, times, solved, unsolved):
    times = sorted(times)
    p95 = times[max(0, -(-95 * len(times) // 100) - 1)]
    print(f"{name}: solved {solved} of {len(times)}", f"(not solved: {unsolved[:20]})" if unsolved else "")
    print(
        f"  median {statistics.median(times):.3f} s  p95 {p95:.3f} s  max {times[-1]:.3f} s  total {sum(times):.1f} s"
    )


def bench_freecell(deals, max_nodes, max_seconds):
    times, unsolved, lengths = [], [], []
    for deal in deals:
        state = freecell.new_game(1, seed=str(deal))
        started = time.perf_counter()
        moves = freecell_solver.solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
        times.append(time.perf_counter() - started)
        if moves is None:
            unsolved.append(deal)
        else:
            lengths.append(len(moves))
    report(f"FreeCell deals {deals.start}-{deals.stop - 1}", times, len(lengths), unsolved)
    if lengths:
        print(f"  solution length: median {statistics.median(lengths)} moves, longest {max(lengths)}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--freecell",
        type=deal_range,
        default=range(1, 1001),
        metavar="FIRST-LAST",
        help="FreeCell deal numbers (default 1-1000)",
    )
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--max-seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(f"calibration: 10M additions in a Python loop took {calibrate():.2f} s")
    bench_freecell(args.freecell, args.max_nodes, args.max_seconds)


if __name__ == "__main__":
    main()
