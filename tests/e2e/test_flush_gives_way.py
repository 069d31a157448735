"""The flush after a browser test against a server transaction that locks in the other order
(tests/e2e/flush.py): on PostgreSQL, a true deadlock that costs one side its transaction
unless the flush gives way."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.core.management.color import no_style
from django.db import connection
from django.test import TransactionTestCase

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's locks and deadlocks")


class _Case(TransactionTestCase):
    databases = {"default"}


def _flush_order() -> list[str]:
    """The tables in the order the flush's TRUNCATE names them, so locks them (the order of a
    set of names: the same within one process)."""
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    assert connection.ops.sql_flush(no_style(), tables)[0].startswith(f'TRUNCATE "{tables[0]}", ')
    return tables


def _server_transaction(*, first: str, last: str, flush_pid: int, started: threading.Event, outcome: dict) -> None:
    """As a server's turn might: a row written to the table the flush locks last, then, while
    the flush waits for it, one to the table it locked first."""
    try:
        with psycopg.connect(**connection.get_connection_params()) as server, server.transaction():
            server.execute(f'LOCK TABLE "{last}" IN ROW EXCLUSIVE MODE')
            started.set()
            deadline = time.monotonic() + 10
            while not server.execute("SELECT 1 FROM pg_locks WHERE pid = %s AND NOT granted", [flush_pid]).fetchone():
                assert time.monotonic() < deadline, "the flush never waited for the server's lock"
                time.sleep(0.01)
            server.execute(f'LOCK TABLE "{first}" IN ROW EXCLUSIVE MODE')
        outcome["server"] = "committed"
    except Exception as error:  # noqa: BLE001 - the outcome is what the test reads
        outcome["server"] = type(error).__name__


def _flush_beside_a_server_transaction(fixture_teardown) -> dict:
    tables = _flush_order()
    flush_pid = connection.cursor().connection.info.backend_pid
    outcome: dict = {}
    started = threading.Event()
    server = threading.Thread(target=_server_transaction, kwargs={
        "first": tables[0], "last": tables[-1], "flush_pid": flush_pid, "started": started, "outcome": outcome})
    server.start()
    assert started.wait(timeout=10), outcome
    try:
        fixture_teardown(_Case())
        outcome["flush"] = "flushed"
    except Exception as error:  # noqa: BLE001
        outcome["flush"] = type(error).__name__
    server.join(timeout=30)
    return outcome


def test_the_flush_gives_way_and_both_go_through(transactional_db):
    assert _flush_beside_a_server_transaction(TransactionTestCase._fixture_teardown) == {
        "flush": "flushed", "server": "committed"}


def test_without_giving_way_postgresql_aborts_one_of_the_two(transactional_db):
    plain = TransactionTestCase._fixture_teardown.__wrapped__
    outcome = _flush_beside_a_server_transaction(plain)
    assert outcome in ({"flush": "CommandError", "server": "committed"},
                       {"flush": "flushed", "server": "DeadlockDetected"}), outcome
