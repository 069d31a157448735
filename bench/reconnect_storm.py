"""Reconnect storms: spectator sockets coming back after a Daphne process dies, or all at once.

    .venv/bin/python bench/reconnect_storm.py                            # 2 servers, 20 tables, 2000 sockets
    .venv/bin/python bench/reconnect_storm.py --sockets 200 --runs 1     # a quick look
    .venv/bin/python bench/reconnect_storm.py --kill all                 # every server killed at once
    .venv/bin/python bench/reconnect_storm.py --profile --runs 1         # where a reconnect's CPU goes

Goal (the issue "live play near the wire's speed"): 2000 sockets reconnect within 5 s after a
server process is killed, each getting a fresh board frame.

The stack is bench/table_load.py's (its helpers are imported): the database named by
DATABASE_URL is created if missing and migrated, static files are collected, and ``--servers``
Daphne processes run on 127.0.0.1 configured as in production (DEBUG off, PostgreSQL, the
Redis channel layer, plain HTTP) with BOT_MOVE_DELAY=0; they are stopped at the end, on errors
and on Ctrl-C. The defaults are the database ``cardsite_bench_storm`` and Redis db 12.

Set-up: ``--tables`` Hearts tables, each a guest's "Play now" (one guest, three bots, started).
A Celery worker of this script's own plays the bots while the guest passes, until every table
waits for its guest to play a card; the worker is then stopped, so the tables stand still (no
bot turn is due, so no socket's connect queues one again) and each board is a real mid-hand one.
Then ``--sockets`` spectators, each with a session of its own (it loaded the table page, as a
browser does before its socket opens; ``--anonymous``: no cookie), spread over the tables and
the servers, so every table has spectators on every server.

Measured and printed:
- connect: the sockets open at ``--connect-rate`` at most; the rate achieved (sockets until
  all had their first frame, a board with ``data-seq``), Daphne CPU per connect, and the
  Daphne processes' RSS before and after (KiB per idle socket);
- idle: the machine's CPU over ``--idle-seconds`` with every socket open and nothing moving
  (each process re-reads its sockets' tables in one query every SOCKET_RESYNC_SECONDS);
- kill (``--runs`` times): kill -9 of one Daphne process (they take turns; ``--kill all``:
  every one), started again at once on the same port. Its clients come back with the page's
  backoff (below). Per run: when the new process listened, and the time from the kill until
  each dropped socket had a fresh frame on a new socket (p50, p95, max), the connect attempts
  refused or failed, CPU by process group;
- storm (``--runs`` times): no kill; every socket is dropped client-side (its TCP connection
  aborted, as a network drop) and all reconnect at once, retrying with the same backoff. Same
  figures. A run (or the first connects) that leaves sockets down after ``--storm-timeout`` is
  followed by a restore: their retries are held until the Daphne processes are quiet (below
  the open sockets' idle cost plus ``--quiet-cores``, at most ``--drain`` s), then they come
  back at ``--connect-rate`` (a server's share of it for its sockets), so that
  each run starts with every socket open if the servers can hold them.
- per run, the Daphne logs' count of accepted, rejected and closed sockets and of application
  instances Daphne killed for not stopping in time (its access log is on, as in production).

The backoff is the page's: static/js/table.js sets htmx.config.wsReconnectDelay to
min(250 ms * 2^retry, 2 s) * uniform(0.5, 1), which replaces the hx-ws extension's default
"full-jitter" (uniform(0, 1 s * 2^min(retry, 6))). The extension resets the retry count when a
socket opens, so after a drop the first try waits delay(0) (125-250 ms), then delay(1), ...

"Per connect" and "per reconnect" divide all the Daphne CPU (and database transactions) of the
window by the sockets that got their frame in it: they include the open sockets' resync reads
and, in a storm, the work done for handshakes Daphne dropped (its 5 s handshake limit).

Not measured: how many boards the servers drew (games.frame_reuse keeps no counter or log; one
drawing per table and audience per process per second is its design). Every figure comes from
one run on a shared, noisy machine; all runs are printed.

The client is aiohttp, one process, on the same machine as the servers: its CPU is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import html as html_module
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import yarl
from pg_database import ensure_database  # bench/pg_database.py, beside this script
from table_load import (
    BIN,
    ROOT,
    SEQ,
    TABLE_URL,
    Server,
    free_port,
    machine_cpu_seconds,
    percentile,
    prepare,
    process_cpu_seconds,
    refuse_remote_services,
    server_env,
    stop_servers,
    tail,
    wait_until_serving,
    why,
)


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

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardsite_bench_storm"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"
LEGAL = re.compile(r'data-legal="([^"]*)"')
SERVICES = ("postgres", "redis-server")


def backoff(retry: int) -> float:
    """static/js/table.js's wsReconnectDelay, in seconds: 250 ms doubling to 2 s, times 0.5 to 1."""
    return min(0.25 * 2**retry, 2.0) * (0.5 + random.random() / 2)


# -- processes ---------------------------------------------------------------------------------------


def start_daphne(port: int, env: dict, log_path: Path, profile_out: Path | None = None) -> subprocess.Popen:
    """One Daphne as table_load starts them, on a given port (a restart takes the same one);
    with ``profile_out``, under bench/profiled_daphne.py, which writes its profile there."""
    command = [str(BIN / "daphne")]
    if profile_out is not None:
        command = [sys.executable, str(ROOT / "bench" / "profiled_daphne.py")]
        env = env | {"PROFILE_OUT": str(profile_out)}
    with open(log_path, "ab") as log:
        return subprocess.Popen(
            [*command, "-b", "127.0.0.1", "-p", str(port), "cardsite.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )


def start_worker(env: dict, log_path: Path) -> subprocess.Popen:
    """A Celery worker for the bots' passes and plays during set-up (prod runs one too)."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(
            [str(BIN / "celery"), "-A", "cardsite", "worker", "-Q", "play", "--pool", "solo", "-l", "warning"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )


def stop_process(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@dataclass
class Cpu:
    """CPU seconds so far: per Daphne pid, PostgreSQL and Redis (machine-wide), this client, the machine."""

    servers: dict[int, float]
    services: dict[str, float]
    client: float
    busy: float
    wall: float
    transactions: int  # in the bench's database: with autocommit, about one per query

    database_url = ""

    @classmethod
    def take(cls, servers: list[Server]) -> Cpu:
        own = os.times()
        return cls(
            servers={server.process.pid: process_cpu_seconds(server.process.pid) for server in servers},
            services=cpu_by_command(SERVICES),
            client=own.user + own.system,
            busy=machine_cpu_seconds(),
            wall=time.perf_counter(),
            transactions=database_transactions(cls.database_url),
        )

    def since(self, before: Cpu) -> dict[str, float]:
        """CPU seconds between two samples; a pid new since ``before`` counts from its start."""
        daphne = sum(seconds - before.servers.get(pid, 0.0) for pid, seconds in self.servers.items())
        return {
            "wall": self.wall - before.wall,
            "daphne": daphne,
            "postgres": self.services["postgres"] - before.services["postgres"],
            "redis": self.services["redis-server"] - before.services["redis-server"],
            "client": self.client - before.client,
            "busy": self.busy - before.busy,
            "transactions": self.transactions - before.transactions,
        }


def database_transactions(database_url: str) -> int:
    """Committed and rolled-back transactions so far (PostgreSQL's statistics, flushed by each
    backend within about a second of activity, so short windows undercount)."""
    import psycopg

    if not database_url:
        return 0
    with psycopg.connect(database_url, connect_timeout=5, autocommit=True) as connection:
        row = connection.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return int(row[0])


def cpu_line(used: dict[str, float]) -> str:
    wall = used["wall"] or 1e-9
    return (
        f"CPU s (cores): Daphne {used['daphne']:.2f} ({used['daphne'] / wall:.2f})  "
        f"PostgreSQL {used['postgres']:.2f} ({used['postgres'] / wall:.2f})  "
        f"Redis {used['redis']:.2f} ({used['redis'] / wall:.2f})  "
        f"client {used['client']:.2f} ({used['client'] / wall:.2f})  "
        f"machine busy {used['busy'] / wall:.2f} of {os.cpu_count()} over {wall:.1f} s; "
        f"database transactions {used['transactions'] / wall:.0f}/s"
    )


# -- set-up: tables and sessions ------------------------------------------------------------------


def browser(server: Server) -> aiohttp.ClientSession:
    # The cookies are Secure (DEBUG off): plain HTTP on 127.0.0.1 stands in for the TLS proxy.
    jar = aiohttp.CookieJar(unsafe=True, treat_as_secure_origin=server.base_url)
    return aiohttp.ClientSession(base_url=server.base_url, cookie_jar=jar, timeout=aiohttp.ClientTimeout(total=30))


async def checked(response: aiohttp.ClientResponse, what: str) -> str:
    text = await response.text()
    if response.status >= 400:
        raise RuntimeError(f"{what}: HTTP {response.status} {why(text)}")
    return text


def legal_moves(board: str) -> list[str]:
    match = LEGAL.search(board)
    return json.loads(html_module.unescape(match.group(1))) if match else []


async def played_table(server: Server, deadline: float) -> int:
    """A guest's "Play now" of Hearts, passed, and waiting for the guest to play a card."""
    async with browser(server) as http:
        async with http.get("/") as response:
            await checked(response, "GET /")
        csrf = http.cookie_jar.filter_cookies(yarl.URL(server.base_url))["csrftoken"].value
        headers = {"X-CSRFToken": csrf, "HX-Request": "true"}
        async with http.post("/hearts/play-now", data={}, headers={"X-CSRFToken": csrf}, allow_redirects=False) as response:
            await checked(response, "POST /hearts/play-now")
            table_id = int(TABLE_URL.search(response.headers["Location"]).group(1))
        while time.monotonic() < deadline:
            async with http.get(f"/t/{table_id}/board", headers=headers) as response:
                board = await checked(response, "GET board")
            moves = legal_moves(board)
            if any(move.startswith("play ") for move in moves):
                return table_id
            passes = [move for move in moves if move.startswith("pass")]
            if passes:
                seq = SEQ.search(board).group(1)
                async with http.post(f"/t/{table_id}/move", data={"move": passes[0], "seq": seq}, headers=headers) as response:
                    await checked(response, f"pass at table {table_id}")
            await asyncio.sleep(0.2)  # the bots are the worker's
        raise RuntimeError(f"table {table_id} never came to the guest's play")


async def session_cookie(server: Server, table_id: int) -> str:
    """A spectator's session: the table page makes the guest Player it belongs to."""
    async with browser(server) as http:
        async with http.get(f"/t/{table_id}/") as response:
            await checked(response, f"GET /t/{table_id}/")
        return http.cookie_jar.filter_cookies(yarl.URL(server.base_url))["sessionid"].value


async def bounded(jobs, limit: int) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(job):
        async with gate:
            return await job

    return await asyncio.gather(*(one(job) for job in jobs))


def stalled_tables(database_url: str, table_ids: list[int]) -> int:
    """Tables with a bot turn due: with the worker gone, every socket connect would queue it again."""
    import psycopg

    with psycopg.connect(database_url, connect_timeout=5) as connection:
        row = connection.execute(
            "SELECT count(*) FROM games_table WHERE id = ANY(%s) AND bot_due_at IS NOT NULL", [table_ids]
        ).fetchone()
    return row[0]


# -- spectators --------------------------------------------------------------------------------------


@dataclass
class Spectator:
    """One page's socket: it keeps coming back, as htmx's ws extension and table.js bring it back."""

    table_id: int
    server: int
    cookie: str | None
    fresh_at: list[float] = field(default_factory=list)  # each first frame on a new socket
    open: bool = False
    not_before: float = 0.0  # no connect attempt before this (perf_counter): paced connects
    drop_now: asyncio.Event = field(default_factory=asyncio.Event)


class Crowd:
    def __init__(self, args, servers: list[Server]):
        self.args = args
        self.servers = servers
        self.spectators: list[Spectator] = []
        self.closing = asyncio.Event()
        self.errors: dict[str, int] = {}
        self.attempts = 0
        # No cookie jar: each socket sends its own session cookie; no pool limit: one connection a socket.
        self.http = [
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0), cookie_jar=aiohttp.DummyCookieJar())
            for _ in servers
        ]
        self.tasks: list[asyncio.Task] = []
        self.idle_cores_per_socket = 0.0  # Daphne CPU of an open, idle socket (measure_idle)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    async def close(self) -> None:
        self.closing.set()
        for task in self.tasks:  # some wait out a long pace or backoff: no need to let them
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(http.close() for http in self.http))

    async def connect(self, spectator: Spectator):
        """A new socket, or None (the error counted)."""
        server = self.servers[spectator.server]
        headers = {"Cookie": f"sessionid={spectator.cookie}"} if spectator.cookie else {}
        self.attempts += 1
        try:
            return await asyncio.wait_for(
                self.http[spectator.server].ws_connect(
                    f"{server.base_url}/ws/t/{spectator.table_id}/", origin=server.base_url, headers=headers,
                    autoping=True, heartbeat=None, max_msg_size=0,
                ),
                self.args.frame_timeout,
            )
        except aiohttp.ClientConnectorError:
            self.error("refused")  # the process is not listening (yet)
        except aiohttp.WSServerHandshakeError as error:
            self.error(f"handshake HTTP {error.status}")
        except TimeoutError:
            self.error("handshake timeout")
        except (aiohttp.ClientError, OSError) as error:
            self.error(f"handshake {type(error).__name__}")
        return None

    async def first_frame(self, ws) -> bool:
        """Wait for the board the consumer sends on connect."""
        deadline = time.perf_counter() + self.args.frame_timeout
        while (left := deadline - time.perf_counter()) > 0:
            try:
                message = await asyncio.wait_for(ws.receive(), left)
            except TimeoutError:
                break
            if message.type == aiohttp.WSMsgType.TEXT and SEQ.search(message.data):
                return True
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                self.error(f"closed before its frame ({ws.close_code})")
                return False
        self.error("no frame in time")
        return False

    async def hold(self, spectator: Spectator, ws) -> str:
        """Read (answering pings) until the server drops the socket or we are told to drop it."""

        async def drain():
            async for _message in ws:
                pass

        reading = asyncio.ensure_future(drain())
        told = asyncio.ensure_future(spectator.drop_now.wait())
        done, _ = await asyncio.wait({reading, told}, return_when=asyncio.FIRST_COMPLETED)
        if told in done:
            spectator.drop_now.clear()
            # An abort, not a close handshake: a network drop, which the server learns of from TCP.
            transport = ws._conn.transport if ws._conn is not None else None
            if transport is not None:
                transport.abort()
            reading.cancel()
            await asyncio.gather(reading, return_exceptions=True)
            return "client"
        told.cancel()
        return "server"

    async def live(self, spectator: Spectator) -> None:
        """Connect, take the first frame, hold; after a drop come back with the page's backoff."""
        delay, retry = 0.0, 0
        while not self.closing.is_set():
            await asyncio.sleep(delay)
            # Looked at after the backoff too: a restore may have put this socket's turn later.
            while (wait := spectator.not_before - time.perf_counter()) > 0 and not self.closing.is_set():
                await asyncio.sleep(min(wait, 0.25))  # a restore may put the turn earlier again
            if self.closing.is_set():
                return
            ws = await self.connect(spectator)
            if ws is not None:
                retry = 0  # the extension resets its count when a socket opens
                if await self.first_frame(ws):
                    spectator.fresh_at.append(time.perf_counter())
                    spectator.open = True
                    how = await self.hold(spectator, ws)
                    spectator.open = False
                    if self.closing.is_set():
                        return
                    # Dropped by us: back at once (the storm). By the server: a 1006, delay(0) first.
                    delay, retry = (0.0, 0) if how == "client" else (backoff(0), 1)
                    continue
                await ws.close()
            delay, retry = backoff(retry), retry + 1

    def pace(self, spectators: list[Spectator], rate: float, after: float = 0.0) -> None:
        """No more than ``rate`` of these spectators' next attempts a second, from ``after`` s on."""
        started = time.perf_counter() + after
        for index, spectator in enumerate(spectators):
            spectator.not_before = started + index / rate

    def add(self, spectators: list[Spectator], rate: float) -> None:
        """Start every spectator, at ``rate`` new sockets a second at most."""
        self.pace(spectators, rate)
        for spectator in spectators:
            self.spectators.append(spectator)
            self.tasks.append(asyncio.ensure_future(self.live(spectator)))

    async def all_fresh(self, marks: dict[int, int], timeout: float, label: str) -> bool:
        """Until every spectator in ``marks`` (index: frames it had) has one more frame."""
        started = time.perf_counter()
        deadline, told = started + timeout, started
        while time.perf_counter() < deadline:
            done = sum(1 for index, count in marks.items() if len(self.spectators[index].fresh_at) > count)
            if done == len(marks):
                return True
            if time.perf_counter() - told >= 5:  # a long wait shows how it goes
                told = time.perf_counter()
                print(f"  ... {label}: {done}/{len(marks)} fresh after {told - started:.0f} s", flush=True)
            await asyncio.sleep(0.02)
        return False

    async def restore(self, timeout: float) -> None:
        """After a run that left sockets down: stop their retries, let the servers drain, then
        bring them back paced, so that the next run starts from every socket open."""
        indexes = [index for index, spectator in enumerate(self.spectators) if not spectator.open]
        down = [self.spectators[index] for index in indexes]
        if not down:
            return
        for spectator in down:
            spectator.not_before = float("inf")
        quiet = await self.quiet()
        # --connect-rate is for all servers: sockets of one server only come back at its share,
        # taking the servers in turn.
        on = {spectator.server for spectator in down}
        rate = self.args.connect_rate * len(on) / len(self.servers)
        counted: dict[int, int] = {}
        places = []  # each socket's place among its own server's
        for spectator in down:
            places.append(counted.get(spectator.server, 0))
            counted[spectator.server] = places[-1] + 1
        down = [spectator for _, _, spectator in sorted(
            zip(places, (s.server for s in down), down, strict=True), key=lambda item: item[:2])]
        self.pace(down, rate)
        marks = {index: len(self.spectators[index].fresh_at) for index in indexes}
        back = await self.all_fresh(marks, max(timeout, 1.5 * len(down) / rate), "restoring")
        print(f"  restore: {len(down)} sockets held until Daphne was quiet ({quiet:.0f} s), then paced at "
              f"{rate:g}/s: {'all back' if back else 'NOT all back'}")

    async def quiet(self) -> float:
        """Seconds until the Daphne processes use less than ``--quiet-cores`` (at most ``--drain``):
        the work of sockets that gave up is still queued for the process's one database thread."""
        started = previous = Cpu.take(self.servers)
        while previous.wall - started.wall < self.args.drain:
            await asyncio.sleep(1.0)
            now = Cpu.take(self.servers)
            used = now.since(previous)
            previous = now
            # Quiet: what the open sockets cost when idle (their resync), and a margin.
            idle = self.idle_cores_per_socket * sum(spectator.open for spectator in self.spectators)
            if used["daphne"] / used["wall"] < idle + self.args.quiet_cores:
                break
        return previous.wall - started.wall


# -- measurements ------------------------------------------------------------------------------------


def seconds_line(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"p50 {percentile(values, 0.5):.2f}  p95 {percentile(values, 0.95):.2f}  "
        f"max {max(values):.2f} s  (n={len(values)})"
    )


def rss_line(servers: list[Server]) -> tuple[int, str]:
    values = [rss_kib(server.process.pid) for server in servers]
    return sum(values), " + ".join(f"{value / 1024:.1f}" for value in values) + " MiB"


async def measure_connect(crowd: Crowd, spectators: list[Spectator], args) -> None:
    rss_before, before_text = rss_line(crowd.servers)
    cpu_before = Cpu.take(crowd.servers)
    started = time.perf_counter()
    crowd.add(spectators, args.connect_rate)
    complete = await crowd.all_fresh(dict.fromkeys(range(len(spectators)), 0), args.connect_timeout, "connect")
    last = max((spectator.fresh_at[0] for spectator in spectators if spectator.fresh_at), default=started)
    used = Cpu.take(crowd.servers).since(cpu_before)
    got = sum(1 for spectator in spectators if spectator.fresh_at)
    print(
        f"connect: {got}/{len(spectators)} sockets had their first frame in {last - started:.2f} s: "
        f"{got / max(last - started, 1e-9):.0f} sockets/s (limit {args.connect_rate:g}/s)"
        + ("" if complete else "  INCOMPLETE")
    )
    print(f"  Daphne CPU per connect {1000 * used['daphne'] / max(got, 1):.2f} ms, "
          f"database transactions per connect {used['transactions'] / max(got, 1):.1f}; {cpu_line(used)}")
    print(f"  connect attempts {crowd.attempts}, errors {crowd.errors or 'none'}; "
          f"Daphne log: {daphne_log_counts(crowd.servers)}")
    if not complete:
        await crowd.restore(args.connect_timeout)
    await asyncio.sleep(args.settle)
    rss_after, after_text = rss_line(crowd.servers)
    print(
        f"  Daphne RSS before {before_text}, after {after_text}: "
        f"{(rss_after - rss_before) / max(got, 1):.1f} KiB per idle socket"
    )


async def measure_idle(crowd: Crowd, args) -> None:
    cpu_before = Cpu.take(crowd.servers)
    await asyncio.sleep(args.idle_seconds)
    used = Cpu.take(crowd.servers).since(cpu_before)
    open_now = sum(spectator.open for spectator in crowd.spectators)
    crowd.idle_cores_per_socket = used["daphne"] / used["wall"] / max(open_now, 1)
    print(f"idle, {open_now} sockets open: {cpu_line(used)}")


LOG_EVENTS = {
    "WSCONNECT": '"WSCONNECT ',  # accepted
    "WSREJECT": '"WSREJECT ',
    "WSDISCONNECT": '"WSDISCONNECT ',
    "app killed": "took too long to shut down and was killed",
    "exception": "Exception inside application",
}


def daphne_log_counts(servers: list[Server], before: dict[str, int] | None = None) -> dict[str, int]:
    """Lines of each kind in the Daphne logs (a restart appends to its log), less ``before``."""
    counts = dict.fromkeys(LOG_EVENTS, 0)
    for server in servers:
        text = server.log_path.read_text(errors="replace")
        for name, needle in LOG_EVENTS.items():
            counts[name] += text.count(needle)
    if before is not None:
        counts = {name: counts[name] - before.get(name, 0) for name in counts}
    return counts


async def wait_listening(port: int, timeout: float) -> float | None:
    """When the port accepts TCP again (Daphne listens once the app is imported)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.05)
            continue
        writer.close()
        return time.perf_counter()
    return None


def kill_and_restart(server: Server, env: dict) -> None:
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(timeout=10)  # reaped: the port is free again
    server.process = start_daphne(server.port, env, server.log_path)


def profiled(crowd: Crowd, signum: int) -> None:
    """--profile: the first server's profile window opens (SIGUSR1) or closes (SIGUSR2)."""
    if crowd.args.profile and crowd.servers[0].process.poll() is None:
        crowd.servers[0].process.send_signal(signum)


async def storm_run(crowd: Crowd, args, env: dict, victims: list[int] | None, label: str) -> bool:
    """One kill (victims: server indexes) or, with victims None, a client-side drop of every socket."""
    await asyncio.sleep(args.settle)
    spectators = crowd.spectators
    if not all(spectator.open for spectator in spectators):
        print(f"{label}: {sum(not s.open for s in spectators)} sockets were not open before the run")
    dropped = [i for i, s in enumerate(spectators) if victims is None or s.server in victims]
    marks = {index: len(spectators[index].fresh_at) for index in dropped}
    errors_before, attempts_before = dict(crowd.errors), crowd.attempts
    logs_before = daphne_log_counts(crowd.servers)
    cpu_before = Cpu.take(crowd.servers)
    started = time.perf_counter()
    listening: list[float | None] = []
    cpu_listening = None
    if victims is None:
        profiled(crowd, signal.SIGUSR1)
        for index in dropped:
            spectators[index].drop_now.set()
    else:
        for victim in victims:
            kill_and_restart(crowd.servers[victim], env)
        listening = await asyncio.gather(*(wait_listening(crowd.servers[v].port, args.storm_timeout) for v in victims))
        cpu_listening = Cpu.take(crowd.servers)  # the restarted processes' start-up, kept apart
    complete = await crowd.all_fresh(marks, args.storm_timeout, label)
    cpu_after = Cpu.take(crowd.servers)
    if victims is None:
        profiled(crowd, signal.SIGUSR2)
    times = [
        spectators[index].fresh_at[marks[index]] - started
        for index in dropped
        if len(spectators[index].fresh_at) > marks[index]
    ]
    others = [i for i in range(len(spectators)) if i not in marks and not spectators[i].open]
    within = sum(1 for value in times if value <= args.goal_seconds)
    met = complete and within == len(dropped)
    errors = {k: v - errors_before.get(k, 0) for k, v in crowd.errors.items() if v != errors_before.get(k, 0)}
    print(f"{label}: {len(dropped)} sockets dropped; fresh frame after {seconds_line(times)}; "
          f"within {args.goal_seconds:g} s: {within}/{len(dropped)}" + ("" if complete else "  INCOMPLETE"))
    if victims is not None:
        ready = ", ".join("never" if at is None else f"+{at - started:.2f} s" for at in listening)
        startup = cpu_listening.since(cpu_before)["daphne"] if cpu_listening else 0.0
        print(f"  restarted process listening {ready} after the kill (its start-up: {startup:.2f} CPU s)")
        cpu_before = cpu_listening or cpu_before
    used = cpu_after.since(cpu_before)
    print(f"  connect attempts {crowd.attempts - attempts_before}, errors {errors or 'none'}"
          + (f", other sockets not open: {len(others)}" if others else ""))
    per = (f"Daphne CPU per reconnect {1000 * used['daphne'] / len(times):.2f} ms, database transactions per "
           f"reconnect {used['transactions'] / len(times):.1f}" if times else "no socket back: nothing per reconnect")
    print(f"  {per}; {cpu_line(used)}")
    print(f"  Daphne RSS now {rss_line(crowd.servers)[1]}; Daphne log: {daphne_log_counts(crowd.servers, logs_before)}")
    if not complete:
        await crowd.restore(args.connect_timeout)
    return met


async def bench(args, servers: list[Server], env: dict, log_dir: Path) -> bool:
    # Ctrl-C or SIGTERM cancels the bench, whose finally blocks close the sockets and stop the worker.
    main_task = asyncio.current_task()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, main_task.cancel)
    deadline = time.monotonic() + args.setup_timeout
    worker = start_worker(env, log_dir / "worker.log")
    try:
        setup_started = time.perf_counter()
        table_ids = await bounded(
            [played_table(servers[i % len(servers)], deadline) for i in range(args.tables)], args.setup_concurrency
        )
    finally:
        stop_process(worker)
    due = stalled_tables(args.database_url, table_ids)
    print(f"{len(table_ids)} Hearts tables waiting for their guest to play "
          f"({due} with a bot turn due) in {time.perf_counter() - setup_started:.1f} s")
    # Socket i watches table i % T on server (i // T) % S: every table has spectators on every server.
    places = [(table_ids[i % args.tables], (i // args.tables) % len(servers)) for i in range(args.sockets)]
    cookies: list[str | None] = [None] * args.sockets
    if not args.anonymous:
        started = time.perf_counter()
        cookies = await bounded([session_cookie(servers[s], t) for t, s in places], args.setup_concurrency)
        print(f"{args.sockets} spectator sessions (table page loads) in {time.perf_counter() - started:.1f} s")
    Cpu.database_url = args.database_url
    crowd = Crowd(args, servers)
    results = []
    try:
        await measure_connect(crowd, [Spectator(t, s, c) for (t, s), c in zip(places, cookies, strict=True)], args)
        await measure_idle(crowd, args)
        for run in range(0 if args.profile else args.runs):  # a kill would end the profiled server
            victims = list(range(len(servers))) if args.kill == "all" else [run % len(servers)]
            results.append(await storm_run(crowd, args, env, victims, f"kill run {run + 1} (server {victims})"))
        for run in range(args.runs):
            results.append(await storm_run(crowd, args, env, None, f"storm run {run + 1} (no kill)"))
    finally:
        await crowd.close()
    return all(results)


# -- main --------------------------------------------------------------------------------------------


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2, help="Daphne processes")
    parser.add_argument("--tables", type=int, default=20, help="Hearts tables (a guest and three bots)")
    parser.add_argument("--sockets", type=int, default=2000, help="spectator sockets")
    parser.add_argument("--connect-rate", type=float, default=25.0,
                        help="new sockets a second at most, for the first connects and a restore")
    parser.add_argument("--drain", type=float, default=180.0,
                        help="at most this long, before a restore, for the servers to go quiet")
    parser.add_argument("--quiet-cores", type=float, default=0.15,
                        help="Daphne CPU (cores, all processes) above the open sockets' idle cost "
                        "under which the servers count as quiet")
    parser.add_argument("--runs", type=int, default=3, help="kill runs, then as many no-kill storms")
    parser.add_argument("--kill", choices=("one", "all"), default="one", help="Daphne processes killed a run")
    parser.add_argument("--anonymous", action="store_true", help="spectators without a session cookie")
    parser.add_argument("--goal-seconds", type=float, default=5.0)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=3.0, help="quiet seconds before each run")
    parser.add_argument("--frame-timeout", type=float, default=60.0,
                        help="the handshake, and then its frame, each (a browser waits: Daphne drops a "
                        "handshake its app has not accepted within 5 s)")
    parser.add_argument("--connect-timeout", type=float, default=120.0, help="for the first connects")
    parser.add_argument("--storm-timeout", type=float, default=20.0, help="for every dropped socket's return")
    parser.add_argument("--setup-timeout", type=float, default=180.0)
    parser.add_argument("--setup-concurrency", type=int, default=16, help="set-up requests at once")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--keep-logs", action="store_true", help="keep the Daphne and worker logs")
    parser.add_argument("--profile", action="store_true",
                        help="the first Daphne under bench/profiled_daphne.py, its window the no-kill storm runs "
                             "(no kill runs; profiling costs that server CPU of its own); logs kept")
    args = parser.parse_args(argv)
    args.keep_logs = args.keep_logs or args.profile
    if min(args.servers, args.tables, args.sockets, args.runs) < 1 or args.connect_rate <= 0:
        parser.error("--servers, --tables, --sockets, --runs and --connect-rate must be positive")
    refuse_remote_services(parser, args)
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    ensure_database(args.database_url)
    env = server_env(args)  # this checkout's code first on the path, DEBUG off, a deal secret
    prepare(env, args.database_url)
    log_dir = Path(tempfile.mkdtemp(prefix="reconnect_storm-"))
    servers: list[Server] = []

    def terminated(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        for index in range(args.servers):
            port = free_port()
            log_path = log_dir / f"daphne-{index}.log"
            profile_out = log_dir / "daphne-0.profile.txt" if args.profile and index == 0 else None
            servers.append(Server(port=port, process=start_daphne(port, env, log_path, profile_out),
                                  log_path=log_path))
        wait_until_serving(servers)
        print(f"Daphne pids {[s.process.pid for s in servers]} on ports {[s.port for s in servers]}; "
              f"{args.tables} tables, {args.sockets} spectators{' (anonymous)' if args.anonymous else ''}")
        met = asyncio.run(bench(args, servers, env, log_dir))
        for server in servers:
            if server.process.poll() is not None:
                print(f"Daphne on port {server.port} died:\n{tail(server.log_path, 10)}")
        print(f"goal (every dropped socket fresh within {args.goal_seconds:g} s, every run): "
              f"{'met' if met else 'MISSED'}")
        return 0
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("interrupted; stopping the servers", file=sys.stderr)
        return 130
    finally:
        stop_servers(servers)
        signal.signal(signal.SIGTERM, previous)
        if args.keep_logs:
            print(f"logs: {log_dir}")
        else:
            shutil.rmtree(log_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
