"""The production layout with real processes (issue 37): a worker told ``-Q play`` plays the
bots' turns and never takes a chore, which waits for the chores workers.

PostgreSQL and Redis only: the worker is another process, on the site's broker.
"""

import pytest
import redis
from django.db import connection

from cardsite.celery import app as celery_app
from games import tasks as games_tasks
from games.models import Table
from tests.realtime.processes import wait_for, worker
from tests.web.tables import started_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_worker_of_the_play_queue_plays_the_bots_and_leaves_the_chores_alone(settings, tmp_path):
    if connection.vendor != "postgresql" or not settings.REDIS_URL:
        pytest.skip("needs PostgreSQL and REDIS_URL: a worker in another process, on a real broker")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.control.purge()
    broker = redis.Redis.from_url(settings.REDIS_URL)
    try:
        with worker(redis_url=settings.REDIS_URL, log=tmp_path / "play.log", queues="play") as running:
            running.wait_ready()
            # Sent first: were it on the bots' queue, the worker would take it before the turn.
            games_tasks.refill_all_winnable_deals.delay()
            table, _ = started_table()  # the three bots are to pass
            wait_for(lambda: Table.objects.values_list("seq", flat=True).get(pk=table.pk) >= 3, seconds=30,
                     what="the bots playing through the play worker")
            assert "games.tasks.refill_all_winnable_deals[" not in running.text(), "the play worker took a chore"
        assert broker.llen("chores") >= 1, "the chore waits in its own queue for a chores worker"
    finally:
        celery_app.control.purge()
        broker.close()
