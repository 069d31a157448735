import json
import logging
from importlib import import_module

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from accounts.services import session_player_id
from cardsite.socket_dispatch import DirectDispatchConsumer
from games import boards, frame_reuse, presence, realtime, recovery, selectors, services, socket_keeper
from games.kit.moves import whole_number
from games.models import Table
from games.socket_limits import CLOSE, DROP, TELL, FrameLimit

logger = logging.getLogger(__name__)


class NoSuchSocket(AsyncWebsocketConsumer):
    """A socket path nothing serves: closed at once, as a missing table is."""

    async def connect(self):
        await self.close(code=4404)


# The close code of a socket that kept sending faster than SOCKET_FRAMES_PER_SECOND.
FLOODING = 4429


class MoveFrameError(ValueError):
    """A socket frame that is not a move frame; the message is for the player."""


def read_move_frame(text: str | None) -> tuple[str, int]:
    """(move, seq) from a page's move frame, ``{"move": "play QS", "seq": "12"}`` (htmx's
    ws-send sends the form's fields as text; other keys are ignored)."""
    try:
        frame = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep fit the size limit
        frame = None
    if not isinstance(frame, dict) or not isinstance(frame.get("move"), str):
        raise MoveFrameError("That was not a move: the table takes a move and the move number it was made at.")
    seq = frame.get("seq")
    if isinstance(seq, str):
        seq = whole_number(seq)
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise MoveFrameError("seq must be the table's move number")
    return frame["move"].strip(), seq


class TableConsumer(DirectDispatchConsumer):
    """One audience's frames to one socket, and that socket's moves to the table.

    A move frame is played as ``POST /t/<id>/move`` plays it (``services.play_move``), as
    the session's Player: the origin check at connect (cardsite.origins) stands in for
    CSRF, and the move's ``seq`` keeps out doubles and moves made on an old view. Every
    move frame is answered on this socket alone (``boards.move_answer``): a refusal with
    this socket's board and its reason, as an HTTP refusal is answered; the new board
    itself reaches every audience through the groups. Frames are limited per socket
    (games.socket_limits).

    The audience (a seat, or the spectators) comes from the session's Player, never from
    the URL or the client, and is looked up again whenever that Player's seat at this
    table changes or the session logs out. On connect the socket gets the current frame,
    so reconnects and second tabs are in sync, and a bot turn the table is due is queued
    again (games.recovery). While open, the process's keeper (games.socket_keeper) checks
    every SOCKET_RESYNC_SECONDS that the table has not moved on without a frame reaching
    it (a send lost while the channel layer was down), and keeps a seated person's seat
    marked as seen (games.presence).
    """

    group = None
    player_id = None
    # (seq, status) of the last frame sent: what the resync compares the database with.
    shown = None
    seated = False

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        # Listen for the Player's seat changes before reading their seat: a seat taken between
        # the read and the listening would be heard by nobody, and the socket would stay among
        # the spectators while its Player sat (issue 37). Two hops to the sync thread: the
        # session, then the rest of the opening (the table, a due bot turn queued again by
        # games.recovery, and this audience's frame); bench/reconnect_storm.py measures them.
        await self._set_player(await database_sync_to_async(self._session_player_id)())
        try:
            opening = await database_sync_to_async(self._opening)()
        except Table.DoesNotExist:
            await self._set_player(None)
            await self.close(code=4404)
            return
        self.limit = FrameLimit(rate=settings.SOCKET_FRAMES_PER_SECOND, flood_drops=settings.SOCKET_FLOOD_DROPS)
        await self.accept()
        await self._enter(*opening)
        socket_keeper.keep(self)

    def _opening(self):
        table, seats = selectors.table_and_seats(self.table_id)
        recovery.resume_loaded(table=table, seats=seats)  # the turn's frame follows when it is played
        return self._audience_and_frame(self.player_id, arriving=True, table=table, seats=seats)

    async def receive(self, text_data=None, bytes_data=None):
        verdict = self.limit.admit()
        if verdict == CLOSE:
            await self.close(code=FLOODING)
            return
        if verdict == DROP:
            return
        if verdict == TELL:
            await self._refuse(status=429, message="Too many moves at once: wait for the table to catch up.")
            return
        limit = settings.SOCKET_FRAME_BYTES
        frame = text_data if text_data is not None else bytes_data or b""
        if len(frame) > limit or (text_data and len(text_data.encode()) > limit):
            await self._refuse(status=413, message="A move is a few words; that message was too long to read.")
            return
        try:
            move, seq = read_move_frame(text_data)
            result = await database_sync_to_async(services.play_move)(
                table_id=self.table_id, player_id=self.player_id, seq=seq, move=move)
        except MoveFrameError as error:
            await self._refuse(status=400, message=str(error))
        except services.TableError as error:
            await self._refuse(status=error.status, message=error.message)
        else:
            await self.send(text_data=boards.move_answer(status=204, seq=result.table.seq))

    async def _refuse(self, *, status: int, message: str):
        """This socket's board with the reason, and the answer saying the move was refused."""
        html, self.shown = await database_sync_to_async(self._board_with)(message)
        await self.send(text_data=html + boards.move_answer(status=status, seq=self.shown[0]))

    def _board_with(self, message: str):
        table = Table.objects.get(pk=self.table_id)
        seats = selectors.table_seats(table)
        html = boards.board(table, seats, selectors.viewer_among(seats, self.player_id), message=message)
        return html, (table.seq, table.status)

    async def disconnect(self, code):
        socket_keeper.let_go(self)
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self._set_player(None)

    async def table_update(self, event):
        """A seat's frame, shown only to a socket of the seat's holder.

        A frame sent to a group this socket has just left (it was queued before the move)
        belongs to another audience: never forwarded. A frame for a holder other than this
        socket's Player means the socket missed the seat change that should have moved it (a
        send lost after commit): it re-reads who it is and enters that audience instead."""
        if event["group"] != self.group:
            return
        if event.get("holder") != self.player_id:
            await self._follow_session()
            return
        self.shown = (event["seq"], event.get("status"))
        await self.send(text_data=event["html"])

    async def table_changed(self, event):
        """The table changed (spectators are told, not sent a board): the spectators' board,
        drawn once in this process for all its spectator sockets of the table.

        Drawn for the spectators by construction, never for this socket's Player: whichever
        socket hears the change first draws it for all of them, and its Player may have sat
        down since it joined the group (the seat change still on its way). Such a socket
        enters its seat's audience instead."""
        if event["group"] != self.group:
            return
        try:
            html, self.shown, seated = await database_sync_to_async(frame_reuse.reused)(
                ("change", self.table_id, event["change"], boards.SPECTATOR), self._spectators_frame)
        except Table.DoesNotExist:  # gone since the change was sent: as a socket to no table is
            await self.close(code=4404)
            return
        if self.player_id in seated:
            await self._send_current_frame(arriving=True)
            return
        await self.send(text_data=html + boards.spoken_part(event["spoken"]))

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
            if self.seated:  # a spectator has no seat to mark (the presence sweep covers the rest)
                await database_sync_to_async(presence.socket_closed)(table_id=self.table_id,
                                                                     player_id=self.player_id)
        self.player_id = player_id
        if player_id is not None:
            await self.channel_layer.group_add(realtime.player_group(player_id), self.channel_name)

    async def _join_audience(self):
        """(Re)enter the group this Player's seat calls for, and send its current frame."""
        await self._send_current_frame(arriving=True)

    async def _send_current_frame(self, *, arriving: bool = False):
        """The current frame of this socket's audience, entering that audience's group first;
        ``arriving``: a seated person is seen at the table (back, if they were away)."""
        try:
            opening = await database_sync_to_async(self._audience_and_frame)(self.player_id, arriving=arriving)
        except Table.DoesNotExist:  # gone since connect checked (a test database flushed under it)
            await self.close(code=4404)
            return
        await self._enter(*opening)

    async def catch_up(self):
        """The table moved on without a frame reaching this socket (games.socket_keeper)."""
        await self._send_current_frame()

    async def _enter(self, group, html, shown, seated):
        self.seated = seated
        if group != self.group:
            if self.group is not None:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.channel_layer.group_add(group, self.channel_name)
            self.group = group
        self.shown = shown
        await self.send(text_data=html)

    def _audience_and_frame(self, player_id: int | None, *, arriving: bool = False, table: Table | None = None,
                            seats=None):
        """This socket's group and frame as the table stands; a frame drawn for the same table,
        seats and audience a moment ago (another socket's, connecting too) is reused. In one
        hop to the sync thread with the presence of an ``arriving`` seated person, whose seats
        are then known: a spectator writes nothing (a reconnect storm's cost is its hops and
        queries, bench/reconnect_storm.py). ``table`` and ``seats``: as just loaded, if they were."""
        if table is None:
            table, seats = selectors.table_and_seats(self.table_id)
        viewer = selectors.viewer_among(seats, player_id)
        if arriving and viewer is not None and presence.socket_opened(table_id=self.table_id, player_id=player_id):
            table, seats = selectors.table_and_seats(self.table_id)  # back from away: the seat is theirs again
        html = frame_reuse.reused(boards.frame_key(table, seats, viewer), lambda: boards.board(table, seats, viewer))
        return realtime.group_for(self.table_id, viewer), html, (table.seq, table.status), viewer is not None

    def _spectators_frame(self):
        """The spectators' frame as the table stands, its (seq, status), and who is seated."""
        table, seats = selectors.table_and_seats(self.table_id)
        html = frame_reuse.reused(boards.frame_key(table, seats, boards.SPECTATOR),
                                  lambda: boards.board(table, seats, boards.SPECTATOR))
        return html, (table.seq, table.status), frozenset(seat.player_id for seat in seats if seat.player_id)
