import os

import pytest
from hypothesis import settings as hypothesis_settings

# A test never spends minutes solving Yahtzee in the background: the perfect bot plays basic
# unless a test hands it a table (games/catalogue/yahtzee/table.py).
os.environ.setdefault("YAHTZEE_STRATEGY_BUILD", "off")
os.environ.setdefault("YAHTZEE_STRATEGY_FILE", os.path.join(os.path.dirname(__file__), "no-yahtzee-table.npy"))

# Property tests are seeded and bounded: the same examples on every run, in CI and here.
hypothesis_settings.register_profile("repeatable", derandomize=True, max_examples=200, deadline=None)
hypothesis_settings.load_profile("repeatable")


def pytest_configure(config):
    config.addinivalue_line("markers", "after_the_rest: runs last, for what a background process works on "
                                       "meanwhile (tests/background_solve.py)")


def pytest_collection_modifyitems(session, config, items):
    late = [item for item in items if item.get_closest_marker("after_the_rest")]
    if late:
        items[:] = [item for item in items if item not in late] + late
        from tests import background_solve

        background_solve.start()


def pytest_sessionfinish(session, exitstatus):
    from tests import background_solve

    background_solve.stop()


@pytest.fixture(autouse=True)
def bots_act_at_once(settings):
    """Bots move without the pause people get, and in-process unless a test starts a worker.

    Celery reads its settings from Django's, live: a test changes them through ``settings``
    (assigning to ``celery_app.conf`` is shadowed by the Django setting on some versions)."""
    settings.BOT_MOVE_DELAY = 0
    settings.BOT_THINK_SECONDS = 0.05  # an expert's search: a few dozen deals, not a second's worth
    settings.TRICK_PAUSE_SECONDS = settings.HAND_PAUSE_SECONDS = settings.FORCED_MOVE_SECONDS = 0
    settings.CELERY_TASK_ALWAYS_EAGER = True


class DelayedTasks:
    """Tasks scheduled for later in eager mode, held instead of left to timer threads
    (which would outlive the test); ``run()`` runs them now, in order."""

    def __init__(self):
        self.pending = []

    def hold(self, delay, function, **kwargs):
        self.pending.append((delay, function, kwargs))

    def run(self):
        pending, self.pending = self.pending, []
        return [function(**kwargs).get() for _, function, kwargs in pending]


@pytest.fixture(autouse=True)
def delayed_tasks(monkeypatch):
    from games import scheduling

    held = DelayedTasks()
    monkeypatch.setattr(scheduling, "_run_later", held.hold)
    return held


@pytest.fixture(autouse=True)
def no_sweeper_thread(settings):
    """The server's in-process sweep (games.recovery) would outlive a test; tests sweep by hand."""
    settings.SWEEP_IN_PROCESS = False


@pytest.fixture(autouse=True)
def cache_of_the_test_s_own(settings):
    """Counters in the cache (invite guesses, rate limits) start at zero in every test, and a
    test never clears the Redis that CI's broker shares."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "tests"}}
    cache.clear()


@pytest.fixture(autouse=True)
def no_frames_from_another_test():
    """Frames reused within a process (games.frame_reuse) never cross from one test to the next."""
    from games import frame_reuse

    frame_reuse.forget()
