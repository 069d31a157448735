"""What a long patience game costs to store: the size of the saved state and the time to
dump and load it, at a few move counts. Prints figures; its one check is that the state
survives dump and load.

    .venv/bin/python bench/stored_state.py              # Klondike draw 3 and FreeCell, 600 moves
    .venv/bin/python bench/stored_state.py --moves 1000

Every move of a table loads its state from the database and saves the new one
(``games/services/moves.py``), and the undo history is part of that state, so these
figures grow with the game. The games are seeded random walks over the legal moves (undo
left out), played through the engine's public contract.
"""

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import catalogue  # noqa: E402


def timed(function, repeats=20):
    """The median time of ``repeats`` calls, in milliseconds, and the last result."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return 1000 * sorted(times)[len(times) // 2], result


def measure(slug, options, moves, checkpoints):
    engine = catalogue.get(slug).engine
    rng = random.Random(1)
    state = engine.new_game(1, seed="7", options=options)
    print(f"{slug} {options or ''}".rstrip())
    while state.moves < moves and not engine.is_over(state):
        legal = [move for move in engine.legal_moves(state, 0) if move != "undo"]
        if not legal:
            break
        state = engine.apply(state, 0, rng.choice(legal))
        if state.moves in checkpoints or state.moves == moves:
            dump_ms, text = timed(lambda state=state: json.dumps(engine.dump(state)))
            load_ms, loaded = timed(lambda text=text: engine.load(json.loads(text)))
            assert loaded == state, "the state did not survive dump and load"
            print(f"  move {state.moves:5}: {len(text) / 1024:7.1f} KiB  dump {dump_ms:6.2f} ms  load {load_ms:6.2f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600)
    args = parser.parse_args()
    checkpoints = {1, 100, 300, args.moves}
    measure("klondike", {"draw": 3}, args.moves, checkpoints)
    measure("freecell", {}, args.moves, checkpoints)


if __name__ == "__main__":
    main()
