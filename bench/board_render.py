"""What drawing one board costs: CPU ms per frame of every game, over the reference scenes.

    .venv/bin/python bench/board_render.py                  # 5 rounds
    .venv/bin/python bench/board_render.py --rounds 9

The frames are tests/web/board_scenes.py's (each seat, the spectators and the replay of
seeded random games, the waiting room; the markup tests/web/test_board_references.py holds
every renderer to), drawn by ``games.boards`` as the site draws them, against a database
in memory, DEBUG off. Each round draws every game's scenes once, games in turn, so that load on the
machine falls on all alike; a figure is CPU time of this process (time.process_time) per
frame, every round printed, then the median.
"""

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bench.in_memory_site  # noqa: E402, F401  (Django, before what needs it)

# isort: split
from django.core.management import call_command  # noqa: E402

from tests.web import board_scenes  # noqa: E402


def one_round(drawings) -> dict[str, tuple[float, int]]:
    """CPU seconds and frames per game."""
    spent, frames = defaultdict(float), defaultdict(int)
    for name, draw in drawings:
        game = name.split("/")[0]
        started = time.process_time()
        draw()
        spent[game] += time.process_time() - started
        frames[game] += 1
    return {game: (spent[game], frames[game]) for game in spent}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    drawings = list(board_scenes.drawings())
    one_round(drawings)  # warm: templates compiled, caches filled
    runs = defaultdict(list)
    for round_number in range(1, args.rounds + 1):
        figures = one_round(drawings)
        for game, (seconds, frames) in figures.items():
            runs[game].append(seconds * 1000 / frames)
        print(f"round {round_number}: " + "  ".join(f"{game} {runs[game][-1]:.3f}" for game in figures), flush=True)
    print("\nms CPU per frame (median of rounds; frames per round):")
    for game, values in runs.items():
        print(f"  {game:10} {statistics.median(values):.3f}  (every round: "
              f"{', '.join(f'{value:.3f}' for value in values)})")


if __name__ == "__main__":
    main()
