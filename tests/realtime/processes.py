"""Real processes for the fault tests: a Celery worker (with its beat) and a Redis of the test's own.

Each is started in a process group of its own, so that a test can kill -9 exactly what it
started (a worker's main process and its pool), and is stopped at the end whatever happens.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """The test database, for another process (PostgreSQL: it must see this test's rows)."""
    database = connection.settings_dict
    return f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"


def wait_for(condition, *, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s")


class Worker:
    """``celery -A cardsite worker -B -Q play``: bot turns, and the beat that sends the recovery
    sweep. The queues are production's (README): a worker that did not serve "play" would never
    move a bot."""

    def __init__(self, *, redis_url: str, log: Path, queues: str = "play", **settings: str) -> None:
        self.log = log
        env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url, "DEBUG": "1",
               "PYTHONUNBUFFERED": "1", **settings}
        self.output = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "cardsite", "worker", "-B", "-P", "solo", "-l", "info",
             "--without-mingle", "--without-gossip", "-Q", queues, "-s", str(log.with_suffix(".beat"))],
            cwd=ROOT, env=env, stdout=self.output, stderr=subprocess.STDOUT, start_new_session=True)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self) -> None:
        wait_for(lambda: "ready." in self.text() or self.process.poll() is not None, seconds=60,
                 what="the worker starting")
        assert self.process.poll() is None, self.text()[-3000:]

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """kill -9 of the worker's whole process group, as an out-of-memory killer would."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.output.close()

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.output.close()


class Redis:
    """A Redis server of the test's own, keeping nothing on disk (as the site's does)."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.process = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_for(self._answers, seconds=10, what="redis-server starting")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self) -> None:
        self.stop()
        self.start()


@contextmanager
def worker(**kwargs):
    running = Worker(**kwargs)
    try:
        yield running
    finally:
        running.stop()
