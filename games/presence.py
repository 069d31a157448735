"""Who is at a table: sockets coming and going, seats going to bots, tables pausing.

A seated person's open sockets mark their seat seen (on connect, then every third of the
grace period). When their last socket closes, the table is checked once the grace period
is over: a seat not seen for that long goes to a bot (``Seat.away_since``) until its
person comes back. While every person at a table is away, the table pauses: bots never
play on for nobody, and the game is there when someone comes back (a phone asleep, a
train tunnel). Only a table every person has been away from for ABANDON_AFTER_SECONDS
(a day by default) is abandoned, and an abandoned game writes no result: it never counts
as a loss. A periodic sweep repeats the check for tables whose sockets vanished without a
goodbye (a crashed server process) and for paused tables whose day is up.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Player
from games import catalogue, scheduling, selectors, services
from games.models import Seat, Table


def grace() -> timedelta:
    return timedelta(seconds=settings.AWAY_GRACE_SECONDS)


def abandon_after() -> timedelta:
    return timedelta(seconds=settings.ABANDON_AFTER_SECONDS)


def heartbeat_seconds() -> float:
    return max(settings.AWAY_GRACE_SECONDS / 3, 0.05)


def socket_opened(*, table_id: int, player_id: int) -> bool:
    """The person opened the table: seen now, and if they were away, they are back (True)."""
    if seat_seen(table_id=table_id, player_id=player_id) and Seat.objects.filter(
            table_id=table_id, player_id=player_id, away_since__isnull=False).exists():
        services.come_back(table_id=table_id, player=Player.objects.get(pk=player_id))
        return True
    return False


def seat_seen(*, table_id: int, player_id: int) -> bool:
    """A socket of the person is still open at the table (a heartbeat). False: no seat."""
    return bool(Seat.objects.filter(table_id=table_id, player_id=player_id).update(seen_at=timezone.now()))


# Seats marked seen per write at most: keeps one statement's size bounded.
SEEN_PER_WRITE = 500


def seats_seen(*, pairs) -> None:
    """Many heartbeats in one write a few hundred at a time: ``pairs`` of (table id,
    Player id), each a seated person's socket still open (games.socket_keeper)."""
    pairs = sorted(pairs)
    now = timezone.now()
    for start in range(0, len(pairs), SEEN_PER_WRITE):
        chunk = pairs[start:start + SEEN_PER_WRITE]
        which = Q(*(Q(table_id=table_id, player_id=player_id) for table_id, player_id in chunk), _connector=Q.OR)
        Seat.objects.filter(which).update(seen_at=now)


def socket_closed(*, table_id: int, player_id: int) -> None:
    """A socket of the person closed: check the table once the grace period is over."""
    if Seat.objects.filter(table_id=table_id, player_id=player_id).update(seen_at=timezone.now()):
        scheduling.schedule("games.tasks.check_presence", countdown=settings.AWAY_GRACE_SECONDS + 0.1,
                            table_id=table_id)


def check_table(*, table_id: int) -> str:
    """Seats unseen for the grace period go to bots; a table everyone left pauses, and is
    abandoned once they have all been away for ABANDON_AFTER_SECONDS.

    Idempotent: it only acts on what the clock and the rows say now. Returns what it did.
    """
    now = timezone.now()
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id, status=Table.Status.PLAYING).first()
        if table is None:
            return "not playing"
        seats = selectors.table_seats(table)
        if catalogue.get(table.game).played_alone(len(seats)):
            # A game played alone waits for its player: no bot plays it, nobody else waits.
            return "unchanged"
        people = [seat for seat in seats if seat.player_id is not None]
        gone = [seat for seat in people if not seat.is_away and seat.seen_at is not None
                and seat.seen_at <= now - grace()]
        for seat in gone:
            seat.away_since = seat.seen_at
            seat.deadline = None
            seat.save(update_fields=["away_since", "deadline"])
        if people and all(seat.is_away and seat.away_since <= now - abandon_after() for seat in people):
            table.status = Table.Status.ABANDONED
            table.finished_at = now
            table.bot_due_at = None
            table.save(update_fields=["status", "finished_at", "bot_due_at"])
            services.tell_table(table)
            return "abandoned"
        if gone:
            services.seats_went_away(table)
            return "paused" if selectors.everyone_away(seats) else "away"
    return "unchanged"


def sweep() -> int:
    """Check every running table someone may have left without a goodbye, and every paused
    table whose people have been away long enough to abandon it; returns how many."""
    now = timezone.now()
    # Tables with a second seat: a game played alone is never swept (see check_table).
    running = Seat.objects.filter(table__status=Table.Status.PLAYING, table__seats__index=1)
    gone = running.filter(player__isnull=False, away_since__isnull=True, seen_at__lte=now - grace())
    left = running.filter(away_since__lte=now - abandon_after())
    ids = set(gone.values_list("table_id", flat=True)) | set(left.values_list("table_id", flat=True))
    for table_id in ids:
        check_table(table_id=table_id)
    return len(ids)
