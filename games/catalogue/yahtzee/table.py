"""The perfect strategy's table on disk: built once (about 140 s of CPU here), then loaded.

``YAHTZEE_STRATEGY_FILE`` names the file (default ``var/yahtzee_strategy.npy`` in the project),
8,192 x 64 x 2 expected values as float32: 4 MB. ``ready()`` gives the table once it is in memory
and otherwise starts loading it on a background thread (once per process), so a bot asking
never waits: it plays ``basic`` meanwhile. With no file yet, that thread first has it built by a
child process at low priority (``build_once``), so that a web process's own threads never spend
the two minutes of CPU, and under a lock, so that the processes of a site build it once
(``YAHTZEE_STRATEGY_BUILD=off``: load only, never build, as the tests run; a deploy may run
``manage.py build_yahtzee_strategy`` first). The build checks itself: a table whose start is
not 254.59 within 0.01 is not saved.
"""

from __future__ import annotations

import fcntl
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np

from games.catalogue.yahtzee import strategy

log = logging.getLogger(__name__)

EXPECTED_START = 254.59  # Tom Verhoeff's optimum for these rules (extra Yahtzees, forced joker)
ROOT = Path(__file__).resolve().parents[3]
DEFAULT_FILE = ROOT / "var" / "yahtzee_strategy.npy"

_lock = threading.Lock()
_state: dict[str, object] = {"values": None, "worker": None}


def path() -> Path:
    return Path(os.environ.get("YAHTZEE_STRATEGY_FILE") or DEFAULT_FILE)


def build(*, to: Path | None = None) -> np.ndarray:
    """Solves the game (extra Yahtzees on), checks its start, saves it to ``to`` (atomically)."""
    values = strategy.solve(extra_yahtzees=True)
    start = float(values[0, 0, 0])
    if abs(start - EXPECTED_START) > 0.01:
        raise RuntimeError(f"the solved start is {start:.4f}, not {EXPECTED_START}: not saved")
    target = to or path()
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial.npy")
    np.save(partial, values.astype(np.float32))
    os.replace(partial, target)  # another process reading sees the whole file or none
    return values


def build_once() -> None:
    """Builds the table unless another process has (or is doing so: it waits for that one)."""
    target = path()
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        if not target.exists():
            build(to=target)


def load(source: Path | None = None) -> np.ndarray | None:
    source = source or path()
    if not source.exists():
        return None
    values = np.load(source).astype(np.float64)
    return values if values.shape == (strategy.FULL + 1, strategy.CAP + 1, 2) else None


def ready() -> np.ndarray | None:
    """The table if it is in memory; else None, with a loader (or builder) started once."""
    values = _state["values"]
    if values is not None:
        return values
    with _lock:
        if _state["worker"] is None:
            worker = threading.Thread(target=_fill, name="yahtzee-strategy", daemon=True)
            _state["worker"] = worker
            worker.start()
    return None


def _fill() -> None:
    try:
        if not path().exists() and os.environ.get("YAHTZEE_STRATEGY_BUILD", "on") == "off":
            log.info("no Yahtzee strategy table at %s, and building is off here", path())
            return
        if not path().exists():
            subprocess.run([sys.executable, "-c", "from games.catalogue.yahtzee import table; table.build_once()"],
                           cwd=ROOT, check=True, preexec_fn=lambda: os.nice(10))
        _state["values"] = load()
    except Exception:  # a bot keeps playing basic; the next process tries again
        log.exception("the Yahtzee strategy table could not be loaded or built")
