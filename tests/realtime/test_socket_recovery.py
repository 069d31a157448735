"""Sockets and recovery: a socket that connects resumes its table's lost bot turn, and an open
socket that missed a frame (the channel layer was down when it was sent) catches up by itself."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import catalogue, realtime
from games.models import Table
from tests.realtime.test_table_socket import SEQ, connect, drain, play_my_turn
from tests.web.tables import started_table, state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

hearts = catalogue.get("hearts").engine


def seq_of(table):
    return Table.objects.values_list("seq", flat=True).get(pk=table.pk)


async def test_a_socket_that_connects_plays_the_bot_turn_its_table_lost(settings, delayed_tasks):
    settings.BOT_MOVE_DELAY = 0.7  # bot turns are held, as a worker holds their countdown
    table, (player,) = await database_sync_to_async(started_table)()
    while True:  # pass, then play until a bot is to act
        await database_sync_to_async(play_my_turn)(table, player)
        if 0 not in hearts.to_move(await database_sync_to_async(state_of)(table)):
            break
    seq = await database_sync_to_async(seq_of)(table)
    delayed_tasks.pending.clear()  # the worker holding the turn was killed
    await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(
        bot_due_at=timezone.now() - timedelta(seconds=30))

    socket = await connect(table.pk, player)
    frames = await drain(socket)
    # The socket opened without playing the turn in its thread (an expert may think a second):
    # the turn is queued to run now, elsewhere, and its frame follows.
    assert await database_sync_to_async(seq_of)(table) == seq
    (delay, _, _), = delayed_tasks.pending
    assert delay == 0
    await database_sync_to_async(delayed_tasks.run)()
    frames += await drain(socket)
    assert await database_sync_to_async(seq_of)(table) == seq + 1
    assert int(SEQ.search(frames[-1]).group(1)) == seq + 1, "and the socket shows the move"
    await socket.disconnect()


async def test_an_open_socket_that_missed_a_frame_gets_the_current_one(settings, monkeypatch):
    settings.SOCKET_RESYNC_SECONDS = 0.2
    table, (player,) = await database_sync_to_async(started_table)()
    socket = await connect(table.pk, player)
    first = await drain(socket)
    lost = []
    monkeypatch.setattr(realtime, "broadcast", lambda *args, **kwargs: lost.append(args))  # the layer was down
    await database_sync_to_async(play_my_turn)(table, player)
    assert lost, "the move's frames were sent into the void"
    seq = await database_sync_to_async(seq_of)(table)
    await asyncio.sleep(0.5)
    frames = await drain(socket)
    assert int(SEQ.search(first[-1]).group(1)) < seq
    assert frames and int(SEQ.search(frames[-1]).group(1)) == seq
    # In step again: no more frames while nothing moves.
    await asyncio.sleep(0.5)
    assert await drain(socket) == []
    await socket.disconnect()
