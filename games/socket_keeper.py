"""One check per process for all its open table sockets, not one per socket.

Every ``SOCKET_RESYNC_SECONDS`` (and every third of the away grace period, for presence)
the process's keeper reads the seq and status of every table it has sockets for in one
query, and sends its current frame to each socket whose last frame is behind (a send
lost while the channel layer was down). Every third of the grace period it marks all
its seated people's seats seen in one write. Idle, 2,000 sockets cost a process two
queries a beat, where one check per socket cost 400 queries a second
(bench/reconnect_storm.py's idle figure).

A keeper belongs to one event loop (the server's; a test's own loop in tests) and runs
only while that loop has table sockets open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from channels.db import database_sync_to_async
from django.conf import settings

from games import presence, selectors

logger = logging.getLogger(__name__)


class KeptSocket(Protocol):
    table_id: int
    player_id: int | None
    seated: bool
    shown: tuple[int, str] | None

    async def catch_up(self) -> None: ...


class _Keeper:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.sockets: set[KeptSocket] = set()
        self.seen_at = loop.time()
        self.task = loop.create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(asyncio.CancelledError):
            while True:
                await asyncio.sleep(min(settings.SOCKET_RESYNC_SECONDS, presence.heartbeat_seconds()))
                try:
                    await self._check(loop)
                except Exception:  # the database is down: try again at the next beat
                    logger.warning("the table sockets' check failed", exc_info=True)

    async def _check(self, loop: asyncio.AbstractEventLoop) -> None:
        sockets = list(self.sockets)
        seen: set[tuple[int, int]] = set()
        if loop.time() - self.seen_at >= presence.heartbeat_seconds():
            self.seen_at = loop.time()
            seen = {(socket.table_id, socket.player_id) for socket in sockets
                    if socket.seated and socket.player_id is not None}
        now = await database_sync_to_async(_seen_and_read)(seen=seen, table_ids={s.table_id for s in sockets})
        behind = [socket for socket in sockets if socket in self.sockets
                  and now.get(socket.table_id) not in (None, socket.shown)]
        for outcome in await asyncio.gather(*(socket.catch_up() for socket in behind), return_exceptions=True):
            if isinstance(outcome, Exception):
                logger.warning("a table socket could not catch up", exc_info=outcome)


def _seen_and_read(*, seen: set[tuple[int, int]], table_ids: set[int]) -> dict[int, tuple[int, str]]:
    if seen:
        presence.seats_seen(pairs=seen)
    return selectors.tables_seq_and_status(table_ids)


_keepers: dict[asyncio.AbstractEventLoop, _Keeper] = {}


def keep(socket: KeptSocket) -> None:
    """Check ``socket`` with the others of this event loop from now on."""
    loop = asyncio.get_running_loop()
    keeper = _keepers.get(loop)
    if keeper is None or keeper.task.done():
        keeper = _keepers[loop] = _Keeper(loop)
    keeper.sockets.add(socket)


def let_go(socket: KeptSocket) -> None:
    """``socket`` closed; the loop's keeper stops with its last socket."""
    loop = asyncio.get_running_loop()
    keeper = _keepers.get(loop)
    if keeper is None:
        return
    keeper.sockets.discard(socket)
    if not keeper.sockets:
        keeper.task.cancel()
        del _keepers[loop]
