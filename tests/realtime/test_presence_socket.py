"""Sockets and presence: a closed socket hands the seat to a bot after the grace period,
and the person reconnecting plays their own next turn."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from games import catalogue, services
from games.models import Seat, Table
from tests.realtime.test_table_socket import connect, drain
from tests.web.tables import started_table, state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

hearts = catalogue.get("hearts").engine


def seat(table, index):
    return Seat.objects.get(table=table, index=index)


def to_move(table):
    return hearts.to_move(state_of(table))


async def test_a_closed_socket_gives_the_seat_to_a_bot_and_a_reconnect_takes_it_back(settings, delayed_tasks):
    settings.AWAY_GRACE_SECONDS = 0.2
    table, (me, friend) = await database_sync_to_async(started_table)(humans=2, bots=2)
    mine, theirs = await connect(table.pk, me), await connect(table.pk, friend)
    await drain(mine), await drain(theirs)
    assert (await database_sync_to_async(seat)(table, 1)).seen_at is not None

    await theirs.disconnect()
    # The check runs once the grace period is over; the friend's seat was unseen that long.
    await asyncio.sleep(0.3)
    assert await database_sync_to_async(delayed_tasks.run)() == ["away"]
    friend_seat = await database_sync_to_async(seat)(table, 1)
    assert friend_seat.is_away and friend_seat.player_id == friend.pk
    # A bot passed for them (the pass phase: every seat acts at once), and my socket saw them away.
    moves = await database_sync_to_async(lambda: list(table.moves.filter(seat=1).values_list("move", flat=True)))()
    assert len(moves) == 1 and moves[0].startswith("pass ")
    assert any("away · bot playing" in frame for frame in await drain(mine))

    # The friend comes back: the seat is theirs again, and their next turn waits for them.
    theirs = await connect(table.pk, friend)
    await drain(theirs)
    assert not (await database_sync_to_async(seat)(table, 1)).is_away
    hand = hearts.view(await database_sync_to_async(state_of)(table), 0)["hand"]
    await database_sync_to_async(services.play_move)(
        table_id=table.pk, player_id=me.pk, seq=(await database_sync_to_async(Table.objects.get)(pk=table.pk)).seq,
        move="pass " + " ".join(hand[:3]))
    # Play on until it is seat 1's turn: no bot may move for it any more.
    for _ in range(60):
        movers = await database_sync_to_async(to_move)(table)
        if 1 in movers:
            break
        assert movers == (0,)
        current = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        await database_sync_to_async(services.play_move)(
            table_id=table.pk, player_id=me.pk, seq=current.seq,
            move=hearts.legal_moves(await database_sync_to_async(state_of)(table), 0)[0])
    assert 1 in await database_sync_to_async(to_move)(table)
    before = await database_sync_to_async(lambda: table.moves.filter(seat=1).count())()
    await asyncio.sleep(0.1)
    assert await database_sync_to_async(lambda: table.moves.filter(seat=1).count())() == before
    # ...and they play it themselves.
    current = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    card = hearts.legal_moves(await database_sync_to_async(state_of)(table), 1)[0]
    await database_sync_to_async(services.play_move)(table_id=table.pk, player_id=friend.pk, seq=current.seq, move=card)
    last = await database_sync_to_async(lambda: table.moves.filter(seat=1).last())()
    assert last.move == card and last.seq == current.seq + 1
    await mine.disconnect()
    await theirs.disconnect()


async def test_a_second_tab_keeps_the_seat_when_the_first_closes(settings, delayed_tasks):
    settings.AWAY_GRACE_SECONDS = 0.2
    table, (me, friend) = await database_sync_to_async(started_table)(humans=2, bots=2)
    first, second = await connect(table.pk, friend), await connect(table.pk, friend)
    await drain(first), await drain(second)
    await first.disconnect()
    await asyncio.sleep(0.3)  # the second tab's heartbeat (a third of the grace) keeps the seat seen
    assert await database_sync_to_async(delayed_tasks.run)() == ["unchanged"]
    assert not (await database_sync_to_async(seat)(table, 1)).is_away
    await second.disconnect()


async def test_a_spectator_s_socket_marks_no_seat_opening_or_closing_and_a_seated_one_does(monkeypatch):
    from accounts.services import create_guest
    from games import presence

    marked = []
    for name in ("socket_opened", "socket_closed"):
        real = getattr(presence, name)
        monkeypatch.setattr(presence, name, lambda real=real, name=name, **kwargs: marked.append(
            (name, kwargs["player_id"])) or real(**kwargs))
    table, (me,) = await database_sync_to_async(started_table)()
    stranger = await database_sync_to_async(create_guest)()
    watching = await connect(table.pk, stranger)
    await drain(watching)
    await watching.disconnect()
    assert marked == []
    mine = await connect(table.pk, me)
    await drain(mine)
    await mine.disconnect()
    assert marked == [("socket_opened", me.pk), ("socket_closed", me.pk)]
