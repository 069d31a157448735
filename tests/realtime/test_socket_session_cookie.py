"""A table socket with a session cookie the site never made opens as a spectator's, never
a 1011 (tests/web/test_session_cookie.py has the pages)."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from cardsite.asgi import application
from tests.web.tables import started_table

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("key", ["abcdefgh\\000ijklmnop", "abcdefgh\\001ijklmnop"])
async def test_a_table_socket_with_such_a_cookie_opens_as_a_spectator(key):
    table, _ = await database_sync_to_async(started_table)()
    cookie = f'sessionid="{key}"'.encode()  # a quoted cookie: Django decodes the octal escape
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, f"/ws/t/{table.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    frame = await socket.receive_from(timeout=10)
    assert 'id="board"' in frame and 'class="hand"' not in frame
    await socket.disconnect()
