import pytest_asyncio
from channels.db import database_sync_to_async
from django.db import connections


@pytest_asyncio.fixture(autouse=True)
async def close_thread_connections():
    """Sync work from async tests runs on one worker thread with its own connections;
    close them, or the test database cannot be dropped at the end of the run."""
    yield
    await database_sync_to_async(connections.close_all)()
