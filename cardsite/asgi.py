"""HTTP and WebSocket under one ASGI app, served by Daphne."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")

# Django must be set up before anything imports models (consumers do).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from cardsite import shutdown  # noqa: E402
from cardsite.origins import SameOriginOnly  # noqa: E402
from games import realtime, recovery  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The session alone: a table socket's person is the session's Player, which the
        # consumer reads itself; Channels' auth stack would also read the session and the
        # user on every connect (a reconnect storm's cost is its database hops, bench/reconnect_storm.py).
        "websocket": SameOriginOnly(SessionMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)


async def application(scope, receive, send):
    # With no beat process (the embedded default), the server sweeps for lost turns itself,
    # from its first connection on; see games.recovery.
    recovery.start_in_process_sweeper()
    # Sends after a commit run on this loop, with a time limit (games.realtime).
    realtime.serving(asyncio.get_running_loop())
    # Stopped, the server exits even with a request caught half-way (cardsite.shutdown).
    shutdown.arm()
    return await router(scope, receive, send)
