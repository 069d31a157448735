"""After commit: who hears of a write (each seat its view, spectators theirs, the task queue
when a bot is to act), and who plays for whom (bots, and stand-ins for people away)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from accounts.models import Player
from games import bots, realtime, scheduling
from games.models import Seat, Table
from games.services.common import engine_for


def stand_ins(game: str, seats: list[Seat]) -> dict[int, str]:
    """Seat index -> bot level, for every seat a bot plays now (none while no person is here)."""
    people = [seat for seat in seats if seat.player_id is not None]
    if people and all(seat.is_away for seat in people):
        return {}
    played = [seat for seat in seats if seat.is_bot or seat.is_away]
    if not played:
        return {}
    strongest = bots.levels(game)[-1]
    return {seat.index: seat.bot_level or strongest for seat in played}


def tell_on_commit(table: Table, *, state=None, seats: list[Seat] | None = None,
                          move: tuple[int, str] | None = None, seat_changed_for: Player | None = None) -> None:
    """After commit: each audience its frame, then the next bot turn if a bot is to act.

    With the table, its seats and the move in hand, frames are rendered without reading
    them back; a waiting-room change (no state) reloads the table instead. A Player who
    took or left a seat has their sockets moved to their new audience before any frame.
    """
    def tell():
        if seat_changed_for is not None:
            realtime.seat_changed(table.pk, seat_changed_for.pk)
        if state is None:
            realtime.broadcast_table(table.pk)
            return
        spoken = realtime.announcement(table, seats, *move) if move else ""
        realtime.broadcast(table, seats, spoken=spoken)
        if bot_to_act(table.game, state, seats):
            enqueue_bot_turn(table_id=table.pk, seq=table.seq)

    # robust: a failed send is logged; it must not turn a committed move into an error.
    transaction.on_commit(tell, robust=True)


def tell_table(table: Table) -> None:
    """On commit, every audience gets the table as it now stands."""
    transaction.on_commit(lambda: realtime.broadcast_table(table.pk), robust=True)


def resume_bots(*, table_id: int) -> bool:
    """Queue the bot turn a running table is waiting for, if any; True when queued.

    A bot turn lost on the way (a restart with a timer or a task in flight) would leave
    the table stuck; opening the table asks again. The task is idempotent through seq.
    """
    table = Table.objects.filter(pk=table_id, status=Table.Status.PLAYING).first()
    if table is None:
        return False
    seats = list(table.seats.all())
    if not bot_to_act(table.game, engine_for(table.game).load(table.state), seats):
        return False
    enqueue_bot_turn(table_id=table.pk, seq=table.seq)
    return True


def bot_to_act(game: str, state, seats: list[Seat]) -> bool:
    played = stand_ins(game, seats)
    return any(index in played for index in engine_for(game).to_move(state))


def enqueue_bot_turn(*, table_id: int, seq: int) -> None:
    """Bot plays are spaced by BOT_MOVE_DELAY so that people can follow them."""
    scheduling.schedule("games.tasks.bot_turn", countdown=settings.BOT_MOVE_DELAY, table_id=table_id, seq=seq)
