"""The perfect strategy's table on disk: built once (about 140 s of CPU here), then loaded.

``YAHTZEE_STRATEGY_FILE`` names the file (default ``var/yahtzee_strategy.npy`` in the project),
8,192 x 64 x 2 expected values as float32: 4 MB. ``ready()`` gives the table once it is in memory
and otherwise starts loading it, or building and saving it when there is none, on a background
thread (once per process), so a bot asking never waits: it plays ``basic`` meanwhile
(``YAHTZEE_STRATEGY_BUILD=off``: load only, never build, as the tests run). The build
checks itself: a table whose start is not 254.59 within 0.01 is not saved.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

import numpy as np

from games.catalogue.yahtzee import strategy

log = logging.getLogger(__name__)

EXPECTED_START = 254.59  # Tom Verhoeff's optimum for these rules (extra Yahtzees, forced joker)
DEFAULT_FILE = Path(__file__).resolve().parents[3] / "var" / "yahtzee_strategy.npy"

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
        _state["values"] = load() if path().exists() else build()
    except Exception:  # a bot keeps playing basic; the next process tries again
        log.exception("the Yahtzee strategy table could not be loaded or built")
