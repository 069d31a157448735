"""A table socket opens only from this site's own pages: same scheme, host and port."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from cardsite.asgi import application
from tests.web.tables import started_table

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def opens(table, *, origin, host, proto=None):
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if proto is not None:
        headers.append((b"x-forwarded-proto", proto.encode()))
    socket = WebsocketCommunicator(application, f"/ws/t/{table.pk}/", headers=headers)
    connected, _ = await socket.connect()
    await socket.disconnect()
    return connected


async def test_plain_http_pages_of_the_site_open_sockets_and_other_ports_and_schemes_do_not(settings):
    settings.ALLOWED_HOSTS = ["localhost"]
    table, _ = await database_sync_to_async(started_table)()
    assert await opens(table, origin="http://localhost:8000", host="localhost:8000")
    assert await opens(table, origin="HTTP://LOCALHOST:8000", host="localhost:8000")
    assert not await opens(table, origin="http://localhost:9999", host="localhost:8000")  # seen accepted
    assert not await opens(table, origin="https://localhost:8000", host="localhost:8000")
    assert not await opens(table, origin="http://evil.example:8000", host="localhost:8000")
    assert not await opens(table, origin=None, host="localhost:8000")
    assert not await opens(table, origin="http://other.example", host="other.example")  # not an allowed host


async def test_behind_a_tls_proxy_only_the_https_origin_of_the_site_opens_sockets(settings):
    settings.ALLOWED_HOSTS = ["cards.example.com"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org"]
    table, _ = await database_sync_to_async(started_table)()
    assert await opens(table, origin="https://cards.example.com", host="cards.example.com", proto="https")
    assert await opens(table, origin="https://cards.example.com:443", host="cards.example.com", proto="https")
    assert not await opens(table, origin="http://cards.example.com", host="cards.example.com", proto="https")
    assert not await opens(table, origin="https://cards.example.com:8443", host="cards.example.com", proto="https")
    assert not await opens(table, origin="https://cards.example.com", host="cards.example.com")  # proxy said http
    assert await opens(table, origin="https://play.example.org", host="cards.example.com", proto="https")
