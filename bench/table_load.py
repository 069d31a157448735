"""Hearts tables under load, moves over each guest's table socket as the page sends them;
and the same client against a floor (bench/floor_app.py) that does only the wire's part.

    .venv/bin/python bench/table_load.py                          # 50 tables, 60 s, 2 Daphne processes
    .venv/bin/python bench/table_load.py --tables 5 --seconds 15  # a quick look
    .venv/bin/python bench/table_load.py --tables 10 --seconds 20 --compare-floor --rounds 3
    .venv/bin/python bench/table_load.py --moves-over http        # POST /t/<id>/move instead
    .venv/bin/python bench/table_load.py --pace human --find-tables --max-tables 200

Run it with the checkout's code first on the path (PYTHONPATH=., from the checkout): the
Daphne processes it starts get its PYTHONPATH with the checkout in front, and run in it.

The script brings up what it measures, on 127.0.0.1 only: it creates the database named
by DATABASE_URL if it is missing, runs ``manage.py migrate`` against it (and starts its
table and player numbers high, since Redis pub/sub channels, hence the layer's groups, are
shared by every database number of a Redis server), and starts ``--servers`` Daphne
processes sharing PostgreSQL and the Redis channel layer (REDIS_URL), configured as in
production (DEBUG off, static files collected, but plain HTTP: no TLS proxy in front) and
BOT_MOVE_DELAY=0. With ``--floor`` the same number of Daphne processes serve
bench/floor_app.py instead (no database): the same client plays against a server whose
move is four group sends and four socket sends of a board-sized frame (with
``--compare-floor``, the mean board of the site's runs before it; else ``--floor-frame-bytes``)
and the answer. It stops
them at the end, on errors and on Ctrl-C. PostgreSQL and Redis must already be running.

Every table has four guests (no bots), each with its own session cookie, spread over the
servers (so a table's frames cross processes through Redis). Guests load the home page (CSRF
cookie), the host creates the table and the others join, a few requests at a time; each
table's guests open its WebSocket (a few tables at a time, each socket's first frame awaited,
so that it is in its group before the host starts) and the host starts, each table at a
random moment over ``--stagger`` seconds (at human pace, by default, the longest think: so
that not every table passes its first cards in the same second). The play window opens
``--warmup`` seconds after the last table started: setting up is not what gets measured.
A guest plays whenever its newest frame lists moves for it (the board's ``data-legal``): one
of them at random, as the page sends only those. ``--pace fast`` (the default) moves at once;
``--pace human`` thinks first, ``--think MIN MAX`` seconds (uniform), and then sends a move of
the frame it holds by then, at that frame's seq. A guest does not act again on a move's own
table until a frame of the seq its move made has arrived, and sends at most ``--socket-rate``
moves a second on its socket (the site refuses a socket's frames beyond
SOCKET_FRAMES_PER_SECOND, 8: at fast pace a few tables are held to about 7.5 moves a second
per guest, by that and not by the server). A finished match is followed by a new table for
the same four guests until the time or move cap is reached.

Moves go ``--moves-over socket`` (the default) as the page's ws-send sends them: a JSON text
frame of the move form's fields on the guest's own table socket, ``{"seq":"12","move":"play 2C"}``;
that socket alone gets the answer (``#move-answer``, data-status 204 and data-after the seq
the move made, or a refusal after the board). ``--moves-over http``: ``POST /t/<id>/move``
with the same fields (and HX-Request: answered 204, no board, no seq; a play's seq is the
one it was made at plus one, a pass's is that of the first frame of the mover's own socket
that no longer offers it a pass).

Figures printed, per run (CPU from /proc, over the play window):
- moves per second: moves answered 204, sent within the window, over its length;
- fan-out latency: from sending a move until a frame with ``data-seq`` at least the seq the
  move made has arrived on all four sockets of its table; and the move's own answer time;
- errors: refusals, socket drops, moves unanswered within ``--request-timeout``, moves not on
  all four sockets within ``--confirm-timeout``;
- the boards' size as received, in bytes (the floor's frames are made as big);
- CPU per move (ms): the Daphne processes (utime + stime of each, all threads), the
  PostgreSQL backends serving this database (their titles name it), the Redis server (all of
  it: it is shared), this client; and CPU utilisation in cores, the whole machine's too;
- for a plain site run, the trivial page's throughput (``--baseline-path``, the home page)
  with the same servers and clients, and moves per second against it.

``--compare-floor`` runs the site and the floor back to back, ``--rounds`` times, the order
alternating (site first in odd rounds), fresh servers for each run, and prints every run and
the ratio site/floor of CPU per move, per round and over all rounds (goal: ``--goal-ratio``).
``--find-tables`` runs a short window (``--step-seconds``) for each table count of
``--table-steps`` up to ``--max-tables`` on one set of servers, fresh tables and guests for
each, and prints for each count moves/s, p95 and p99 fan-out, errors and CPU utilisation;
then the largest count with p95 below ``--goal-p95`` and no errors (goal: ``--goal-tables``).
It stops after the first count that misses, unless ``--keep-going``.

``--profile`` runs the first Daphne under bench/profiled_daphne.py (cProfile in each of
its threads, timed by their CPU clocks), which writes where its CPU went in the play window
beside the Daphne logs (kept); profiling costs that server CPU of its own, so its figures
are not the others'.

The client is aiohttp (HTTP and WebSocket in one library): ``pip install aiohttp``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import html as html_module
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from pg_database import ensure_database  # bench/pg_database.py, beside this script

try:
    import aiohttp
    import yarl
except ImportError:  # pragma: no cover - told to the person running it
    sys.exit("bench/table_load.py needs aiohttp: .venv/bin/pip install aiohttp")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardsite_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/1"
SITE_APP = "cardsite.asgi:application"
FLOOR_APP = "bench.floor_app:application"
# The mean Hearts board as received over the table sockets (this script's "boards received"
# line; 2 tables, fast pace, 10 s: 13.1 KB, about 6 KB in a match's first hand, since from
# the second hand on every board also carries the last hand's summary, hidden): what the
# floor sends per seat and move when no site run of the same invocation has measured it.
FLOOR_FRAME_BYTES = 13000
# Table and player numbers of the bench database start here: the layer's groups are named
# after them, and Redis pub/sub channels are one namespace for every database number.
FIRST_ID = 700_000_000

SEQ = re.compile(r'data-seq="(\d+)"')
LEGAL = re.compile(r'data-legal="([^"]*)"')
ANSWER = re.compile(r'id="move-answer"[^>]*data-status="(\d+)" data-after="(\d+)"')
OVER = re.compile(r'data-over="(?:won|over)"')
TABLE_URL = re.compile(r"/t/(\d+)/")
MESSAGE = re.compile(r'class="table-message" role="alert">([^<]*)<')
DEBUG_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
DEBUG_VALUE = re.compile(r'<pre class="exception_value">(.*?)</pre>', re.S)


def why(html: str) -> str:
    """The reason on a refused board, the exception on Django's DEBUG page, or the answer's start."""
    for pattern in (MESSAGE, DEBUG_VALUE, DEBUG_TITLE):
        found = pattern.search(html)
        if found:
            return " ".join(html_module.unescape(found.group(1)).split())[:200]
    return " ".join(html.split())[:120]


def legal_moves(html: str) -> list[str]:
    """The moves the board offers its viewer (its form's data-legal): the page sends only these."""
    found = LEGAL.search(html)
    return json.loads(html_module.unescape(found.group(1))) if found else []


# -- the servers ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    port: int
    process: subprocess.Popen
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def server_env(args) -> dict:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=args.database_url,
        REDIS_URL=args.redis_url,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-any-real-site",
        DEAL_SECRET="bench-only-deal-secret-not-for-any-real-site",
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",  # no TLS proxy on 127.0.0.1
        BOT_MOVE_DELAY="0",
        DJANGO_SETTINGS_MODULE="cardsite.settings",
        PYTHONUNBUFFERED="1",
        FLOOR_FRAME_BYTES=str(getattr(args, "floor_frame_bytes", None) or FLOOR_FRAME_BYTES),
        # This checkout's code, whatever else is installed (an editable install of another).
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
    )
    return env


def prepare(env: dict, database_url: str) -> None:
    """Migrate, collect static files (with DEBUG off pages name their hashed copies), and
    start table and player numbers high."""
    started = time.perf_counter()
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300
        )
    import psycopg

    with psycopg.connect(database_url, autocommit=True, connect_timeout=5) as connection:
        for table in ("games_table", "accounts_player"):
            connection.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"GREATEST({FIRST_ID}, (SELECT COALESCE(MAX(id), 0) FROM {table})))"
            )
    print(f"migrated and collected static files in {time.perf_counter() - started:.1f} s")


def start_servers(count: int, env: dict, log_dir: Path, app: str, profile: bool = False) -> list[Server]:
    """``count`` Daphne processes; with ``profile``, the first under bench/profiled_daphne.py."""
    servers = []
    for index in range(count):
        port = free_port()
        name = f"daphne-{app.split('.')[0]}-{index}"
        log_path = log_dir / f"{name}.log"
        command = [str(BIN / "daphne")]
        if profile and index == 0:
            command = [sys.executable, str(ROOT / "bench" / "profiled_daphne.py")]
            env = env | {"PROFILE_OUT": str(log_dir / f"{name}.profile.txt")}
        with open(log_path, "wb") as log:
            # A session of its own: Ctrl-C reaches only this script, which stops the servers itself.
            process = subprocess.Popen(
                [*command, "-b", "127.0.0.1", "-p", str(port), app],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        servers.append(Server(port=port, process=process, log_path=log_path))
    return servers


def wait_until_serving(servers: list[Server], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    for server in servers:
        while True:
            if server.process.poll() is not None:
                raise RuntimeError(f"Daphne on port {server.port} exited:\n{tail(server.log_path)}")
            try:
                with urllib.request.urlopen(server.base_url + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"Daphne on port {server.port} did not answer:\n{tail(server.log_path)}")
            time.sleep(0.2)


def stop_servers(servers: list[Server]) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
    for server in servers:
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=10)


@contextlib.contextmanager
def serving(args, env: dict, log_dir: Path, app: str):
    """``--servers`` Daphne processes serving ``app``, stopped however the block ends."""
    servers: list[Server] = []
    try:
        servers = start_servers(args.servers, env, log_dir, app, profile=args.profile)
        wait_until_serving(servers)
        yield servers
    finally:
        stop_servers(servers)


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# -- CPU accounting ------------------------------------------------------------------------------


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int, children: bool = False) -> float:
    """User plus system CPU of one process, all its threads (and its children that have exited)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / CLOCK_TICKS


def machine_cpu_seconds() -> float:
    """Busy CPU seconds of the whole machine since boot (steal included, idle and iowait not)."""
    values = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values[:8]) - values[3] - values[4]) / CLOCK_TICKS


def processes(command: str):
    """(pid, /proc entry) of every process whose command name is ``command``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == command:
                    yield int(entry.name), entry
            except OSError:
                continue


class PgBackends:
    """CPU of the PostgreSQL backends serving one database, not the others' on this machine.

    A backend's title names its database ("postgres: postgres cardsite_bench_h1 127.0.0.1(..)").
    The sites's pool keeps its backends for the whole run; one that appears within the window
    counts from zero. Sampled every second, so a backend that exits counts up to its last sample.
    """

    def __init__(self, database_url: str):
        name = database_url.rsplit("/", 1)[-1].split("?")[0]
        self.marker = f" {name} ".encode()
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}

    def sample(self, opening: bool = False) -> None:
        for pid, entry in processes("postgres"):
            try:
                if self.marker not in (entry / "cmdline").read_bytes().replace(b"\0", b" "):
                    continue
            except OSError:
                continue
            seconds = process_cpu_seconds(pid)
            self.first.setdefault(pid, seconds if opening else 0.0)
            self.last[pid] = seconds

    def seconds(self) -> float:
        return sum(self.last[pid] - self.first[pid] for pid in self.last)


def redis_cpu_seconds() -> float:
    return sum(process_cpu_seconds(pid) for pid, _ in processes("redis-server"))


@dataclass
class CpuSample:
    servers: list[float]
    client: float
    redis: float
    busy: float
    wall: float

    @classmethod
    def take(cls, servers: list[Server]) -> CpuSample:
        own = os.times()
        return cls(
            servers=[process_cpu_seconds(server.process.pid) for server in servers],
            client=own.user + own.system,
            redis=redis_cpu_seconds(),
            busy=machine_cpu_seconds(),
            wall=time.perf_counter(),
        )


@dataclass
class CpuUse:
    """CPU seconds used in the play window, by part."""

    wall: float
    daphne: float
    postgres: float
    redis: float
    client: float
    machine: float

    @classmethod
    def between(cls, before: CpuSample, after: CpuSample, postgres: float) -> CpuUse:
        return cls(
            wall=after.wall - before.wall,
            daphne=sum(b - a for a, b in zip(before.servers, after.servers, strict=True)),
            postgres=postgres,
            redis=after.redis - before.redis,
            client=after.client - before.client,
            machine=after.busy - before.busy,
        )


# -- the load --------------------------------------------------------------------------------------


@dataclass
class Figures:
    moves_sent: int = 0
    moves_ok: int = 0  # answered 204 and sent within the play window
    answer_ms: list[float] = field(default_factory=list)
    board_bytes: list[int] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    error_examples: list[str] = field(default_factory=list)
    matches_finished: int = 0

    def error(self, kind: str, example: str = "") -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if example and self.errors[kind] <= 2:  # the first two of each kind
            self.error_examples.append(f"{kind}: {example}")


@dataclass
class MoveSent:
    seen_seq: int
    sent_at: float
    target_seq: int | None  # the seq the move made; None until known (an HTTP pass)


@dataclass
class TableRun:
    """One match at one table: when each of its four sockets first reached each seq."""

    table_id: int
    arrivals: list[list[tuple[int, float]]] = field(default_factory=lambda: [[] for _ in range(4)])
    moves: list[MoveSent] = field(default_factory=list)

    def reached_at(self, socket_index: int, seq: int) -> float | None:
        arrivals = self.arrivals[socket_index]
        position = bisect.bisect_left(arrivals, (seq, 0.0))
        return arrivals[position][1] if position < len(arrivals) else None

    def socket_seq(self, socket_index: int) -> int:
        return self.arrivals[socket_index][-1][0] if self.arrivals[socket_index] else -1

    def unconfirmed(self) -> bool:
        targets = [move.target_seq for move in self.moves if move.target_seq is not None]
        return bool(targets) and any(self.socket_seq(index) < max(targets) for index in range(4))


class Bench:
    """One run: its servers, figures, and the moments that bound its play window."""

    def __init__(self, args, servers: list[Server], *, tables: int, floor: bool):
        self.args = args
        self.servers = servers
        self.tables = tables
        self.floor = floor
        self.figures = Figures()
        self.runs: list[TableRun] = []
        self.setup_gate = asyncio.Semaphore(args.setup_concurrency)
        self.stopping = asyncio.Event()  # no new moves
        self.closing = asyncio.Event()  # sockets may close
        self.started_slots: set[int] = set()
        self.all_started = asyncio.Event()
        self.in_flight = 0  # moves sent and not yet answered
        self.play_started = float("inf")  # moves before the window opens do not count
        self.stopped_at = float("inf")
        self.timeout = aiohttp.ClientTimeout(total=args.request_timeout)
        human = args.pace == "human"
        self.stagger = args.stagger if args.stagger is not None else args.think[1] if human else 0.0
        # Floor tables need no setup; numbered high and apart per run, as the site's are.
        self.floor_ids = FIRST_ID + random.randrange(10**8) * 1000

    def stop(self) -> None:
        if not self.stopping.is_set():
            self.stopped_at = time.perf_counter()
            self.stopping.set()

    def in_window(self, sent_at: float) -> bool:
        return self.play_started <= sent_at <= self.stopped_at

    def may_send_move(self) -> bool:
        if self.stopping.is_set():
            return False
        if self.args.moves and self.figures.moves_sent >= self.args.moves:
            self.stop()
            return False
        return True

    def table_started(self, slot: int) -> None:
        """The slot's (first) table is under way, or given up: the window may open after all."""
        self.started_slots.add(slot)
        if len(self.started_slots) >= self.tables:
            self.all_started.set()


class Refused(RuntimeError):
    """A non-2xx answer during setup, already counted as an error."""


class Pacer:
    """A token bucket as the site keeps per socket (games.socket_limits: ``rate`` frames a
    second, bursts of as many), so that fast guests stay under a limit no person comes near
    instead of measuring its refusals."""

    def __init__(self, rate: float):
        self.rate, self.tokens, self.last = rate, rate, time.monotonic()

    def delay(self) -> float:
        """Seconds to wait before the next send (0: now); the send is counted."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.last) * self.rate)
        self.last = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


class Guest:
    """One browser: a session cookie, a CSRF token, one socket to the table it plays at."""

    def __init__(self, bench: Bench, server: Server, rng: random.Random):
        self.bench = bench
        self.server = server
        self.rng = rng
        self.http = aiohttp.ClientSession(
            base_url=server.base_url,
            cookie_jar=aiohttp.CookieJar(unsafe=True, treat_as_secure_origin=server.base_url),
            timeout=bench.timeout,
        )
        self.csrf = ""
        self.pacer = Pacer(bench.args.socket_rate)

    async def close(self) -> None:
        await self.http.close()

    def headers(self) -> dict:
        return {"X-CSRFToken": self.csrf, "HX-Request": "true"}

    async def setup_request(self, method: str, path: str, **kwargs) -> tuple[aiohttp.ClientResponse, str]:
        """A request that sets a table up: a few at a time, tried again after a failure.

        Arrivals are spread out so that setting up does not swamp the servers; each failed
        try still counts as an error.
        """
        attempts = self.bench.args.setup_attempts
        for attempt in range(1, attempts + 1):
            async with self.bench.setup_gate:
                try:
                    async with self.http.request(method, path, **kwargs) as response:
                        text = await response.text()
                except (TimeoutError, aiohttp.ClientError) as error:
                    self.bench.figures.error("setup request failed", f"{method} {path}: {error!r}")
                    if attempt == attempts:
                        raise Refused(f"{method} {path}: {error!r}") from None
                    await asyncio.sleep(self.bench.args.retry_delay * attempt)
                    continue
            if 200 <= response.status < 400 or (response.status == 400 and "already have a seat" in text):
                return response, text  # the second case: an earlier try did take the seat
            self.bench.figures.error(f"setup HTTP {response.status}", f"{method} {path}: {why(text)}")
            if attempt == attempts:
                raise Refused(f"{method} {path}: HTTP {response.status}")
            await asyncio.sleep(self.bench.args.retry_delay * attempt)
        raise AssertionError("unreachable")

    async def arrive(self) -> None:
        """The home page, as a browser's first visit: it sets the CSRF cookie."""
        await self.setup_request("GET", "/")
        cookie = self.http.cookie_jar.filter_cookies(yarl.URL(self.server.base_url)).get("csrftoken")
        if cookie is None:
            raise RuntimeError("the home page set no csrftoken cookie")
        self.csrf = cookie.value

    async def create_table(self) -> int:
        response, _ = await self.setup_request(
            # Listed (public): the others join with the button alone, no invite code needed.
            "POST", "/hearts/new", data={"listed": "on"}, headers={"X-CSRFToken": self.csrf},
            allow_redirects=False,
        )
        match = TABLE_URL.search(response.headers.get("Location", ""))
        if match is None:
            raise RuntimeError("POST /hearts/new did not redirect to a table")
        return int(match.group(1))

    async def post_action(self, path: str) -> None:
        """A waiting-room button (join, start): answered 204, the boards come over the sockets."""
        await self.setup_request("POST", path, data={}, headers=self.headers())

    async def open_socket(self, table_id: int, seat: int):
        """The table's socket and its first frame: once that has come, the socket is in its
        audience's group (the consumer joins it before sending), so no later frame is missed."""
        path = f"/ws/t/{table_id}/" + (f"?seat={seat}" if self.bench.floor else "")
        ws = await self.http.ws_connect(
            path, origin=self.server.base_url, autoping=True, heartbeat=None, max_msg_size=0
        )
        message = await ws.receive()
        if message.type != aiohttp.WSMsgType.TEXT:
            await ws.close()
            raise RuntimeError(f"socket {path} closed before its first frame: {message.type.name}")
        return ws, message.data, time.perf_counter()

    # -- playing one match --

    async def play(self, run: TableRun, socket_index: int, ws, first_frame: str, first_at: float) -> bool:
        """Act on every frame that offers moves until the match ends or the bench closes.

        True when this guest saw the match end.
        """
        self.run, self.socket_index, self.ws = run, socket_index, ws
        self.frame_seq, self.legal = -1, []
        self.awaiting_seq = -1  # the seq its last move made: no acting before it is shown
        self.acting = False
        self.over = False
        self.answer: asyncio.Future | None = None  # the socket's answer to the move in flight
        self.passing, self.pass_shown_at, self.unplaced_passes = False, None, []
        self.mover: asyncio.Task | None = None
        self.ws_closing = False
        self.on_text(first_frame, first_at)
        closing = asyncio.ensure_future(self.bench.closing.wait())
        reader = asyncio.ensure_future(self.read_socket())
        try:
            await asyncio.wait([closing, reader], return_when=asyncio.FIRST_COMPLETED)
        finally:
            closing.cancel()
            if self.mover is not None and not self.mover.done():
                await asyncio.wait([self.mover], timeout=self.bench.args.request_timeout)
            self.ws_closing = True
            reader.cancel()
            await ws.close()
        return self.over

    async def read_socket(self) -> None:
        while not self.over:
            message = await self.ws.receive()
            if message.type == aiohttp.WSMsgType.TEXT:
                self.on_text(message.data, time.perf_counter())
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                if not self.ws_closing and not self.bench.closing.is_set():
                    self.bench.figures.error("socket drop", f"table {self.run.table_id}: {message.type.name}")
                return

    def on_text(self, text: str, now: float) -> None:
        """A socket message: a board (a group's frame, or a refusal's), a move answer, or both."""
        board = SEQ.search(text)
        answer = ANSWER.search(text)
        if board:
            seq = int(board.group(1))
            if answer is None:  # a board as every audience gets it, not a refusal's
                self.bench.figures.board_bytes.append(len(text.encode()))  # bytes on the wire
            arrivals = self.run.arrivals[self.socket_index]
            if not arrivals or seq > arrivals[-1][0]:
                arrivals.append((seq, now))
            self.see(seq, text)
        if answer and self.answer is not None and not self.answer.done():
            self.answer.set_result((int(answer.group(1)), int(answer.group(2)), now))

    def see(self, seq: int, html: str) -> None:
        """The newest frame; older ones never replace newer (the page's seq guard).

        Equal seqs replace: starting a table changes the frame (waiting room to the deal) at seq 0.
        """
        if seq < self.frame_seq:
            return
        self.frame_seq, self.legal = seq, legal_moves(html)
        self.note_pass_shown(seq)
        if OVER.search(html):
            self.over = True
            return
        self.maybe_act()

    def note_pass_shown(self, seq: int) -> None:
        """The seq of the first frame that no longer offers this seat a pass: its pass's own
        (passes are made at once, so over HTTP, which answers no seq, that is how it is known)."""
        passing = any(move.startswith("pass ") for move in self.legal)
        if passing:
            self.pass_shown_at = None
        elif self.passing:
            self.pass_shown_at = seq
            for move in self.unplaced_passes:
                move.target_seq = seq
            self.unplaced_passes.clear()
        self.passing = passing

    def maybe_act(self) -> None:
        if self.acting or self.over or not self.legal or self.frame_seq < self.awaiting_seq:
            return
        if self.unplaced_passes:  # an HTTP pass not shown yet: a frame drawn before it still offers one
            return
        if not self.bench.may_send_move():
            return
        self.acting = True
        self.mover = asyncio.ensure_future(self.take_turn())

    async def take_turn(self) -> None:
        """Think (at human pace), then send one of the moves the newest frame offers."""
        bench = self.bench
        try:
            if bench.args.pace == "human":
                await asyncio.sleep(self.rng.uniform(*bench.args.think))
            on_socket = bench.floor or bench.args.moves_over == "socket"
            if on_socket:
                await asyncio.sleep(self.pacer.delay())
            if self.over or not self.legal or not bench.may_send_move():
                return
            move, seen = self.rng.choice(self.legal), self.frame_seq
            bench.figures.moves_sent += 1
            bench.in_flight += 1
            try:
                if on_socket:
                    await self.move_on_socket(move, seen)
                else:
                    await self.move_over_http(move, seen)
            finally:
                bench.in_flight -= 1
        finally:
            self.acting = False
        if not self.over:
            self.maybe_act()

    async def move_on_socket(self, move: str, seen: int) -> None:
        """As the page's ws-send: the form's fields (seq, then the pressed button's move) as JSON."""
        frame = json.dumps({"seq": str(seen), "move": move}, separators=(",", ":"))
        self.answer = asyncio.get_running_loop().create_future()
        sent_at = time.perf_counter()
        try:
            await self.ws.send_str(frame)
            status, after, answered_at = await asyncio.wait_for(self.answer, self.bench.args.request_timeout)
        except TimeoutError:
            self.bench.figures.error("no answer on the socket", f"table {self.run.table_id}: {frame}")
            await asyncio.sleep(self.bench.args.retry_delay)
            return
        except (aiohttp.ClientError, ConnectionError) as error:
            self.bench.figures.error("socket send failed", f"table {self.run.table_id}: {error!r}")
            return
        finally:
            self.answer = None
        if status == 204:
            self.played(MoveSent(seen_seq=seen, sent_at=sent_at, target_seq=after), answered_at)
        else:
            # The board with the reason came with the answer and has been seen already.
            self.bench.figures.error(f"refused {status}", f"table {self.run.table_id} {frame}")
            await asyncio.sleep(self.bench.args.retry_delay)

    async def move_over_http(self, move: str, seen: int) -> None:
        """The no-JS form's post, with HX-Request as htmx would send it: 204 and nothing else."""
        path = f"/t/{self.run.table_id}/move"
        sent_at = time.perf_counter()
        try:
            async with self.http.post(
                path, data=[("seq", str(seen)), ("move", move)], headers=self.headers()
            ) as response:
                text, status = await response.text(), response.status
            answered_at = time.perf_counter()
        except TimeoutError:
            self.bench.figures.error("request timeout", path)
            await asyncio.sleep(self.bench.args.retry_delay)
            return
        except aiohttp.ClientError as error:
            self.bench.figures.error("connection error", f"{path}: {error!r}")
            await asyncio.sleep(self.bench.args.retry_delay)
            return
        if 200 <= status < 300:
            sent = MoveSent(seen_seq=seen, sent_at=sent_at, target_seq=seen + 1)
            if move.startswith("pass "):
                sent.target_seq = self.pass_shown_at
                if sent.target_seq is None:
                    self.unplaced_passes.append(sent)
            self.played(sent, answered_at)
            return
        board = SEQ.search(text)  # a refusal answers with the board and its reason
        if board:
            self.see(int(board.group(1)), text)
        self.bench.figures.error(f"HTTP {status}", f"{path} {move}: {why(text)}")
        await asyncio.sleep(self.bench.args.retry_delay)

    def played(self, sent: MoveSent, answered_at: float) -> None:
        """A move answered as played: count it (if sent in the window) and wait for its frame."""
        figures = self.bench.figures
        self.run.moves.append(sent)
        if self.bench.in_window(sent.sent_at):
            figures.moves_ok += 1
            figures.answer_ms.append((answered_at - sent.sent_at) * 1000)
        self.awaiting_seq = max(self.awaiting_seq, sent.target_seq if sent.target_seq is not None else sent.seen_seq + 1)


async def set_up_table(guests: list[Guest]) -> int:
    """The host makes a table and the others join."""
    table_id = await guests[0].create_table()
    await asyncio.gather(*(guest.post_action(f"/t/{table_id}/join") for guest in guests[1:]))
    return table_id


async def open_sockets(bench: Bench, guests: list[Guest], table_id: int):
    async with bench.setup_gate:  # a few tables' sockets at a time, as the setup requests
        return await asyncio.wait_for(
            asyncio.gather(*(guest.open_socket(table_id, seat) for seat, guest in enumerate(guests))),
            bench.args.setup_timeout,
        )


async def table_slot(bench: Bench, slot: int, guests: list[Guest], ready: list, all_ready: asyncio.Event) -> None:
    """Match after match at one table slot, the same four guests, until the bench stops."""
    first = True
    while not bench.stopping.is_set():
        table_id = None
        if bench.floor:
            table_id = bench.floor_ids + slot
        else:
            try:
                table_id = await asyncio.wait_for(set_up_table(guests), bench.args.setup_timeout)
            except Exception as error:
                if not isinstance(error, Refused):
                    bench.figures.error("setup failed", f"slot {slot}: {error!r}")
        if first:  # play starts once every table is seated (or given up)
            first = False
            ready.append(slot)
            if len(ready) == bench.tables:
                all_ready.set()
            await all_ready.wait()
            # Tables start at moments of their own, as people's do, not all in one second.
            await asyncio.sleep(guests[0].rng.uniform(0, bench.stagger))
        if table_id is None or bench.stopping.is_set():
            bench.table_started(slot)  # nothing to wait for here
            return
        try:
            opened = await open_sockets(bench, guests, table_id)
        except Exception as error:
            bench.figures.error("socket connect failed", f"table {table_id}: {error!r}")
            bench.table_started(slot)
            return
        run = TableRun(table_id=table_id)
        bench.runs.append(run)
        players = [
            asyncio.ensure_future(guest.play(run, index, ws, frame, at))
            for index, (guest, (ws, frame, at)) in enumerate(zip(guests, opened, strict=True))
        ]
        await asyncio.sleep(0)  # the players are listening before the deal goes out
        if not bench.floor:  # the floor's table is under way from its first frame
            try:
                await guests[0].post_action(f"/t/{table_id}/start")
            except Exception as error:
                if not isinstance(error, Refused):
                    bench.figures.error("start failed", f"table {table_id}: {error!r}")
                for player in players:
                    player.cancel()
                for ws, _, _ in opened:
                    await ws.close()
                bench.table_started(slot)
                return
        bench.table_started(slot)
        saw_end = await asyncio.gather(*players, return_exceptions=True)
        if all(ended is True for ended in saw_end):
            bench.figures.matches_finished += 1
        if bench.floor:
            return


async def baseline(bench: Bench, guests: list[Guest], seconds: float) -> tuple[int, float, list[float]]:
    """Every guest fetches ``--baseline-path`` in a loop, as many clients as moved cards."""
    path = bench.args.baseline_path
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def loop(guest: Guest) -> None:
        while time.perf_counter() < deadline:
            sent_at = time.perf_counter()
            try:
                async with guest.http.get(path) as response:
                    body = await response.text()
                    status = response.status
            except TimeoutError:
                bench.figures.error("baseline timeout", path)
                continue
            except aiohttp.ClientError as error:
                bench.figures.error("baseline connection error", repr(error))
                continue
            if status == 200:
                latencies.append((time.perf_counter() - sent_at) * 1000)
            else:
                bench.figures.error(f"baseline HTTP {status}", f"{path}: {why(body)}")

    started = time.perf_counter()
    await asyncio.gather(*(loop(guest) for guest in guests))
    return len(latencies), time.perf_counter() - started, latencies


def profiled(bench: Bench, signum: int) -> None:
    """Tell the profiled server (--profile) that the window opens (SIGUSR1) or closes (SIGUSR2)."""
    if bench.args.profile and bench.servers[0].process.poll() is None:
        bench.servers[0].process.send_signal(signum)


async def play_window(bench: Bench, slots: list[asyncio.Task], seconds: float) -> CpuUse:
    """The measured part: from the window's opening until its time, its move cap, or every
    table's end; CPU by part over it."""
    postgres = PgBackends(bench.args.database_url)
    postgres.sample(opening=True)
    profiled(bench, signal.SIGUSR1)
    before = CpuSample.take(bench.servers)
    bench.play_started = time.perf_counter()
    deadline = bench.play_started + seconds
    next_sample = bench.play_started + 1.0
    while time.perf_counter() < deadline and not bench.stopping.is_set():
        if all(slot.done() for slot in slots):
            break
        await asyncio.sleep(0.05)
        if not bench.floor and time.perf_counter() >= next_sample:  # backends that may exit
            postgres.sample()
            next_sample += 1.0
    bench.stop()
    after = CpuSample.take(bench.servers)
    profiled(bench, signal.SIGUSR2)
    if not bench.floor:
        postgres.sample()
    return CpuUse.between(before, after, postgres.seconds() if not bench.floor else 0.0)


async def close_slots(slots: list[asyncio.Task], timeout: float) -> None:
    """Let the tables close their sockets; cancel any still setting up (a window that opened
    on the setup's time-out), which would otherwise wait for a turn at the setup gate."""
    _, pending = await asyncio.wait(slots, timeout=timeout)
    for slot in pending:
        slot.cancel()
    await asyncio.gather(*slots, return_exceptions=True)


async def run_load(args, servers: list[Server], *, tables: int, seconds: float, floor: bool,
                   baseline_seconds: float = 0.0) -> dict:
    """Set up ``tables`` tables, let them play for the window, drain, and close."""
    bench = Bench(args, servers, tables=tables, floor=floor)
    rng = random.Random(args.seed)
    guests = [
        Guest(bench, servers[index % len(servers)], random.Random(rng.getrandbits(64)))
        for index in range(tables * 4)
    ]
    result: dict = {"bench": bench}
    try:
        # -- arrive, seat everyone, open the sockets and start --
        setup_started = time.perf_counter()
        if not floor:
            arrivals = await asyncio.wait_for(
                asyncio.gather(*(guest.arrive() for guest in guests), return_exceptions=True), args.setup_timeout
            )
            failed = [error for error in arrivals if isinstance(error, BaseException)]
            if failed:
                raise RuntimeError(f"{len(failed)} guests could not load the home page: {failed[0]!r}")
        ready: list[int] = []
        all_ready = asyncio.Event()
        slots = [
            asyncio.ensure_future(table_slot(bench, slot, guests[slot * 4 : slot * 4 + 4], ready, all_ready))
            for slot in range(tables)
        ]
        try:
            await asyncio.wait_for(asyncio.gather(all_ready.wait(), bench.all_started.wait()), args.setup_timeout)
        except TimeoutError:
            bench.figures.error("setup timeout", f"{len(bench.started_slots)} of {tables} tables started")
            all_ready.set()
        result["setup_seconds"] = time.perf_counter() - setup_started
        await asyncio.sleep(args.warmup)  # the sockets' opening and the deals are not measured

        # -- play --
        result["cpu"] = await play_window(bench, slots, seconds)
        # Drain: moves already answered still have frames on their way to the other sockets.
        drain_deadline = time.perf_counter() + args.drain
        while time.perf_counter() < drain_deadline and (
            bench.in_flight or any(run.unconfirmed() for run in bench.runs)
        ):
            await asyncio.sleep(0.05)
        bench.closing.set()
        await close_slots(slots, args.request_timeout + 10)

        # -- the trivial page, same servers, same number of clients --
        if baseline_seconds > 0:
            result["baseline"] = await baseline(bench, guests, baseline_seconds)
    finally:
        await asyncio.gather(*(guest.close() for guest in guests), return_exceptions=True)
    for server in servers:
        if server.process.poll() is not None:
            bench.figures.error("server died", f"port {server.port}: {tail(server.log_path, 5)}")
    return result


# -- the summary -----------------------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"p50 {percentile(values, 0.50):.1f}  p95 {percentile(values, 0.95):.1f}  "
        f"p99 {percentile(values, 0.99):.1f}  max {max(values):.1f} ms  (n={len(values)})"
    )


def fan_out(bench: Bench) -> tuple[list[float], int]:
    """Latency of each move in the window until all four sockets had it, and how many never
    got there in time."""
    latencies, late = [], 0
    limit = bench.args.confirm_timeout
    for run in bench.runs:
        for move in run.moves:
            if not bench.in_window(move.sent_at):
                continue
            reached = [None] if move.target_seq is None else [
                run.reached_at(index, move.target_seq) for index in range(4)]
            if any(at is None for at in reached) or max(reached) - move.sent_at > limit:
                late += 1
                continue
            latencies.append((max(reached) - move.sent_at) * 1000)
    return latencies, late


@dataclass
class Outcome:
    """One run's figures, worked out."""

    floor: bool
    tables: int
    setup_seconds: float
    moves: int
    fan_out_ms: list[float]
    answer_ms: list[float]
    board_bytes: list[int]
    errors: dict[str, int]
    examples: list[str]
    cpu: CpuUse
    matches_finished: int
    tables_played: int

    @classmethod
    def of(cls, result: dict) -> Outcome:
        bench: Bench = result["bench"]
        figures = bench.figures
        latencies, late = fan_out(bench)
        errors = dict(figures.errors)
        if late:
            errors["move not on all 4 sockets in time"] = late
        return cls(
            floor=bench.floor, tables=bench.tables, setup_seconds=result["setup_seconds"],
            moves=figures.moves_ok, fan_out_ms=latencies, answer_ms=figures.answer_ms,
            board_bytes=figures.board_bytes, errors=errors, examples=figures.error_examples,
            cpu=result["cpu"], matches_finished=figures.matches_finished, tables_played=len(bench.runs),
        )

    @property
    def label(self) -> str:
        return "floor" if self.floor else "site"

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.cpu.wall if self.cpu.wall > 0 else 0.0

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def p(self, fraction: float) -> float:
        return percentile(self.fan_out_ms, fraction) if self.fan_out_ms else float("inf")

    def ms_per_move(self, seconds: float) -> float:
        return seconds * 1000 / self.moves if self.moves else float("nan")

    @property
    def server_ms(self) -> float:
        """The Daphne processes' CPU per move: the figure set against the floor."""
        return self.ms_per_move(self.cpu.daphne)

    @property
    def all_servers_ms(self) -> float:
        """With PostgreSQL's and Redis's part (Redis: all of it, whoever else uses it)."""
        return self.ms_per_move(self.cpu.daphne + self.cpu.postgres + self.cpu.redis)


def print_run(args, outcome: Outcome, heading: str) -> None:
    cpu, cores = outcome.cpu, os.cpu_count() or 1
    moves_over = "socket" if outcome.floor else args.moves_over
    sizes = outcome.board_bytes
    print()
    print(
        f"== {heading}{outcome.label}: {outcome.tables} tables x 4 guests, moves over {moves_over}, "
        f"{args.pace} pace, {args.servers} Daphne processes, {cores} cores; window {cpu.wall:.1f} s "
        f"(setup {outcome.setup_seconds:.1f} s)"
    )
    print(
        f"moves {outcome.moves} ({outcome.moves_per_second:.1f}/s), matches finished "
        f"{outcome.matches_finished}, tables played {outcome.tables_played}; boards received: "
        + (f"mean {sum(sizes) / len(sizes):.0f} B, max {max(sizes)} B (n={len(sizes)})" if sizes else "none")
    )
    print(f"fan-out to 4 sockets: {spread(outcome.fan_out_ms)}")
    print(f"move answer:          {spread(outcome.answer_ms)}")
    parts = (("Daphne", cpu.daphne), ("PostgreSQL (this database)", cpu.postgres), ("Redis", cpu.redis),
             ("this client", cpu.client), ("machine", cpu.machine))
    print("CPU ms per move:  " + "  ".join(f"{name} {outcome.ms_per_move(value):.2f}" for name, value in parts))
    if cpu.wall > 0:
        print("CPU cores in use: " + "  ".join(f"{name} {value / cpu.wall:.2f}" for name, value in parts)
              + f" of {cores}")
    print(f"errors: {outcome.error_count}" + (f"  {outcome.errors}" if outcome.errors else ""))
    for example in outcome.examples:
        print(f"  e.g. {example}")


def print_baseline(args, servers: list[Server], tables: int, outcome: Outcome, found) -> None:
    count, seconds, latencies = found
    rps = count / seconds if seconds > 0 else 0.0
    print(
        f"trivial page GET {args.baseline_path}: {rps:.1f} requests/s with {len(servers)} servers and "
        f"{tables * 4} clients;  {spread(latencies)}"
    )
    if rps:
        print(f"move throughput / trivial page throughput: {outcome.moves_per_second / rps:.3f}")


def print_comparison(args, rounds: list[tuple[Outcome, Outcome]]) -> bool:
    print()
    print(
        f"== CPU ms per move, site vs floor ({rounds[0][0].tables} tables, {args.servers} Daphne processes): "
        "Daphne processes [with PostgreSQL and Redis]"
    )
    for number, (site, floor) in enumerate(rounds, 1):
        first = "site first" if number % 2 else "floor first"
        print(
            f"round {number} ({first}): site {site.server_ms:.2f} [{site.all_servers_ms:.2f}]  floor "
            f"{floor.server_ms:.2f} [{floor.all_servers_ms:.2f}]  site/floor {site.server_ms / floor.server_ms:.2f} "
            f"[{site.all_servers_ms / floor.all_servers_ms:.2f}]"
        )
    site_ms = sum(site.server_ms for site, _ in rounds) / len(rounds)
    floor_ms = sum(floor.server_ms for _, floor in rounds) / len(rounds)
    met = site_ms / floor_ms <= args.goal_ratio
    print(
        f"mean of {len(rounds)}: site {site_ms:.2f}  floor {floor_ms:.2f}  site/floor {site_ms / floor_ms:.2f}  "
        f"(goal <= {args.goal_ratio:g}: {'met' if met else 'MISSED'})"
    )
    return met


def print_steps(args, steps: list[Outcome]) -> bool:
    print()
    think = f", think {args.think[0]:g}-{args.think[1]:g} s" if args.pace == "human" else ""
    print(f"== tables found ({steps[0].label}, {args.pace} pace{think}, {args.step_seconds:g} s a step, "
          f"{args.servers} Daphne processes)")
    print("tables  moves/s   p95 ms   p99 ms  errors  Daphne cores  machine busy  Daphne ms/move")
    for step in steps:
        wall = step.cpu.wall or float("nan")
        print(
            f"{step.tables:6}  {step.moves_per_second:7.1f}  {step.p(0.95):7.1f}  {step.p(0.99):7.1f}  "
            f"{step.error_count:6}  {step.cpu.daphne / wall:12.2f}  {step.cpu.machine / wall:12.2f}  "
            f"{step.server_ms:14.2f}"
        )
    good = [step.tables for step in steps if passes(args, step)]
    largest = max(good, default=0)
    met = largest >= args.goal_tables
    print(f"largest table count with p95 < {args.goal_p95:g} ms and no errors: {largest or 'none'} "
          f"(goal >= {args.goal_tables}: {'met' if met else 'MISSED'})")
    return met


def passes(args, outcome: Outcome) -> bool:
    return outcome.p(0.95) < args.goal_p95 and outcome.error_count == 0


# -- the modes ---------------------------------------------------------------------------------------


def app_of(floor: bool) -> str:
    return FLOOR_APP if floor else SITE_APP


def one_run(args, env: dict, log_dir: Path) -> bool:
    with serving(args, env, log_dir, app_of(args.floor)) as servers:
        print(
            f"Daphne pids {[server.process.pid for server in servers]} on ports "
            f"{[server.port for server in servers]}; {args.tables} tables, at most {args.seconds:g} s"
            + (f" and {args.moves} moves" if args.moves else "")
        )
        baseline_seconds = 0.0 if args.floor else args.baseline_seconds
        result = asyncio.run(run_load(args, servers, tables=args.tables, seconds=args.seconds, floor=args.floor,
                                      baseline_seconds=baseline_seconds))
        outcome = Outcome.of(result)
        print_run(args, outcome, "")
        if "baseline" in result:
            print_baseline(args, servers, args.tables, outcome, result["baseline"])
    met = passes(args, outcome)
    print(f"goal (p95 < {args.goal_p95:g} ms, no errors): {'met' if met else 'MISSED'}")
    return met


def compare_floor(args, env: dict, log_dir: Path) -> bool:
    """Site and floor back to back, fresh servers each, the order alternating by round."""
    rounds, board_bytes = [], []
    for number in range(1, args.rounds + 1):
        outcomes = {}
        for floor in (False, True) if number % 2 else (True, False):
            if floor and board_bytes and not args.floor_frame_bytes:  # as big as the site's boards
                env = env | {"FLOOR_FRAME_BYTES": str(round(sum(board_bytes) / len(board_bytes)))}
            with serving(args, env, log_dir, app_of(floor)) as servers:
                result = asyncio.run(run_load(args, servers, tables=args.tables, seconds=args.seconds, floor=floor))
            outcomes[floor] = Outcome.of(result)
            if not floor:
                board_bytes += outcomes[floor].board_bytes
            print_run(args, outcomes[floor], f"round {number}, ")
        rounds.append((outcomes[False], outcomes[True]))
    return print_comparison(args, rounds)


def find_tables(args, env: dict, log_dir: Path) -> bool:
    """Short windows, more tables each step, on one set of servers; fresh tables each step."""
    steps = []
    with serving(args, env, log_dir, app_of(args.floor)) as servers:
        for tables in [count for count in args.table_steps if count <= args.max_tables]:
            result = asyncio.run(run_load(args, servers, tables=tables, seconds=args.step_seconds, floor=args.floor))
            steps.append(Outcome.of(result))
            print_run(args, steps[-1], "step: ")
            if not passes(args, steps[-1]) and not args.keep_going:
                break
    return print_steps(args, steps)


# -- main --------------------------------------------------------------------------------------------


def refuse_remote_services(parser: argparse.ArgumentParser, args) -> None:
    """Load is sent to this machine's services only (DATABASE_URL, REDIS_URL)."""
    for url in (args.database_url, args.redis_url):
        host = re.match(r"^\w+://(?:[^@/]*@)?(\[[^\]]*\]|[^:/]*)", url)
        if host is None or host.group(1) not in ("127.0.0.1", "localhost", "[::1]"):
            parser.error(f"only services on this machine may be loaded: {url}")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (4 guests each)")
    parser.add_argument("--seconds", type=float, default=60.0, help="cap on the play window")
    parser.add_argument("--moves", type=int, default=0, help="cap on moves sent (0: no cap)")
    parser.add_argument("--servers", type=int, default=2, help="Daphne processes")
    parser.add_argument("--moves-over", choices=("socket", "http"), default="socket",
                        help="the guest's table socket (as the page) or POST /t/<id>/move")
    parser.add_argument("--pace", choices=("fast", "human"), default="fast",
                        help="fast: move at once; human: think --think seconds first")
    parser.add_argument("--think", type=float, nargs=2, default=[1.5, 4.0], metavar=("MIN", "MAX"),
                        help="a human-paced guest's thinking time before each move, uniform")
    parser.add_argument("--socket-rate", type=float, default=7.5,
                        help="a guest's moves a second on its socket at most, in bursts of as many "
                        "(the site refuses more than SOCKET_FRAMES_PER_SECOND, 8; 0: no limit)")
    parser.add_argument("--floor", action="store_true", help="load bench/floor_app.py instead of the site")
    parser.add_argument("--floor-frame-bytes", type=int, default=None,
                        help="the floor's board size; by default, with --compare-floor, the mean board "
                        f"the site's runs so far sent, else {FLOOR_FRAME_BYTES}")
    parser.add_argument("--compare-floor", action="store_true", help="site and floor back to back")
    parser.add_argument("--rounds", type=int, default=1, help="--compare-floor rounds, the order alternating")
    parser.add_argument("--find-tables", action="store_true",
                        help="a short window per table count of --table-steps up to --max-tables")
    parser.add_argument("--table-steps", type=lambda text: [int(part) for part in text.split(",")],
                        default=[25, 50, 100, 150, 200, 300, 400])
    parser.add_argument("--max-tables", type=int, default=200)
    parser.add_argument("--step-seconds", type=float, default=20.0, help="each --find-tables window")
    parser.add_argument("--keep-going", action="store_true", help="--find-tables: past a count that misses")
    parser.add_argument("--stagger", type=float, default=None,
                        help="tables start at random moments over this many seconds (default: the "
                        "longest --think at human pace, else 0)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds between the last table's start and the window's opening")
    parser.add_argument(
        "--baseline-seconds", type=float, default=10.0,
        help="how long to load the trivial page after a plain site run (0: skip)",
    )
    parser.add_argument("--baseline-path", default="/",
                        help="the trivial page: the home page (a template and the session's player)")
    parser.add_argument("--setup-timeout", type=float, default=120.0)
    parser.add_argument("--setup-concurrency", type=int, default=8,
                        help="setup requests (arrive, create, join) and tables' socket openings at once")
    parser.add_argument("--setup-attempts", type=int, default=3, help="tries of each setup request")
    parser.add_argument("--retry-delay", type=float, default=0.2,
                        help="seconds before acting again after a failed or refused move")
    parser.add_argument("--request-timeout", type=float, default=10.0, help="for an answer to a move too")
    parser.add_argument("--confirm-timeout", type=float, default=5.0,
                        help="a move not on all four sockets by then counts as an error")
    parser.add_argument("--drain", type=float, default=5.0, help="seconds after the stop for frames in flight")
    parser.add_argument("--seed", type=int, default=1, help="the guests' random choices")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--goal-p95", type=float, default=100.0, help="fan-out p95 a run must beat, ms")
    parser.add_argument("--goal-ratio", type=float, default=2.0, help="site/floor CPU per move at most")
    parser.add_argument("--goal-tables", type=int, default=100, help="--find-tables: tables at p95 < goal")
    parser.add_argument("--keep-logs", action="store_true", help="keep the Daphne logs and say where")
    parser.add_argument("--profile", action="store_true",
                        help="the first Daphne under bench/profiled_daphne.py (cProfile in every thread, over "
                        "the window, written in its log directory, kept); it costs CPU too")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.servers < 1 or args.seconds <= 0 or args.rounds < 1:
        parser.error("--tables, --servers, --seconds and --rounds must be positive")
    if args.moves_over == "http" and (args.floor or args.compare_floor):
        parser.error("the floor takes moves over the socket only")
    if args.think[0] < 0 or args.think[1] < args.think[0]:
        parser.error("--think MIN MAX: 0 <= MIN <= MAX")
    refuse_remote_services(parser, args)
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    env = server_env(args)
    if not args.floor or args.compare_floor:  # the floor needs no database
        ensure_database(args.database_url)
        prepare(env, args.database_url)
    log_dir = Path(tempfile.mkdtemp(prefix="table_load-"))

    def terminated(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        if args.find_tables:
            find_tables(args, env, log_dir)
        elif args.compare_floor:
            compare_floor(args, env, log_dir)
        else:
            one_run(args, env, log_dir)
        return 0
    except KeyboardInterrupt:
        print("interrupted; stopping the servers", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        if args.keep_logs or args.profile:
            print(f"Daphne logs: {log_dir}")
        else:
            shutil.rmtree(log_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
