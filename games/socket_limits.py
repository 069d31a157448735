"""How much a table socket may send: a few frames a second, each a few words.

A token bucket per socket: ``rate`` frames a second, in bursts of up to ``rate``. A frame
with no token is dropped (the socket is told, once per run of drops); each drop is a strike,
forgiven after a second; a socket with more than ``flood_drops`` strikes standing keeps
flooding and is closed. A person clicking never comes near: one move waits for its frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable

ADMIT, DROP, TELL, CLOSE = "admit", "drop", "tell", "close"


class FrameLimit:
    def __init__(self, *, rate: float, flood_drops: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.flood_drops = flood_drops
        self.clock = clock
        self.tokens = rate
        self.strikes = 0.0
        self.told = False
        self.last = clock()

    def admit(self) -> str:
        """ADMIT the frame; or DROP it, TELL (drop it and say so) or CLOSE the socket."""
        now = self.clock()
        elapsed, self.last = now - self.last, now
        self.tokens = min(self.rate, self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed)
        if self.tokens >= 1:
            self.tokens -= 1
            self.told = False
            return ADMIT
        self.strikes += 1
        if self.strikes > self.flood_drops:
            return CLOSE
        if self.told:
            return DROP
        self.told = True
        return TELL
