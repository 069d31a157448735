"""Celery tasks. Bot turns, turn timers, presence and the recovery sweep go to the "play"
queue; the rest are chores, on a queue and workers of their own (games.chores)."""

from celery import shared_task
from django.conf import settings

from games import catalogue, chores, deals, presence, recovery, services

# Celery stops a refill its own bound (WINNABLE_REFILL_SECONDS) somehow missed, such as a
# solver stuck in one call: softly first (the run rolls back its deal and lets go of its lock),
# then by killing its process (the lock goes with the connection). Prefork workers only.
REFILL_LIMITS = {"soft_time_limit": settings.WINNABLE_REFILL_SECONDS + 60,
                 "time_limit": settings.WINNABLE_REFILL_SECONDS + 120}


@shared_task(name="games.tasks.bot_turn", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def bot_turn(*, table_id: int, seq: int) -> bool:
    """A bot plays if the table is still at ``seq``; a late or repeated task does nothing."""
    return services.play_bot_move(table_id=table_id, seq=seq)


@shared_task(name="games.tasks.turn_timeout", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def turn_timeout(*, table_id: int, seat_index: int, deadline: str) -> bool:
    """The seat's turn ran out: a bot plays it, unless that turn is over (``deadline`` is its id)."""
    return services.play_timed_out_turn(table_id=table_id, seat_index=seat_index, deadline=deadline)


@shared_task(name="games.tasks.check_presence", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def check_presence(*, table_id: int) -> str:
    """Seats whose people have been gone for the grace period go to bots; see games.presence."""
    return presence.check_table(table_id=table_id)


@shared_task(name="games.tasks.resume_due", ignore_result=True)
def resume_due() -> int:
    """Periodic: bot turns and turn timers overdue because their task was lost; see games.recovery."""
    resumed = recovery.resume_due()
    return resumed.bot_turns + resumed.timers


@shared_task(name="games.tasks.sweep_presence", ignore_result=True)
def sweep_presence() -> int:
    """Periodic: tables whose sockets vanished without closing (a crashed process)."""
    return presence.sweep()


# Asked for when a deal is taken from a low pool: one a pool at a time, and a request still
# queued a quarter of an hour later is dropped (the pool has been refilled, or will be).
@shared_task(name="games.tasks.refill_winnable_deals", ignore_result=True, expires=15 * 60, **REFILL_LIMITS)
def refill_winnable_deals(*, game: str, options: dict) -> int:
    """Keep a pool of proven-winnable deals ready for "Winnable deals only"."""
    engine = catalogue.get(game).engine
    pool = deals.variant_of(engine, engine.resolve_options(options))
    with chores.alone(f"refill-winnable-deals:{game}:{pool}") as mine:
        if not mine:
            return 0  # another run is filling this pool
        return deals.refill(game=game, options=options, seconds=settings.WINNABLE_REFILL_SECONDS)


@shared_task(name="games.tasks.refill_all_winnable_deals", ignore_result=True, **REFILL_LIMITS)
def refill_all_winnable_deals() -> int:
    """Periodic: every numbered game's winnable pools topped up before anyone asks."""
    with chores.alone("refill-all-winnable-deals") as mine:
        if not mine:
            return 0  # the run before is still at it
        return deals.refill_all(seconds=settings.WINNABLE_REFILL_SECONDS)
