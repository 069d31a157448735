"""Where a move's CPU goes in the web process, part by part, without sockets.

    .venv/bin/python bench/move_parts.py                    # 600 moves a round, 5 rounds
    .venv/bin/python bench/move_parts.py --moves 300 --rounds 3

bench/table_load.py measures a move end to end (every Daphne process, from /proc); this
splits the sync part that its one thread for sync work runs: ``services.play_move`` (the
lock, the engine, the writes and the commit), and, after the commit, drawing every seat's
board (``realtime.broadcast``'s frames, the sends themselves left out: the floor app has
those). Four guests play Hearts tables, each a random legal move as it comes, against
PostgreSQL (DATABASE_URL's server; a database of this bench's own, created if missing and
migrated), DEBUG off. Figures are this process's CPU time (time.process_time) per move; every
round is printed, then the median. The database server's own CPU is not in them.
"""

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
os.environ.update(DEBUG="0", SECRET_KEY="bench-move-parts", DEAL_SECRET="bench-move-parts", SWEEP_IN_PROCESS="0")
os.environ.pop("REDIS_URL", None)  # tasks eager, a cache in memory: nothing here is queued anyway
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cardsite_bench_parts")

from bench.pg_database import ensure_database  # noqa: E402

ensure_database(os.environ["DATABASE_URL"])

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=600, help="moves a round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)

    from accounts.services import create_guest
    from games import catalogue, realtime, services
    from games.models import Table
    from games.services import telling

    engine = catalogue.get("hearts").engine
    drawn = []  # the frames' cost is measured apart: broadcast is called by hand below
    telling_broadcast = telling._broadcast_move
    telling._broadcast_move = lambda *args: drawn.append(args)
    realtime._in_event_loop = lambda send, *args: None  # no channel layer: the sends are the floor's part

    def new_table():
        guests = [create_guest() for _ in range(4)]
        table = services.create_table(game="hearts", host=guests[0])
        for guest in guests[1:]:
            services.join_table(table_id=table.pk, player=guest)
        services.start_table(table_id=table.pk, host=guests[0])
        return table.pk, [guest.pk for guest in guests]

    rng = random.Random(7)
    print(f"{args.moves} Hearts moves a round (4 guests a table), CPU ms per move of this process")
    rows = []
    for round_number in range(1, args.rounds + 1):
        table_id, guests = new_table()
        play = frames = 0.0
        for _ in range(args.moves):
            table = Table.objects.get(pk=table_id)
            if table.status != Table.Status.PLAYING:
                table_id, guests = new_table()
                table = Table.objects.get(pk=table_id)
            state = engine.load(table.state)
            seat = engine.to_move(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            started = time.process_time()
            services.play_move(table_id=table_id, player_id=guests[seat], seq=table.seq, move=move)
            middle = time.process_time()
            telling_broadcast(*drawn.pop())
            frames += time.process_time() - middle
            play += middle - started
        rows.append((1000 * play / args.moves, 1000 * frames / args.moves))
        print(f"round {round_number}: play_move {rows[-1][0]:.2f}  four boards {rows[-1][1]:.2f}  "
              f"sum {sum(rows[-1]):.2f}")
    print(f"median: play_move {statistics.median(r[0] for r in rows):.2f}  four boards "
          f"{statistics.median(r[1] for r in rows):.2f}  sum {statistics.median(sum(r) for r in rows):.2f}")


if __name__ == "__main__":
    main()
