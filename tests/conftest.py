import pytest
from hypothesis import settings as hypothesis_settings

from cardsite.celery import app as celery_app

# Property tests are seeded and bounded: the same examples on every run, in CI and here.
hypothesis_settings.register_profile("repeatable", derandomize=True, max_examples=200, deadline=None)
hypothesis_settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def bots_act_at_once(settings):
    """Bots move without the pause people get, and in-process unless a test starts a worker."""
    settings.BOT_MOVE_DELAY = 0
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = saved


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
