"""Daphne with a stack sampler weighted by CPU time, for bench/table_load.py --profile.

    PROFILE_OUT=/tmp/daphne.prof.txt python bench/profiled_daphne.py -b 127.0.0.1 -p 8001 cardsite.asgi:application

cProfile sees only the thread that enables it, and most of a move's work runs in the
threads of ``database_sync_to_async``; so a thread samples every thread's stack every
``PROFILE_INTERVAL`` seconds (default 0.005) and charges each the CPU its thread used since
the last sample (its own CPU clock, not wall time: a thread waiting on a socket or a lock
costs nothing). Every few seconds, and at exit, PROFILE_OUT gets the functions and files
that used the most CPU, by their own time and with what they called. SIGUSR1 starts the
count afresh (the bench's play window opens), SIGUSR2 stops it and writes (the window closes).
"""

import collections
import os
import signal
import sys
import threading
import time

OUT = os.environ.get("PROFILE_OUT", "daphne-profile.txt")
INTERVAL = float(os.environ.get("PROFILE_INTERVAL", "0.005"))
WRITE_EVERY = 5.0
TOP = 45

own = collections.Counter()  # (file, line, function): CPU seconds in that function itself
inclusive = collections.Counter()  # ... in it and what it called
by_file = collections.Counter()  # file: CPU seconds in its own functions
charged = [0.0]
counting = threading.Event()
counting.set()
lock = threading.Lock()


def sample_forever() -> None:
    me = threading.get_ident()
    last: dict[int, float] = {}
    written = time.monotonic()
    while True:
        time.sleep(INTERVAL)
        for ident, frame in sys._current_frames().items():
            if ident == me:
                continue
            try:
                cpu = time.clock_gettime(time.pthread_getcpuclockid(ident))
            except (OSError, OverflowError):
                continue
            used, last[ident] = cpu - last.get(ident, cpu), cpu
            if used > 0 and counting.is_set():
                charge(frame, used)
        if time.monotonic() - written > WRITE_EVERY:
            write()
            written = time.monotonic()


def charge(frame, seconds: float) -> None:
    stack = []
    while frame is not None:
        code = frame.f_code
        stack.append((code.co_filename, code.co_firstlineno, code.co_name))
        frame = frame.f_back
    with lock:
        charged[0] += seconds
        own[stack[0]] += seconds
        by_file[stack[0][0]] += seconds
        for key in set(stack):
            inclusive[key] += seconds


def start_afresh(signum, frame) -> None:
    with lock:
        for counter in (own, inclusive, by_file):
            counter.clear()
        charged[0] = 0.0
    counting.set()


def stop_counting(signum, frame) -> None:
    counting.clear()
    write()


def short(path: str) -> str:
    for marker in ("site-packages/", "/work/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return path


def write() -> None:
    with lock:
        total = charged[0] or 1e-9
        lines = [f"CPU sampled: {charged[0]:.2f} s (all threads but the sampler's)", ""]
        for title, counter in (("own time, by file", by_file), ("own time, by function", own),
                               ("with what it called, by function", inclusive)):
            lines.append(f"-- {title}")
            for key, seconds in counter.most_common(TOP):
                name = short(key) if isinstance(key, str) else f"{short(key[0])}:{key[1]} {key[2]}"
                lines.append(f"{seconds / total * 100:6.1f}%  {seconds:8.2f} s  {name}")
            lines.append("")
    with open(OUT, "w") as report:
        report.write("\n".join(lines))


if __name__ == "__main__":
    import atexit

    from daphne.cli import CommandLineInterface

    threading.Thread(target=sample_forever, name="cpu-sampler", daemon=True).start()
    atexit.register(write)
    signal.signal(signal.SIGUSR1, start_afresh)
    signal.signal(signal.SIGUSR2, stop_counting)
    sys.argv[0] = "daphne"
    CommandLineInterface.entrypoint()
