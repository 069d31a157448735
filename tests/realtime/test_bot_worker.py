"""Bot turns through a real Celery worker on the Redis broker (CI sets REDIS_URL)."""

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from cardsite.celery import app as celery_app
from games import catalogue, services
from tests.web.tables import started_table, state_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL: a real broker for a real worker"),
]

hearts = catalogue.get("hearts").engine


def wait_for(condition, *, seconds=30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("the worker did not get there in time")


def test_bots_finish_a_hand_through_the_worker(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.control.purge()
    # The bots' own queue, as production's play workers serve it (README).
    with start_worker(celery_app, pool="solo", concurrency=1, perform_ping_check=False, queues=["play"]):
        table, (player,) = started_table()
        while hearts.view(state_of(table), None)["hand_number"] == 1:
            wait_for(lambda: 0 in hearts.to_move(state_of(table)) or hearts.hands_played(state_of(table)) > 0)
            state = state_of(table)
            if hearts.hands_played(state) > 0:
                break
            services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq,
                               move=hearts.legal_moves(state, 0)[0])
        assert hearts.hands_played(state_of(table)) == 1
        assert table.moves.exclude(seat=0).count() >= 39, "the bots played their cards"
