"""How fast the patience solvers win their deals. Prints figures; asserts nothing.

    .venv/bin/python bench/solver.py                    # FreeCell deals 1-1000, 1,000 Klondike deals per draw
    .venv/bin/python bench/solver.py --freecell 1-100 --klondike 100   # a quick look

Klondike deals are decided with every card known (the "thoughtful" game) within a budget
per deal (``--klondike-nodes``, ``--klondike-seconds``): proven winnable, proven
unwinnable (under the solver's pruning, see games/catalogue/klondike/solver.py), or
undecided. The deals are numbers 1..N, searched on two processes. ``--recheck-nodes``
searches the undecided ones again, from the start, with a larger budget, to show what
the first budget left open (the thoughtful game's published winnability, about 82% in
draw 3 and 90% in draw 1, lies between the share proven winnable and that share plus
the undecided one).

    .venv/bin/python bench/solver.py --freecell 1-1 --recheck-nodes 1000000 --recheck-seconds 30

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

from games.catalogue.freecell import solver as freecell_solver  # noqa: E402
from games.catalogue.freecell.engine import ENGINE as freecell  # noqa: E402
from games.catalogue.klondike import solver as klondike_solver  # noqa: E402
from games.catalogue.klondike.engine import ENGINE as klondike  # noqa: E402


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


def _decide_klondike(job):
    number, draw, max_nodes, max_seconds = job
    state = klondike.new_game(1, seed=str(number), options={"draw": draw})
    verdict = klondike_solver.search(state, max_nodes=max_nodes, max_seconds=max_seconds)
    return verdict.status, verdict.seconds, verdict.nodes


def bench_klondike(count, max_nodes, max_seconds, recheck_nodes, recheck_seconds):
    from multiprocessing import Pool

    for draw in (1, 3):
        jobs = [(number, draw, max_nodes, max_seconds) for number in range(1, count + 1)]
        started = time.perf_counter()
        with Pool(2) as pool:
            results = pool.map(_decide_klondike, jobs, chunksize=8)
        wall = time.perf_counter() - started
        shares = {status: sum(1 for s, _, _ in results if s == status) / count
                  for status in ("solved", "unwinnable", klondike_solver.UNKNOWN)}
        times = sorted(seconds for _, seconds, _ in results)
        nodes = [n for _, _, n in results]
        p95 = times[max(0, -(-95 * len(times) // 100) - 1)]
        print(f"Klondike draw {draw}, deals 1-{count} (budget {max_nodes:,} nodes or {max_seconds} s a deal):")
        print(f"  proven winnable {shares['solved']:.1%}  unwinnable {shares['unwinnable']:.1%}  "
              f"undecided {shares[klondike_solver.UNKNOWN]:.1%}")
        print(f"  per deal: median {statistics.median(times):.3f} s  p95 {p95:.3f} s  "
              f"mean {statistics.mean(times):.3f} s, {statistics.mean(nodes):,.0f} nodes; wall {wall:.0f} s on 2 processes")
        if recheck_nodes:
            recheck(draw, count, results, recheck_nodes, recheck_seconds)


def recheck(draw, count, results, max_nodes, max_seconds):
    """Search the undecided deals again with a larger budget: what the first budget left open."""
    from multiprocessing import Pool

    undecided = [number for number, (status, _, _) in enumerate(results, 1) if status == klondike_solver.UNKNOWN]
    if not undecided:
        return
    started = time.perf_counter()
    with Pool(2) as pool:
        again = pool.map(_decide_klondike, [(number, draw, max_nodes, max_seconds) for number in undecided])
    wall = time.perf_counter() - started
    tally = {status: sum(1 for s, _, _ in again if s == status)
             for status in ("solved", "unwinnable", klondike_solver.UNKNOWN)}
    won = sum(1 for s, _, _ in results if s == "solved") + tally["solved"]
    print(f"  the {len(undecided)} undecided again at {max_nodes:,} nodes or {max_seconds} s: "
          f"{tally['solved']} won, {tally['unwinnable']} unwinnable, {tally[klondike_solver.UNKNOWN]} still undecided "
          f"(wall {wall:.0f} s)")
    print(f"  proven winnable then {won / count:.1%}, undecided {tally[klondike_solver.UNKNOWN] / count:.1%}")


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
    parser.add_argument("--klondike", type=int, default=1000, metavar="N", help="Klondike deals per draw mode (0: none)")
    parser.add_argument("--klondike-nodes", type=int, default=250_000)
    parser.add_argument("--klondike-seconds", type=float, default=4.0)
    parser.add_argument("--recheck-nodes", type=int, default=0,
                        help="search the undecided Klondike deals again with this many nodes (default: don't)")
    parser.add_argument("--recheck-seconds", type=float, default=60.0)
    args = parser.parse_args()
    print(f"calibration: 10M additions in a Python loop took {calibrate():.2f} s")
    if args.freecell:
        bench_freecell(args.freecell, args.max_nodes, args.max_seconds)
    if args.klondike:
        bench_klondike(args.klondike, args.klondike_nodes, args.klondike_seconds,
                       args.recheck_nodes, args.recheck_seconds)


if __name__ == "__main__":
    main()
