"""Hearts tables under load: four guests per table, moves over HTTP, frames over WebSocket.

    .venv/bin/python bench/table_load.py                          # 50 tables, 60 s, 2 Daphne processes
    .venv/bin/python bench/table_load.py --tables 5 --seconds 15  # a quick look

The script brings up what it measures, on 127.0.0.1 only: it creates the database named
by DATABASE_URL if it is missing, runs ``manage.py migrate`` against it, and starts
``--servers`` Daphne processes sharing PostgreSQL and the Redis channel layer (REDIS_URL),
configured as in production (DEBUG off, static files collected, but plain HTTP: no TLS
proxy in front) and BOT_MOVE_DELAY=0. It stops them at the end, on errors and on Ctrl-C.
PostgreSQL and Redis must already be running.

Every table has four guests (no bots), each with its own session cookie, spread over the
servers (so a table's frames cross processes through Redis). Guests load the home page (CSRF
cookie), the host creates the table and the others join, a few requests at a time so that
setting up is not what gets measured. When every table is seated, each table's guests open
its WebSocket and the host starts. From then on a guest plays whenever its newest frame
(from its socket or from its own move's response, as htmx swaps both in) shows it is to act:
a random legal card, or three random cards to pass, in hand order. A failed request is
tried again after ``--retry-delay``. A finished match is followed by a new table for the
same four guests until the time or move cap is reached.

Figures printed:
- moves per second (moves answered 2xx and sent before the stop, over the play window);
- fan-out latency: from sending a move's POST until a frame with ``data-seq`` at least the
  move's own seq has arrived on all four sockets of its table (a play's seq is the seq it
  was sent at plus one; a pass's is taken from its response's board, an upper bound since
  passes are made at once);
- the POST's own response time;
- errors: non-2xx answers, socket drops, request time-outs, moves that did not reach all
  four sockets within ``--confirm-timeout``;
- requests per second of a trivial page (``--baseline-path``, the home page: one template
  and the session's player, lighter than /healthz, which also checks the channel layer and
  opens a broker connection) with the same servers and the same number of clients (each
  fetching in a loop), and the ratio of move throughput to it;
- CPU used in the play window by the Daphne processes, PostgreSQL, Redis, this client and
  anything else on the machine, from /proc.

The client is aiohttp (HTTP and WebSocket in one library): ``pip install aiohttp``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import html as html_module
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

SEQ = re.compile(r'data-seq="(\d+)"')
LEGAL_PLAY = re.compile(r'name="move" value="(play \w\w)"')
# A hand card offered for passing: a button with data-pass-card, its data-card wherever it stands.
PASS_CARD = re.compile(r'<button(?=[^>]*\bdata-pass-card\b)[^>]*\bdata-card="(\w\w)"')
TABLE_URL = re.compile(r"/t/(\d+)/")
OVER = 'class="final"'
DEBUG_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
DEBUG_VALUE = re.compile(r'<pre class="exception_value">(.*?)</pre>', re.S)


def why(html: str) -> str:
    """The exception on Django's DEBUG error page, or the start of the answer."""
    value = DEBUG_VALUE.search(html)
    title = DEBUG_TITLE.search(html)
    if value or title:
        text = " ".join(part.group(1) for part in (title, value) if part)
        return " ".join(html_module.unescape(text).split())[:200]
    return " ".join(html.split())[:120]


PASSING = 'data-pass-form="1"'


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
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",  # no TLS proxy on 127.0.0.1
        BOT_MOVE_DELAY="0",
        DJANGO_SETTINGS_MODULE="cardsite.settings",
        PYTHONUNBUFFERED="1",
    )
    return env


def prepare(env: dict) -> None:
    """Migrate, and collect static files: with DEBUG off pages name their hashed copies."""
    started = time.perf_counter()
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300
        )
    print(f"migrated and collected static files in {time.perf_counter() - started:.1f} s")


def start_servers(count: int, env: dict, log_dir: Path) -> list[Server]:
    daphne = BIN / "daphne"
    servers = []
    for index in range(count):
        port = free_port()
        log_path = log_dir / f"daphne-{index}.log"
        with open(log_path, "wb") as log:
            # A session of its own: Ctrl-C reaches only this script, which stops the servers itself.
            process = subprocess.Popen(
                [str(daphne), "-b", "127.0.0.1", "-p", str(port), "cardsite.asgi:application"],
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


def machine_cpu_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot."""
    values = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    total = sum(values[:8])  # steal included, guest already inside user
    return (total - idle) / CLOCK_TICKS, total / CLOCK_TICKS


def cpu_by_command(names: tuple[str, ...]) -> dict[str, float]:
    """CPU seconds of the processes whose command name starts with one of ``names``, per name.

    Exited children count too: PostgreSQL forks a backend per connection, and ones that
    ended within the window have their time in the postmaster's children total.
    """
    seconds = dict.fromkeys(names, 0.0)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "comm").read_text().strip()
        except OSError:
            continue
        for name in names:
            if command.startswith(name):
                seconds[name] += process_cpu_seconds(int(entry.name), children=True)
    return seconds


SERVICES = ("postgres", "redis-server")


@dataclass
class CpuSample:
    servers: list[float]
    client: float
    services: dict[str, float]
    busy: float
    wall: float

    @classmethod
    def take(cls, servers: list[Server]) -> CpuSample:
        busy, _total = machine_cpu_seconds()
        own = os.times()
        return cls(
            servers=[process_cpu_seconds(server.process.pid) for server in servers],
            client=own.user + own.system,
            services=cpu_by_command(SERVICES),
            busy=busy,
            wall=time.perf_counter(),
        )


# -- the load --------------------------------------------------------------------------------------


@dataclass
class Figures:
    moves_sent: int = 0
    moves_ok: int = 0
    move_post_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    error_examples: list[str] = field(default_factory=list)
    matches_finished: int = 0

    def error(self, kind: str, example: str = "") -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if example and self.errors[kind] <= 2:  # the first two of each kind
            self.error_examples.append(f"{kind}: {example}")


@dataclass
class MoveSent:
    target_seq: int
    sent_at: float
    answered_at: float


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
        if not self.moves:
            return False
        wanted = max(move.target_seq for move in self.moves)
        return any(self.socket_seq(index) < wanted for index in range(4))


class Bench:
    def __init__(self, args, servers: list[Server]):
        self.args = args
        self.servers = servers
        self.figures = Figures()
        self.runs: list[TableRun] = []
        self.setup_gate = asyncio.Semaphore(args.setup_concurrency)
        self.stopping = asyncio.Event()  # no new moves
        self.closing = asyncio.Event()  # sockets may close
        self.in_flight = 0  # moves sent and not yet answered
        self.play_started = 0.0
        self.stopped_at = 0.0
        self.last_answer_at = 0.0
        self.timeout = aiohttp.ClientTimeout(total=args.request_timeout)

    def stop(self) -> None:
        if not self.stopping.is_set():
            self.stopped_at = time.perf_counter()
            self.stopping.set()

    def may_send_move(self) -> bool:
        if self.stopping.is_set():
            return False
        if self.args.moves and self.figures.moves_sent >= self.args.moves:
            self.stop()
            return False
        return True


class Refused(RuntimeError):
    """A non-2xx answer during setup, already counted as an error."""


class Guest:
    """One browser: a session cookie, a CSRF token, one socket to the table it plays at."""

    def __init__(self, bench: Bench, server: Server, rng: random.Random):
        self.bench = bench
        self.server = server
        self.rng = rng
        self.http = aiohttp.ClientSession(
            base_url=server.base_url, cookie_jar=aiohttp.CookieJar(unsafe=True, treat_as_secure_origin=server.base_url), timeout=bench.timeout
        )
        self.csrf = ""

    async def close(self) -> None:
        await self.http.close()

    def headers(self, htmx: bool = True) -> dict:
        headers = {"X-CSRFToken": self.csrf}
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    async def setup_request(self, method: str, path: str, **kwargs) -> tuple[aiohttp.ClientResponse, str]:
        """A request that sets a table up: a few at a time, tried again after a failure.

        Arrivals are spread out so that setting up is not what gets measured; each failed
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
            "POST", "/hearts/new", data={"listed": "on"}, headers=self.headers(htmx=False), allow_redirects=False
        )
        match = TABLE_URL.search(response.headers.get("Location", ""))
        if match is None:
            raise RuntimeError("POST /hearts/new did not redirect to a table")
        return int(match.group(1))

    async def post_board(self, path: str) -> str:
        _, text = await self.setup_request("POST", path, data={}, headers=self.headers())
        return text

    # -- playing one match --

    async def play(self, run: TableRun, socket_index: int, ws) -> bool:
        """Act on every frame that asks it to until the match ends or the bench closes.

        True when this guest saw the match end.
        """
        self.run, self.socket_index, self.ws = run, socket_index, ws
        self.frame_seq, self.frame = -1, ""
        self.awaiting_seq = -1
        self.in_flight = False
        self.over = False
        self.mover: asyncio.Task | None = None
        self.ws_closing = False
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
        while True:
            message = await self.ws.receive()
            if message.type == aiohttp.WSMsgType.TEXT:
                now = time.perf_counter()
                match = SEQ.search(message.data)
                if match is None:
                    continue
                seq = int(match.group(1))
                arrivals = self.run.arrivals[self.socket_index]
                if not arrivals or seq > arrivals[-1][0]:
                    arrivals.append((seq, now))
                self.see(seq, message.data)
                if self.over:
                    return
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                if not self.ws_closing and not self.bench.closing.is_set():
                    self.bench.figures.error("socket drop", f"table {self.run.table_id}: {message.type.name}")
                return

    def see(self, seq: int, html: str) -> None:
        """A frame from the socket or from a move's response; older ones never replace newer.

        Equal seqs replace: starting a table changes the frame (waiting room to the deal) at seq 0.
        """
        if seq < self.frame_seq:
            return
        self.frame_seq, self.frame = seq, html
        if OVER in html:
            self.over = True
            return
        self.maybe_act()

    def maybe_act(self) -> None:
        if self.in_flight or self.over or not self.bench.may_send_move():
            return
        # An accepted move answers 204: wait for the socket's frame of that seq before acting
        # on the board again, as a person waits to see their move land.
        if self.frame_seq < self.awaiting_seq:
            return
        html = self.frame
        if PASSING in html:
            hand = PASS_CARD.findall(html)
            if len(hand) < 3:
                return
            chosen = sorted(self.rng.sample(range(len(hand)), 3))
            data = [("verb", "pass")] + [("card", hand[index]) for index in chosen]
            is_pass = True
        else:
            legal = LEGAL_PLAY.findall(html)
            if not legal:
                return
            data = [("move", self.rng.choice(legal))]
            is_pass = False
        data.append(("seq", str(self.frame_seq)))
        self.in_flight = True
        self.bench.in_flight += 1
        self.bench.figures.moves_sent += 1
        self.mover = asyncio.ensure_future(self.send_move(data, self.frame_seq, is_pass))

    async def send_move(self, data, seen_seq: int, is_pass: bool) -> None:
        bench, figures = self.bench, self.bench.figures
        path = f"/t/{self.run.table_id}/move"
        sent_at = time.perf_counter()
        html, status, header_seq = "", 0, None
        try:
            async with self.http.post(path, data=data, headers=self.headers()) as response:
                html = await response.text()
                answered_at = time.perf_counter()
                status = response.status
                header_seq = response.headers.get("X-Table-Seq")
        except TimeoutError:
            figures.error("request timeout", path)
        except aiohttp.ClientError as error:
            figures.error("connection error", f"{path}: {error!r}")
        finally:
            if not 200 <= status < 300:
                # As a person would click again, not at once: a failing server is not hammered.
                await asyncio.sleep(bench.args.retry_delay)
            self.in_flight = False
            bench.in_flight -= 1
        if not status:
            self.maybe_act()
            return
        # A move that is accepted answers 204 with the table's seq in a header (the frame
        # comes over the socket); a refused one answers with the board.
        match = SEQ.search(html)
        answered_seq = int(match.group(1)) if match else int(header_seq) if header_seq else -1
        if 200 <= status < 300:
            if sent_at <= (bench.stopped_at or float("inf")):
                figures.moves_ok += 1
                figures.move_post_ms.append((answered_at - sent_at) * 1000)
                bench.last_answer_at = max(bench.last_answer_at, answered_at)
            target = answered_seq if is_pass else seen_seq + 1
            self.run.moves.append(MoveSent(target_seq=target, sent_at=sent_at, answered_at=answered_at))
        else:
            figures.error(f"HTTP {status}", f"{path} {data}: {why(html)}")
        if match:
            self.see(answered_seq, html)
        elif 200 <= status < 300:
            self.awaiting_seq = max(self.awaiting_seq, answered_seq)
        if not self.over:
            self.maybe_act()


async def set_up_table(guests: list[Guest]) -> int:
    """The host makes a table and the others join."""
    table_id = await guests[0].create_table()
    await asyncio.gather(*(guest.post_board(f"/t/{table_id}/join") for guest in guests[1:]))
    return table_id


async def open_socket(guest: Guest, table_id: int):
    return await guest.http.ws_connect(
        f"/ws/t/{table_id}/", origin=guest.server.base_url, autoping=True, heartbeat=None, max_msg_size=0
    )


async def table_slot(
    bench: Bench, slot: int, guests: list[Guest], ready: list, all_ready: asyncio.Event
) -> None:
    """Match after match at one table slot, the same four guests, until the bench stops.

    The sockets open right before the host starts, not while other tables are still being set
    up: with redis-py 8 an idle channel-layer receive times out after 5 s and drops the socket.
    """
    first = True
    while not bench.stopping.is_set():
        table_id = None
        try:
            table_id = await asyncio.wait_for(set_up_table(guests), bench.args.setup_timeout)
        except Exception as error:
            if not isinstance(error, Refused):
                bench.figures.error("setup failed", f"slot {slot}: {error!r}")
        if first:
            first = False
            ready.append(slot)
            if len(ready) == bench.args.tables:
                all_ready.set()
            await all_ready.wait()
        if table_id is None or bench.stopping.is_set():
            return
        try:
            sockets = await asyncio.wait_for(
                asyncio.gather(*(open_socket(guest, table_id) for guest in guests)), bench.args.setup_timeout
            )
        except Exception as error:
            bench.figures.error("socket connect failed", f"table {table_id}: {error!r}")
            return
        run = TableRun(table_id=table_id)
        bench.runs.append(run)
        players = [
            asyncio.ensure_future(guest.play(run, index, ws))
            for index, (guest, ws) in enumerate(zip(guests, sockets, strict=True))
        ]
        await asyncio.sleep(0)  # the players are listening before the deal goes out
        try:
            html = await guests[0].post_board(f"/t/{table_id}/start")
        except Exception as error:
            if not isinstance(error, Refused):
                bench.figures.error("start failed", f"table {table_id}: {error!r}")
            for player in players:
                player.cancel()
            for ws in sockets:
                await ws.close()
            return
        match = SEQ.search(html)
        if match:
            guests[0].see(int(match.group(1)), html)  # htmx swaps the answer in, as the socket's frame
        saw_end = await asyncio.gather(*players)
        if all(saw_end):
            bench.figures.matches_finished += 1


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


async def run_load(args, servers: list[Server]) -> dict:
    bench = Bench(args, servers)
    rng = random.Random(args.seed)
    guests = [
        Guest(bench, servers[index % len(servers)], random.Random(rng.getrandbits(64)))
        for index in range(args.tables * 4)
    ]
    result: dict = {"bench": bench}
    try:
        # -- arrive and seat everyone --
        setup_started = time.perf_counter()
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
            for slot in range(args.tables)
        ]
        try:
            await asyncio.wait_for(all_ready.wait(), args.setup_timeout)
        except TimeoutError:
            bench.figures.error("setup timeout", f"{len(ready)} of {args.tables} tables ready")
            all_ready.set()
        result["setup_seconds"] = time.perf_counter() - setup_started

        # -- play --
        cpu_before = CpuSample.take(servers)
        bench.play_started = time.perf_counter()
        deadline = bench.play_started + args.seconds
        while time.perf_counter() < deadline and not bench.stopping.is_set():
            if all(slot.done() for slot in slots):
                break
            await asyncio.sleep(0.05)
        bench.stop()
        cpu_after = CpuSample.take(servers)
        # Drain: moves already answered still have frames on their way to the other sockets.
        drain_deadline = time.perf_counter() + args.drain
        while time.perf_counter() < drain_deadline and (
            bench.in_flight or any(run.unconfirmed() for run in bench.runs)
        ):
            await asyncio.sleep(0.05)
        bench.closing.set()
        await asyncio.wait_for(asyncio.gather(*slots, return_exceptions=True), args.request_timeout + 10)
        result["cpu"] = (cpu_before, cpu_after)

        # -- the trivial page, same servers, same number of clients --
        if args.baseline_seconds > 0:
            result["baseline"] = await baseline(bench, guests, args.baseline_seconds)
    finally:
        await asyncio.gather(*(guest.close() for guest in guests), return_exceptions=True)
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
    """Latency of each move until all four sockets had it, and how many never got there in time."""
    latencies, late = [], 0
    limit = bench.args.confirm_timeout
    for run in bench.runs:
        for move in run.moves:
            if move.sent_at > bench.stopped_at:
                continue
            reached = [run.reached_at(index, move.target_seq) for index in range(4)]
            if any(at is None for at in reached) or max(reached) - move.sent_at > limit:
                late += 1
                continue
            latencies.append((max(reached) - move.sent_at) * 1000)
    return latencies, late


def summarise(args, servers: list[Server], result: dict) -> bool:
    bench: Bench = result["bench"]
    figures = bench.figures
    latencies, late = fan_out(bench)
    if late:
        figures.errors["move not on all 4 sockets in time"] = late
    window = max(bench.stopped_at, bench.last_answer_at) - bench.play_started
    moves_per_second = figures.moves_ok / window if window > 0 else 0.0
    cpu_before, cpu_after = result["cpu"]
    wall = cpu_after.wall - cpu_before.wall
    server_cpu = sum(
        after - before for before, after in zip(cpu_before.servers, cpu_after.servers, strict=True)
    )
    client_cpu = cpu_after.client - cpu_before.client
    busy = cpu_after.busy - cpu_before.busy
    cores = os.cpu_count() or 1
    errors = sum(figures.errors.values())

    print()
    print(
        f"== Hearts table load: {args.tables} tables x 4 guests, {len(servers)} Daphne processes, "
        f"{cores} cores, PostgreSQL + Redis on 127.0.0.1"
    )
    print(f"setup (arrive, create, join): {result['setup_seconds']:.1f} s")
    print(
        f"play window: {window:.1f} s, moves sent {figures.moves_sent}, answered 2xx {figures.moves_ok}, "
        f"matches finished {figures.matches_finished}, tables played {len(bench.runs)}"
    )
    print(f"moves per second:           {moves_per_second:.1f}")
    print(f"move fan-out to 4 sockets:  {spread(latencies)}")
    print(f"move POST response:         {spread(figures.move_post_ms)}")
    if wall > 0:
        postgres = cpu_after.services["postgres"] - cpu_before.services["postgres"]
        redis = cpu_after.services["redis-server"] - cpu_before.services["redis-server"]
        rest = max(0.0, busy - server_cpu - client_cpu - postgres - redis)
        print(
            f"CPU in play window (cores): Daphne {server_cpu / wall:.2f}  PostgreSQL {postgres / wall:.2f}  "
            f"Redis {redis / wall:.2f}  this client {client_cpu / wall:.2f}  "
            f"anything else {rest / wall:.2f}  machine busy {busy / wall:.2f} of {cores}"
        )
    baseline_rps = 0.0
    if "baseline" in result:
        count, seconds, baseline_ms = result["baseline"]
        baseline_rps = count / seconds if seconds > 0 else 0.0
        print(
            f"trivial page GET {args.baseline_path}: {baseline_rps:.1f} requests/s with {len(bench.servers)} "
            f"servers and {args.tables * 4} clients;  {spread(baseline_ms)}"
        )
        if baseline_rps:
            print(f"move throughput / trivial page throughput: {moves_per_second / baseline_rps:.3f}")
    print(f"errors: {errors}" + (f"  {figures.errors}" if errors else ""))
    for example in figures.error_examples:
        print(f"  e.g. {example}")
    p95 = percentile(latencies, 0.95) if latencies else float("inf")
    goal = moves_per_second >= args.goal_moves and p95 < args.goal_p95 and errors == 0
    print(
        f"goal (>= {args.goal_moves:g} moves/s, p95 < {args.goal_p95:g} ms, no errors): "
        f"{'met' if goal else 'MISSED'}"
    )
    return goal


# -- main --------------------------------------------------------------------------------------------


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (4 guests each)")
    parser.add_argument("--seconds", type=float, default=60.0, help="cap on the play window")
    parser.add_argument("--moves", type=int, default=0, help="cap on moves sent (0: no cap)")
    parser.add_argument("--servers", type=int, default=2, help="Daphne processes")
    parser.add_argument(
        "--baseline-seconds", type=float, default=10.0, help="how long to load the trivial page (0: skip)"
    )
    parser.add_argument(
        "--baseline-path",
        default="/",
        help="the trivial page: the home page (a template and the session's player)",
    )
    parser.add_argument("--setup-timeout", type=float, default=120.0)
    parser.add_argument(
        "--setup-concurrency", type=int, default=8, help="setup requests (arrive, create, join) at once"
    )
    parser.add_argument("--setup-attempts", type=int, default=3, help="tries of each setup request")
    parser.add_argument(
        "--retry-delay", type=float, default=0.2, help="seconds before trying again after a failed request"
    )
    parser.add_argument("--request-timeout", type=float, default=10.0)
    parser.add_argument(
        "--confirm-timeout",
        type=float,
        default=5.0,
        help="a move not on all four sockets by then counts as an error",
    )
    parser.add_argument(
        "--drain", type=float, default=5.0, help="seconds after the stop for frames in flight"
    )
    parser.add_argument("--seed", type=int, default=1, help="the guests' random choices")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--goal-moves", type=float, default=200.0)
    parser.add_argument("--goal-p95", type=float, default=100.0)
    parser.add_argument("--keep-logs", action="store_true", help="keep the Daphne logs and say where")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.servers < 1 or args.seconds <= 0:
        parser.error("--tables, --servers and --seconds must be positive")
    for url in (args.database_url, args.redis_url):
        host = re.match(r"^\w+://(?:[^@/]*@)?(\[[^\]]*\]|[^:/]*)", url)
        if host is None or host.group(1) not in ("127.0.0.1", "localhost", "[::1]"):
            parser.error(f"only services on this machine may be loaded: {url}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    ensure_database(args.database_url)
    env = server_env(args)
    prepare(env)
    log_dir = Path(tempfile.mkdtemp(prefix="table_load-"))
    servers: list[Server] = []

    def terminated(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        servers = start_servers(args.servers, env, log_dir)
        wait_until_serving(servers)
        print(
            f"Daphne pids {[server.process.pid for server in servers]} on ports "
            f"{[server.port for server in servers]}; {args.tables} tables, at most {args.seconds:g} s"
            + (f" and {args.moves} moves" if args.moves else "")
        )
        result = asyncio.run(run_load(args, servers))
        for server in servers:
            if server.process.poll() is not None:
                result["bench"].figures.error(
                    "server died", f"port {server.port}: {tail(server.log_path, 5)}"
                )
        summarise(args, servers, result)
        return 0
    except KeyboardInterrupt:
        print("interrupted; stopping the servers", file=sys.stderr)
        return 130
    finally:
        stop_servers(servers)
        signal.signal(signal.SIGTERM, previous)
        if args.keep_logs:
            print(f"Daphne logs: {log_dir}")
        else:
            shutil.rmtree(log_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
