"""The floor for bench/table_load.py --floor: what a move costs when the server does nothing
but the wire's part of it.

A bare Channels ASGI app (no Django views, no database, no templates) served by Daphne with
the site's own channel layer (CHANNEL_LAYERS as cardsite/settings.py builds it from
REDIS_URL: channels_redis' RedisPubSubChannelLayer). It speaks the table socket's protocol to
the same client:

- ``/ws/t/<id>/?seat=<n>``: the socket joins the seat's group (``table.<id>.seat.<n>``, as
  games.realtime names it) and is sent the board at seq 0;
- a move frame, ``{"seq":"12","move":"play 2C"}`` as the page's ws-send sends it, is read as
  the site reads it and then played without any rule: the table's seq becomes seq + 1, each
  of the four seats' groups is sent its board (FLOOR_FRAME_BYTES long, the size of a real
  Hearts board) with that data-seq, the seat ``seq % 4`` holding one legal move, and then the
  mover's socket gets the move answer (``#move-answer``, data-status 204, data-after the new
  seq), in that order, as the site's consumer answers after its group sends.

So a move costs four group sends and four socket sends of a board-sized frame, plus the
answer: the part of the site's work that no code of ours can remove. A table's state is its
seq alone, carried by the moves themselves, so the Daphne processes share no store. Any HTTP
request is answered 200 (the bench waits for ``/`` before it starts).

    DJANGO_SETTINGS_MODULE unset, REDIS_URL=redis://127.0.0.1:6379/9 FLOOR_FRAME_BYTES=13000 \\
        daphne -b 127.0.0.1 -p 8001 bench.floor_app:application
"""

import asyncio
import json
import os
from urllib.parse import parse_qs

import django
from django.conf import settings

SEATS = 4
FRAME_BYTES = int(os.environ.get("FLOOR_FRAME_BYTES", "13000"))

# The site's layer, not a copy of its configuration: importing the settings module reads
# REDIS_URL as the site does and touches no database.
from cardsite import settings as site_settings  # noqa: E402

settings.configure(INSTALLED_APPS=[], CHANNEL_LAYERS=site_settings.CHANNEL_LAYERS, USE_TZ=True)
django.setup()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from cardsite.socket_dispatch import DirectDispatchConsumer  # noqa: E402


def board(seq: int, seat: int) -> str:
    """A board-sized frame at ``seq`` for ``seat``: the marks the client reads (data-seq,
    data-legal), the rest filler. The seat whose turn it is (seq % 4) has one legal move."""
    legal = "[&#34;play 2C&#34;]" if seq % SEATS == seat else "[]"
    head = (f'<div id="board" class="board hearts" data-seq="{seq}" data-hands="0" data-over="" hx-swap-oob="true">'
            f'<form class="meld-table" method="post" ws-send data-select-form data-legal="{legal}">'
            f'<input type="hidden" name="seq" value="{seq}">')
    tail = "</form></div>"
    return head + "x" * max(0, FRAME_BYTES - len(head) - len(tail)) + tail


def move_answer(status: int, seq: int) -> str:
    # The markup of games.boards.move_answer.
    return f'<div id="move-answer" hx-swap-oob="true" hidden data-status="{status}" data-after="{seq}"></div>'


def read_move(text: str | None) -> int | None:
    """The seq of a move frame, or None when it is not one (as games.consumers reads it)."""
    try:
        frame = json.loads(text) if text is not None else None
        seq = frame["seq"]
        if isinstance(frame["move"], str) and isinstance(seq, str) and seq.isascii() and seq.isdigit():
            return int(seq)
    except (ValueError, TypeError, KeyError):
        pass
    return None


def seat_group(table_id: int, seat: int) -> str:
    return f"table.{table_id}.seat.{seat}"


class FloorTable(DirectDispatchConsumer):
    # Dispatched as the site's table socket is (cardsite/socket_dispatch.py): the hop it
    # leaves out is one our code removes, so the floor does not pay it either.

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        query = parse_qs(self.scope["query_string"].decode())
        self.seat = int(query.get("seat", ["0"])[0]) % SEATS
        self.group = seat_group(self.table_id, self.seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=board(0, self.seat))

    async def receive(self, text_data=None, bytes_data=None):
        seq = read_move(text_data)
        if seq is None:
            await self.send(text_data=board(0, self.seat) + move_answer(400, 0))
            return
        after = seq + 1
        # One send per seat's group, each with that seat's own board, all at once as
        # games.realtime.broadcast sends them.
        await asyncio.gather(*(self.channel_layer.group_send(seat_group(self.table_id, seat), {
            "type": "table.update", "html": board(after, seat), "seq": after}) for seat in range(SEATS)))
        await self.send(text_data=move_answer(204, after))

    async def table_update(self, event):
        await self.send(text_data=event["html"])

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)


async def http_ok(scope, receive, send):
    """Any HTTP request: 200, a few bytes (the bench's wait for the server to serve)."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"floor\n"})


application = ProtocolTypeRouter({
    "http": http_ok,
    "websocket": URLRouter([path("ws/t/<int:table_id>/", FloorTable.as_asgi())]),
})
