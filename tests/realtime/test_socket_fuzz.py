"""The table socket takes no input: whatever path, headers and frames it is sent, it answers
with a frame, a refusal or silence, and the tables stay as they were."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from cardsite.asgi import application
from tests.web.tables import started_table
from tests.web.test_fuzz import everything

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

MESSAGES = [" ", "move play 2C", '{"move": "play 2C", "seq": 0}', "\x00" * 1000, "x" * 100_000]


async def test_generated_socket_connections_and_messages_change_nothing():
    running, _ = await database_sync_to_async(started_table)()
    before = await database_sync_to_async(everything)()
    cases = [
        (f"/ws/t/{running.pk}/", [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]),
        (f"/ws/t/{running.pk}/", [(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1")]),
        (f"/ws/t/{running.pk}/", [(b"host", b"127.0.0.1")]),
        (f"/ws/t/{running.pk}/", [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"),
                                  (b"cookie", b"sessionid=\xff\xfe; csrftoken=\x00")]),
        ("/ws/t/999999999/", [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]),
        ("/ws/t/abc/", [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]),
    ]
    for path, headers in cases:
        socket = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await socket.connect()
        if connected:
            await socket.receive_from()
            for message in MESSAGES:
                await socket.send_to(text_data=message)
            await socket.send_to(bytes_data=b"\xff" * 100)
            assert await socket.receive_nothing(timeout=0.1)
        await socket.disconnect()
    assert await database_sync_to_async(everything)() == before
