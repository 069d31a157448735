from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.services import SESSION_KEY
from games import realtime, selectors
from games.models import Table


class TableConsumer(AsyncWebsocketConsumer):
    """Forwards one audience's frames to one socket; moves go over HTTP, not here.

    The seat comes from the session's Player, never from the URL or the client. On
    connect the socket gets the current frame, so reconnects and second tabs are in sync.
    """

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        player_id = self.scope["session"].get(SESSION_KEY)
        frame = await database_sync_to_async(self._audience_and_frame)(player_id)
        if frame is None:
            await self.close(code=4404)
            return
        self.group, html = frame
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=html)

    def _audience_and_frame(self, player_id):
        table = Table.objects.filter(pk=self.table_id).first()
        if table is None:
            return None
        viewer = selectors.seat_of(self.table_id, player_id)
        html = realtime.render_board(table, selectors.table_seats(table), viewer)
        return realtime.group_for(self.table_id, viewer), html

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def table_update(self, event):
        await self.send(text_data=event["html"])
