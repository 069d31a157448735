"""Resuming what a lost process left undone, from the database alone.

Every write records in its own rows what falls due next: a bot turn (``Table.bot_due_at``),
a turn timer (``Seat.deadline``), a person's last sign of life (``Seat.seen_at``, read by
``games.presence``). Queueing the task after commit is only the fast path; it is lost when
the process dies between the commit and the queue, when a worker holding a countdown is
killed, or when Redis restarts with the queue in memory. Here is the other path: what is
overdue is queued again, by whichever process is alive:

- a socket that connects, and a table page that loads, resume that table;
- a periodic sweep resumes every table: Celery beat every ``RESUME_SWEEP_SECONDS`` in
  production, a thread of the web process with the embedded defaults (``SWEEP_IN_PROCESS``).

Every task queued here is idempotent (a bot turn by ``seq``, a timer by its deadline), so
queueing one that is merely late, not lost, costs a no-op.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django import db
from django.conf import settings
from django.utils import timezone

from games import presence, scheduling, services
from games.models import Seat, Table

logger = logging.getLogger(__name__)


def overdue_after() -> timedelta:
    """How late a due turn may be before it is taken for lost (a busy worker is merely late)."""
    return timedelta(seconds=settings.RESUME_AFTER_SECONDS)


@dataclass(frozen=True)
class Resumed:
    bot_turns: int
    timers: int


def resume_due(*, now: datetime | None = None) -> Resumed:
    """Queue again every bot turn and turn timer that is overdue, at every running table."""
    late = (now or timezone.now()) - overdue_after()
    return _resume(Table.objects.filter(status=Table.Status.PLAYING, bot_due_at__lte=late),
                   Seat.objects.filter(table__status=Table.Status.PLAYING, deadline__lte=late))


def resume_table(*, table_id: int) -> Resumed:
    """One table, for a page that loads: see ``resume_loaded``."""
    table = Table.objects.filter(pk=table_id).first()
    return Resumed(0, 0) if table is None else resume_loaded(table=table, seats=list(table.seats.all()))


# A table's due bot turn, or an overdue turn timer, is queued again by a connecting socket or
# a loading page at most once in this long, per process: a reconnect storm brings hundreds of sockets to one table
# at once, and each queued turn costs a task (the turn itself is idempotent by seq).
RESUMED_AGAIN_AFTER = 2.0
_resumed: dict[tuple, float] = {}  # (table, seq) of a bot turn, (table, seat, deadline) of a timer
_resumed_lock = threading.Lock()


def resume_loaded(*, table: Table, seats: list[Seat]) -> Resumed:
    """One table from its rows already loaded, for a socket that connects or a page that
    loads: its bot turn as soon as it is due (the person is looking at it), its timer once
    overdue. Reads nothing more, and plays nothing in the caller's thread: with the embedded
    defaults the turn runs on a thread of its own, so the page or the socket answers at once
    while an expert bot thinks (the move's frame follows over the socket)."""
    if table.status != Table.Status.PLAYING:
        return Resumed(0, 0)
    now = timezone.now()
    bot_turns = []
    if table.bot_due_at is not None and table.bot_due_at <= now and _first_in_a_while((table.pk, table.seq)):
        bot_turns.append((table.pk, table.seq))
    late = now - overdue_after()
    timers = [(table.pk, seat.index, seat.deadline) for seat in seats
              if seat.deadline is not None and seat.deadline <= late
              and _first_in_a_while((table.pk, seat.index, seat.deadline.isoformat()))]
    return _queue_again(bot_turns, timers, elsewhere=True)


def _first_in_a_while(key: tuple) -> bool:
    now = time.monotonic()
    with _resumed_lock:
        for old in [old for old, until in _resumed.items() if until <= now]:
            del _resumed[old]
        if key in _resumed:
            return False
        _resumed[key] = now + RESUMED_AGAIN_AFTER
        return True


def _resume(tables, seats) -> Resumed:
    # The sweep (beat, or the embedded default's own thread) answers nobody: it may play inline.
    return _queue_again(list(tables.values_list("pk", "seq")), list(seats.values_list("table_id", "index", "deadline")),
                        elsewhere=False)


def _queue_again(bot_turns, timers, *, elsewhere: bool) -> Resumed:
    for table_id, seq in bot_turns:  # late already: no spacing
        services.enqueue_bot_turn(table_id=table_id, seq=seq, countdown=0, elsewhere=elsewhere)
    for table_id, index, deadline in timers:
        scheduling.schedule("games.tasks.turn_timeout", countdown=0, elsewhere=elsewhere, table_id=table_id,
                            seat_index=index, deadline=deadline.isoformat())
    if bot_turns or timers:
        logger.info("resumed %d bot turns and %d turn timers", len(bot_turns), len(timers))
    return Resumed(bot_turns=len(bot_turns), timers=len(timers))


def sweep_in_process_forever(*, stop: threading.Event) -> None:
    """The embedded default's beat: resume what is due, and check presence, until ``stop``."""
    last_presence = 0.0
    while not stop.wait(settings.RESUME_SWEEP_SECONDS):
        try:
            resume_due()
            if time.monotonic() - last_presence >= settings.PRESENCE_SWEEP_SECONDS:
                last_presence = time.monotonic()
                presence.sweep()
        except Exception:  # a failed sweep is retried at the next beat
            logger.exception("the in-process sweep failed")
        finally:
            db.close_old_connections()


_sweeper: threading.Thread | None = None
_sweeper_lock = threading.Lock()


def start_in_process_sweeper() -> bool:
    """Start the in-process sweep once per process, if ``SWEEP_IN_PROCESS``; True if running."""
    global _sweeper
    if _sweeper is not None:
        return True
    if not settings.SWEEP_IN_PROCESS:
        return False
    with _sweeper_lock:
        if _sweeper is None:
            _sweeper = threading.Thread(target=sweep_in_process_forever, kwargs={"stop": threading.Event()},
                                        name="cardsite-sweeper", daemon=True)
            _sweeper.start()
    return True
