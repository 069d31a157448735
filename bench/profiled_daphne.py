"""Daphne under cProfile in every thread, for bench/table_load.py --profile.

    PROFILE_OUT=/tmp/daphne-profile.txt python bench/profiled_daphne.py -b 127.0.0.1 -p 8001 cardsite.asgi:application

cProfile sees only the thread that enables it, and most of a move's work runs in the
threads of ``database_sync_to_async``; so every thread gets a profiler of its own as it
starts (``threading.setprofile``), the main one (the event loop) too, timed by that
thread's CPU clock (a wait on a socket, a lock or the GIL costs nothing). SIGUSR2 (the bench's
play window closes) and exit write them, merged, to PROFILE_OUT: the functions that used
the most time with what they called, and by their own time (and the whole, for pstats, to
PROFILE_OUT.prof). Threads start with the server,
so the figures cover the tables' setup as well as the play; cProfile's own cost inflates
small, frequent calls the most. SIGUSR1 (the window opens) is taken and ignored.
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
profiles: list[cProfile.Profile] = []


def profile_this_thread(*_) -> None:
    """The first profile event of a new thread: from here on, its own profiler."""
    sys.setprofile(None)
    profile = cProfile.Profile(time.thread_time)  # the thread's CPU: waiting costs nothing
    profiles.append(profile)
    profile.enable()


class Snapshot:
    """What pstats.Stats reads, taken without disabling the profiler (another thread's)."""

    def __init__(self, profile: cProfile.Profile):
        profile.snapshot_stats()
        self.stats = profile.stats

    def create_stats(self) -> None:
        pass


def write(*_) -> None:
    snapshots = [Snapshot(profile) for profile in list(profiles)]
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
    signal.signal(signal.SIGUSR1, lambda *_: None)
    signal.signal(signal.SIGUSR2, write)
    sys.argv[0] = "daphne"
    CommandLineInterface.entrypoint()
