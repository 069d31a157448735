"""Solitaire Yahtzee solved in full while the rest of the suite runs.

The whole perfect strategy takes over two minutes of CPU: too long to wait for in line, and
the one way to check its start (254.59) and its keeps. When the collected tests include one
marked ``after_the_rest`` (tests/catalogue/yahtzee/test_solved.py), a child process at the
lowest priority solves it into a file of the session's own as collection ends; those tests run
last and wait for it. A run without them starts nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLVE = ("import sys, numpy; from games.catalogue.yahtzee import strategy; "
         "numpy.save(sys.argv[1], strategy.solve(extra_yahtzees=True))")
_running: dict[str, object] = {}


def start() -> None:
    if "process" in _running:
        return
    target = Path(tempfile.mkdtemp(prefix="yahtzee-solve-")) / "values.npy"
    _running["target"] = target
    _running["process"] = subprocess.Popen([sys.executable, "-c", SOLVE, str(target)], cwd=ROOT,
                                           preexec_fn=lambda: os.nice(19), stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT)


def result(*, timeout: float) -> Path:
    """The solved table's file, once the child is done (it is started now if it was not)."""
    start()
    process = _running["process"]
    output, _ = process.communicate(timeout=timeout)
    if process.returncode != 0:
        raise RuntimeError(f"the solve failed:\n{output.decode(errors='replace')[-3000:]}")
    return _running["target"]


def stop() -> None:
    process = _running.get("process")
    if process is not None and process.poll() is None:
        process.kill()
        process.wait()
