"""No bot waits behind a chore (issue 37, item 4).

Bot turns, turn timers and the recovery sweep have a Celery queue of their own; everything
else (winnable-deal refills, the nightly rating) goes to the chores queue. A periodic chore
never overlaps itself and stops within a bound. With the embedded defaults a chore runs on a
thread of its own, never in the thread that asked for it.
"""

import threading

import pytest
from django.conf import settings

from cardsite.celery import app as celery_app
from games import deals, scheduling
from games import tasks as games_tasks
from stats import leaderboard, rating
from stats import tasks as stats_tasks

PLAY_TASKS = ["games.tasks.bot_turn", "games.tasks.turn_timeout", "games.tasks.check_presence",
              "games.tasks.resume_due", "games.tasks.sweep_presence"]


def queue_of(task_name: str) -> str:
    """The queue Celery sends this task to (what apply_async and beat use)."""
    return celery_app.amqp.router.route({}, task_name)["queue"].name


def test_bot_turns_timers_and_the_recovery_sweep_go_to_the_play_queue():
    assert {name: queue_of(name) for name in PLAY_TASKS} == dict.fromkeys(PLAY_TASKS, "play")


def test_every_other_task_is_a_chore():
    ours = sorted(name for name in celery_app.tasks if not name.startswith("celery."))
    chores = [name for name in ours if name not in PLAY_TASKS]
    assert "games.tasks.refill_all_winnable_deals" in chores and "stats.tasks.rate_games" in chores
    # A task added later without a route is background work: it never lands on the bots' queue.
    assert {name: queue_of(name) for name in chores} == dict.fromkeys(chores, "chores")
    assert queue_of("some.task.nobody.routed") == "chores"


def test_a_worker_started_without_queues_serves_both():
    # A plain `celery worker` (development) still plays bots; production names its queue (-Q).
    assert set(celery_app.amqp.queues) == {"play", "chores"}


# -- one run at a time ---------------------------------------------------------------------------


CHORES = [
    # (the task, what it runs, how it is called)
    (games_tasks.refill_all_winnable_deals, (deals, "refill_all"), {}),
    (games_tasks.refill_winnable_deals, (deals, "refill"), {"game": "klondike", "options": {"draw": 1}}),
    (stats_tasks.rate_games, (rating, "rate_games"), {}),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("task", "work", "kwargs"), CHORES, ids=lambda value: getattr(value, "name", ""))
def test_a_second_run_while_the_first_holds_the_lock_does_nothing(monkeypatch, task, work, kwargs):
    started, release = threading.Event(), threading.Event()
    runs = []

    def working(**_):
        runs.append(threading.current_thread().name)
        if len(runs) == 1:  # the first run holds on until told
            started.set()
            assert release.wait(timeout=30), "the test never let the first run finish"
        return 0

    monkeypatch.setattr(*work, working)
    monkeypatch.setattr(leaderboard, "rebuild_all", dict)

    def first_run():
        from django.db import connection
        try:
            task.apply(kwargs=kwargs).get()
        finally:
            connection.close()  # its own connection (PostgreSQL holds the lock on it)

    first = threading.Thread(target=first_run, name="first")
    first.start()
    try:
        assert started.wait(timeout=30), "the first run never started"
        task.apply(kwargs=kwargs).get()  # meanwhile: skipped, not waiting for the first
        assert runs == ["first"]
    finally:
        release.set()
        first.join(timeout=30)
    assert not first.is_alive()
    task.apply(kwargs=kwargs).get()  # the first is over: the lock went with it
    assert len(runs) == 2


@pytest.mark.django_db(transaction=True)
def test_a_chore_that_fails_lets_the_next_run_go(monkeypatch):
    def broken(**_):
        raise RuntimeError("the solver broke")

    monkeypatch.setattr(deals, "refill_all", broken)
    with pytest.raises(RuntimeError):
        games_tasks.refill_all_winnable_deals.apply().get()
    monkeypatch.setattr(deals, "refill_all", lambda **_: 7)
    assert games_tasks.refill_all_winnable_deals.apply().get() == 7


# -- bounded in time -----------------------------------------------------------------------------


class Clock:
    """A monotonic clock that the fake solver moves on: no test waits for real seconds."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self):
        return self.now


@pytest.fixture
def slow_solver(monkeypatch):
    """Every deal takes the solver all the time it is given, and none is proven winnable."""
    clock = Clock()
    given = []

    def solve(engine, options, number, *, seconds=deals.SOLVE_SECONDS):
        given.append(seconds)
        clock.now += seconds
        return None

    monkeypatch.setattr(deals, "time", clock)
    monkeypatch.setattr(deals, "_solution_length", solve)
    return clock, given


@pytest.mark.django_db
def test_a_refill_stops_at_its_deadline_whatever_the_solver_takes(slow_solver):
    clock, given = slow_solver
    began = clock.now
    assert deals.refill(game="klondike", options={"draw": 1}, seconds=12.0) == 0
    # Without the bound: 200 tries of 5 s, over 16 minutes.
    assert clock.now - began <= 12.0
    assert given == [5.0, 5.0, 2.0]  # the last solve gets only what is left


@pytest.mark.django_db
def test_the_periodic_refill_shares_one_deadline_over_every_pool(slow_solver):
    clock, given = slow_solver
    began = clock.now
    deals.refill_all(seconds=23.0)
    assert clock.now - began <= 23.0 and len(given) == 5


@pytest.mark.django_db
def test_the_refill_tasks_are_bounded_inside_and_by_celery(monkeypatch):
    asked = []
    monkeypatch.setattr(deals, "refill_all", lambda **kwargs: asked.append(kwargs) or 0)
    monkeypatch.setattr(deals, "refill", lambda **kwargs: asked.append(kwargs) or 0)
    games_tasks.refill_all_winnable_deals.apply().get()
    games_tasks.refill_winnable_deals.apply(kwargs={"game": "klondike", "options": {}}).get()
    bound = settings.WINNABLE_REFILL_SECONDS
    assert [kwargs["seconds"] for kwargs in asked] == [bound, bound]
    period = settings.CELERY_BEAT_SCHEDULE["refill-winnable-deals"]["schedule"]
    for task in (games_tasks.refill_all_winnable_deals, games_tasks.refill_winnable_deals):
        # Celery stops a run its own bound somehow missed (a solver stuck in one call), well
        # before the next run is due.
        assert bound < task.soft_time_limit < task.time_limit < period
    assert 0 < stats_tasks.rate_games.soft_time_limit < stats_tasks.rate_games.time_limit


def test_a_periodic_chore_queued_too_long_is_dropped_not_piled_up():
    chores = {key: entry for key, entry in settings.CELERY_BEAT_SCHEDULE.items()
              if queue_of(entry["task"]) == "chores"}
    assert set(chores) == {"refill-winnable-deals", "rate-games"}
    refill = chores["refill-winnable-deals"]
    assert 0 < refill["options"]["expires"] <= refill["schedule"]
    assert 0 < chores["rate-games"]["options"]["expires"] <= 24 * 3600


# -- the embedded defaults -----------------------------------------------------------------------


@pytest.mark.django_db
def test_with_the_embedded_defaults_a_chore_never_runs_in_the_thread_that_asks(monkeypatch, delayed_tasks):
    ran = []
    monkeypatch.setattr(deals, "refill", lambda **kwargs: ran.append(kwargs) or 0)
    # Due at once, as a bot turn due now would be played inline: a chore still goes elsewhere.
    scheduling.schedule("games.tasks.refill_winnable_deals", countdown=0, game="klondike", options={})
    assert ran == [] and len(delayed_tasks.pending) == 1
    delayed_tasks.run()
    assert len(ran) == 1
