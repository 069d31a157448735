"""The table socket takes no input: whatever path, headers and frames it is sent, it answers
with a frame, a refusal or silence, and the tables stay as they were. A seated player's move
with a number in another script's digits ("flip ²", "flip １") is refused on the socket with
the engine's reason, never a close."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cardsite.asgi import application
from tests.realtime.test_socket_moves import message_of, send
from tests.realtime.test_table_socket import connect, drain
from tests.web.tables import snapshot, started_table
from tests.web.test_fuzz import everything

pytestmark = pytest.mark.django_db(transaction=True)

HOST = b"127.0.0.1"
header_values = st.one_of(st.sampled_from([b"http://127.0.0.1", b"http://evil.example", b"null", b"",
                                           b"http://127.0.0.1:9999", b"https://127.0.0.1"]),
                          st.binary(max_size=40))
frames = st.lists(st.one_of(st.text(min_size=1, max_size=200).map(lambda text: ("text", text)),
                            st.binary(min_size=1, max_size=200).map(lambda data: ("bytes", data)),
                            st.sampled_from([("text", "move play 2C"), ("text", '{"move": "play 2C", "seq": 0}'),
                                             ("text", "x" * 100_000)])), max_size=5)


async def knock(path, headers, messages):
    """Open a socket, send ``messages``; True if it was accepted."""
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect()
    if connected:
        await socket.receive_from()  # the current frame, on connect
        for kind, message in messages:
            await socket.send_to(**{"text_data" if kind == "text" else "bytes_data": message})
        assert await socket.receive_nothing(timeout=0.05), "the socket answered input it should ignore"
    await socket.disconnect()
    return connected


@pytest.fixture
def table():
    running, _ = started_table()
    return running


@hypothesis_settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.one_of(st.sampled_from(["table", "/ws/t/999999999/", "/ws/t/0/", "/ws/t/abc/", "/ws/", "/"]),
                      st.text(max_size=30)),
       origin=st.one_of(st.none(), header_values), cookie=st.one_of(st.none(), st.binary(max_size=60)),
       messages=frames)
def test_generated_socket_connections_and_frames_change_nothing(table, path, origin, cookie, messages):
    headers = [(b"host", HOST)]
    if origin is not None:
        headers.append((b"origin", origin))
    if cookie is not None:
        headers.append((b"cookie", cookie))
    before = everything()
    accepted = async_to_sync(knock)(f"/ws/t/{table.pk}/" if path == "table" else path, headers, messages)
    assert everything() == before
    if accepted:
        assert origin == b"http://127.0.0.1"


# Other scripts' digits and numbers (superscripts, circled, full-width, Arabic-Indic...):
# isdigit() is True for many of them, and int() raises on some and reads others.
numbers = st.text(alphabet=st.characters(categories=("Nd", "No")), min_size=1, max_size=3).filter(
    lambda text: not text.isascii())


async def refused_on_the_socket(table, player, frames):
    """Each frame is answered on the socket with a refusal and its reason; nothing changes."""
    socket = await connect(table.pk, player)
    await drain(socket)
    before = await database_sync_to_async(snapshot)(table)
    for frame in frames:
        status, after, answered = await send(socket, frame)
        assert status == 400 and message_of(answered), (frame, status)
        assert after == before[1]
    assert await database_sync_to_async(snapshot)(table) == before
    await socket.disconnect()


@pytest.fixture
def memory_table():
    return started_table(game="memory", humans=1, bots=0)


@hypothesis_settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(positions=st.lists(st.one_of(numbers, st.sampled_from(["²", "١", "１", "⑤", "¹⁰", "४"])), min_size=1,
                          max_size=3))
def test_a_seated_move_with_a_number_in_another_script_is_refused_on_the_socket(memory_table, positions):
    table, (me,) = memory_table
    frames = [{"move": f"flip {position}", "seq": table.seq} for position in positions]
    async_to_sync(refused_on_the_socket)(table, me, frames)
