"""Real faults, real processes: a Celery worker killed with its bot turn in hand, and a Redis
restarted under a worker holding a countdown. In both the table plays on within seconds.

PostgreSQL only (the worker is another process and must see this test's rows); the Redis
restart also needs ``redis-server``, for a Redis of the test's own.
"""

import pytest
from django.db import connection
from django.utils import timezone

from cardsite.celery import app as celery_app
from games.models import Table
from tests.realtime.processes import REDIS_SERVER, Redis, Worker, wait_for, worker
from tests.web.tables import started_table

pytestmark = pytest.mark.django_db(transaction=True)

# Bot turns wait long enough for the worker to be holding one when the fault strikes; the
# recovery sweep runs every second and takes a turn for lost once a second late.
TIMINGS = {"BOT_MOVE_DELAY": "3", "RESUME_SWEEP_SECONDS": "1", "RESUME_AFTER_SECONDS": "1"}


@pytest.fixture
def shared_database():
    if connection.vendor != "postgresql":
        pytest.skip("the worker is another process, which needs a database it can share")


@pytest.fixture
def through_the_broker(settings, shared_database):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.BOT_MOVE_DELAY = float(TIMINGS["BOT_MOVE_DELAY"])


def seq_of(table):
    return Table.objects.values_list("seq", flat=True).get(pk=table.pk)


def test_a_worker_killed_holding_a_bot_turn_is_replaced_and_the_bots_play_on(through_the_broker, settings,
                                                                              tmp_path):
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL: a real broker for a real worker")
    celery_app.control.purge()
    first = Worker(redis_url=settings.REDIS_URL, log=tmp_path / "first.log", **TIMINGS)
    try:
        first.wait_ready()
        table, _ = started_table()  # the three bots are to pass: a bot turn is queued, 3 s away
        wait_for(lambda: "games.tasks.bot_turn" in first.text() and "received" in first.text(), seconds=20,
                 what="the worker taking the bot turn")
    finally:
        first.kill()
    assert seq_of(table) == 0, "killed before the countdown ran out"
    killed_at = timezone.now()

    with worker(redis_url=settings.REDIS_URL, log=tmp_path / "second.log", **TIMINGS) as second:
        second.wait_ready()
        # The turn the first worker held waits in Redis for its visibility timeout (600 s);
        # the sweep finds the table due in the database and queues the turn again.
        wait_for(lambda: seq_of(table) > 0, seconds=30, what="the bots playing on")
    assert (timezone.now() - killed_at).total_seconds() < 30


@pytest.mark.skipif(REDIS_SERVER is None, reason="needs redis-server, for a Redis of the test's own")
def test_a_redis_restart_under_a_worker_holding_a_countdown_neither_kills_it_nor_stops_the_game(
        through_the_broker, settings, tmp_path):
    redis = Redis(tmp_path)
    try:
        settings.CELERY_BROKER_URL = redis.url
        with worker(redis_url=redis.url, log=tmp_path / "worker.log", **TIMINGS) as running:
            running.wait_ready()
            table, _ = started_table()
            wait_for(lambda: "received" in running.text(), seconds=20, what="the worker taking the bot turn")
            redis.restart()  # the queue and the held task are gone: this Redis keeps nothing
            assert seq_of(table) == 0
            wait_for(lambda: seq_of(table) > 0 or not running.alive(), seconds=40, what="the bots playing on")
            assert running.alive(), "the worker died:\n" + running.text()[-3000:]
            assert seq_of(table) > 0
            assert "Unrecoverable error" not in running.text()
    finally:
        redis.stop()
