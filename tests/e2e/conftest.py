"""Browser tests: Debian's Chromium, driven by Playwright, against a real Daphne.

The server is ``daphne cardsite.asgi:application`` in a child process, on a socket this
process binds to a free loopback port and hands over (``--fd``), so there is no race for
the port and WebSockets work as in production. It runs with ``tests.e2e.live_settings``:
the project's settings from the same environment (SQLite and the in-memory layer by
default; PostgreSQL and Redis when ``DATABASE_URL`` and ``REDIS_URL`` are set), pointed at
pytest-django's test database, with bot turns played eagerly in the server process.

The tests hold ``transactional_db``: whatever the server wrote is flushed after each test,
so later tests in the same session start from empty tables; the flush gives way to the
server's transactions still running (``tests/e2e/flush.py``).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from tests.e2e import flush

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_SECONDS = 60
SERVER_NAME = "cardsite-e2e-server"  # the server's application_name in PostgreSQL
HEALTHZ_TOKEN = "e2e-operator"  # /healthz tells its details to this token only
# Playwright's waits, in milliseconds: generous for a loaded CI machine, never a fixed sleep.
TIMEOUT_MS = 10_000


def _test_database_on_disk() -> None:
    """A SQLite test database must be a file: the server is another process.

    pytest-django makes SQLite test databases in memory unless TEST NAME says otherwise.
    Set here, at collection and before any database is created, it holds for the whole
    session whichever test first asks for the database; Django deletes the file at the end.
    """
    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if "sqlite3" in database["ENGINE"] and not test.get("NAME"):
        test["NAME"] = str(Path(tempfile.gettempdir()) / f"cardsite-test-{os.getpid()}.sqlite3")


if CHROMIUM.exists():
    _test_database_on_disk()


@dataclass
class LiveServer:
    url: str
    log: Path

    def log_size(self) -> int:
        return self.log.stat().st_size

    def log_since(self, offset: int) -> str:
        with self.log.open(encoding="utf-8", errors="replace") as log:
            log.seek(offset)
            return log.read()


def _server_environment(database_name: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "tests.e2e.live_settings",
            "CARDSITE_E2E_DATABASE_NAME": database_name,
            "CARDSITE_E2E_SERVER_NAME": SERVER_NAME,
            # Plain HTTP on the loopback address, static files from the app folders.
            "DEBUG": "1",
            "PYTHONUNBUFFERED": "1",
            "HEALTHZ_TOKEN": HEALTHZ_TOKEN,
        }
    )
    return env


def _wait_until_healthy(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        try:
            request = urllib.request.Request(f"{url}/healthz", headers={"Authorization": f"Bearer {HEALTHZ_TOKEN}"})
            with urllib.request.urlopen(request, timeout=10) as response:
                body = response.read().decode()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            problem = error
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"Daphne did not come up ({problem}):\n{log.read_text(errors='replace')}")
        time.sleep(0.1)  # polling a starting process, not waiting on the page under test
    if '"eager: tasks run in the web process"' not in body:
        raise RuntimeError(f"the live server must run bot turns eagerly, /healthz says: {body}")


def _wait_until_database_is_free(django_db_blocker) -> None:
    """PostgreSQL will not drop the test database while the server's sessions linger."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            # This test database's only: suites run side by side (each its own database) have
            # servers of the same name, and one still running is no session of this one's.
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s "
                           "AND datname = current_database()", [SERVER_NAME])
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)
    raise RuntimeError("the live server's database sessions outlived it")


@contextlib.contextmanager
def served(*, env: dict[str, str], log: Path):
    """A Daphne of the site with ``env``, on a socket this process binds to a free loopback port
    and hands over (``--fd``), healthy before it is yielded and stopped after."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "--fd", str(listener.fileno()), "cardsite.asgi:application"],
            cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, pass_fds=[listener.fileno()])
    listener.close()  # the server holds its own copy
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(url, process, log)
        yield LiveServer(url=url, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# Package-scoped: a server left running after the browser tests would sweep the test database
# (SWEEP_IN_PROCESS) under every later test, and its locks broke a flush between two of them.
@pytest.fixture(scope="package")
def daphne_server(django_db_setup, django_db_blocker, tmp_path_factory):
    """Daphne serving the site from the test database; yields its URL and log."""
    from django.db import connection

    database_name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.fail(
            "the SQLite test database is in memory, so the server cannot share it; "
            "set DATABASES['default']['TEST']['NAME'] to a file"
        )
    log = tmp_path_factory.mktemp("daphne") / "daphne.log"
    try:
        with served(env=_server_environment(database_name), log=log) as server:
            yield server
    finally:
        _wait_until_database_is_free(django_db_blocker)


@pytest.fixture(scope="package")
def chromium():
    """One Chromium for all the browser tests (a launch costs about a second; each test gets
    contexts of its own, so no cookie or storage passes between tests).

    Playwright's sync API leaves an event loop marked as running in this thread while it is
    up, and Django refuses database access while one is (the flush of ``transactional_db``
    after each test). Django's own switch for that, DJANGO_ALLOW_ASYNC_UNSAFE, is on for as
    long as this package's tests run, and no longer: no coroutine runs in this thread
    (test bodies reach the database from threads of their own, ``in_a_thread``)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                yield launched
            finally:
                launched.close()
    finally:
        if before is None:
            del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture(scope="package", autouse=True)
def flush_gives_way_to_the_server():
    """The flush after each test here yields to the server's transactions (tests/e2e/flush.py)."""
    from django.test import TransactionTestCase

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TransactionTestCase, "_fixture_teardown", flush.giving_way(TransactionTestCase._fixture_teardown))
        yield


@pytest.fixture
def browser(chromium, transactional_db, daphne_server):
    """The browser, for a test whose server writes are flushed after it."""
    return chromium


# Counts the table socket's frames, so a test can wait for the live view to be in place.
FRAME_COUNTER = """
window.__e2e = {frames: 0};
document.addEventListener("htmx:wsAfterMessage", function () { window.__e2e.frames += 1; });
"""


@pytest.fixture
def open_page(browser, daphne_server):
    """``open_page(**context_options)``: a page in a browser context of its own (its own guest)."""
    contexts = []

    def open_page(**options):
        context = browser.new_context(base_url=daphne_server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(FRAME_COUNTER)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


# A player's own stats page (stats/urls.py: u/<name>/stats/), where the header's "My stats" leads.
STATS_URL = re.compile(r"/u/[^/]+/stats/$")


def open_my_stats(page) -> None:
    """Follow the header's "My stats" link and wait until the stats page has loaded.

    The click only starts the navigation: a read right after it finds the page being left, or
    a document with no style yet (``html`` with a transparent background). Nor does a visible
    ``h1`` tell the new page, since a table has one too (for screen readers). ``wait_for_url``
    waits for the new address and then for that page's load event."""
    page.get_by_role("link", name="My stats").click()
    page.wait_for_url(STATS_URL)


# Error records (live_settings puts the level first) and crashes of threads outside logging.
ERROR_RECORD = re.compile(r"^(?:ERROR|CRITICAL) \S+: .*$|^Exception in thread .*$", re.MULTILINE)


@pytest.fixture(autouse=True)
def server_log_has_no_errors(daphne_server):
    """Errors after a commit (a bot's turn, a group send) are only logged: fail the test on them."""
    offset = daphne_server.log_size()
    yield
    written = daphne_server.log_since(offset)
    errors = [match.group(0) for match in ERROR_RECORD.finditer(written)]
    assert not errors, "the server logged errors during the test:\n" + "\n".join(errors) + "\n\n" + written
