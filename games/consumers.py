import asyncio
import contextlib
import logging
from importlib import import_module

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from accounts.services import session_player_id
from games import boards, presence, realtime, recovery, selectors
from games.models import Table

logger = logging.getLogger(__name__)


class NoSuchSocket(AsyncWebsocketConsumer):
    """A socket path nothing serves: closed at once, as a missing table is."""

    async def connect(self):
        await self.close(code=4404)


class TableConsumer(AsyncWebsocketConsumer):
    """Forwards one audience's frames to one socket; moves go over HTTP, not here.

    The audience (a seat, or the spectators) comes from the session's Player, never from
    the URL or the client, and is looked up again whenever that Player's seat at this
    table changes or the session logs out. On connect the socket gets the current frame,
    so reconnects and second tabs are in sync, and a bot turn the table is due is queued
    again (games.recovery). While open, the socket checks every SOCKET_RESYNC_SECONDS that
    the table has not moved on without a frame reaching it (a send lost while the channel
    layer was down), and a seated person's socket keeps their seat marked as seen
    (games.presence).
    """

    group = None
    player_id = None
    heartbeat = None
    # (seq, status) of the last frame sent: what the resync compares the database with.
    shown = None
    seated = False

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        if not await database_sync_to_async(Table.objects.filter(pk=self.table_id).exists)():
            await self.close(code=4404)
            return
        await self.accept()
        await database_sync_to_async(recovery.resume_table)(table_id=self.table_id)
        await self._follow_session()
        self.heartbeat = asyncio.ensure_future(self._keep_in_step())

    async def disconnect(self, code):
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self._set_player(None)

    async def table_update(self, event):
        # A frame sent to a group this socket has just left (it was queued before the
        # move) belongs to another audience: never forward it.
        if event["group"] == self.group:
            self.shown = (event["seq"], event.get("status"))
            await self.send(text_data=event["html"])

    async def seat_changed(self, event):
        # table_id None: the Player's session changed (a logout): who this socket is may too.
        if event["table_id"] in (None, self.table_id):
            await self._follow_session()

    async def _follow_session(self):
        """Re-read who the session says this is, then (re)enter that audience."""
        player_id = await database_sync_to_async(self._session_player_id)()
        await self._set_player(player_id)
        await self._join_audience()

    def _session_player_id(self):
        key = self.scope["session"].session_key
        # Fresh from the store: the session may have logged out since the socket opened.
        session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key) if key else {}
        return session_player_id(session)

    async def _set_player(self, player_id):
        """Listen for this Player's seat changes; tell presence when a seated Player goes."""
        if player_id == self.player_id:
            return
        if self.player_id is not None:
            await self.channel_layer.group_discard(realtime.player_group(self.player_id), self.channel_name)
            await database_sync_to_async(presence.socket_closed)(table_id=self.table_id, player_id=self.player_id)
        self.player_id = player_id
        if player_id is not None:
            await self.channel_layer.group_add(realtime.player_group(player_id), self.channel_name)

    async def _join_audience(self):
        """(Re)enter the group this Player's seat calls for, and send its current frame."""
        if self.player_id is not None:
            await database_sync_to_async(presence.socket_opened)(table_id=self.table_id, player_id=self.player_id)
        await self._send_current_frame()

    async def _send_current_frame(self):
        """The current frame of this socket's audience, entering that audience's group first."""
        group, html, shown, self.seated = await database_sync_to_async(self._audience_and_frame)()
        if group != self.group:
            if self.group is not None:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_add(group, self.channel_name)
            self.group = group
        self.shown = shown
        await self.send(text_data=html)

    def _audience_and_frame(self):
        table = Table.objects.get(pk=self.table_id)
        seats = selectors.table_seats(table)
        viewer = selectors.viewer_among(seats, self.player_id)
        html = boards.board(table, seats, viewer)
        return realtime.group_for(self.table_id, viewer), html, (table.seq, table.status), viewer is not None

    async def _keep_in_step(self):
        loop = asyncio.get_running_loop()
        seen_at = loop.time()
        with contextlib.suppress(asyncio.CancelledError):
            while True:
                await asyncio.sleep(min(settings.SOCKET_RESYNC_SECONDS, presence.heartbeat_seconds()))
                try:
                    if self.seated and loop.time() - seen_at >= presence.heartbeat_seconds():
                        seen_at = loop.time()
                        await database_sync_to_async(presence.seat_seen)(table_id=self.table_id,
                                                                         player_id=self.player_id)
                    now = await database_sync_to_async(selectors.table_seq_and_status)(self.table_id)
                    if now is not None and now != self.shown:
                        await self._send_current_frame()
                except Exception:  # the database or the layer is down: try again at the next beat
                    logger.warning("table %s socket could not check its frame", self.table_id, exc_info=True)
