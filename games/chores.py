"""Chores: background work that no table waits for, kept from holding up the ones that do.

Bot turns, turn timers, presence checks and the recovery sweep go to the Celery queue "play";
chores (winnable-deal refills, the nightly rating, and any task without a route) go to
"chores", served by worker processes of their own (``CELERY_TASK_ROUTES``, and the README's
Production section). A chore took minutes on the bots' queue and every table's next bot move
waited behind it. A periodic chore also runs one at a time (``alone``) and ends within a bound
of its own, with Celery's time limits behind that. With the embedded defaults (tasks eager) a
chore runs on a thread of its own, never in the thread that asked for it (``games.scheduling``).
"""

from __future__ import annotations

import logging
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from celery import current_app
from django.db import DatabaseError, connection

logger = logging.getLogger(__name__)

PLAY_QUEUE = "play"

# pg_try_advisory_lock(namespace, key): two-int keys never meet stats.rating's one-bigint lock.
_NAMESPACE = 0x43484F52  # "CHOR"
_in_memory: dict[str, threading.Lock] = {}
_in_memory_guard = threading.Lock()


def queue_of(task_name: str) -> str:
    """The queue Celery sends the task to: its route, or the default queue (chores)."""
    return current_app.amqp.router.route({}, task_name)["queue"].name


def is_chore(task_name: str) -> bool:
    return queue_of(task_name) != PLAY_QUEUE


@contextmanager
def alone(name: str) -> Iterator[bool]:
    """True inside if this run has the chore ``name`` to itself; False while another run has it
    (the caller then does nothing: the run in progress does the work).

    On PostgreSQL a session advisory lock: every process of the site sees it, and it goes with
    the connection of a run that dies (kill -9, Celery's hard time limit), so no run leaves it
    behind. Without PostgreSQL the site is the embedded default, one process: a lock in memory.
    """
    if connection.vendor == "postgresql":
        key = zlib.crc32(name.encode()) - 2**31  # a signed int4
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_NAMESPACE, key])
            mine = cursor.fetchone()[0]
        try:
            yield mine
        finally:
            if mine:
                _unlock(key)
        if not mine:
            logger.info("chore %s skipped: another run has it", name)
        return
    with _in_memory_guard:
        lock = _in_memory.setdefault(name, threading.Lock())
    mine = lock.acquire(blocking=False)
    try:
        yield mine
    finally:
        if mine:
            lock.release()
    if not mine:
        logger.info("chore %s skipped: another run has it", name)


def _unlock(key: int) -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_NAMESPACE, key])
    except DatabaseError:
        connection.close()  # the session ends, and its locks with it
