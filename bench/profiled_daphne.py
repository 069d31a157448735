"""Daphne under cProfile in every thread, for bench/table_load.py --profile.

    PROFILE_OUT=/tmp/daphne-profile.txt python bench/profiled_daphne.py -b 127.0.0.1 -p 8001 cardsite.asgi:application

cProfile sees only the thread that enables it, and most of a move's work runs in the
threads of ``database_sync_to_async``; so every thread gets a profiler of its own as it
starts (``threading.setprofile``), the main one (the event loop) too, timed by that
thread's CPU clock (a wait on a socket, a lock or the GIL costs nothing; PROFILE_CLOCK=wall
counts the waits too, to see what holds a thread up). SIGUSR1 (the
bench's play window opens) takes a snapshot of every profiler; SIGUSR2 (it closes) and exit
write what they gathered since, merged, to PROFILE_OUT: the functions that used the most
CPU with what they called, and by their own time (and the whole, for pstats, to
PROFILE_OUT.prof). So imports, the templates' compiling and the tables' setup stay out.
cProfile's own cost inflates small, frequent calls the most (templates' yields, attribute
lookups): read its shares as upper bounds for such code.
(A stack sampler charged by each thread's CPU clock was tried first: a thread's CPU lands
on wherever it next blocks, a socket's poll or a lock, so it named the wrong code.)
"""

import cProfile
import io
import os
import pstats
import signal
import sys
import threading
import time

OUT = os.environ.get("PROFILE_OUT", "daphne-profile.txt")
TOP = 60
CLOCK = os.environ.get("PROFILE_CLOCK", "cpu")
profiles: list[cProfile.Profile] = []


def profile_this_thread(*_) -> None:
    """The first profile event of a new thread: from here on, its own profiler."""
    sys.setprofile(None)
    # The thread's CPU (waiting costs nothing); PROFILE_CLOCK=wall: where its time went, waits too.
    profile = cProfile.Profile(time.perf_counter if CLOCK == "wall" else time.thread_time)
    profiles.append(profile)
    profile.enable()


opened: dict[int, dict] = {}  # id(profile): its stats when the window opened


def stats_of(profile: cProfile.Profile) -> dict:
    """A profiler's figures so far, read without disabling it (it may be another thread's)."""
    profile.snapshot_stats()
    return {key: (*figures[:4], dict(figures[4])) for key, figures in profile.stats.items()}


def since(now: dict, then: dict) -> dict:
    """The figures gathered between two snapshots (pstats' layout: cc, nc, tt, ct, callers)."""
    gathered = {}
    for key, (cc, nc, tt, ct, callers) in now.items():
        if key in then:
            old = then[key]
            cc, nc, tt, ct = cc - old[0], nc - old[1], tt - old[2], ct - old[3]
            callers = {caller: tuple(a - b for a, b in zip(calls, old[4].get(caller, (0, 0, 0, 0)), strict=True))
                       for caller, calls in callers.items()}
            callers = {caller: calls for caller, calls in callers.items() if calls[0] > 0}
        if nc > 0:
            gathered[key] = (cc, nc, tt, ct, callers)
    return gathered


def window_opens(*_) -> None:
    for profile in list(profiles):
        opened[id(profile)] = stats_of(profile)


class Snapshot:
    """What pstats.Stats reads: a profiler's figures since the window opened."""

    def __init__(self, profile: cProfile.Profile):
        self.stats = since(stats_of(profile), opened.get(id(profile), {}))

    def create_stats(self) -> None:
        pass


def write(*_) -> None:
    snapshots = [Snapshot(profile) for profile in list(profiles)]
    snapshots = [snapshot for snapshot in snapshots if snapshot.stats]
    text = io.StringIO()
    stats = pstats.Stats(*snapshots, stream=text) if snapshots else None
    if stats is not None:
        text.write(f"{len(snapshots)} threads profiled\n")
        stats.sort_stats("cumulative").print_stats(TOP)
        stats.sort_stats("tottime").print_stats(TOP)
        stats.dump_stats(OUT + ".prof")  # for pstats, to follow callers and callees
    with open(OUT, "w") as report:
        report.write(text.getvalue())


if __name__ == "__main__":
    import atexit

    from daphne.cli import CommandLineInterface

    threading.setprofile(profile_this_thread)
    profile_this_thread()
    atexit.register(write)
    signal.signal(signal.SIGUSR1, window_opens)
    signal.signal(signal.SIGUSR2, write)
    sys.argv[0] = "daphne"
    CommandLineInterface.entrypoint()
