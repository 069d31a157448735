"""The nightly rating job at scale: stats.rating.rate_games() then the leaderboard rebuild.

    .venv/bin/python bench/nightly.py                                        # 1,000,000 games, 10,000 players
    .venv/bin/python bench/nightly.py --games 20000 --players 2000 --seconds 120   # a quick look
    .venv/bin/python bench/nightly.py --fresh                                # regenerate the data first

The script works on a database of its own (DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/cardsite_nightly): it creates it if missing and runs
``manage.py migrate`` against it. PostgreSQL must already be running.

Data: ``--players`` registered players (a User and a Player each) and ``--games`` finished,
rated 4-player Hearts tables among them (4 distinct players per table; finished_at spread
uniformly over the last 60 days; state NULL; 4 Seats and 4 GameResults per table; scores
random, rank = 1 + the number of lower scores, so ties happen now and then; won = rank 1).
Rows are written with COPY, in a child process, so that the peak memory reported below is
that of the nightly job alone. Data already there is kept and only topped up to the counts
asked for; ``--fresh`` truncates the game, player and rating tables first.

Measured (in this process): ratings, snapshots, rated markers and leaderboard rows are
cleared first, so every game is rated again, then
- ``stats.rating.rate_games()``: wall time and games per second. With ``--seconds`` it is
  stopped after that many seconds (between two batches of tables, each rated in its own
  transaction),
  and the time for all games is extrapolated from the rate so far (and said to be);
- ``stats.leaderboard.rebuild("hearts")``: wall time and rows (eligible players only: 20
  rated games, one within the last 30 days);
- peak memory: resource.getrusage(RUSAGE_SELF).ru_maxrss, in MB.

Goals (from the issue): whole job (rating + leaderboard) under 5 minutes, peak memory under
500 MB, leaderboard rebuild under 10 s.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from pg_database import ensure_database  # bench/pg_database.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardsite_nightly"
GAME = "hearts"
USER_PREFIX = "nightly_"
SPREAD = timedelta(days=60)

GOAL_JOB_SECONDS = 5 * 60
GOAL_PEAK_MB = 500
GOAL_LEADERBOARD_SECONDS = 10


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop rating after this many seconds and extrapolate the total")
    parser.add_argument("--fresh", action="store_true", help="truncate the generated data first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=None, help="rate_games(batch_size=...); default stats.rating.BATCH_SIZE")
    parser.add_argument("--database-url", default=os.environ.get("NIGHTLY_DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--generate-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 0 or args.players < 4:
        parser.error("need --games >= 0 and --players >= 4")
    return args


def bench_env(database_url: str) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DEBUG="0",  # DEBUG would keep every query in connection.queries
        SECRET_KEY="bench-only-secret-key-not-for-any-real-site",
        ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SETTINGS_MODULE="cardsite.settings",
        PYTHONUNBUFFERED="1",
    )
    env.pop("REDIS_URL", None)  # tasks eager, in-memory channel layer: nothing else is needed
    return env


def setup_django(database_url: str) -> None:
    os.environ.update(bench_env(database_url))
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def mb(kilobytes: int) -> float:
    return kilobytes / 1024  # ru_maxrss is in KiB on Linux


# -- the data --------------------------------------------------------------------------------


def generate(args) -> None:
    """Runs in the child process: top the data up to --players and --games (COPY)."""
    setup_django(args.database_url)
    from django.db import connection, transaction
    from django.utils import timezone

    rng = random.Random(args.seed)
    now = timezone.now()
    started = time.perf_counter()
    with connection.cursor() as cursor:
        if args.fresh:
            cursor.execute(
                "TRUNCATE stats_leaderboardrow, stats_ratedmarker, stats_ratingsnapshot, stats_rating, "
                "games_gameresult, games_seat, games_move, games_table, accounts_player, auth_user "
                "RESTART IDENTITY CASCADE")
            print("truncated the games, players and ratings (--fresh)")

        # Players: Users and Players named nightly_<n>; only the missing ones are created.
        cursor.execute("SELECT count(*) FROM auth_user WHERE username LIKE %s", [USER_PREFIX + "%"])
        have_players = cursor.fetchone()[0]
        if have_players < args.players:
            from django.contrib.auth.models import User

            from accounts.models import Player

            with transaction.atomic():
                cursor.execute("SELECT coalesce(max(id), 0) FROM auth_user")
                base = cursor.fetchone()[0]
                numbers = range(base + 1, base + 1 + args.players - have_players)
                users = User.objects.bulk_create(
                    [User(username=f"{USER_PREFIX}{n}", password="!", email=f"{USER_PREFIX}{n}@example.com",
                          date_joined=now - SPREAD) for n in numbers], batch_size=2000)
                Player.objects.bulk_create(
                    [Player(display_name=f"nb{user.pk}"[:20], user=user) for user in users], batch_size=2000)
            print(f"created {len(users)} users and players")
        cursor.execute(
            "SELECT p.id FROM accounts_player p JOIN auth_user u ON u.id = p.user_id "
            "WHERE u.username LIKE %s ORDER BY p.id LIMIT %s", [USER_PREFIX + "%", args.players])
        player_ids = [row[0] for row in cursor.fetchall()]

        cursor.execute("SELECT count(*) FROM games_table WHERE game = %s AND status = 'finished' AND rated",
                       [GAME])
        have_games = cursor.fetchone()[0]
        missing = args.games - have_games
        if missing <= 0:
            print(f"the database already holds {have_games} finished rated {GAME} games: nothing generated")
            return
        print(f"generating {missing} games ({have_games} already there) among {len(player_ids)} players ...")

        cursor.execute("SELECT coalesce(max(id), 0) FROM games_table")
        next_table = cursor.fetchone()[0] + 1
        raw = cursor.connection  # the psycopg connection under Django's
        chunk = 50_000
        done = 0
        spread = SPREAD.total_seconds()
        while done < missing:
            count = min(chunk, missing - done)
            tables, seats, results = [], [], []
            for table_id in range(next_table, next_table + count):
                finished_at = now - timedelta(seconds=rng.random() * spread)
                started_at = finished_at - timedelta(minutes=rng.randint(5, 40))
                seed = f"{rng.getrandbits(128):032x}"
                tables.append((table_id, GAME, "{}", None, 0, "finished", False, None, 0, None, seed, None,
                               None, True, started_at, started_at, finished_at, ""))
                four = rng.sample(player_ids, 4)
                scores = [rng.randint(20, 120) for _ in range(4)]
                hands = rng.randint(6, 20)
                for seat, (player_id, score) in enumerate(zip(four, scores, strict=True)):
                    rank = 1 + sum(other < score for other in scores)
                    seats.append((table_id, seat, player_id, "", None, None, None))
                    results.append((table_id, GAME, seat, player_id, "", score, rank, rank == 1, hands,
                                    finished_at, None, None, "", None, ""))
            with transaction.atomic():
                with raw.cursor() as copy_cursor:
                    with copy_cursor.copy(
                            "COPY games_table (id, game, options, state, seq, status, private, invite_code, "
                            "turn_seconds, host_id, seed, rematch_of_id, daily, rated, created_at, started_at, "
                            "finished_at, empty_seat_level) FROM STDIN") as copy:
                        for row in tables:
                            copy.write_row(row)
                    with copy_cursor.copy(
                            "COPY games_seat (table_id, index, player_id, bot_level, away_since, seen_at, "
                            "deadline) FROM STDIN") as copy:
                        for row in seats:
                            copy.write_row(row)
                    with copy_cursor.copy(
                            "COPY games_gameresult (table_id, game, seat, player_id, bot_level, score, rank, "
                            "won, hands, finished_at, moves, undos, variant, seconds, mark) FROM STDIN") as copy:
                        for row in results:
                            copy.write_row(row)
            next_table += count
            done += count
            print(f"  {done}/{missing} games written ({time.perf_counter() - started:.0f} s)", flush=True)
        cursor.execute("SELECT setval(pg_get_serial_sequence('games_table', 'id'), %s)", [next_table - 1])
        cursor.execute("ANALYZE games_table, games_seat, games_gameresult, accounts_player, auth_user")
    print(f"generated in {time.perf_counter() - started:.1f} s")


# -- the measurement -------------------------------------------------------------------------


class StopRating(Exception):
    pass


def verdict(met: bool) -> str:
    return "MET" if met else "MISSED"


def measure(args) -> None:
    setup_django(args.database_url)
    from django.db import connection

    from games.models import Table
    from stats import leaderboard, rating

    total = Table.objects.filter(game=GAME, status=Table.Status.FINISHED, rated=True,
                                 finished_at__isnull=False).count()
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE stats_leaderboardrow, stats_ratedmarker, stats_ratingsnapshot, stats_rating")
    print(f"\ncleared ratings, snapshots, rated markers and leaderboard rows; {total} games to rate")

    # The cap: stop rate_games() between two batches (each is its own transaction).
    original = rating._rate_batch
    count = {"tables": 0}
    deadline = None if args.seconds is None else time.perf_counter() + args.seconds

    def capped_rate_batch(batch):
        if deadline is not None and time.perf_counter() >= deadline:
            raise StopRating
        original(batch)
        count["tables"] += len(batch)

    rating._rate_batch = capped_rate_batch
    capped = False
    batch_size = args.batch_size or rating.BATCH_SIZE
    started = time.perf_counter()
    try:
        rated = rating.rate_games(batch_size=batch_size)
    except StopRating:
        capped = True
        rated = count["tables"]
    finally:
        rating._rate_batch = original
    rating_seconds = time.perf_counter() - started
    rate = rated / rating_seconds if rating_seconds else 0.0
    rss_after_rating = mb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)

    # Capped, only the oldest games are rated, so "a rated game within the last 30 days" would
    # leave the board empty; the rebuild then takes the last rated game's time as "now".
    board_now = None
    if capped:
        from django.db.models import Max

        from stats.models import Rating

        board_now = Rating.objects.filter(game=GAME).aggregate(last=Max("last_rated_at"))["last"]
    started = time.perf_counter()
    rows = leaderboard.rebuild(GAME, now=board_now)
    board_seconds = time.perf_counter() - started
    peak = mb(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)

    if capped and rate:
        all_rating_seconds = total / rate
        rating_label = f"{all_rating_seconds:9.1f} s  EXTRAPOLATED for all {total} games from the rate above"
    else:
        all_rating_seconds = rating_seconds
        rating_label = f"{rating_seconds:9.1f} s  measured"
    job_seconds = all_rating_seconds + board_seconds

    print()
    print(f"rating (stats.rating.rate_games, batch_size={batch_size}):")
    print(f"  rated            {rated} of {total} games"
          + (f"  (stopped by --seconds {args.seconds:g})" if capped else "  (all)"))
    print(f"  wall time        {rating_seconds:9.1f} s")
    print(f"  rate             {rate:9.1f} games/s")
    print(f"  all games        {rating_label}")
    print(f"  peak RSS so far  {rss_after_rating:9.1f} MB")
    print(f"leaderboard (stats.leaderboard.rebuild('{GAME}')):")
    print(f"  wall time        {board_seconds:9.2f} s  ({rows} rows"
          + (f", from the partly rated games, now={board_now:%Y-%m-%d %H:%M}" if board_now else "") + ")")
    print()
    print(f"{'figure':<34} {'value':>12}   {'goal':>10}   verdict")
    job_name = "whole job (rating + leaderboard)" + ("*" if capped else "")
    print(f"{job_name:<34} {job_seconds:>10.1f} s   {'< ' + str(GOAL_JOB_SECONDS) + ' s':>10}   "
          f"{verdict(job_seconds < GOAL_JOB_SECONDS)}")
    print(f"{'leaderboard rebuild':<34} {board_seconds:>10.2f} s   {'< ' + str(GOAL_LEADERBOARD_SECONDS) + ' s':>10}   "
          f"{verdict(board_seconds < GOAL_LEADERBOARD_SECONDS)}")
    print(f"{'peak memory (ru_maxrss)':<34} {peak:>9.1f} MB   {'< ' + str(GOAL_PEAK_MB) + ' MB':>10}   "
          f"{verdict(peak < GOAL_PEAK_MB)}")
    if capped:
        print(f"* extrapolated: rating stopped after {args.seconds:g} s; {total} games / {rate:.1f} games/s "
              f"+ the measured leaderboard time. Peak memory is for the part that ran.")


def main(argv=None) -> None:
    args = parse_args(argv)
    if args.generate_only:
        generate(args)
        return
    ensure_database(args.database_url)
    env = bench_env(args.database_url)
    started = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                   check=True, timeout=600)
    print(f"migrated {args.database_url} in {time.perf_counter() - started:.1f} s")
    child = [sys.executable, str(Path(__file__).resolve()), "--generate-only", "--games", str(args.games),
             "--players", str(args.players), "--seed", str(args.seed), "--database-url", args.database_url]
    if args.fresh:
        child.append("--fresh")
    started = time.perf_counter()
    subprocess.run(child, cwd=ROOT, env=env, check=True)
    print(f"data ready in {time.perf_counter() - started:.1f} s "
          f"(generator peak RSS {mb(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss):.0f} MB, not counted)")
    measure(args)


if __name__ == "__main__":
    main()
