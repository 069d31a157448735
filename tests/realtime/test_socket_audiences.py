"""A frame reaches only its own audience, whatever a socket missed.

Issue 37: a socket read its seat before it listened for its Player's seat changes, so a
seat taken in that gap went unheard; the socket stayed among the spectators while its
Player sat, drew its board for its own seat on each change, and the process handed that
drawing (its Player's whole hand, or a private table's invite code) to every spectator.
A spectators' frame is now drawn for the spectators by construction, and a seat's frame
carries its holder, so a socket left in the seat's group by a lost seat change never
shows the next holder's hand.
"""

import asyncio
import random

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.services import create_guest
from games import catalogue, frame_reuse, realtime, services
from games.consumers import TableConsumer
from games.models import Table
from tests.realtime.test_table_socket import CARD, SEQ, connect, drain, drain_to, leaks, states_by_seq
from tests.web.tables import state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

hearts = catalogue.get("hearts").engine


def waiting_table(*, private=False):
    """A Hearts table with its host in seat 0, bots in seats 2 and 3, seat 1 free."""
    host = create_guest()
    table = services.create_table(game="hearts", host=host, private=private)
    for index in (2, 3):
        services.set_bot(table_id=table.pk, host=host, seat_index=index, level="random")
    return Table.objects.get(pk=table.pk), host


def start(table, host):
    services.start_table(table_id=table.pk, host=host)


def play_people_turns(table, rng, *, moves=24):
    """The people in seats 0 and 1 play random legal moves (the bots answer within each);
    returns the table's seq."""
    people = dict(table.seats.filter(index__in=(0, 1)).values_list("index", "player_id"))
    for _ in range(moves):
        state = state_of(table)
        seat = next(index for index in hearts.to_move(state) if index in people)
        services.play_move(table_id=table.pk, player_id=people[seat], seq=table.seq,
                           move=rng.choice(hearts.legal_moves(state, seat)))
    table.refresh_from_db()
    return table.seq


def spectator_leaks(frames, states):
    return [frame for frame in frames if SEQ.search(frame) and leaks(frame, states, None)]


async def test_a_seat_taken_just_after_a_socket_reads_its_seat_never_reaches_the_spectators(monkeypatch):
    table, host = await database_sync_to_async(waiting_table)()
    joiner = await database_sync_to_async(create_guest)()

    # The gap on purpose: the joiner takes seat 1 right after their socket has read its seat.
    real = TableConsumer._audience_and_frame
    taken = []

    def read_then_sit(self, player_id, **kwargs):
        opening = real(self, player_id, **kwargs)
        if player_id == joiner.pk and not taken:
            taken.append(services.join_table(table_id=table.pk, player=joiner))
        return opening

    monkeypatch.setattr(TableConsumer, "_audience_and_frame", read_then_sit)
    mine = await connect(table.pk, joiner)
    assert taken, "the hook ran"
    # Outsiders who came after the joiner's socket: it hears each change first, and what it
    # draws for the spectators' group the others reuse.
    outsiders = [await connect(table.pk, None) for _ in range(2)]
    await drain(mine)
    for socket in outsiders:
        await drain(socket)
    await database_sync_to_async(start)(table, host)
    seq = await database_sync_to_async(play_people_turns)(table, random.Random(3))
    frames = await drain_to(mine, seq)
    watched = [frame for socket in outsiders for frame in await drain_to(socket, seq)]

    states = await database_sync_to_async(states_by_seq)(table)
    assert not spectator_leaks(watched, states), "a spectator saw a seated player's card"
    # And the joiner's socket came to its own seat: its latest board shows seat 1's hand.
    own = set(hearts.view(states[seq], 1)["hand"])
    assert own and own <= set(CARD.findall(frames[-1]))
    for socket in (mine, *outsiders):
        await socket.disconnect()


async def test_a_change_heard_after_the_seat_was_taken_is_drawn_for_the_spectators(monkeypatch):
    """The change was queued for a spectator socket whose person then sat down at a private
    table: the drawing for the spectators' group must not be that person's waiting room
    (the invite link and code), and it is the one every other spectator reuses."""
    monkeypatch.setattr(frame_reuse, "REUSE_SECONDS", 600)  # however slow the machine, the drawing is reused
    table, host = await database_sync_to_async(waiting_table)(private=True)
    joiner = await database_sync_to_async(create_guest)()
    held = []
    monkeypatch.setattr(realtime, "seat_changed", lambda *args: held.append(args))  # still on its way
    mine = await connect(table.pk, joiner)
    await drain(mine)
    await database_sync_to_async(services.join_table)(table_id=table.pk, player=joiner, code=table.invite_code)
    change = {"type": "table.changed", "group": realtime.watch_group(table.pk), "change": "queued",
              "seq": table.seq, "status": "waiting", "spoken": ""}
    await get_channel_layer().group_send(realtime.watch_group(table.pk), change)
    await drain(mine)
    outsider = await connect(table.pk, None)
    await drain(outsider)
    await get_channel_layer().group_send(realtime.watch_group(table.pk), change)
    watched = await drain(outsider)
    assert watched, "the outsider heard the change"
    assert all(table.invite_code not in frame for frame in watched), "an outsider got the invite code"
    for socket in (mine, outsider):
        await socket.disconnect()


async def test_many_sockets_under_seat_changes_send_the_spectators_only_the_spectators_view():
    """Five sockets of each joiner open at once while they take and leave seats, outsiders
    coming to watch in between; then a deal is played. Every frame an outsider gets is the
    spectators' view: no invite code in the waiting room, no hidden card in play."""
    table, host = await database_sync_to_async(waiting_table)(private=True)
    outsiders, watched = [], []
    joiners = [await database_sync_to_async(create_guest)() for _ in range(3)]
    opened = []
    for round_ in range(6):
        joiner = joiners[round_ % len(joiners)]
        sit = database_sync_to_async(services.join_table)(table_id=table.pk, player=joiner, code=table.invite_code)
        sockets = await asyncio.gather(sit, *(connect(table.pk, joiner) for _ in range(5)))
        opened += sockets[1:]
        if round_ < 5:
            await database_sync_to_async(services.leave_table)(table_id=table.pk, player=joiner)
        if round_ % 2:  # outsiders who come after sockets of the joiners
            outsiders.append(await connect(table.pk, None))
            watched.append([])
        for frames, outsider in zip(watched, outsiders, strict=True):
            frames += await drain(outsider)
    for frames in watched:
        assert frames and all(table.invite_code not in frame for frame in frames), "an outsider got the code"
    await database_sync_to_async(start)(table, host)
    seq = await database_sync_to_async(play_people_turns)(table, random.Random(8))
    for frames, outsider in zip(watched, outsiders, strict=True):
        frames += await drain_to(outsider, seq)
    states = await database_sync_to_async(states_by_seq)(table)
    for frames in watched:
        assert not spectator_leaks(frames, states), "a spectator saw a seated player's card"
        assert all(table.invite_code not in frame for frame in frames)
    for socket in (*opened, *outsiders):
        await socket.disconnect()


async def test_a_seat_change_lost_on_its_way_never_shows_the_next_holder_s_hand(monkeypatch):
    """The leaver's seat change is lost after commit (a server stopping, a failed send):
    their socket stays in seat 1's group while someone else takes seat 1 and the game
    starts. It must never show a card of the new holder's hand."""
    table, host = await database_sync_to_async(waiting_table)()
    leaver, taker = [await database_sync_to_async(create_guest)() for _ in range(2)]
    await database_sync_to_async(services.join_table)(table_id=table.pk, player=leaver)
    theirs = await connect(table.pk, leaver)
    await drain(theirs)
    real = realtime.seat_changed

    def lost(table_id, player_id):
        raise RuntimeError("the server is stopping: the frame is not sent")  # as _in_event_loop says

    monkeypatch.setattr(realtime, "seat_changed", lost)
    await database_sync_to_async(services.leave_table)(table_id=table.pk, player=leaver)
    monkeypatch.setattr(realtime, "seat_changed", real)
    await database_sync_to_async(services.join_table)(table_id=table.pk, player=taker)
    await database_sync_to_async(start)(table, host)
    seq = await database_sync_to_async(play_people_turns)(table, random.Random(3), moves=10)
    frames = await drain_to(theirs, seq)
    states = await database_sync_to_async(states_by_seq)(table)
    assert frames and not spectator_leaks(frames, states), "the leaver saw the new holder's hand"
    await theirs.disconnect()
