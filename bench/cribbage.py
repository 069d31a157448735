"""The show's scores over every hand and starter: all 12,994,800 (four cards of 52, then a
starter of the other 48), scored by ``score_hand`` as a hand (not a crib).

    .venv/bin/python bench/cribbage.py [--processes 2]

Prints how many hand-and-starter combinations score each total, the mean (4.769 is the known
figure), the totals no hand can score (19, 25, 26, 27) and the time it took.
"""

import argparse
import os
import sys
import time
from collections import Counter
from itertools import combinations
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.catalogue.cribbage.scoring import score_hand  # noqa: E402
from games.kit.cards import standard_deck  # noqa: E402

DECK = standard_deck()


def scores_from(first):
    """The distribution over the hands whose lowest card (in deck order) is ``DECK[first]``."""
    counts = Counter()
    for rest in combinations(DECK[first + 1:], 3):
        hand = (DECK[first],) + rest
        for starter in DECK:
            if starter not in hand:
                counts[score_hand(hand, starter, crib=False)["total"]] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    started = time.perf_counter()
    counts = Counter()
    with Pool(args.processes) as pool:
        for part in pool.imap_unordered(scores_from, range(len(DECK) - 3)):
            counts.update(part)
    combos = sum(counts.values())
    print(f"{combos:,} hand-and-starter combinations ({args.processes} processes, "
          f"{time.perf_counter() - started:.0f} s)")
    print(f"{'points':>6}{'combinations':>14}{'share %':>9}")
    for points in range(max(counts) + 1):
        print(f"{points:>6}{counts[points]:>14,}{100 * counts[points] / combos:>9.3f}")
    mean = sum(points * count for points, count in counts.items()) / combos
    print(f"mean {mean:.4f}; totals no hand scores: {[p for p in range(max(counts) + 1) if not counts[p]]}")


if __name__ == "__main__":
    main()
