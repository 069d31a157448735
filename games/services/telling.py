"""After commit: who hears of a write (each seat its view, spectators theirs, the task queue
when a bot is to act), and who plays for whom (bots, and stand-ins for people away).

Whether a bot is due is written into the table row with the write itself
(``Table.bot_due_at``); queueing its turn after commit is only the fast path. When that
is lost (the process dies between commit and queue, or the broker is down), the row
still says a bot is due, and ``games.recovery`` queues the turn again.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import catalogue, realtime, scheduling, selectors
from games.kit.engine import ENDED_HAND, ENDED_TRICK
from games.models import Seat, Table
from games.services.common import engine_for

logger = logging.getLogger(__name__)


def stand_ins(game: str, seats: list[Seat]) -> dict[int, str]:
    """Seat index -> bot level, for every seat a bot plays now (none while no person is here)."""
    if selectors.everyone_away(seats):
        return {}
    played = [seat for seat in seats if seat.is_bot or seat.is_away]
    if not played:
        return {}
    standing_in = catalogue.get(game).default_bot.level
    return {seat.index: seat.bot_level or standing_in for seat in played}


def bot_wait(ended: str = "") -> float:
    """Seconds from a move to the next bot's: BOT_MOVE_DELAY, so that people can follow the
    play, and longer after a move that ended a trick or a hand (``Engine.ended_by``), so that
    they see the whole trick, or read the hand's end, before a bot plays on."""
    pause = {ENDED_HAND: settings.HAND_PAUSE_SECONDS, ENDED_TRICK: settings.TRICK_PAUSE_SECONDS}.get(ended, 0.0)
    return settings.BOT_MOVE_DELAY + pause


def note_due_bot(table: Table, state, seats: list[Seat], *, ended: str | None = None) -> float:
    """Set ``table.bot_due_at`` for the state in hand; the caller saves it with its write.

    ``ended``: what the move just made ended (``Engine.ended_by``, "" for nothing), or None
    when no move was made (a seat changed hands), which never brings a due turn forward: a
    person coming back does not cut short the pause after a trick. Returns the seconds until
    the turn is due, the countdown ``tell_on_commit`` gives it, so the two agree.
    """
    playing = table.status == Table.Status.PLAYING
    # A move the table makes by itself is due like a bot's, and found again the same way.
    forced = playing and engine_for(table.game).forced_move(state) is not None
    if not (forced or (playing and bot_to_act(table.game, state, seats))):
        table.bot_due_at = None
        return 0.0
    now = timezone.now()
    wait = settings.FORCED_MOVE_SECONDS if forced else bot_wait(ended or "")
    # A bot that searches is due once its thinking is over too, so that a page or socket that
    # resumes due turns (games.recovery) does not start the same search again meanwhile.
    thinking = 0.0 if forced else _thinking(table.game, state, seats)
    if ended is None and table.bot_due_at is not None:
        wait = max(wait, (table.bot_due_at - now).total_seconds() - thinking)
    table.bot_due_at = now + timedelta(seconds=wait + thinking)
    return wait


def _thinking(game: str, state, seats: list[Seat]) -> float:
    """The most the bot to act may think: BOT_THINK_SECONDS for one that searches, else 0."""
    played = stand_ins(game, seats)
    levels = [played[index] for index in engine_for(game).to_move(state) if index in played]
    return settings.BOT_THINK_SECONDS if levels and levels[0] in catalogue.get(game).searching_levels else 0.0


def tell_on_commit(table: Table, *, state=None, seats: list[Seat] | None = None,
                   move: tuple[int, str] | None = None, before=None,
                   seat_changed_for: Player | None = None, bot_wait: float | None = None) -> None:
    """After commit: each audience its frame, then the next bot turn if one is due.

    With the table, its seats and the move in hand (and ``before``, the state it was made
    from, for the live region's words), frames are rendered without reading them back; a waiting-room change (no state) reloads the table instead. A Player who
    took or left a seat has their sockets moved to their new audience before any frame.
    Frames go before the bot turn: an eager turn (the embedded default's, with no delay)
    runs inline and sends its own frames, which must come after this one. Each step may
    fail alone (a channel layer or broker down, the process stopped) without turning a
    committed write into an error: sockets resync, and games.recovery queues the turn again.
    ``bot_wait`` is the bot turn's countdown, as ``note_due_bot`` returned it.
    """
    seq, bot_due = table.seq, state is not None and table.bot_due_at is not None

    def tell():
        if seat_changed_for is not None:
            _robustly(realtime.seat_changed, table.pk, seat_changed_for.pk)
        if state is None:
            _robustly(realtime.broadcast_table, table.pk)
            return
        _robustly(_broadcast_move, table, state, seats, move, before)
        if bot_due:
            _robustly(enqueue_bot_turn, table_id=table.pk, seq=seq, countdown=bot_wait)

    transaction.on_commit(tell)


def _broadcast_move(table: Table, state, seats: list[Seat], move: tuple[int, str] | None, before) -> None:
    spoken = None
    if move is not None and before is not None:
        spoken = realtime.announcement(table, seats, mover=move[0], move=move[1], before=before, after=state)
    realtime.broadcast(table, seats, state=state, spoken=spoken)


def _robustly(step, *args, **kwargs) -> None:
    try:
        step(*args, **kwargs)
    except Exception:  # logged: sockets resync and the recovery sweep requeues from the database
        logger.exception("after commit, %s failed", getattr(step, "__name__", step))


def tell_table(table: Table) -> None:
    """On commit, every audience gets the table as it now stands."""
    transaction.on_commit(lambda: _robustly(realtime.broadcast_table, table.pk))


def bot_to_act(game: str, state, seats: list[Seat]) -> bool:
    played = stand_ins(game, seats)
    return any(index in played for index in engine_for(game).to_move(state))


def enqueue_bot_turn(*, table_id: int, seq: int, countdown: float | None = None, elsewhere: bool = False) -> None:
    """Bot plays are spaced by BOT_MOVE_DELAY so that people can follow them. ``elsewhere``:
    never in the caller's thread (see ``scheduling.schedule``)."""
    scheduling.schedule("games.tasks.bot_turn", countdown=settings.BOT_MOVE_DELAY if countdown is None else countdown,
                        elsewhere=elsewhere, table_id=table_id, seq=seq)
