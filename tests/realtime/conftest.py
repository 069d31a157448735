import pytest_asyncio
from asgiref.sync import sync_to_async
from django.db import connections


@pytest_asyncio.fixture(autouse=True)
async def close_thread_connections():
    """Sync work from async tests runs on one worker thread with its own connections;
    close them, or the test database cannot be dropped at the end of the run.

    Closed with asgiref's ``sync_to_async`` (thread-sensitive: the same worker thread as
    ``database_sync_to_async``), not with Channels' ``database_sync_to_async``, whose
    wrapper first checks the thread's connection (``close_old_connections`` asks it for
    its autocommit, which is database access). Closing is not access, but that check is,
    and it runs in every test here, also in one without database access: on the embedded
    defaults the test database is an in-memory SQLite one, whose connection Django never
    closes (closing would destroy the database), so the worker thread still holds the
    connection of an earlier test and the check of a later test without the database
    failed its teardown with "Database access not allowed"."""
    yield
    await sync_to_async(connections.close_all)()
