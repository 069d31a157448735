from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.services import SESSION_KEY
from games import realtime, selectors
from games.models import Table


class TableConsumer(AsyncWebsocketConsumer):
    """Forwards one audience's frames to one socket; moves go over HTTP, not here.

    The audience (a seat, or the spectators) comes from the session's Player, never from
    the URL or the client, and is looked up again whenever that Player's seat at this
    table changes. On connect the socket gets the current frame, so reconnects and second
    tabs are in sync.
    """

    group = None

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.player_id = self.scope["session"].get(SESSION_KEY)
        if not await database_sync_to_async(Table.objects.filter(pk=self.table_id).exists)():
            await self.close(code=4404)
            return
        if self.player_id is not None:
            await self.channel_layer.group_add(realtime.player_group(self.player_id), self.channel_name)
        await self.accept()
        await self._join_audience()

    async def _join_audience(self):
        """(Re)enter the group this Player's seat calls for, and send its current frame."""
        group, html = await database_sync_to_async(self._audience_and_frame)()
        if group != self.group:
            if self.group is not None:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_add(group, self.channel_name)
            self.group = group
        await self.send(text_data=html)

    def _audience_and_frame(self):
        table = Table.objects.get(pk=self.table_id)
        seats = selectors.table_seats(table)
        viewer = selectors.viewer_among(seats, self.player_id)
        html = realtime.render_board(table, seats, viewer)
        return realtime.group_for(self.table_id, viewer), html

    async def disconnect(self, code):
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "player_id", None) is not None:
            await self.channel_layer.group_discard(realtime.player_group(self.player_id), self.channel_name)

    async def table_update(self, event):
        # A frame sent to a group this socket has just left (it was queued before the
        # move) belongs to another audience: never forward it.
        if event["group"] == self.group:
            await self.send(text_data=event["html"])

    async def seat_changed(self, event):
        if event["table_id"] == self.table_id:
            await self._join_audience()
