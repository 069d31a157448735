"""One check per process for all its table sockets (games.socket_keeper), not one per socket."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from games import presence, selectors, socket_keeper
from tests.realtime.test_table_socket import connect, drain
from tests.web.tables import started_table

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_every_socket_of_a_process_is_checked_in_one_read_and_one_write_a_beat(settings, monkeypatch):
    from accounts.services import create_guest

    settings.SOCKET_RESYNC_SECONDS = 0.1
    settings.AWAY_GRACE_SECONDS = 0.3  # a heartbeat every 0.1 s
    reads, writes = [], []
    real_read, real_write = selectors.tables_seq_and_status, presence.seats_seen
    monkeypatch.setattr(selectors, "tables_seq_and_status", lambda ids: reads.append(set(ids)) or real_read(ids))
    monkeypatch.setattr(presence, "seats_seen", lambda *, pairs: writes.append(set(pairs)) or real_write(pairs=pairs))
    (first, (me,)), (second, (you,)) = await asyncio.gather(*(database_sync_to_async(started_table)()
                                                              for _ in range(2)))
    stranger = await database_sync_to_async(create_guest)()
    sockets = [await connect(first.pk, me), await connect(first.pk, stranger), await connect(second.pk, you),
               await connect(second.pk, me)]  # me: seated at the first, watching the second
    for socket in sockets:
        await drain(socket)
    # Three beats, however busy the machine: each one read for the whole process (both tables
    # at once), not one per socket (4 sockets).
    # Writes counted from here too: a beat may come before the last socket has connected.
    beats, written = len(reads) + 3, len(writes)
    async with asyncio.timeout(30):
        while len(reads) < beats:
            await asyncio.sleep(0.05)
    assert all(ids == {first.pk, second.pk} for ids in reads[-3:])
    assert writes[written:] and all(pairs == {(first.pk, me.pk), (second.pk, you.pk)} for pairs in writes[written:])
    for socket in sockets:
        await socket.disconnect()
    # This loop's: a test before may have left sockets open on loops of its own, now closed.
    assert asyncio.get_running_loop() not in socket_keeper._keepers, "the keeper stops with the loop's last socket"
