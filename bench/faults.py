"""Faults under live Hearts tables: real processes killed and restarted, and what the tables do.

    .venv/bin/python bench/faults.py                               # every fault, 10 runs each (~26 minutes)
    .venv/bin/python bench/faults.py --runs 1 --away-seconds 45    # a smoke run of every fault (~4 minutes)
    .venv/bin/python bench/faults.py --faults worker,redis --runs 3 --keep
    .venv/bin/python bench/faults.py --faults chores --runs 3 --database cardsite_faults_h2

The script brings up a production-like stack of its own on 127.0.0.1 and stops it at the end,
on errors and on Ctrl-C too: a Redis server on a free port that keeps nothing (``--save ""``,
no append-only file), the PostgreSQL database ``cardsite_faults`` (dropped, created again and
migrated; the server at 127.0.0.1:5432 must be running, user postgres, trust auth), two Daphne
processes, the Celery workers as the README runs them (one for the "play" queue, prefork ``-c 2``;
one for the "chores" queue, ``-c 1`` at nice 10; ``--one-worker``: a single worker serving both
queues, ``-c 2``, as the site ran before the queues were split) and a Celery beat, all with DEBUG=1,
BOT_MOVE_DELAY=0.3 and AWAY_GRACE_SECONDS=20 (``--bot-delay``, ``--grace``). Each process is
started in a session and process group of its own, so a kill reaches exactly that process and
its children (a worker's pool) and nothing else; only those processes are ever signalled. They
run a copy of the checkout taken at the start (``PYTHONPATH`` ahead of the editable install),
so that every restart runs the same code while someone edits the checkout (``--live-tree``
runs the checkout itself). PYTHONFAULTHANDLER is on: a Daphne still running ``--term-timeout``
(30) s after SIGTERM, as a supervisor would wait, gets SIGABRT, which writes every thread's
stack to its log, then kill -9.

People are guests (a cookie jar each) driven by aiohttp as a browser drives the site: the table
page, a WebSocket to /ws/t/<id>/ that comes back within about 2 s whenever it drops (the delays
of static/js/table.js), and their own legal moves, read from their newest board (a card button
``name="move"``, or while passing three of the ``data-select-card`` cards, sent as one ``pass`` move), POSTed to /t/<id>/move with
the board's seq, the CSRF token and HX-Request as htmx sends them, at once (no thinking time).
A move whose answer never came (its connection cut by a kill) is sent again, same seq and same
move, every ``--retry-delay`` s until it is answered: the site applies a doubled request once.

Faults, each injected ``--runs`` times (10) while ``--tables`` Hearts tables (6, one person and
three bots each, started with "Play now" to 150 points, a finished one replaced, the people
spread over both Daphne processes) are mid-play; each injection comes 0.2-0.6 s after the
previous one's observation window ended:

- worker: kill -9 of the play worker's process group (main process and pool), started again
  ``--restart-after`` s later (1), as a supervisor would;
- daphne-term: SIGTERM to a Daphne process right after it answered a person's move 204, started
  again once it has exited (the two processes take turns);
- daphne-kill: kill -9 of a Daphne process during a burst of moves: its people hold their moves
  until half of them are to play (8 s at most), all send at once, and the kill lands 0-60 ms
  later; started again at once;
- redis: Redis stopped (SHUTDOWN NOSAVE and kill -9 in turn) and started again on the same port
  ``--restart-after`` s later; it kept nothing, so the queued and held tasks are gone and the
  site must recover from the database.

And chores: bot turns while every chore is busy, against the same tables without chores
(``--runs`` windows of ``--chores-seconds`` (40) each way; the quiet windows first, then the busy
ones, since a chore once started runs to its bound). Before each busy window the winnable pools
are emptied and the ratings cleared (so both chores have work), then sent through the broker as
beat would send them: the periodic refill twice, two pools' refills (Klondike draw 1 and draw 3)
and the nightly rating, over ``--rating-games`` (100,000) finished rated games generated at the
start (bench/nightly.py's generator); and a Yahtzee strategy build
(``manage.py build_yahtzee_strategy``, about 140 s of CPU, at nice 10 as the site's builder runs)
is started unless one still runs. A bot turn's wait is the time from its ``Table.bot_due_at``
(read with the tables every 0.1 s) to its Move row's ``created_at``: p50 / p95 / max per window.

And two where a person's socket goes away for ``--away-seconds`` (120) at a table mid-play.
Their runs play at the same time, each at a table of its own (both faults together, so 2 x runs
tables), which keeps the wall time down:
- away-alone: one person and three bots; the table should pause (the seat marked away, no bot
  playing for nobody), not be abandoned, and play on when they come back (the page, then the
  socket);
- away-shared: two people (one on each Daphne) and two bots; after AWAY_GRACE_SECONDS the away
  seat goes to a bot, the other person plays on, and the first takes the seat back on return.

Figures, per run (printed raw) and per fault (the table):
- stuck after 30 s (goal 0): tables still playing ``--observe`` (30) s after the process was
  back, or the person came back, whose seq did not move in the last 10 s of that window (people
  here play at once and bots every BOT_MOVE_DELAY, so a healthy table never waits that long);
  each one is described (bot_due_at, and what the person's client holds);
- lost (goal 0): moves answered 204 with no row in games_move; doubled (goal 0): rows of a
  person's seat that none of their moves accounts for (a request applied twice, or a move
  nobody made; the site logs a move's canonical spelling, so the words are compared in any
  order; a bot's moves for a seat while its person is away are counted apart); seq faults
  (goal 0): tables whose Move seqs are not exactly 1..seq; moves whose answer was cut are
  counted, with how many of them the cut try had already applied;
- resumed: seconds from "back" until each affected table's next Move row (its created_at;
  tables no longer playing at "back" left out), median and max;
- in sync: seconds from "back" until each affected socket's newest frame shows the seq the
  database has (polled every 0.1 s; a socket that dropped must have had a frame on its new
  connection), median and max; and the frame lag, each move of the window until each affected
  socket showed it (a frame lost in a fault shows up there, not in "in sync").

"Back" is the moment the new worker logs ``ready.``, the new Daphne answers /healthz with 200,
the new Redis answers PING, or the person's table page is requested again. Affected tables are
every table for the worker and Redis, and the tables whose person uses the faulted Daphne for
the Daphne faults. Errors in the processes' logs are summed up at the end (``--keep`` keeps the
logs and the database, and says where).

The client is aiohttp and the database is read with psycopg (the dev extra has both).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import html as html_module
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from pg_database import ensure_database  # bench/pg_database.py, beside this script

try:
    import aiohttp
    import psycopg
    import yarl
    from psycopg import sql
except ImportError:  # pragma: no cover - told to the person running it
    sys.exit("bench/faults.py needs aiohttp and psycopg: .venv/bin/pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PG_SERVER = "postgres://postgres@127.0.0.1:5432"

PROCESS_FAULTS = ("worker", "daphne-term", "daphne-kill", "redis")
CHORE_FAULTS = ("chores",)
AWAY_FAULTS = ("away-alone", "away-shared")
FAULTS = PROCESS_FAULTS + CHORE_FAULTS + AWAY_FAULTS
BACK_MEANS = {
    "worker": "the new worker logs ready.",
    "daphne-term": "the new Daphne answers /healthz 200",
    "daphne-kill": "the new Daphne answers /healthz 200",
    "redis": "the new Redis answers PING",
    "away-alone": "the person requests the table page",
    "away-shared": "the person requests the table page",
}

SEQ = re.compile(r'data-seq="(\d+)"')
LEGAL_PLAY = re.compile(r'name="move" value="(play \w\w)"')
# A hand card offered for passing: a button with data-select-card, its data-card wherever it stands.
PASS_CARD = re.compile(r'<button(?=[^>]*\bdata-select-card\b)[^>]*\bdata-card="(\w\w)"')
PASSING = 'data-verb="pass"'  # the pass button under the hand's cards to choose from
OVER = 'class="final"'
SELF_AWAY = re.compile(r'\(you\) <span class="badge badge--away">')
TABLE_URL = re.compile(r"/t/(\d+)/")
WORKER_READY = re.compile(r"\w+@\S+ ready\.")  # celery@host, chores@host
CELERY_STAMP = r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}): INFO/MainProcess\] "
WORKER_CONNECTED = re.compile(CELERY_STAMP + r"Connected to redis", re.M)
WORKER_RESUMED = re.compile(CELERY_STAMP + r"Resuming normal operations", re.M)
DEBUG_VALUE = re.compile(r'<pre class="exception_value">(.*?)</pre>', re.S)
OTHERS_AWAY = "other's moves while away"
WARM_UP = 8.0  # seconds of play before the first process fault
TARGET_SCORE = "150"  # the longest Hearts match the site offers: fewer tables end mid-run


def why(text: str) -> str:
    """The exception on Django's DEBUG error page, the message on a board, or the answer's start."""
    value = DEBUG_VALUE.search(text)
    if value:
        return " ".join(html_module.unescape(value.group(1)).split())[:160]
    message = re.search(r'class="table-message"[^>]*>(.*?)</p>', text, re.S)
    if message:
        return " ".join(html_module.unescape(message.group(1)).split())[:160]
    return " ".join(text.split())[:100]


def stamp(moment: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(moment)) + f".{int(moment % 1 * 1000):03d}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def backoff(retry: int) -> float:
    """static/js/table.js's reconnect delay: 250 ms doubling up to 2 s, times 0.5 to 1."""
    return min(0.25 * 2**retry, 2.0) * (0.5 + random.random() / 2)


def same_move(sent: str, logged: str) -> bool:
    """The move as sent and as logged: the site logs a move's canonical spelling (the same words,
    in the engine's order), and judges a repeat the same way."""
    return sorted(sent.lower().split()) == sorted(logged.lower().split())


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.2f} / {max(values):.2f}"


def percentile_line(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{statistics.median(ordered):.3f} / {p99:.3f} / {ordered[-1]:.3f} (n={len(ordered)})"


def listed(values: list[float]) -> str:
    return "[" + " ".join(f"{value:.2f}" for value in values) + "]"


# -- processes -----------------------------------------------------------------------------------------------


STARTED: list[Proc] = []  # every process this script started, for the clean-up


class Proc:
    """A child process in a session (so a process group) of its own, its output in a log file."""

    def __init__(self, name: str, argv: list[str], env: dict, log_path: Path, cwd: Path):
        self.name, self.argv, self.env, self.log_path, self.cwd = name, argv, env, log_path, cwd
        self.process: subprocess.Popen | None = None
        self.log_offset = 0
        self.starts = 0

    def start(self) -> None:
        with open(self.log_path, "ab") as log:
            log.write(f"=== bench/faults.py starts {self.name} at {stamp(time.time())}\n".encode())
            log.flush()
            self.log_offset = log.tell()
            self.process = subprocess.Popen(
                self.argv, cwd=self.cwd, env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True,
            )
        self.starts += 1
        if self not in STARTED:
            STARTED.append(self)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def group(self) -> list[int]:
        """The live processes still in this one's process group (a worker's pool children too)."""
        if self.process is None:
            return []
        members = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == self.process.pid and fields[0] != "Z":
                members.append(int(entry.name))
        return members

    def signal(self, sig: int) -> None:
        """To the whole process group: the main process and its children at once."""
        if self.alive():
            os.killpg(self.process.pid, sig)
            return
        # The main process is gone: its group may still hold children (it cannot be reused
        # while it does), and those are ours.
        for pid in self.group():
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    async def wait_exit(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.alive():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM to the main process (a worker then stops its own pool), then SIGKILL to the group
        for whatever is left after ``timeout``."""
        if self.process is None:
            return
        if self.alive():
            os.kill(self.process.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while (self.alive() or self.group()) and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.alive() or self.group():
            self.signal(signal.SIGKILL)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def new_log(self) -> str:
        """The log since the last start."""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self.log_offset)
                return log.read().decode(errors="replace")
        except OSError:
            return ""

    def tail(self, lines: int = 25) -> str:
        return "\n".join(self.new_log().splitlines()[-lines:])


class Stack:
    """Redis, two Daphne processes, a Celery worker and beat, sharing one PostgreSQL database."""

    def __init__(self, args, workdir: Path, site: Path):
        self.args = args
        self.workdir = workdir
        self.site = site  # the code the processes run
        self.redis_port = free_port()
        self.database_url = f"{PG_SERVER}/{args.database}"
        self.env = dict(os.environ)
        self.env.update(
            DATABASE_URL=self.database_url,
            REDIS_URL=f"redis://127.0.0.1:{self.redis_port}/0",
            DEBUG="1",
            SECRET_KEY="bench-faults-only-secret-key-not-for-any-real-site",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            BOT_MOVE_DELAY=str(args.bot_delay),
            AWAY_GRACE_SECONDS=str(args.grace),
            DJANGO_SETTINGS_MODULE="cardsite.settings",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(site),  # ahead of the editable install's finder
            # A process that hangs can be asked for every thread's stack (SIGABRT), into its log.
            PYTHONFAULTHANDLER="1",
        )
        redis_server = shutil.which("redis-server")
        if redis_server is None:
            raise SystemExit("redis-server is not installed")
        self.redis = Proc("redis", [
            redis_server, "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--daemonize", "no", "--dir", str(workdir),
        ], self.env, workdir / "redis.log", site)
        self.ports = [free_port() for _ in range(args.servers)]
        self.daphnes = [
            Proc(f"daphne-{index}", [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port),
                                     "cardsite.asgi:application"],
                 self.env, workdir / f"daphne-{index}.log", site)
            for index, port in enumerate(self.ports)
        ]
        celery = str(BIN / "celery")
        # The README's processes: bot turns on a worker of their own, chores on another at a lower
        # CPU priority; --one-worker is one worker for both queues, as the site ran before.
        queues = [] if args.one_worker else ["-Q", "play"]
        self.worker = Proc("worker", [celery, "-A", "cardsite", "worker", *queues, "-l", "info", "-c", "2"],
                           self.env, workdir / "worker.log", site)
        self.chores = None if args.one_worker else Proc(
            "chores", ["nice", "-n", "10", celery, "-A", "cardsite", "worker", "-Q", "chores", "-c", "1",
                       "--prefetch-multiplier", "1", "-n", "chores@%h", "-l", "info"],
            self.env, workdir / "chores.log", site)
        self.build: Proc | None = None  # a Yahtzee strategy build, while the chores fault runs
        self.beat = Proc("beat", [celery, "-A", "cardsite", "beat", "-l", "info", "--schedule",
                                  str(workdir / "beat-schedule")], self.env, workdir / "beat.log", site)
        self.probe: aiohttp.ClientSession | None = None

    def processes(self) -> list[Proc]:
        return [proc for proc in (self.redis, *self.daphnes, self.worker, self.chores, self.beat, self.build)
                if proc is not None]

    def base_url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.ports[index]}"

    async def redis_command(self, command: bytes, timeout: float = 0.5) -> bytes:
        connecting = asyncio.open_connection("127.0.0.1", self.redis_port)
        reader, writer = await asyncio.wait_for(connecting, timeout)
        try:
            writer.write(command)
            await writer.drain()
            return await asyncio.wait_for(reader.readline(), timeout)
        finally:
            writer.close()

    async def wait_redis(self, timeout: float = 15.0) -> float:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if (await self.redis_command(b"PING\r\n")).startswith(b"+PONG"):
                    return time.time()
            except (OSError, TimeoutError):
                pass
            if not self.redis.alive():
                raise RuntimeError(f"redis-server exited:\n{self.redis.tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer PING")
            await asyncio.sleep(0.02)

    async def stop_redis(self, how: str) -> None:
        if how == "SHUTDOWN NOSAVE":
            try:
                await self.redis_command(b"SHUTDOWN NOSAVE\r\n", timeout=2.0)
            except (OSError, TimeoutError):
                pass
        else:
            self.redis.signal(signal.SIGKILL)
        if not await self.redis.wait_exit(10):
            self.redis.signal(signal.SIGKILL)
            await self.redis.wait_exit(5)

    async def healthy(self, index: int) -> bool:
        try:
            async with self.probe.get(self.base_url(index) + "/healthz") as response:
                await response.read()
                return response.status == 200
        except (aiohttp.ClientError, OSError, TimeoutError):
            return False

    async def wait_daphne(self, index: int, timeout: float = 60.0) -> float:
        deadline = time.monotonic() + timeout
        daphne = self.daphnes[index]
        while True:
            if await self.healthy(index):
                return time.time()
            if not daphne.alive():
                raise RuntimeError(f"{daphne.name} exited:\n{daphne.tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{daphne.name} did not answer /healthz 200:\n{daphne.tail()}")
            await asyncio.sleep(0.05)

    async def wait_worker(self, timeout: float = 60.0, worker: Proc | None = None) -> float:
        worker = worker or self.worker
        deadline = time.monotonic() + timeout
        while True:
            if WORKER_READY.search(worker.new_log()):
                return time.time()
            if not worker.alive():
                raise RuntimeError(f"the {worker.name} worker exited:\n{worker.tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {worker.name} worker did not log ready.:\n{worker.tail()}")
            await asyncio.sleep(0.05)


SNAPSHOT_IGNORE = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".hypothesis",
                                         ".pytest_cache", ".ruff_cache", "staticfiles", "node_modules",
                                         "db.sqlite3*")


def snapshot(workdir: Path) -> tuple[Path, str]:
    """A copy of the working tree, so that every start and restart runs the same code while others
    edit the checkout; and what it is (the commit, and how many files differ from it)."""
    site = workdir / "site"
    shutil.copytree(ROOT, site, ignore=SNAPSHOT_IGNORE, symlinks=True)

    def git(*words: str) -> str:
        return subprocess.run(["git", *words], cwd=ROOT, capture_output=True, text=True, timeout=10).stdout

    try:
        commit = git("rev-parse", "--short", "HEAD").strip()
        changed = git("status", "--porcelain").splitlines()
        what = f"commit {commit or '?'} with {len(changed)} files changed or new"
    except (OSError, subprocess.SubprocessError):
        what = "not a git checkout"
    return site, what


DROP = "DROP DATABASE IF EXISTS {} WITH (FORCE)"  # whoever is still connected


def reset_database(name: str) -> None:
    """Drop the bench's database and create it again."""
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=5) as connection:
        connection.execute(sql.SQL(DROP).format(sql.Identifier(name)))
    ensure_database(f"{PG_SERVER}/{name}")


def drop_database(name: str) -> None:
    try:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=5) as connection:
            connection.execute(sql.SQL(DROP).format(sql.Identifier(name)))
    except psycopg.Error as error:
        print(f"could not drop database {name}: {error}", file=sys.stderr)


# -- the database, as the bench reads it ---------------------------------------------------------------------


@dataclass
class TableRow:
    seq: int
    status: str
    bot_due_at: float | None


@dataclass
class MoveRow:
    seq: int
    seat: int
    move: str
    at: float


class Db:
    """The bench's own reading connection (autocommit), one query at a time."""

    def __init__(self, url: str):
        self.url = url
        self.connection: psycopg.AsyncConnection | None = None
        self.lock = asyncio.Lock()

    async def open(self) -> None:
        self.connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()

    async def _fetch(self, query: str, params: list) -> list[tuple]:
        cursor = await self.connection.execute(query, params)
        return await cursor.fetchall()

    async def fetch(self, query: str, params: list) -> list[tuple]:
        async with self.lock:
            return await self._fetch(query, params)

    async def tables(self, ids) -> dict[int, TableRow]:
        return table_rows(await self.fetch(TABLES_QUERY, [list(ids)]))

    async def consistent(self, ids) -> tuple[dict[int, TableRow], dict[int, list[MoveRow]]]:
        """The tables and their moves as of one moment (bots may still be playing)."""
        async with self.lock, self.connection.transaction():
            await self.connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            tables = table_rows(await self._fetch(TABLES_QUERY, [list(ids)]))
            moves = move_rows(await self._fetch(MOVES_QUERY, [list(ids)]))
        return tables, moves

    async def seats(self, ids) -> dict[int, list[tuple]]:
        """Table id -> (index, player_id, bot_level, away_since) per seat."""
        rows = await self.fetch(
            "SELECT table_id, index, player_id, bot_level, away_since FROM games_seat "
            "WHERE table_id = ANY(%s) ORDER BY table_id, index", [list(ids)])
        seats: dict[int, list[tuple]] = {}
        for table_id, index, player_id, bot_level, away_since in rows:
            seats.setdefault(table_id, []).append((index, player_id, bot_level, away_since))
        return seats


TABLES_QUERY = "SELECT id, seq, status, bot_due_at FROM games_table WHERE id = ANY(%s)"
MOVES_QUERY = ("SELECT table_id, seq, seat, move, created_at FROM games_move WHERE table_id = ANY(%s) "
               "ORDER BY table_id, seq, id")


def table_rows(rows: list[tuple]) -> dict[int, TableRow]:
    return {row[0]: TableRow(row[1], row[2], row[3].timestamp() if row[3] else None) for row in rows}


def move_rows(rows: list[tuple]) -> dict[int, list[MoveRow]]:
    moves: dict[int, list[MoveRow]] = {}
    for table_id, seq, seat, move, created_at in rows:
        moves.setdefault(table_id, []).append(MoveRow(seq, seat, move, created_at.timestamp()))
    return moves


class Monitor:
    """Every watched table's seq and status, read every 0.1 s; observers wait for the next read."""

    def __init__(self, db: Db, watched):
        self.db = db
        self.watched = watched
        self.snapshot: dict[int, TableRow] = {}
        self.at = 0.0
        self.dues: dict[tuple[int, int], float] = {}  # (table, seq) -> its bot_due_at, as last read
        self.tick = asyncio.Event()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        while True:
            ids = self.watched()
            if ids:
                before = time.time()
                try:
                    snapshot = await self.db.tables(ids)
                except psycopg.Error as error:
                    print(f"monitor: {error!r}", file=sys.stderr)
                else:
                    self.snapshot, self.at = snapshot, (before + time.time()) / 2
                    for table_id, row in snapshot.items():
                        if row.bot_due_at is not None:
                            self.dues[(table_id, row.seq)] = row.bot_due_at
            tick, self.tick = self.tick, asyncio.Event()
            tick.set()
            await asyncio.sleep(0.1)

    async def next(self) -> tuple[float, dict[int, TableRow]]:
        tick = self.tick
        await tick.wait()
        return self.at, self.snapshot


# -- people --------------------------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One move of a person, however many times it had to be sent."""

    person: str
    table_id: int
    seat: int
    sent_seq: int
    move: str
    sent_at: float
    tries: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    status: int | None = None
    answered_at: float = 0.0

    @property
    def accepted(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class Person:
    """One browser: a guest session, the table page, its socket, and its own moves."""

    def __init__(self, bench: Bench, name: str, server_index: int):
        self.bench = bench
        self.name = name
        self.server_index = server_index
        self.base_url = bench.stack.base_url(server_index)
        self.http = aiohttp.ClientSession(
            base_url=self.base_url, cookie_jar=aiohttp.CookieJar(unsafe=True),
            timeout=aiohttp.ClientTimeout(total=bench.args.request_timeout))
        self.rng = random.Random(f"{bench.args.seed}:{name}")
        self.csrf = ""
        self.table_id: int | None = None
        self.seat: int | None = None
        # The newest board, from the socket or a move's answer (htmx swaps both in, newest wins).
        self.board_seq, self.board, self.over = -1, "", False
        # The socket: its connection count, whether it is open, its newest frame and on which connection.
        self.gen, self.connected, self.frame_gen, self.shown_seq = 0, False, 0, -1
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.want_socket = False
        self.socket_task: asyncio.Task | None = None
        self.drops = 0
        self.frames: list[tuple[float, int, int]] = []  # (when, table, seq) of every socket frame
        self.acting = False
        self.hold = False
        self.in_flight = False
        self.awaiting_seq = -1
        self.attempts: list[Attempt] = []
        # (table, from, until): a bot may play this seat meanwhile (the person is away).
        self.away_windows: list[list] = []
        self.seat_back_wanted = False
        self.seat_back_at: float | None = None
        self.changed = asyncio.Event()
        self.actor_task = asyncio.ensure_future(self.actor())

    def headers(self, htmx: bool = True) -> dict:
        headers = {"X-CSRFToken": self.csrf}
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    async def request(self, method: str, path: str, **kwargs) -> tuple[int, str, dict]:
        """A setup request, tried again after a connection error or a 5xx."""
        for attempt in range(1, 6):
            async with self.bench.setup_gate:
                try:
                    async with self.http.request(method, path, **kwargs) as response:
                        text = await response.text()
                        if response.status < 500:
                            return response.status, text, dict(response.headers)
                        error = f"HTTP {response.status}: {why(text)}"
                except (aiohttp.ClientError, OSError, TimeoutError) as exception:
                    error = repr(exception)
            self.bench.error("setup request failed", f"{method} {path}: {error}")
            if attempt == 5:
                raise RuntimeError(f"{self.name}: {method} {path}: {error}")
            await asyncio.sleep(0.5 * attempt)
        raise AssertionError("unreachable")

    async def arrive(self) -> None:
        """The home page, as a first visit: a session (a guest Player) and the CSRF cookie."""
        await self.request("GET", "/")
        cookie = self.http.cookie_jar.filter_cookies(yarl.URL(self.base_url)).get("csrftoken")
        if cookie is None:
            raise RuntimeError("the home page set no csrftoken cookie")
        self.csrf = cookie.value

    async def create(self, path: str, data: dict) -> int:
        status, text, headers = await self.request("POST", path, data=data, headers=self.headers(htmx=False),
                                                   allow_redirects=False)
        match = TABLE_URL.search(headers.get("Location", ""))
        if status != 302 or match is None:
            raise RuntimeError(f"POST {path} answered {status}, not a table: {why(text)}")
        table_id = int(match.group(1))
        self.bench.tables_used.add(table_id)
        return table_id

    async def play_now(self) -> int:
        """"Play now": a table with this person and three bots, already started."""
        return await self.create("/hearts/play-now", {"option:target_score": TARGET_SCORE})

    async def new_table(self) -> int:
        """"New table", listed, so that another guest joins with the button alone."""
        return await self.create("/hearts/new", {"listed": "on", "option:target_score": TARGET_SCORE})

    async def post_board(self, path: str) -> str:
        status, text, _ = await self.request("POST", path, data={}, headers=self.headers())
        if status != 200:
            raise RuntimeError(f"POST {path} answered {status}: {why(text)}")
        return text

    async def sit(self, table_id: int, seat: int) -> None:
        """Open the table as a browser does: the page (its board), then the socket; then play."""
        await self.leave_socket()
        if table_id != self.table_id:
            self.board_seq, self.board, self.over, self.awaiting_seq, self.shown_seq = -1, "", False, -1, -1
        self.table_id, self.seat = table_id, seat
        _, text, _ = await self.request("GET", f"/t/{table_id}/")
        self.see(text, from_socket=False)
        self.want_socket = True
        self.socket_task = asyncio.ensure_future(self.socket_loop(table_id))
        self.acting = True
        self.changed.set()

    async def leave_socket(self) -> None:
        """Close the socket on purpose (the tab closed, the phone asleep): no reconnecting."""
        self.want_socket = False
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), 5)
            except (TimeoutError, aiohttp.ClientError, OSError):
                pass
        if self.socket_task is not None:
            self.socket_task.cancel()
            await asyncio.gather(self.socket_task, return_exceptions=True)
            self.socket_task = None
        self.connected = False

    async def socket_loop(self, table_id: int) -> None:
        retries = 0
        while self.want_socket and self.table_id == table_id and not self.bench.closing:
            try:
                ws = await self.http.ws_connect(f"/ws/t/{table_id}/", origin=self.base_url, heartbeat=None,
                                                max_msg_size=0)
            except (aiohttp.ClientError, OSError, TimeoutError):
                await asyncio.sleep(backoff(retries))
                retries += 1
                continue
            self.ws, self.connected, retries = ws, True, 0
            self.gen += 1
            try:
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self.see(message.data, from_socket=True)
                    elif message.type == aiohttp.WSMsgType.ERROR:
                        break
            except (aiohttp.ClientError, OSError):
                pass
            finally:
                self.connected, self.ws = False, None
            if not self.want_socket or self.bench.closing:
                return
            self.drops += 1
            await asyncio.sleep(backoff(retries))
            retries += 1

    def see(self, html: str, *, from_socket: bool) -> None:
        """A board from the socket or from an answer; an older one never replaces a newer one."""
        match = SEQ.search(html)
        if match is None:
            return
        seq = int(match.group(1))
        if from_socket:
            self.frames.append((time.time(), self.table_id, seq))
            self.frame_gen = self.gen
            self.shown_seq = max(self.shown_seq, seq)
        if seq < self.board_seq:
            return
        self.board_seq, self.board = seq, html
        self.over = OVER in html
        if from_socket and self.seat_back_wanted and SELF_AWAY.search(html) is None:
            self.seat_back_at, self.seat_back_wanted = time.time(), False
        self.changed.set()

    def in_sync(self, table_id: int, seq: int) -> bool:
        """The socket is open, has had a frame on this connection, and its newest shows ``seq``."""
        return (self.table_id == table_id and self.connected and self.frame_gen == self.gen
                and self.shown_seq == seq)

    def can_move(self, *, ignore_hold: bool = False) -> bool:
        if not self.acting or self.in_flight or self.over or (self.hold and not ignore_hold):
            return False
        if self.board_seq < self.awaiting_seq:  # an accepted move: wait to see it land
            return False
        if PASSING in self.board:
            return len(PASS_CARD.findall(self.board)) >= 3
        return LEGAL_PLAY.search(self.board) is not None

    def next_move(self) -> tuple[str, list[tuple[str, str]]] | None:
        if not self.can_move():
            return None
        if PASSING in self.board:
            hand = PASS_CARD.findall(self.board)
            cards = [hand[index] for index in sorted(self.rng.sample(range(len(hand)), 3))]
            move = "pass " + " ".join(cards)
            return move, [("move", move)]  # one whole move string, as the page sends it
        move = self.rng.choice(LEGAL_PLAY.findall(self.board))
        return move, [("move", move)]

    async def actor(self) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            choice = self.next_move()
            if choice is not None:
                await self.send_move(*choice)
                self.changed.set()

    async def send_move(self, move: str, data: list[tuple[str, str]]) -> None:
        bench = self.bench
        attempt = Attempt(self.name, self.table_id, self.seat, self.board_seq, move, time.time())
        self.attempts.append(attempt)
        data = [*data, ("seq", str(attempt.sent_seq))]
        path = f"/t/{attempt.table_id}/move"
        give_up = time.monotonic() + bench.args.move_retry_seconds
        status, text, header = None, "", None
        self.in_flight = True
        try:
            while True:
                attempt.tries.append(time.time())
                status = None
                try:
                    async with self.http.post(path, data=data, headers=self.headers()) as response:
                        text = await response.text()
                        status, header = response.status, response.headers.get("X-Table-Seq")
                except (aiohttp.ClientError, OSError, TimeoutError) as error:
                    attempt.errors.append(type(error).__name__)
                if status is not None and status < 500:
                    break
                if status is not None:
                    attempt.errors.append(f"HTTP {status}: {why(text)}")
                if time.monotonic() > give_up or bench.closing:
                    break
                await asyncio.sleep(bench.args.retry_delay)
        finally:
            self.in_flight = False
        attempt.status, attempt.answered_at = status, time.time()
        if attempt.accepted:
            for hook in list(bench.accept_hooks):
                hook(self, attempt)
            answered = int(header) if header and header.isdigit() else attempt.sent_seq + 1
            self.awaiting_seq = max(self.awaiting_seq, answered)
            return
        if status is None:
            bench.error("move never answered", f"{self.name} {move!r} at table {attempt.table_id}: "
                        f"{attempt.errors[-3:]}")
            self.awaiting_seq = max(self.awaiting_seq, self.board_seq + 1)
            return
        match = SEQ.search(text)
        if status == 409 and match:
            self.see(text, from_socket=False)  # the fresh table, as htmx swaps it in
            self.awaiting_seq = max(self.awaiting_seq, int(match.group(1)))
            return
        bench.error(f"move HTTP {status}", f"{self.name} {move!r} at table {attempt.table_id} seq "
                    f"{attempt.sent_seq}: {why(text)}")
        self.awaiting_seq = max(self.awaiting_seq, self.board_seq + 1)

    async def close(self) -> None:
        self.actor_task.cancel()
        await asyncio.gather(self.actor_task, return_exceptions=True)
        await self.leave_socket()
        await self.http.close()

    def describe(self) -> str:
        last = self.attempts[-1] if self.attempts else None
        return (f"{self.name}: socket {'open' if self.connected else 'CLOSED'} (connection {self.gen}, "
                f"newest frame seq {self.shown_seq}), board seq {self.board_seq}, "
                f"{'may move' if self.can_move() else 'no move to make'}"
                + (", a move in flight" if self.in_flight else "")
                + (f", waiting to see seq {self.awaiting_seq}" if self.board_seq < self.awaiting_seq else "")
                + (f"; last move {last.move!r} at seq {last.sent_seq}: {last.status}" if last else ""))


# -- runs ----------------------------------------------------------------------------------------------------


@dataclass
class Run:
    fault: str
    index: int
    started: float
    tables: list[int] = field(default_factory=list)
    affected: list[int] = field(default_factory=list)
    sockets: list[tuple[Person, int]] = field(default_factory=list)
    fault_at: float = 0.0
    back_at: float = 0.0
    ended: float = math.inf
    how: str = ""
    at_back: dict[int, TableRow] = field(default_factory=dict)
    at_20: dict[int, TableRow] = field(default_factory=dict)
    at_30: dict[int, TableRow] = field(default_factory=dict)
    synced: dict[str, float] = field(default_factory=dict)
    unsynced: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    resumed: dict[int, float | None] = field(default_factory=dict)
    accepted: int = 0
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    seq_faults: list[str] = field(default_factory=list)
    cut: int = 0  # moves whose answer was cut at least once, answered on a later try
    cut_applied: int = 0  # ... of which the cut try had been applied (the later try was a repeat)
    unanswered: int = 0  # moves never answered at all
    unanswered_applied: int = 0
    stand_in: list[MoveRow] = field(default_factory=list)  # a bot's moves for a seat whose person was away
    unmatched: list[tuple[int, MoveRow]] = field(default_factory=list)  # (person's seat, row) none of theirs
    frame_lags: list[float] = field(default_factory=list)  # each move after back until each socket shows it
    frames_missing: int = 0  # ... moves some socket never showed within the window
    facts: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.fault} #{self.index}"


class Bench:
    def __init__(self, args, stack: Stack, db: Db):
        self.args = args
        self.stack = stack
        self.db = db
        self.rng = random.Random(args.seed)
        self.persons: list[Person] = []
        self.slots: list[Person] = []  # the people of the process faults' tables, one table each
        self.away_tables: list[int] = []
        self.tables_used: set[int] = set()
        self.accept_hooks: list = []
        self.errors: dict[str, int] = {}
        self.error_examples: list[str] = []
        self.setup_gate = asyncio.Semaphore(4)
        self.closing = False
        self.monitor = Monitor(db, self.watched)

    def watched(self) -> list[int]:
        return sorted({person.table_id for person in self.slots if person.table_id} | set(self.away_tables))

    def error(self, kind: str, example: str = "") -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if example and self.errors[kind] <= 3:
            self.error_examples.append(f"{kind}: {example}")

    def person(self, name: str, server_index: int) -> Person:
        person = Person(self, name, server_index % len(self.stack.daphnes))
        self.persons.append(person)
        return person

    async def ensure_slots(self) -> None:
        """Every slot at a table that is playing: a finished match is followed by "Play now"."""
        first = not self.slots
        if first:
            self.slots = [self.person(f"slot{index}", index) for index in range(self.args.tables)]
            await asyncio.gather(*(person.arrive() for person in self.slots))
        rows = await self.db.tables([person.table_id for person in self.slots if person.table_id])
        for person in self.slots:
            row = rows.get(person.table_id)
            if row is None or row.status != "playing":
                await person.sit(await person.play_now(), 0)
        if first:
            await asyncio.sleep(WARM_UP)  # past the first pass: mid-play

    def slot_sockets(self, table_ids: list[int]) -> list[tuple[Person, int]]:
        return [(person, person.table_id) for person in self.slots if person.table_id in table_ids]

    def describe_stuck(self, table_id: int, row: TableRow, at: float) -> str:
        people = [person for person in self.persons if person.table_id == table_id]
        due = ("no bot due" if row.bot_due_at is None else
               f"bot_due_at {at - row.bot_due_at:+.1f} s ago" if row.bot_due_at <= at else
               f"bot due in {row.bot_due_at - at:.1f} s")
        held = "; ".join(person.describe() for person in people)
        return f"table {table_id} at seq {row.seq} ({due}); {held}"

    async def close(self) -> None:
        self.closing = True
        if self.monitor.task is not None:
            self.monitor.task.cancel()
            await asyncio.gather(self.monitor.task, return_exceptions=True)
        await asyncio.gather(*(person.close() for person in self.persons), return_exceptions=True)


async def sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


async def observe(bench: Bench, run: Run) -> None:
    """From "back" until ``--observe`` s later: when each socket is in sync, and the seqs at +20 s
    and at the end, which say whether a table is stuck."""
    window = bench.args.observe
    pending = {id(person): (person, table_id) for person, table_id in run.sockets}
    while True:
        at, snapshot = await bench.monitor.next()
        if at < run.back_at:
            continue
        tables = {table_id: snapshot[table_id] for table_id in run.tables if table_id in snapshot}
        if not run.at_back:
            run.at_back = tables
        for key, (person, table_id) in list(pending.items()):
            row = snapshot.get(table_id)
            if row is not None and person.in_sync(table_id, row.seq):
                run.synced[person.name] = at - run.back_at
                del pending[key]
        if not run.at_20 and at >= run.back_at + window - 10:
            run.at_20 = tables
        if at >= run.back_at + window:
            run.at_30 = tables
            break
    run.unsynced = [f"{person.name} ({person.describe()})" for person, _ in pending.values()]
    for table_id, row in run.at_30.items():
        before = run.at_20.get(table_id)
        if row.status == "playing" and before is not None and before.seq == row.seq:
            run.stuck.append(bench.describe_stuck(table_id, row, time.time()))
    run.ended = time.time()


# -- the process faults --------------------------------------------------------------------------------------


async def inject_worker(bench: Bench, run: Run) -> None:
    worker = bench.stack.worker
    pid = worker.process.pid
    members = worker.group()
    run.fault_at = time.time()
    worker.signal(signal.SIGKILL)
    exited = await worker.wait_exit(10)
    await asyncio.sleep(0.1)
    left = worker.group()
    run.facts["left in group"] = len(left)
    run.how = (f"kill -9 of process group {pid} ({len(members)} processes); "
               f"{'main process exited' if exited else 'MAIN PROCESS STILL RUNNING'}, "
               f"{len(left)} left in the group")
    await sleep_until(run.fault_at + bench.args.restart_after)
    worker.start()
    run.back_at = await bench.stack.wait_worker()
    run.affected = list(run.tables)
    run.sockets = bench.slot_sockets(run.affected)


def daphne_target(bench: Bench, run: Run) -> int:
    return (run.index - 1) % len(bench.stack.daphnes)


async def restart_daphne(bench: Bench, run: Run, target: int) -> None:
    daphne = bench.stack.daphnes[target]
    daphne.start()
    run.back_at = await bench.stack.wait_daphne(target)
    run.affected = [person.table_id for person in bench.slots if person.server_index == target]
    run.sockets = bench.slot_sockets(run.affected)


async def inject_daphne_term(bench: Bench, run: Run) -> None:
    target = daphne_target(bench, run)
    daphne = bench.stack.daphnes[target]
    fired = asyncio.get_running_loop().create_future()

    def right_after(person: Person, attempt: Attempt) -> None:
        if person.server_index == target and person in bench.slots and not fired.done():
            daphne.signal(signal.SIGTERM)
            fired.set_result((time.time(), person, attempt))

    bench.accept_hooks.append(right_after)
    try:
        run.fault_at, person, attempt = await asyncio.wait_for(fired, 30)
        run.how = (f"SIGTERM to {daphne.name} right after it answered 204 to {person.name}'s "
                   f"{attempt.move!r} (table {attempt.table_id}, seq {attempt.sent_seq})")
    except TimeoutError:
        daphne.signal(signal.SIGTERM)
        run.fault_at = time.time()
        run.how = f"SIGTERM to {daphne.name} (no move of its people was answered 204 within 30 s)"
    finally:
        bench.accept_hooks.remove(right_after)
    timeout = bench.args.term_timeout
    if not await daphne.wait_exit(timeout):
        run.facts["hung"] = 1
        os.kill(daphne.process.pid, signal.SIGABRT)  # faulthandler: every thread's stack into its log
        await daphne.wait_exit(3)
        daphne.signal(signal.SIGKILL)
        await daphne.wait_exit(10)
        run.how += (f"; STILL RUNNING {timeout:g} s after SIGTERM: SIGABRT (stacks in "
                    f"{daphne.log_path.name}), then kill -9")
    run.facts["exit s"] = time.time() - run.fault_at
    run.how += f"; exited {run.facts['exit s']:.2f} s later (code {daphne.process.returncode})"
    await restart_daphne(bench, run, target)


async def inject_daphne_kill(bench: Bench, run: Run) -> None:
    target = daphne_target(bench, run)
    daphne = bench.stack.daphnes[target]
    people = [person for person in bench.slots if person.server_index == target and person.acting]
    for person in people:
        person.hold = True
    wanted = max(1, math.ceil(len(people) / 2))
    deadline = time.monotonic() + 8

    def count_ready() -> int:
        return sum(person.can_move(ignore_hold=True) for person in people)

    while count_ready() < wanted and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    ready = count_ready()
    for person in people:
        person.hold = False
        person.changed.set()
    delay = bench.rng.uniform(0.0, 0.06)
    await asyncio.sleep(delay)
    in_flight = sum(person.in_flight for person in people)
    run.fault_at = time.time()
    daphne.signal(signal.SIGKILL)
    await daphne.wait_exit(10)
    run.facts["in flight"] = in_flight
    run.how = (f"kill -9 of {daphne.name} {delay * 1000:.0f} ms after {ready} of its {len(people)} people "
               f"were let go with their moves ({in_flight} POSTs in flight)")
    await restart_daphne(bench, run, target)


async def inject_redis(bench: Bench, run: Run) -> None:
    stack = bench.stack
    how = "SHUTDOWN NOSAVE" if run.index % 2 == 1 else "kill -9"
    run.fault_at = time.time()
    await stack.stop_redis(how)
    run.how = f"Redis {how}, down {bench.args.restart_after:g} s, started again on port {stack.redis_port}"
    await sleep_until(run.fault_at + bench.args.restart_after)
    stack.redis.start()
    run.back_at = await stack.wait_redis()
    run.affected = list(run.tables)
    run.sockets = bench.slot_sockets(run.affected)
    asyncio.ensure_future(healthz_again(bench, run))


def worker_events(bench: Bench, run: Run) -> None:
    """When the worker, still running, was connected to the new Redis and ran tasks again (its log)."""
    for key, pattern in (("worker connected s", WORKER_CONNECTED), ("worker resumed s", WORKER_RESUMED)):
        for match in pattern.finditer(bench.stack.worker.new_log()):
            stamped = time.mktime(time.strptime(match.group(1), "%Y-%m-%d %H:%M:%S"))
            moment = stamped + int(match.group(2)) / 1000
            if moment >= run.fault_at:
                run.facts[key] = moment - run.back_at
                break


async def healthz_again(bench: Bench, run: Run) -> None:
    """How long after Redis is back each Daphne's /healthz answers 200 again (channel layer, broker)."""

    async def one(index: int) -> None:
        while time.time() < run.back_at + bench.args.observe:
            if await bench.stack.healthy(index):
                run.facts[f"healthz {index}"] = time.time() - run.back_at
                return
            await asyncio.sleep(0.1)

    await asyncio.gather(*(one(index) for index in range(len(bench.stack.daphnes))))


INJECT = {"worker": inject_worker, "daphne-term": inject_daphne_term, "daphne-kill": inject_daphne_kill,
          "redis": inject_redis}


async def process_phase(bench: Bench, fault: str) -> list[Run]:
    runs = []
    for index in range(1, bench.args.runs + 1):
        run = Run(fault, index, started=time.time())
        await bench.ensure_slots()
        run.tables = [person.table_id for person in bench.slots]
        await asyncio.sleep(bench.rng.uniform(0.2, 0.6))  # mid-play, at no particular moment
        await INJECT[fault](bench, run)
        await observe(bench, run)
        if fault == "redis":
            worker_events(bench, run)
        runs.append(run)
        print(f"  {run.label}: back {run.back_at - run.fault_at:.2f} s after the fault; "
              f"stuck {len(run.stuck)}; resumed/in sync see below; {run.how}", flush=True)
    return runs


# -- the chores ----------------------------------------------------------------------------------------------


@dataclass
class ChoreWindow:
    """Play watched for ``--chores-seconds``, with every chore busy or with none."""

    busy: bool
    index: int
    started: float = 0.0
    ended: float = 0.0
    waits: list[float] = field(default_factory=list)  # each bot turn: its Move row's time less its due time
    unseen: int = 0  # bot moves whose due time the monitor never read (skipped)
    how: str = ""

    @property
    def label(self) -> str:
        return f"{'with chores' if self.busy else 'no chores'} #{self.index}"


# Sent as beat and a taken deal send them (routed by name, to the chores queue): the periodic refill
# twice (the second finds the first at it), two pools' own refills, and the nightly rating.
CHORES_SENT = [
    ("stats.tasks.rate_games", {}),
    ("games.tasks.refill_all_winnable_deals", {}),
    ("games.tasks.refill_all_winnable_deals", {}),
    ("games.tasks.refill_winnable_deals", {"game": "klondike", "options": {"draw": 1}}),
    ("games.tasks.refill_winnable_deals", {"game": "klondike", "options": {"draw": 3}}),
]
SEND_CHORES = """
import json, sys
import django
django.setup()
from cardsite.celery import app
for name, kwargs in json.loads(sys.argv[1]):
    app.send_task(name, kwargs=kwargs)
"""
CHORE_RECEIVED = re.compile(r"Task ((?:games\.tasks\.refill_\w+|stats\.tasks\.rate_games))\[[^]]+\] received")
CLEAR_RATINGS = "TRUNCATE stats_leaderboardrow, stats_ratedmarker, stats_ratingsnapshot, stats_rating"


def chores_received(stack: Stack) -> dict[str, int]:
    """The chores each worker has been handed so far, by name (its log, since it started)."""
    counts: dict[str, int] = {}
    for proc in (stack.worker, stack.chores):
        if proc is None:
            continue
        for name in CHORE_RECEIVED.findall(proc.new_log()):
            short = name.rsplit(".", 1)[1]
            counts[short] = counts.get(short, 0) + 1
    return counts


async def arm_chores(bench: Bench, window: ChoreWindow) -> None:
    """Work for every chore: the pools emptied and the ratings cleared (unless a rating is being
    written: then it is busy already), the chores sent, and a strategy build started."""
    stack = bench.stack
    notes = []
    async with await psycopg.AsyncConnection.connect(stack.database_url, autocommit=True) as connection:
        await connection.execute("SET lock_timeout = '2s'")
        emptied = (await connection.execute("DELETE FROM games_winnabledeal")).rowcount
        notes.append(f"{emptied} pooled deals taken out")
        try:
            await connection.execute(CLEAR_RATINGS)
            notes.append("ratings cleared")
        except psycopg.errors.LockNotAvailable:
            notes.append("a rating still running (left to it)")
    sender = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SEND_CHORES, json.dumps(CHORES_SENT), cwd=str(stack.site), env=stack.env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    _, errors = await asyncio.wait_for(sender.communicate(), 120)
    if sender.returncode != 0:
        raise RuntimeError(f"sending the chores failed:\n{errors.decode(errors='replace')[-2000:]}")
    notes.append(f"sent {len(CHORES_SENT)} chores")
    if stack.build is None or not stack.build.alive():
        env = {**stack.env, "YAHTZEE_STRATEGY_FILE": str(stack.workdir / f"yahtzee-{window.index}.npy")}
        stack.build = Proc("yahtzee-build", ["nice", "-n", "10", sys.executable, "manage.py",
                                             "build_yahtzee_strategy"], env, stack.workdir / "yahtzee-build.log",
                           stack.site)
        stack.build.start()
        notes.append(f"a Yahtzee strategy build started (pid {stack.build.process.pid})")
    else:
        notes.append("the Yahtzee strategy build still running")
    window.how = "; ".join(notes)


async def chore_window(bench: Bench, window: ChoreWindow) -> None:
    """Play for ``--chores-seconds``; then each bot move of the window against its due time."""
    await bench.ensure_slots()
    window.started = time.time()
    await asyncio.sleep(bench.args.chores_seconds)
    window.ended = time.time()
    await asyncio.sleep(1.0)  # the last moves committed and read
    rows = await bench.db.fetch(
        "SELECT table_id, seq, seat, created_at FROM games_move WHERE table_id = ANY(%s) "
        "AND created_at >= to_timestamp(%s) AND created_at < to_timestamp(%s) ORDER BY created_at",
        [sorted(bench.tables_used), window.started, window.ended])
    people = {(person.table_id, person.seat) for person in bench.slots}
    for table_id, seq, seat, created_at in rows:
        if (table_id, seat) in people:
            continue  # a person's move: nobody's wait
        due = bench.monitor.dues.get((table_id, seq - 1))
        if due is None:
            window.unseen += 1
        else:
            window.waits.append(created_at.timestamp() - due)
    received = chores_received(bench.stack)
    window.how += ("; " if window.how else "") + "chores handed to workers so far: " + (
        ", ".join(f"{name} {count}" for name, count in sorted(received.items())) or "none")


async def chores_phase(bench: Bench) -> list[ChoreWindow]:
    """The quiet windows first, then the busy ones: a chore once started runs to its bound."""
    windows = []
    for busy in (False, True):
        for index in range(1, bench.args.runs + 1):
            window = ChoreWindow(busy, index)
            if busy:
                await arm_chores(bench, window)
                await asyncio.sleep(2.0)  # the chores under way
            await chore_window(bench, window)
            windows.append(window)
            print(f"  {window.label}: {wait_line(window.waits)}; {window.how}", flush=True)
    if bench.stack.build is not None:
        bench.stack.build.stop()
    return windows


def wait_line(waits: list[float]) -> str:
    if not waits:
        return "no bot turns"
    ordered = sorted(waits)
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return (f"bot-turn wait p50 {statistics.median(ordered):.3f} s, p95 {p95:.3f} s, "
            f"max {ordered[-1]:.3f} s (n={len(ordered)})")


def report_chores(bench: Bench, windows: list[ChoreWindow]) -> None:
    args = bench.args
    layout = ("one worker serving both queues (-c 2)" if args.one_worker else
              "a play worker (-Q play, -c 2) and a chores worker (-Q chores, -c 1, nice 10)")
    print()
    print(f"== bot turns with every chore busy and without, {args.runs} windows of {args.chores_seconds:g} s "
          f"each, {args.tables} Hearts tables (a person and 3 bots each); {layout}; BOT_MOVE_DELAY="
          f"{args.bot_delay:g}. Wait: a bot move's Move.created_at less its Table.bot_due_at")
    for window in windows:
        print(f"{window.label:<15} {wait_line(window.waits)}"
              + (f"; {window.unseen} bot moves whose due time was not read" if window.unseen else ""))
    for busy in (False, True):
        waits = [wait for window in windows if window.busy == busy for wait in window.waits]
        print(f"{'with chores' if busy else 'no chores'}, all windows: {wait_line(waits)}")


# -- the away faults -----------------------------------------------------------------------------------------


async def set_up_away(bench: Bench, fault: str, index: int) -> tuple[Run, Person, Person | None]:
    first = bench.person(f"{fault}{index}", index)
    run = Run(fault, index, started=time.time())
    if fault == "away-alone":
        await first.arrive()
        table_id = await first.play_now()
        await first.sit(table_id, 0)
        other = None
    else:
        other = bench.person(f"{fault}{index}-other", index + 1)
        await asyncio.gather(first.arrive(), other.arrive())
        table_id = await first.new_table()
        await other.post_board(f"/t/{table_id}/join")
        await first.post_board(f"/t/{table_id}/start")  # the empty seats get the strongest bot
        await asyncio.gather(first.sit(table_id, 0), other.sit(table_id, 1))
    bench.away_tables.append(table_id)
    run.tables = run.affected = [table_id]
    return run, first, other


async def away_run(bench: Bench, run: Run, first: Person, other: Person | None) -> None:
    args = bench.args
    table_id = run.tables[0]
    threshold = bench.rng.randint(8, 24)  # mid-play: past the first pass, at no particular moment
    deadline = time.time() + 120
    while time.time() < deadline:
        _, snapshot = await bench.monitor.next()
        row = snapshot.get(table_id)
        if row is not None and row.seq >= threshold:
            break
    run.fault_at = time.time()
    first.acting = False
    await first.leave_socket()
    if other is not None:
        first.away_windows.append([table_id, run.fault_at, math.inf])
    run.how = (f"{first.name}'s socket closed at seq {row.seq if row else '?'} for {args.away_seconds:g} s"
               + (f", {other.name} playing on" if other else ", bots only"))
    # After the grace period: the seat should be away (and, alone, the table paused).
    await sleep_until(run.fault_at + args.grace + 8)
    seats = (await bench.db.seats([table_id])).get(table_id, [])
    row = (await bench.db.tables([table_id]))[table_id]
    run.facts["seat away"] = any(index == first.seat and away is not None for index, _, _, away in seats)
    run.facts["status after grace"] = row.status
    run.facts["paused from"] = run.fault_at + args.grace + 8
    await sleep_until(run.fault_at + args.away_seconds)
    row = (await bench.db.tables([table_id]))[table_id]
    run.facts["status at return"] = row.status
    run.back_at = time.time()
    first.seat_back_wanted, first.seat_back_at = True, None
    await first.sit(table_id, first.seat)
    run.sockets = [(first, table_id)] + ([(other, table_id)] if other else [])
    await observe(bench, run)
    run.facts["seat back s"] = (first.seat_back_at - run.back_at) if first.seat_back_at else None
    if other is not None:
        first.away_windows[-1][2] = first.seat_back_at or run.back_at


async def away_phase(bench: Bench, faults: list[str]) -> list[Run]:
    specs = [(fault, index) for fault in faults for index in range(1, bench.args.runs + 1)]
    made = await asyncio.gather(*(set_up_away(bench, fault, index) for fault, index in specs))
    print(f"  {len(made)} tables set up; every run at once, each at its own table", flush=True)
    await asyncio.gather(*(away_run(bench, *one) for one in made))
    for run, *_ in made:
        print(f"  {run.label}: stuck {len(run.stuck)}; {run.how}", flush=True)
    return [run for run, *_ in made]


# -- accounting ----------------------------------------------------------------------------------------------


async def account(bench: Bench, runs: list[Run]) -> None:
    """Every person's moves against games_move, once every answer is in; each finding to its run."""
    for person in bench.persons:
        person.acting = False
    deadline = time.monotonic() + bench.args.move_retry_seconds + 15
    while any(person.in_flight for person in bench.persons) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    ids = sorted(set(bench.tables_used) | {table_id for run in runs for table_id in run.tables})
    bench.monitor.task.cancel()  # nothing else reads the database meanwhile
    await asyncio.gather(bench.monitor.task, return_exceptions=True)
    final, moves = await bench.db.consistent(ids)
    by_start = sorted(runs, key=lambda run: run.started)

    def run_for(table_id: int, moment: float) -> Run:
        """The run at that table in whose window (its start until the next run's start) it fell."""
        mine = [run for run in by_start if table_id in run.tables]
        earlier = [run for run in mine if run.started <= moment]
        return earlier[-1] if earlier else mine[0]

    for table_id in ids:
        rows = moves.get(table_id, [])
        seqs = [row.seq for row in rows]
        wanted = list(range(1, final[table_id].seq + 1)) if table_id in final else seqs
        if seqs != wanted:
            bad = next((position for position, (got, want) in enumerate(zip(seqs, wanted, strict=False))
                        if got != want), min(len(seqs), len(wanted)))
            moment = rows[min(bad, len(rows) - 1)].at if rows else 0.0
            run_for(table_id, moment).seq_faults.append(
                f"table {table_id}: {len(seqs)} rows, table seq {final[table_id].seq}, "
                f"first off at {bad + 1}")

    for person in bench.persons:
        by_seat: dict[tuple[int, int], list[Attempt]] = {}
        for attempt in person.attempts:
            by_seat.setdefault((attempt.table_id, attempt.seat), []).append(attempt)
        for (table_id, seat), attempts in by_seat.items():
            rows = [row for row in moves.get(table_id, []) if row.seat == seat]
            candidates = [attempt for attempt in attempts if attempt.accepted or attempt.status is None]
            matched: dict[int, MoveRow] = {}
            unmatched_rows = []
            for row in rows:
                options = [attempt for attempt in candidates if id(attempt) not in matched
                           and same_move(attempt.move, row.move) and attempt.sent_seq < row.seq]
                if options:
                    matched[id(max(options, key=lambda attempt: attempt.sent_seq))] = row
                else:
                    unmatched_rows.append(row)
            for attempt in attempts:
                run = run_for(table_id, attempt.sent_at)
                row = matched.get(id(attempt))
                if attempt.accepted:
                    run.accepted += 1
                    if row is None:
                        run.lost.append(f"{person.name} {attempt.move!r} at table {table_id} "
                                        f"seq {attempt.sent_seq}")
                    if len(attempt.tries) > 1:
                        run.cut += 1
                        run.cut_applied += row is not None and row.at < attempt.tries[-1]
                elif attempt.status is None:
                    run.unanswered += 1
                    run.unanswered_applied += row is not None
            for row in unmatched_rows:
                run = run_for(table_id, row.at)
                run.unmatched.append((seat, row))
                if any(table == table_id and since <= row.at <= until
                       for table, since, until in person.away_windows):
                    run.stand_in.append(row)
                else:
                    run.doubled.append(f"table {table_id} seq {row.seq} seat {seat} {row.move!r}, by none of "
                                       f"{person.name}'s moves")
    for run in runs:
        rows_of = {table_id: moves.get(table_id, []) for table_id in run.affected}
        for table_id in run.affected:
            back = run.at_back.get(table_id)
            if back is None or back.status != "playing":
                continue
            after = [row.at for row in rows_of[table_id] if row.at > run.back_at]
            first = after[0] - run.back_at if after else None
            run.resumed[table_id] = first if first is not None and first <= bench.args.observe else None
        for person, table_id in run.sockets:
            frame_lags(bench, run, person, table_id, rows_of.get(table_id) or moves.get(table_id, []))
        if run.fault in AWAY_FAULTS:
            away_facts(bench, run, moves.get(run.tables[0], []))


def frame_lags(bench: Bench, run: Run, person: Person, table_id: int, rows: list[MoveRow]) -> None:
    """Each move made in the window after "back": how long until this socket showed it."""
    end = run.back_at + bench.args.observe
    frames = [(at, seq) for at, table, seq in person.frames if table == table_id and at >= run.back_at - 60]
    for row in rows:
        if not run.back_at <= row.at <= end - 5:  # moves in the last 5 s may still be on their way
            continue
        shown = next((at for at, seq in frames if seq >= row.seq and at >= row.at - 1), None)
        if shown is None or shown > end + 5:
            run.frames_missing += 1
        else:
            run.frame_lags.append(max(0.0, shown - row.at))


def away_facts(bench: Bench, run: Run, rows: list[MoveRow]) -> None:
    """What the away runs are about: paused or played for, and the seat taken back."""
    first = next(person for person in bench.persons if person.table_id == run.tables[0] and person.seat == 0)
    others = [person for person in bench.persons if person.table_id == run.tables[0] and person.seat != 0]
    away = [row for row in rows if run.fault_at <= row.at < run.back_at]
    run.facts["moves while away"] = len(away)
    if run.fault == "away-alone":
        run.facts["moves while paused"] = sum(row.at >= run.facts["paused from"] for row in away)
        return
    bot = sorted(row.at for seat, row in run.unmatched if seat == first.seat and row.at >= run.fault_at)
    run.facts["bot took seat s"] = (bot[0] - run.fault_at) if bot else None
    run.facts[OTHERS_AWAY] = sum(
        attempt.accepted and run.fault_at + bench.args.grace <= attempt.sent_at < run.back_at
        for person in others for attempt in person.attempts)
    back_at = first.seat_back_at or math.inf
    run.facts["bot moves after seat back"] = sum(moment > back_at for moment in bot)


# -- the report ----------------------------------------------------------------------------------------------


def run_line(run: Run) -> str:
    resumed = [value for value in run.resumed.values() if value is not None]
    missing = sum(value is None for value in run.resumed.values())
    parts = [
        f"{run.label:<15} fault {stamp(run.fault_at)} back +{run.back_at - run.fault_at:6.2f} s",
        f"tables {len(run.tables)} affected {len(run.affected)}",
        f"stuck {len(run.stuck)}",
        f"accepted {run.accepted} lost {len(run.lost)} doubled {len(run.doubled)} "
        f"seq faults {len(run.seq_faults)}",
        f"cut {run.cut} (applied {run.cut_applied}) "
        f"unanswered {run.unanswered} (applied {run.unanswered_applied})",
    ]
    if run.stand_in:
        parts.append(f"bot moves for the away seat {len(run.stand_in)}")
    parts.append(f"resumed s {listed(resumed)}" + (f" + {missing} not within {30:g} s" if missing else ""))
    parts.append(f"in sync s {listed(list(run.synced.values()))}"
                 + (f" + {len(run.unsynced)} never" if run.unsynced else ""))
    parts.append(f"frame lag s {spread(run.frame_lags)} over {len(run.frame_lags)}"
                 + (f" + {run.frames_missing} never shown" if run.frames_missing else ""))
    facts = {key: value for key, value in run.facts.items() if key != "paused from"}
    if facts:
        parts.append(" ".join(f"{key}={value:.2f}" if isinstance(value, float) else f"{key}={value}"
                              for key, value in facts.items()))
    lines = ["; ".join(parts), f"    {run.how}"]
    lines += [f"    STUCK: {text}" for text in run.stuck]
    lines += [f"    LOST: {text}" for text in run.lost]
    lines += [f"    DOUBLED: {text}" for text in run.doubled]
    lines += [f"    SEQ: {text}" for text in run.seq_faults]
    lines += [f"    NOT IN SYNC: {text}" for text in run.unsynced]
    return "\n".join(lines)


def fact_values(runs: list[Run], key: str) -> list:
    return [run.facts[key] for run in runs if run.facts.get(key) is not None]


def fault_notes(bench: Bench, fault: str, mine: list[Run]) -> list[str]:
    """The figures particular to one fault, beyond the table's."""
    notes = [f"{sum(run.accepted for run in mine)} moves answered 204"]
    unanswered = sum(run.unanswered for run in mine)
    if unanswered:
        notes.append(f"{unanswered} never answered ({sum(run.unanswered_applied for run in mine)} applied)")
    lags = [lag for run in mine for lag in run.frame_lags]
    missing = sum(run.frames_missing for run in mine)
    notes.append("frame lag after back (each move until each affected socket showed it), "
                 "median / p99 / max s: " + percentile_line(lags)
                 + (f", {missing} never shown" if missing else ""))
    if fault == "worker":
        left = max(fact_values(mine, "left in group"))
        notes.append(f"processes left in the worker's group after kill -9: max {left}")
    elif fault == "daphne-term":
        exits = spread(fact_values(mine, "exit s"))
        notes.append(f"Daphne exited after SIGTERM in s (median / max): {exits}")
        hung = len(fact_values(mine, "hung"))
        notes.append(f"still running {bench.args.term_timeout:g} s after SIGTERM (then killed): "
                     f"{hung} of {len(mine)}")
    elif fault == "daphne-kill":
        notes.append(f"POSTs in flight at the kills: {sum(fact_values(mine, 'in flight'))}")
    elif fault == "redis":
        connected = spread(fact_values(mine, "worker connected s"))
        notes.append(f"the worker connected to Redis again after s: {connected}")
        held = fact_values(mine, "worker resumed s")
        notes.append(f"the worker held the tasks it received until \"Resuming normal operations following "
                     f"a restart\" (a task was running at the loss) in {len(held)} of {len(mine)} runs, "
                     f"until s after back: {spread(held)}")
        for index in range(len(bench.stack.daphnes)):
            values = fact_values(mine, f"healthz {index}")
            late = len(mine) - len(values)
            notes.append(f"daphne-{index} /healthz 200 again after s: {spread(values)}"
                         + (f" ({late} not within the window)" if late else ""))
    elif fault in AWAY_FAULTS:
        marked = sum(bool(value) for value in fact_values(mine, "seat away"))
        notes.append(f"seat marked away after the grace period: {marked} of {len(mine)}")
        notes.append(f"abandoned by the return: {fact_values(mine, 'status at return').count('abandoned')}")
        notes.append(f"took the seat back after s: {spread(fact_values(mine, 'seat back s'))}")
        if fault == "away-alone":
            notes.append(f"moves while paused: {sum(fact_values(mine, 'moves while paused'))}")
        else:
            took = fact_values(mine, "bot took seat s")
            notes.append(f"a bot first played the away seat after s: {spread(took)} "
                         f"({len(mine) - len(took)} runs never)")
            notes.append("the other person's moves while away, after the grace period: "
                         f"{fact_values(mine, OTHERS_AWAY)}")
            after = sum(fact_values(mine, "bot moves after seat back"))
            notes.append(f"bot moves after the seat was taken back: {after}")
    return notes


def report(bench: Bench, runs: list[Run]) -> None:
    args = bench.args
    print()
    print("== raw figures, run by run (times from the moment the process, or the person, was back)")
    for run in runs:
        print(run_line(run))
    print()
    print(f"== Faults under live Hearts tables, {args.runs} runs each: {args.tables} tables of a person and "
          f"3 bots for the process faults; {len(bench.stack.daphnes)} Daphne processes, a Celery worker "
          f"(prefork -c 2) "
          f"and beat, PostgreSQL and Redis on 127.0.0.1; BOT_MOVE_DELAY={args.bot_delay:g}, "
          f"AWAY_GRACE_SECONDS={args.grace:g}")
    columns = [("fault", "<12"), ("runs", ">4"), ("tables", ">6"), ("stuck@30s", ">9"), ("lost", ">4"),
               ("doubled", ">7"), ("seq faults", ">10"), ("cut (applied)", ">13"),
               ("resumed s med / max", ">20"), ("in sync s med / max", ">20"), ("back after s", ">14"),
               ("back is when", "")]
    header = "  ".join(f"{name:{align}}" for name, align in columns)
    print(header)
    print("-" * len(header))
    order = [fault for fault in FAULTS if any(run.fault == fault for run in runs)]
    for fault in order:
        mine = [run for run in runs if run.fault == fault]
        resumed = [value for run in mine for value in run.resumed.values() if value is not None]
        missing = sum(value is None for run in mine for value in run.resumed.values())
        synced = [value for run in mine for value in run.synced.values()]
        never = sum(len(run.unsynced) for run in mine)
        cells = [
            fault, len(mine), sum(len(run.tables) for run in mine), sum(len(run.stuck) for run in mine),
            sum(len(run.lost) for run in mine), sum(len(run.doubled) for run in mine),
            sum(len(run.seq_faults) for run in mine),
            f"{sum(run.cut for run in mine)} ({sum(run.cut_applied for run in mine)})",
            spread(resumed) + (f" +{missing} none" if missing else ""),
            spread(synced) + (f" +{never} never" if never else ""),
            spread([run.back_at - run.fault_at for run in mine]), BACK_MEANS[fault],
        ]
        print("  ".join(f"{cell:{align}}" for cell, (_, align) in zip(cells, columns, strict=True)))
    print()
    for fault in order:
        notes = fault_notes(bench, fault, [run for run in runs if run.fault == fault])
        print(f"{fault}: " + "; ".join(notes))
    away = [run for run in runs if run.fault in AWAY_FAULTS]
    if away:
        print(f"(the {len(away)} away runs ran at the same time, each at a table of its own, "
              f"away {args.away_seconds:g} s each)")
    errors = sum(bench.errors.values())
    print(f"client errors: {errors}" + (f"  {bench.errors}" if errors else ""))
    for example in bench.error_examples:
        print(f"  e.g. {example}")
    drops = sum(person.drops for person in bench.persons)
    print(f"socket drops seen by the clients (each reconnected): {drops}")


def log_problems(stack: Stack) -> None:
    """Tracebacks and ERROR/CRITICAL lines in each process's log, by kind (digits folded)."""
    print()
    print(f"== errors in the processes' logs ({stack.workdir})")
    for proc in stack.processes():
        try:
            lines = proc.log_path.read_text(errors="replace").splitlines()
        except OSError:
            continue
        kinds: dict[str, int] = {}
        first_seen: dict[str, str] = {}
        for position, line in enumerate(lines):
            key = None
            if line.startswith("Traceback (most recent call last)"):
                before = lines[position - 1].strip() if position else ""
                end = next((candidate for candidate in lines[position + 1: position + 200]
                            if candidate and not candidate.startswith((" ", "Traceback", "During handling",
                                                                       "The above exception"))), "?")
                key = f"traceback after {before[:100]!r}: {end[:160]}"
            elif re.search(r"\b(ERROR|CRITICAL)\b", line) and "Traceback" not in line:
                key = line.strip()[:200]
            if key:
                folded = re.sub(r"\d+", "N", key)
                kinds[folded] = kinds.get(folded, 0) + 1
                first_seen.setdefault(folded, key)
        print(f"{proc.name} (started {proc.starts} times): "
              + (f"{sum(kinds.values())} error lines or tracebacks" if kinds else "none"))
        for folded, count in sorted(kinds.items(), key=lambda item: -item[1])[:8]:
            print(f"  {count:>4} x {first_seen[folded]}")


# -- main ----------------------------------------------------------------------------------------------------


def expected_seconds(args) -> float:
    down = {"worker": args.restart_after + 3, "daphne-term": 2.5, "daphne-kill": 3.5,
            "redis": args.restart_after + 0.1}
    total = 40.0 + WARM_UP
    for fault in args.faults:
        if fault in PROCESS_FAULTS:
            total += args.runs * (2.4 + down[fault] + args.observe + 0.5)
    if "chores" in args.faults:
        total += 60 + 2 * args.runs * (args.chores_seconds + 4)
    if any(fault in AWAY_FAULTS for fault in args.faults):
        total += 30 + 15 + args.away_seconds + args.observe
    return total + 15


async def run_all(args, stack: Stack) -> None:
    stack.probe = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=4))
    db = Db(stack.database_url)
    await db.open()
    bench = Bench(args, stack, db)
    try:
        stack.redis.start()
        await stack.wait_redis()
        for daphne in stack.daphnes:
            daphne.start()
        stack.worker.start()
        if stack.chores is not None:
            stack.chores.start()
        stack.beat.start()
        await asyncio.gather(*(stack.wait_daphne(index) for index in range(len(stack.daphnes))),
                             stack.wait_worker(),
                             *([stack.wait_worker(worker=stack.chores)] if stack.chores is not None else []))
        daphnes = ", ".join(f":{port} (pid {daphne.process.pid})"
                            for port, daphne in zip(stack.ports, stack.daphnes, strict=True))
        print(f"stack up: redis :{stack.redis_port} (pid {stack.redis.process.pid}), daphne {daphnes}, "
              f"worker pid {stack.worker.process.pid}"
              + (f", chores worker pid {stack.chores.process.pid}" if stack.chores is not None else "")
              + f", beat pid {stack.beat.process.pid}", flush=True)
        bench.monitor.start()
        runs: list[Run] = []
        for fault in [fault for fault in args.faults if fault in PROCESS_FAULTS]:
            print(f"{fault}: {args.runs} runs", flush=True)
            runs += await process_phase(bench, fault)
        windows = []
        if "chores" in args.faults:
            print(f"chores: {args.runs} windows of {args.chores_seconds:g} s without, then with", flush=True)
            await bench.ensure_slots()
            windows = await chores_phase(bench)
        for person in bench.slots:
            person.acting = False
        away = [fault for fault in args.faults if fault in AWAY_FAULTS]
        if away:
            print(f"{' and '.join(away)}: {args.runs} runs each, away {args.away_seconds:g} s", flush=True)
            runs += await away_phase(bench, away)
        if runs:  # the chores windows are accounted for by themselves
            await account(bench, runs)
            report(bench, runs)
        if windows:
            report_chores(bench, windows)
    finally:
        await bench.close()
        await db.close()
        await stack.probe.close()
        log_problems(stack)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10, help="injections per fault")
    parser.add_argument("--faults", default=",".join(FAULTS), help=f"comma-separated, of {', '.join(FAULTS)}")
    parser.add_argument("--tables", type=int, default=6,
                        help="tables (a person and 3 bots) for the process faults")
    parser.add_argument("--servers", type=int, default=2, choices=(1, 2), help="Daphne processes")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="BOT_MOVE_DELAY of the site")
    parser.add_argument("--grace", type=float, default=20.0, help="AWAY_GRACE_SECONDS of the site")
    parser.add_argument("--away-seconds", type=float, default=120.0,
                        help="how long a person's socket is away")
    parser.add_argument("--restart-after", type=float, default=1.0,
                        help="seconds from killing the worker or stopping Redis to starting it again")
    parser.add_argument("--observe", type=float, default=30.0, help="seconds watched after each fault")
    parser.add_argument("--term-timeout", type=float, default=30.0,
                        help="seconds a Daphne may take to exit after SIGTERM before it is killed")
    parser.add_argument("--request-timeout", type=float, default=10.0)
    parser.add_argument("--retry-delay", type=float, default=0.5,
                        help="seconds before a cut move is sent again")
    parser.add_argument("--move-retry-seconds", type=float, default=60.0,
                        help="how long a move whose answer was cut is sent again")
    parser.add_argument("--chores-seconds", type=float, default=40.0,
                        help="seconds of play watched in each chores window, with chores and without")
    parser.add_argument("--rating-games", type=int, default=100_000,
                        help="finished rated games generated for the nightly rating to work on (chores)")
    parser.add_argument("--one-worker", action="store_true",
                        help="one Celery worker for both queues (-c 2), as before the queues were split")
    parser.add_argument("--database", default="cardsite_faults",
                        help="the PostgreSQL database (dropped first)")
    parser.add_argument("--seed", type=int, default=1, help="the people's random choices and timings")
    parser.add_argument("--keep", action="store_true", help="keep the logs and the database, and say where")
    parser.add_argument("--live-tree", action="store_true",
                        help="run the checkout itself, not a copy taken at the start")
    args = parser.parse_args(argv)
    args.faults = [fault.strip() for fault in args.faults.split(",") if fault.strip()]
    unknown = [fault for fault in args.faults if fault not in FAULTS]
    if unknown:
        parser.error(f"unknown faults {unknown}; they are {', '.join(FAULTS)}")
    if args.runs < 1 or args.tables < 1:
        parser.error("--runs and --tables must be positive")
    if args.observe < 12:
        parser.error("--observe must be at least 12 s: a table is stuck when its seq did not move in its "
                     "last 10 s")
    if not re.fullmatch(r"cardsite_faults\w*", args.database):
        parser.error("--database must start with cardsite_faults: it is dropped")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="faults-"))
    if args.live_tree:
        site, what = ROOT, "the checkout itself (--live-tree)"
    else:
        site, what = snapshot(workdir)
        what = f"a copy of the checkout taken now ({what})"
    stack = Stack(args, workdir, site)
    began = time.monotonic()
    done = False

    def clean_up() -> None:
        nonlocal done
        if done:
            return
        done = True
        for proc in reversed(STARTED):
            proc.stop()
        if args.keep:
            print(f"kept: logs in {workdir}, database {args.database}")
        else:
            drop_database(args.database)
            shutil.rmtree(workdir, ignore_errors=True)

    def terminated(signum, frame):
        raise KeyboardInterrupt

    atexit.register(clean_up)
    # Ctrl-C, and SIGINT even where a shell started this with SIGINT ignored (a background job).
    previous = {number: signal.signal(number, terminated) for number in (signal.SIGTERM, signal.SIGINT)}
    print(f"bench/faults.py: {', '.join(args.faults)}, {args.runs} runs each; expect about "
          f"{expected_seconds(args) / 60:.0f} minutes", flush=True)
    print(f"the site's processes run {what}", flush=True)
    try:
        reset_database(args.database)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=site,
                       env=stack.env, check=True, timeout=300)
        took = time.monotonic() - began
        print(f"database {args.database} created and migrated in {took:.1f} s", flush=True)
        if "chores" in args.faults and args.rating_games > 0:
            subprocess.run([sys.executable, "bench/nightly.py", "--generate-only", "--games", str(args.rating_games),
                            "--players", "2000", "--database-url", stack.database_url],
                           cwd=site, env={**stack.env, "DEAL_SECRET": "bench-faults-only-deal-secret"},
                           check=True, timeout=900, stdout=subprocess.DEVNULL)  # the generator runs DEBUG=0
            print(f"{args.rating_games} finished rated games generated for the rating "
                  f"({time.monotonic() - began - took:.1f} s)", flush=True)
        asyncio.run(run_all(args, stack))
        return 0
    except KeyboardInterrupt:
        print("interrupted; stopping what was started", file=sys.stderr)
        return 130
    finally:
        clean_up()
        for number, handler in previous.items():
            signal.signal(number, handler)
        print(f"took {(time.monotonic() - began) / 60:.1f} minutes")


if __name__ == "__main__":
    sys.exit(main())
