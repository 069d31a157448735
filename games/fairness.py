"""Provably fair deals: every table's seed is committed to before the first card is seen.

The table page shows ``commitment(seed)`` (its SHA-256) from the start; the seed itself
stays on the server until the game is over, when the final ranks and the replay reveal it.
Anyone can then check that the revealed seed hashes to the commitment and that it gives the
deal that was played: the shuffle is public (``games.kit.cards``: an HMAC-SHA256 stream
driving Fisher-Yates) and each engine says how the shuffled deck is dealt (``Engine.dealing``).
``/fair/`` explains it to players, with a program to run.
"""

import hashlib


def commitment(seed: str) -> str:
    """The SHA-256 of the seed, in hex: what the table shows before the deal is played."""
    return hashlib.sha256(seed.encode()).hexdigest()
