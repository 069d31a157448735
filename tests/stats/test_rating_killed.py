"""The nightly job killed for real (SIGKILL, mid-run) and run again gives the rows of one clean run.

PostgreSQL only: the job runs in another process, which must see this test's committed rows.
"""

import os
import random
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from accounts.models import Player
from games.models import GameResult, Seat, Table
from stats import rating
from stats.models import RatedMarker, Rating, RatingSnapshot
from tests.stats.helpers import everything

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
GAMES = 300




def many_rated_games():
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"killed{n}", password="!") for n in range(10)])
    players = Player.objects.bulk_create([Player(display_name=f"killed{n}", user=user) for n, user in enumerate(users)])
    rng = random.Random(11)
    start = timezone.now() - timedelta(days=5)
    tables = Table.objects.bulk_create(
        [Table(game="hearts", seed=str(n), status=Table.Status.FINISHED, rated=True,
               finished_at=start + timedelta(minutes=17 * n)) for n in range(GAMES)])
    seats, results = [], []
    for table in tables:
        ranks = [rng.randint(1, 4) for _ in range(4)]  # ties now and then
        for index, (player, rank) in enumerate(zip(rng.sample(players, 4), ranks, strict=True)):
            seats.append(Seat(table=table, index=index, player=player))
            results.append(GameResult(table=table, game="hearts", seat=index, player=player, score=rank, rank=rank,
                                      won=rank == 1, hands=1, finished_at=table.finished_at))
    Seat.objects.bulk_create(seats)
    GameResult.objects.bulk_create(results)


def test_killed_midway_and_run_again_gives_the_rows_of_one_clean_run():
    if connection.vendor != "postgresql":
        pytest.skip("the job runs in another process, which needs a database it can share")
    many_rated_games()
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "1"}
    job = subprocess.Popen([sys.executable, "manage.py", "rate_games", "--batch-size", "1"], cwd=ROOT, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while RatedMarker.objects.count() < GAMES // 10 and job.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    job.send_signal(signal.SIGKILL)
    job.wait(timeout=10)
    killed_at = RatedMarker.objects.count()
    assert job.returncode == -signal.SIGKILL, job.stderr.read().decode()[-2000:]
    assert GAMES // 10 <= killed_at < GAMES
    # What the killed run left is whole games: each marked game moved its four players once.
    assert sum(Rating.objects.values_list("games", flat=True)) == 4 * killed_at

    assert rating.rate_games() == GAMES - killed_at
    assert rating.rate_games() == 0  # and a second run finds nothing to do
    resumed = everything()

    Rating.objects.all().delete()
    RatingSnapshot.objects.all().delete()
    RatedMarker.objects.all().delete()
    assert rating.rate_games() == GAMES
    assert everything() == resumed
