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
