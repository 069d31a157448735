"""Provably fair deals: every table's seed is committed to before the first card is seen.

The table page shows ``commitment(seed)`` (its SHA-256) from the start; the seed itself
stays on the server until the game is over and no other table can use it (``revealed``),
when the fair page and the replay show it. Anyone can then check that the revealed seed
hashes to the commitment and that it gives the deal that was played: the shuffle is public
(``games.kit.cards``: an HMAC-SHA256 stream driving Fisher-Yates) and each engine says how
the shuffled deck is dealt (``Engine.dealing``). ``/fair/`` explains it to players, with a
program to run.

Because the shuffle is public, a seed is every card of every table dealt it. So a seed
that other tables share (a typed deal number's, the day's deal's) is shown only when none
of them can still be playing it or be dealt it.
"""

import hashlib
from datetime import date

from games import catalogue
from games.models import Table

STILL_PLAYED = (Table.Status.WAITING, Table.Status.PLAYING)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed, in hex: what the table shows before the deal is played."""
    return hashlib.sha256(seed.encode()).hexdigest()


def revealed(table: Table, *, today: date) -> bool:
    """Whether everyone may see this table's seed, and its replay."""
    return table.status == Table.Status.FINISHED and not kept_back(table, today=today)


def kept_back(table: Table, *, today: date) -> str:
    """Why a finished table's seed is not shown yet, in words; "" when it may be."""
    if catalogue.get(table.game).engine.deal_numbers_open:
        return ""  # the number is the seed, and every card is face up from the start
    if table.deal_number is not None:
        # Anyone may type the number and be dealt the same cards, now or later.
        return (f"Deal #{table.deal_number} can be dealt again at any time, so its seed, which gives "
                "every card, is never shown.")
    if table.daily is not None:
        if table.daily >= today:
            return (f"This is the daily deal of {_day(table.daily)}: its seed is shown once that day is "
                    "over and no table is still playing it.")
        if _still_played(table):
            return (f"This is the daily deal of {_day(table.daily)}: its seed is shown once no table dealt "
                    "it on that day is still being played.")
    return ""  # a deal of its own: no other table is ever dealt it


def may_replay(table: Table, *, player_id: int | None, today: date) -> bool:
    """The replay is everyone's once the seed is shown; before that, only its players see it
    (as they saw it: what they turned up, nothing more), since they know it already."""
    if table.status != Table.Status.FINISHED:
        return False
    if revealed(table, today=today):
        return True
    return player_id is not None and table.seats.filter(player_id=player_id).exists()


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def _still_played(table: Table) -> bool:
    return Table.objects.filter(game=table.game, daily=table.daily, seed=table.seed,
                                status__in=STILL_PLAYED).exists()
