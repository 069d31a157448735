"""Every write to tables: create, join, fill with bots, start, play.

Each write validates and locks (``select_for_update`` on the table row), mutates, and
on commit tells exactly who must hear of it: each seat its own view, spectators theirs
(``realtime``), and the task queue when a bot is to act. Nothing here names a game.

The public API is what this package exports; its modules hold the parts:
``tables`` (setting up tables and seats), ``moves`` (playing), ``telling`` (after commit,
and who plays for whom), ``errors`` and ``common`` (what they share).
"""

from games.services.errors import MoveRejected, NotYourSeat, StaleMove, TableError, WrongInviteCode
from games.services.moves import MoveResult, play_bot_move, play_move, play_timed_out_turn
from games.services.tables import (
    TURN_TIMER_CHOICES,
    come_back,
    create_table,
    give_up,
    give_up_running,
    join_table,
    leave_table,
    normalise_code,
    play_again,
    play_now,
    seats_went_away,
    set_bot,
    start_table,
)
from games.services.telling import enqueue_bot_turn, tell_table

__all__ = [
    "TURN_TIMER_CHOICES", "MoveRejected", "MoveResult", "NotYourSeat", "StaleMove", "TableError", "come_back",
    "create_table", "enqueue_bot_turn", "give_up", "give_up_running", "join_table", "leave_table", "normalise_code",
    "play_again", "play_bot_move", "play_move", "play_now", "play_timed_out_turn", "seats_went_away",
    "set_bot", "start_table", "tell_table", "WrongInviteCode",
]
