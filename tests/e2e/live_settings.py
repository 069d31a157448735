"""Settings for the Daphne process the browser tests talk to (never imported by pytest itself).

Everything comes from ``cardsite.settings`` and the environment, as in production, except
what a test server needs: the pytest-django test database (its name is passed in by the
``daphne_server`` fixture) and bot turns that run inside this process at once, even when
``REDIS_URL`` gives a broker (there is no worker in the browser tests).
"""

import os

from cardsite.settings import *  # noqa: F403

_database = DATABASES["default"]  # noqa: F405
_database["NAME"] = os.environ["CARDSITE_E2E_DATABASE_NAME"]
if "postgresql" in _database["ENGINE"]:
    # So that the tests can tell the server's sessions from their own (see conftest.py).
    _database.setdefault("OPTIONS", {})["application_name"] = os.environ["CARDSITE_E2E_SERVER_NAME"]
# The browser tests talk plain HTTP to this server on the loopback address.
ALLOWED_HOSTS = [*ALLOWED_HOSTS, "127.0.0.1"]  # noqa: F405
CELERY_TASK_ALWAYS_EAGER = True
# As with the embedded defaults: no beat process, so the server sweeps for lost turns itself.
SWEEP_IN_PROCESS = True
# No pause between bot moves: a person's move request returns once every bot that follows
# has played, so a test reads a settled table as soon as its request is answered.
BOT_MOVE_DELAY = 0.0
# No pause after a trick or a hand either, unless a test asks its own server for one (the test
# of the whole trick on the table does).
TRICK_PAUSE_SECONDS = float(os.environ.get("CARDSITE_E2E_TRICK_PAUSE_SECONDS", "0"))
HAND_PAUSE_SECONDS = float(os.environ.get("CARDSITE_E2E_HAND_PAUSE_SECONDS", "0"))
FORCED_MOVE_SECONDS = float(os.environ.get("CARDSITE_E2E_FORCED_MOVE_SECONDS", "0"))
# Each record starts with its level, so the tests can tell an error in the log from noise.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"levelled": {"format": "%(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "levelled"}},
    "root": {"handlers": ["console"], "level": "INFO"},
}
# The hand-over panel stays up for longer than any test runs by the wall clock, so a test reads it
# at leisure; the test of its going on by itself jumps the page's clock (Playwright's) past this.
HAND_OVER_SECONDS = 3600.0
