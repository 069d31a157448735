"""Socket consumers that dispatch their messages directly.

Channels' ``AsyncConsumer.dispatch`` first hops to the process's one thread for sync work to
close stale database connections, for every message a consumer gets, and its websocket
disconnect does so once more. At a four-person table that is four hops a move (each seat's
frame forwarded to its socket), queued behind the moves being played on that thread. A
consumer whose database calls all go through ``database_sync_to_async``, which closes stale
connections on that thread before and after each call, needs none of them.
"""

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """An async websocket consumer without the hop per message (see the module)."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send(self, text_data=None, bytes_data=None, close=False):
        # The client may close while a frame is on its way: Daphne's protocol then refuses the
        # send (autobahn's Disconnected). The frame is for nobody now, and the disconnect that
        # follows in the queue ends the consumer; raising would log an error for a normal close.
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            pass

    async def websocket_disconnect(self, message):
        # Channels' own, less the hop; this consumer keeps no ``groups`` list to leave.
        await self.disconnect(message["code"])
        raise StopConsumer()
