"""Hunting the spectator leak of issue 37 on the production stack: seats taken while sockets open.

    .venv/bin/python bench/spectator_race.py                  # 20 rounds, 2 Daphne processes
    .venv/bin/python bench/spectator_race.py --rounds 5       # a quick look

The stack is bench/table_load.py's (its helpers are imported): the database named by
DATABASE_URL is created if missing and migrated, and two Daphne processes run on 127.0.0.1
configured as in production (DEBUG off, PostgreSQL, the Redis channel layer). The defaults are
the database ``cardsite_bench_race`` and Redis db 9. They are stopped at the end, on errors and
on Ctrl-C. No Celery worker: every seat is a person, played by this script.

Each round is the issue's reproduction. A private Hearts table; three guests sit in seats 0 to
2 and three outsiders watch it on the first server. Then ``--cycles`` times, the joiner opens
``--sockets`` sockets 2 ms apart on the first server while their seat is taken in this
process (the other side of Redis, as a POST to the second server would be) at a random moment
while they open, and leaves again
(but the last time). The table starts and ``--moves`` random legal moves are played. Every
frame an outsider got is checked against the spectators' view at its seq: a card no
spectator may know is a leaked hand, the invite code is a leaked code. The joiner's sockets
that stayed open for the seat kept are checked to end showing the joiner's own hand.

Printed: per round, the frames checked and the leaks found; at the end, the totals. On the
consumer before issue 37's fix the issue saw a leak in 1 of 7 such rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import os
import random
import re
import signal
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import table_load  # noqa: E402
from bench.pg_database import ensure_database  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardsite_bench_race"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/9"
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')
CARD = re.compile(r'data-card="(\w\w)"')


class Socket:
    """One table socket and every frame it got, read until it is closed."""

    def __init__(self, server: table_load.Server, table_id: int, cookie: str | None):
        self.url = f"{server.base_url}/ws/t/{table_id}/"
        self.origin = server.base_url
        self.cookie = cookie
        self.frames: list[str] = []
        self.task: asyncio.Task | None = None

    async def open(self, http: aiohttp.ClientSession, failures: list) -> None:
        """Connect, tried again as the page does when a connect fails (a loaded server may drop
        a handshake); each failure is counted."""
        headers = {"Cookie": f"sessionid={self.cookie}"} if self.cookie else {}
        for attempt in range(5):
            try:
                self.ws = await http.ws_connect(self.url, origin=self.origin, headers=headers, max_msg_size=0)
                break
            except (aiohttp.ClientError, OSError) as error:
                failures.append(repr(error))
                await asyncio.sleep(0.25 * 2**attempt)
        else:
            raise RuntimeError(f"{self.url}: no connection in 5 tries: {failures[-1]}")
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(message.data)

    def newest_seq(self) -> int:
        seqs = [int(match.group(1)) for frame in self.frames if (match := SEQ.search(frame))]
        return max(seqs, default=-1)

    async def close(self) -> None:
        # The reader first: aiohttp's close() waits for the closing frame its reader would eat.
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.ws.close()


def django_site(env: dict) -> None:
    """This process talks to the same database and Redis as the servers, as a server would."""
    for name in ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEAL_SECRET", "ALLOWED_HOSTS", "DEBUG",
                 "DJANGO_SETTINGS_MODULE"):
        os.environ[name] = env[name]
    import django

    django.setup()


def new_guest_with_session():
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.services import SESSION_KEY, create_guest

    player = create_guest()
    session = SessionStore()
    session[SESSION_KEY] = player.pk
    session.create()
    return player, session.session_key


def set_table_up():
    from games import services

    host, host_key = new_guest_with_session()
    table = services.create_table(game="hearts", host=host, private=True)
    for _ in range(2):
        player, _key = new_guest_with_session()
        services.join_table(table_id=table.pk, player=player, code=table.invite_code)
    table.refresh_from_db()
    return table, host


def play_random_moves(table_id: int, moves: int, rng: random.Random) -> int:
    from games import catalogue, services
    from games.models import Table

    engine = catalogue.get("hearts").engine
    people = None
    for _ in range(moves):
        table = Table.objects.get(pk=table_id)
        if people is None:
            people = dict(table.seats.values_list("index", "player_id"))
        state = engine.load(table.state)
        if engine.is_over(state):
            break
        seat = rng.choice(list(engine.to_move(state)))
        services.play_move(table_id=table_id, player_id=people[seat], seq=table.seq,
                           move=rng.choice(engine.legal_moves(state, seat)))
    return Table.objects.get(pk=table_id).seq


def not_seated(table_id: int, player_id: int, sockets: list[Socket]) -> int:
    """The joiner's sockets whose last board does not show the joiner's own hand."""
    from games import catalogue
    from games.models import Table

    table = Table.objects.get(pk=table_id)
    engine = catalogue.get("hearts").engine
    seat = table.seats.get(player_id=player_id).index
    hand = set(engine.view(engine.load(table.state), seat)["hand"])
    lasts = [[frame for frame in socket.frames if SEQ.search(frame)][-1:] for socket in sockets]
    return sum(not last or not hand <= set(CARD.findall(last[0])) for last in lasts)


def spectator_leaks(table_id: int, frames: list[str], code: str) -> tuple[int, int, int]:
    """(frames checked, frames with a card no spectator may know, frames with the invite code)."""
    from games import catalogue
    from games.models import Table

    table = Table.objects.get(pk=table_id)
    engine = catalogue.get("hearts").engine
    state = engine.new_game(table.seats.count(), seed=table.seed, options=table.options)
    known = {0: engine.known_cards(state, None)}
    for move in table.moves.order_by("seq"):
        state = engine.apply(state, move.seat, move.move)
        known[move.seq] = engine.known_cards(state, None)
    hands = codes = 0
    for frame in frames:
        match = SEQ.search(frame)
        if match and 'board--waiting' not in frame and set(CARD.findall(frame)) - known[int(match.group(1))]:
            hands += 1
        codes += code in frame
    return len(frames), hands, codes


async def one_round(servers, args, rng: random.Random) -> tuple[int, int, int, int]:
    from asgiref.sync import sync_to_async

    from games import services

    first = servers[0]
    table, host = await sync_to_async(set_table_up)()
    failures: list[str] = []
    # No cap on connections: every socket holds one (aiohttp pools 100 at most by default).
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        outsiders = [Socket(first, table.pk, None) for _ in range(3)]
        for socket in outsiders:
            await socket.open(http, failures)
        joiner, key = await sync_to_async(new_guest_with_session)()
        mine: list[Socket] = []
        for cycle in range(args.cycles):
            sockets = [Socket(first, table.pk, key) for _ in range(args.sockets)]

            async def staggered(index, socket):
                await asyncio.sleep(0.002 * index)
                await socket.open(http, failures)

            async def sit(delay):
                # At a random moment while the sockets open: some read the seat before, some after.
                await asyncio.sleep(delay)
                await asyncio.to_thread(services.join_table, table_id=table.pk, player=joiner,
                                        code=table.invite_code)

            await asyncio.gather(sit(rng.uniform(0, 0.005 * args.sockets + 0.02)),
                                 *(staggered(index, socket) for index, socket in enumerate(sockets)))
            mine += sockets
            if cycle < args.cycles - 1:
                await asyncio.to_thread(services.leave_table, table_id=table.pk, player=joiner)
        await asyncio.to_thread(services.start_table, table_id=table.pk, host=host)
        seq = await asyncio.to_thread(play_random_moves, table.pk, args.moves, rng)
        deadline = time.monotonic() + 15
        while any(socket.newest_seq() < seq for socket in outsiders) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        while any(socket.newest_seq() < seq for socket in mine) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        # A change is drawn as the table stands when its turn comes, so the newest seq arrives
        # before the last changes are handled: read on until the outsiders have been quiet.
        while time.monotonic() < deadline:
            heard = sum(len(socket.frames) for socket in outsiders)
            await asyncio.sleep(0.5)
            if sum(len(socket.frames) for socket in outsiders) == heard:
                break
        await asyncio.gather(*(socket.close() for socket in (*outsiders, *mine)))
    frames = [frame for socket in outsiders for frame in socket.frames]
    checked, hands, codes = await asyncio.to_thread(spectator_leaks, table.pk, frames, table.invite_code)
    # Only the sockets opened for the seat the joiner kept: the others' seats were left.
    stray = await asyncio.to_thread(not_seated, table.pk, joiner.pk, mine[-args.sockets:])
    return checked, hands, codes, stray, len(failures)


async def bench(servers, args) -> int:
    rng = random.Random(args.seed)
    totals = [0, 0, 0, 0, 0]
    leaky_rounds = 0
    for number in range(1, args.rounds + 1):
        figures = await one_round(servers, args, rng)
        totals = [total + figure for total, figure in zip(totals, figures, strict=True)]
        leaky_rounds += bool(figures[1] or figures[2])
        print(f"round {number}: {figures[0]} spectator frames checked, {figures[1]} with a hidden card, "
              f"{figures[2]} with the invite code; the joiner's last sockets not showing their hand: {figures[3]}; "
              f"connects tried again: {figures[4]}",
              flush=True)
    print(f"\n{args.rounds} rounds, {args.cycles} seat changes each under {args.sockets} sockets opened 2 ms "
          f"apart: {totals[0]} spectator frames, {totals[1]} with a hidden card, {totals[2]} with the code, "
          f"{leaky_rounds} rounds leaked; joiner's sockets not in their seat at the end: {totals[3]}; "
          f"connects tried again: {totals[4]}")
    return 1 if leaky_rounds else 0


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--cycles", type=int, default=4, help="seat taken (and left) under fresh sockets, per round")
    parser.add_argument("--sockets", type=int, default=5, help="the joiner's sockets per seat change")
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--database-url", default=os.environ.get("RACE_DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--redis-url", default=os.environ.get("RACE_REDIS_URL", DEFAULT_REDIS_URL))
    args = parser.parse_args(argv)
    args.servers, args.profile = 2, False
    return args


def stop_on_term(signum, frame):
    # `timeout` sends SIGTERM: leave through the finally blocks, which stop the servers.
    raise SystemExit(f"stopped by signal {signum}")


def main(argv=None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, stop_on_term)
    faulthandler.register(signal.SIGUSR1)  # kill -USR1 prints where every thread is
    ensure_database(args.database_url)
    env = table_load.server_env(args)
    table_load.prepare(env, args.database_url)
    django_site(env)
    logs = Path(tempfile.mkdtemp(prefix="spectator-race-"))
    print(f"Daphne logs in {logs}")
    with table_load.serving(args, env, logs, table_load.SITE_APP) as servers:
        return asyncio.run(bench(servers, args))


if __name__ == "__main__":
    sys.exit(main())
