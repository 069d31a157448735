"""Frames drawn once per process and reused by every socket that wants the same one.

- A change told to a table's spectators (``realtime.broadcast`` draws no board for them,
  it tells their group that the table changed): the first spectator socket of this process
  to hear it draws the board, the others reuse that drawing (keyed by the change's id). With
  nobody watching, no spectators' board is drawn at all.
- Sockets connecting at once (a reconnect storm after a restart): a frame drawn for the
  same table, seq, status, seats and audience (``boards.frame_key``) less than
  ``REUSE_SECONDS`` ago is reused. Kept short: a frame shows clocks (turn timers, the
  patience clock) as of its drawing.

A process's socket code runs its sync parts on one thread (``database_sync_to_async``),
so a drawing is finished before the next socket looks; the lock is for any other thread.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")

REUSE_SECONDS = 1.0
KEPT = 1024  # drawings kept at most: a few per table being watched or joined right now

_drawn: OrderedDict[Hashable, tuple[float, object]] = OrderedDict()
_lock = threading.Lock()


def reused(key: Hashable, draw: Callable[[], T]) -> T:
    """What ``draw`` gave for ``key`` within the last REUSE_SECONDS, else a fresh drawing."""
    now = time.monotonic()
    with _lock:
        hit = _drawn.get(key)
    if hit is not None and hit[0] > now:
        return hit[1]
    value = draw()
    with _lock:
        _drawn[key] = (time.monotonic() + REUSE_SECONDS, value)
        _drawn.move_to_end(key)
        while len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    return value


def forget() -> None:
    """Drop every drawing (tests that change settings or rows under the same key)."""
    with _lock:
        _drawn.clear()
