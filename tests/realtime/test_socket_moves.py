"""Moves over the table socket: played as the HTTP move is, refused on that socket alone,
and each socket held to a few small frames a second."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.contrib.sessions.backends.db import SessionStore

from accounts.services import create_guest
from games import catalogue
from tests.realtime.test_table_socket import SEQ, connect, drain
from tests.web.tables import snapshot, started_table, state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

hearts = catalogue.get("hearts").engine
ANSWER = re.compile(r'id="move-answer"[^>]*data-status="(\d+)" data-after="(\d+)"')
MESSAGE = re.compile(r'class="table-message" role="alert">([^<]*)<')


async def send(socket, frame):
    """Send one frame; the socket's answer to it (status, seq after) and every frame up to it."""
    await socket.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
    frames = []
    while True:
        frames.append(await socket.receive_from(timeout=5))
        answer = ANSWER.search(frames[-1])
        if answer:
            return int(answer.group(1)), int(answer.group(2)), frames


def message_of(frames):
    found = MESSAGE.search(frames[-1])
    return found.group(1) if found else ""


def a_pass(table, seat=0):
    return "pass " + " ".join(hearts.view(state_of(table), seat)["hand"][:3])


async def at_table(**kwargs):
    table, players = await database_sync_to_async(started_table)(**kwargs)
    sockets = [await connect(table.pk, player) for player in players]
    for socket in sockets:
        await drain(socket)
    return table, players, sockets


async def test_a_move_sent_on_the_socket_is_played_once_and_answered_there():
    table, (me,), (mine,) = await at_table()
    move = await database_sync_to_async(a_pass)(table)
    status, after, frames = await send(mine, {"move": move, "seq": str(table.seq), "HEADERS": {"HX-Request": "true"}})
    assert (status, after) == (204, table.seq + 1)
    # The new board comes through the seat's group, after the answer.
    boards = [int(SEQ.search(frame).group(1)) for frame in await drain(mine) if SEQ.search(frame)]
    assert boards and boards[-1] > table.seq
    moves = await database_sync_to_async(lambda: list(table.moves.filter(seat=0).values_list("move", flat=True)))()
    assert moves == [move]

    # The same frame again (a double click, a resend after a reconnect) is answered as done, not played twice.
    status, _, frames = await send(mine, {"move": move, "seq": table.seq})
    assert status == 204
    assert await database_sync_to_async(table.moves.filter(seat=0).count)() == 1
    await mine.disconnect()


async def refused(socket, table, frame):
    """The frame is refused on this socket with the board and its reason; nothing changes."""
    before = await database_sync_to_async(snapshot)(table)
    status, after, frames = await send(socket, frame)
    assert status >= 400 and 'id="board"' in frames[-1], frames[-1][:200]
    assert await database_sync_to_async(snapshot)(table) == before
    assert after == before[1], "a refusal tells the seq the table stands at"
    return status, message_of(frames)


async def test_a_stale_view_and_another_move_on_a_doubled_seq_are_refused():
    table, (me,), (mine,) = await at_table()
    seq = table.seq
    move = await database_sync_to_async(a_pass)(table)
    assert (await send(mine, {"move": move, "seq": seq}))[0] == 204
    await drain(mine)
    hand = hearts.view(await database_sync_to_async(state_of)(table), 0)["hand"]
    other = "pass " + " ".join(hand[-3:])
    assert await refused(mine, table, {"move": other, "seq": seq}) == (
        409, "The table moved on; here is where it stands now.")
    assert (await refused(mine, table, {"move": other, "seq": seq - 100}))[0] == 409


async def test_out_of_turn_and_another_seats_move_are_refused():
    table, (me, friend), sockets = await at_table(humans=2, bots=2)
    for index in range(2):  # both people pass, so that play starts
        await database_sync_to_async(table.refresh_from_db)()
        move = await database_sync_to_async(a_pass)(table, index)
        assert (await send(sockets[index], {"move": move, "seq": table.seq}))[0] == 204
    for socket in sockets:
        await drain(socket)
    await database_sync_to_async(table.refresh_from_db)()
    state = await database_sync_to_async(state_of)(table)
    (leader,) = hearts.to_move(state)
    assert leader in (0, 1), "a person holds the two of clubs with this seed"
    waiting = 1 - leader
    # The seat that is not to act sends the leader's own legal move: refused, nothing played.
    their_move = hearts.legal_moves(state, leader)[0]
    assert await refused(sockets[waiting], table, {"move": their_move, "seq": table.seq}) == (
        403, "It is not your turn.")


async def test_a_spectator_and_a_logged_out_session_cannot_move():
    table, (me,), (mine,) = await at_table()
    stranger = await database_sync_to_async(create_guest)()
    watching = await connect(table.pk, stranger)
    await drain(watching)
    move = await database_sync_to_async(a_pass)(table)
    assert await refused(watching, table, {"move": move, "seq": table.seq}) == (
        403, "You have no seat at this table.")

    # Logging out ends the session and tells the Player's sockets, which read it afresh.
    key = dict(mine.scope["headers"])[b"cookie"].decode().split("=", 1)[1]
    await database_sync_to_async(SessionStore(session_key=key).delete)()
    await get_channel_layer().group_send(f"player.{me.pk}", {"type": "seat.changed", "table_id": None})
    await drain(mine)
    assert await refused(mine, table, {"move": move, "seq": table.seq}) == (403, "You have no seat at this table.")


@pytest.mark.parametrize("frame", [
    "play 2C",  # not JSON
    "[1, 2]",
    json.dumps({"seq": 3}),
    json.dumps({"move": 7, "seq": 3}),
    json.dumps({"move": "pass 2C 3C 4C", "seq": "three"}),
    json.dumps({"move": "pass 2C 3C 4C", "seq": True}),
    json.dumps({"move": "pass 2C 3C 4C", "seq": "٣"}),  # a digit, but not an ASCII one
    json.dumps({"move": "sing a song", "seq": 3}),  # well formed, not a move of the game
    "[" * 1000 + "]" * 1000,  # within the size limit, nested past what the JSON reader recurses
    '{"move": ' + "[" * 1000 + "]" * 1000 + "}",
])
async def test_a_malformed_frame_is_refused_and_the_socket_plays_on(frame):
    table, (me,), (mine,) = await at_table()
    status, reason = await refused(mine, table, frame)
    assert status == 400 and reason
    move = await database_sync_to_async(a_pass)(table)
    assert (await send(mine, {"move": move, "seq": table.seq}))[0] == 204


async def test_a_frame_over_the_size_limit_is_refused_unread(settings):
    settings.SOCKET_FRAME_BYTES = 200
    table, (me,), (mine,) = await at_table()
    move = await database_sync_to_async(a_pass)(table)
    status, reason = await refused(mine, table, {"move": move, "seq": table.seq, "padding": "x" * 200})
    assert status == 413 and "too long" in reason
    # Counted in bytes, not characters: 70 three-byte characters are 210 bytes.
    assert (await refused(mine, table, {"move": move + " " + "€" * 70, "seq": table.seq}))[0] == 413
    assert (await send(mine, {"move": move, "seq": table.seq}))[0] == 204


async def test_a_flooding_socket_is_told_then_dropped_then_closed(settings):
    settings.SOCKET_FRAMES_PER_SECOND = 2
    settings.SOCKET_FLOOD_DROPS = 3
    table, (me,), (mine,) = await at_table()
    before = await database_sync_to_async(snapshot)(table)
    for _ in range(2):  # within the rate: read and refused for what they are
        assert (await send(mine, "not a move"))[0] == 400
    status, _, frames = await send(mine, "not a move")
    assert status == 429 and "Too many moves" in message_of(frames)
    move = await database_sync_to_async(a_pass)(table)
    for _ in range(3):  # dropped unread, and not answered again: even a real move
        await mine.send_to(text_data=json.dumps({"move": move, "seq": table.seq}))
    assert await mine.receive_output(timeout=5) == {"type": "websocket.close", "code": 4429}
    assert await database_sync_to_async(snapshot)(table) == before
