"""The flush after a browser test, made to give way to the live server's own transactions.

The server may still be at work when a test ends: a bot's turn resumed on a thread of its own
(``games.recovery.resume_loaded``), the in-process sweep, a table of bots playing on after a
guest left. Django's flush is one ``TRUNCATE`` of every table, taking their locks one by one
in no fixed order, so it can hold one table that a server transaction wants while waiting for
another that the transaction holds: PostgreSQL then aborts one of the two after
``deadlock_timeout`` (1 s by default), failing either the flush (CI of f40a9ad: "Database
test_cardsite couldn't be flushed") or the server's turn (an error in its log).

So the flush is tried again a moment later when it loses a lock; and it waits for no lock for
long, well inside ``deadlock_timeout``, so that a server transaction waiting on it is released
before PostgreSQL looks for a deadlock (the TRUNCATE itself takes about 85 ms here; it is not
cut short, which on a loaded machine would fail every attempt). Once the flush goes through, the server's leftover work finds no table and stops
(``play_bot_move`` returns False; a socket told of the table closes).
"""

from __future__ import annotations

import contextlib
import functools
import time

from django.core.management.base import CommandError
from django.db import OperationalError, connections

ATTEMPTS = 100
PAUSE_SECONDS = 0.05
# Well under PostgreSQL's default deadlock_timeout of 1 s (see the module's docstring).
LOCK_TIMEOUT = "200ms"


@contextlib.contextmanager
def short_waits(database: str):
    """On PostgreSQL, this connection's waits for a lock stay short."""
    connection = connections[database]
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")


def giving_way(flush):
    """``TransactionTestCase._fixture_teardown`` (``flush``), tried again while it loses a lock
    to the server. Any other failure, and the last attempt's, is raised as it was."""

    @functools.wraps(flush)
    def fixture_teardown(test_case) -> None:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with contextlib.ExitStack() as stack:
                    for database in test_case._databases_names(include_mirrors=False):
                        stack.enter_context(short_waits(database))
                    flush(test_case)
                return
            except CommandError as error:
                if attempt == ATTEMPTS or not isinstance(error.__cause__, OperationalError):
                    raise
            time.sleep(PAUSE_SECONDS)  # the server's transaction finishes meanwhile

    return fixture_teardown
