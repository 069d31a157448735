"""Per-seat rendering and group sends.

Each seat has its own group (``table.<id>.seat.<n>``) and spectators share one
(``table.<id>.watch``): a frame is rendered from one audience's view only, so hidden
cards never travel through a group that someone else listens to.
"""

import asyncio
import concurrent.futures
import logging
import uuid
from collections.abc import Mapping

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import announcements, boards, catalogue, selectors
from games.models import Table

logger = logging.getLogger(__name__)


def seat_group(table_id: int, seat_index: int) -> str:
    return f"table.{table_id}.seat.{seat_index}"


def watch_group(table_id: int) -> str:
    return f"table.{table_id}.watch"


def player_group(player_id: int) -> str:
    """Every table socket a Player has open: told when that Player's seat changes."""
    return f"player.{player_id}"


def group_for(table_id: int, seat_index: int | None) -> str:
    return watch_group(table_id) if seat_index is None else seat_group(table_id, seat_index)


def announcement(table: Table, seats, *, mover: int, move: str, before, after) -> dict[int | None, str]:
    """A move in words for the table's polite live region, per audience (every seat and the
    spectators): "West bot plays the queen of spades. West bot takes the trick. Your turn."."""
    names = {around.index: around.name for around in selectors.seats_around(seats, None)}
    return announcements.announcements(game=catalogue.get(table.game), names=names, mover=mover, move=move,
                                       before=before, after=after, audiences=[*names, boards.SPECTATOR])


def broadcast_table(table_id: int) -> None:
    """Send every audience of the table its own fresh frame (waiting-room changes)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is not None:
        broadcast(table, selectors.table_seats(table))


def broadcast(table: Table, seats, *, state=None, spoken: Mapping[int | None, str] | None = None) -> None:
    """Send every audience its own frame of ``table`` as committed, with ``seats`` loaded and
    ``state`` (the table's, when the caller has it in hand) not read back; ``spoken``, what
    each audience's live region says (``announcement``)."""
    # Only audiences that may be listening are drawn for: bots, empty seats and people away
    # (no socket open for the grace period) have no sockets, and a person who comes back or
    # takes a seat gets the current frame when their socket joins. Spectators may be many or
    # none: their group is told that the table changed, and each process with spectator
    # sockets draws their board once (TableConsumer.table_changed, games.frame_reuse).
    holders = {seat.index: seat.player_id for seat in seats if seat.player_id is not None and not seat.is_away}
    status = str(table.status)
    frames = []
    for viewer, html in boards.frames(table, seats, list(holders), state=state, spoken=spoken).items():
        group = group_for(table.pk, viewer)
        # The seat's holder rides with its frame: a socket of anyone else never shows it, even
        # one left in the seat's group by a seat change it never heard (TableConsumer.table_update).
        frames.append((group, {"type": "table.update", "group": group, "html": html, "seq": table.seq,
                               "status": status, "holder": holders[viewer]}))
    watching = watch_group(table.pk)
    frames.append((watching, {"type": "table.changed", "group": watching, "change": uuid.uuid4().hex,
                              "seq": table.seq, "status": status,
                              "spoken": (spoken or {}).get(boards.SPECTATOR, "")}))
    # One hop into the event loop for all the sends, not one per audience.
    _in_event_loop(_send_all, frames)


async def _send_all(frames) -> None:
    layer = get_channel_layer()
    await asyncio.gather(*(layer.group_send(group, message) for group, message in frames))


def seat_changed(table_id: int, player_id: int) -> None:
    """The Player took or left a seat: their open sockets must change audience first."""
    _in_event_loop(get_channel_layer().group_send, player_group(player_id),
                   {"type": "seat.changed", "table_id": table_id})


_server_loop: asyncio.AbstractEventLoop | None = None
# Sends handed to the server's loop and not yet done: held here so that none is collected
# half-way, and so that a failure is logged when it ends.
_pending: set[concurrent.futures.Future] = set()


def serving(loop: asyncio.AbstractEventLoop) -> None:
    """The ASGI server's event loop, told by the application on each connection."""
    global _server_loop
    _server_loop = loop


def _in_event_loop(send, *args) -> None:
    """Run a channel-layer coroutine from sync code, on the server's loop when there is one.

    Under Daphne the sends go to the server's loop, where its channel-layer connection
    lives, and are not waited for. The thread that calls this is, for a move over a socket,
    the process's one thread for sync work (Channels' ``database_sync_to_async`` is thread
    sensitive): waiting there for Redis to take the frames held up every other socket's move
    in the process (bench/table_load.py --profile: 11.5 of a move's 16.3 s of wall time in a
    40-table run). Handed over in order, they are published in order: each starts on the
    loop in the order handed over and takes the layer's one publishing connection behind
    a FIFO lock (channels_redis; the in-memory layer has no wait at all). That order is what
    keeps a seat's frame from reaching a socket that has just left the seat: ``seat_changed``
    is handed over before the frames of the move that follows it. A send that fails is
    logged and given up: sockets resync, the database has the move. A stopping server (SIGTERM) is told apart: its loop
    is no longer running, and nothing is handed to it. Elsewhere (a Celery worker, a script,
    a test whose loop is gone) ``async_to_sync``, which does wait.
    """
    loop = _server_loop
    if loop is None or loop.is_closed():
        async_to_sync(send)(*args)
        return
    if not loop.is_running():
        raise RuntimeError("the server is stopping: the frame is not sent")
    future = asyncio.run_coroutine_threadsafe(send(*args), loop)
    _pending.add(future)
    future.add_done_callback(_sent)


def _sent(future: concurrent.futures.Future) -> None:
    _pending.discard(future)
    if not future.cancelled() and future.exception() is not None:
        logger.error("after commit, a send to the channel layer failed", exc_info=future.exception())
