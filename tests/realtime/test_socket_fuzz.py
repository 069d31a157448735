"""The table socket takes no input: whatever path, headers and frames it is sent, it answers
with a frame, a refusal or silence, and the tables stay as they were."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cardsite.asgi import application
from tests.web.tables import started_table
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
