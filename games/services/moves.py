"""Moves: a person's (checked against the view they acted on), a bot's, a timed-out turn's.

Each locks the table row, applies the move through the engine, saves and logs it, writes
the results when the game ends, and tells the table on commit. A bot that searches (up to
``BOT_THINK_SECONDS`` a move) thinks with the lock released, then commits only if the table
is where it was: people's requests at that table never wait on its thinking.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import catalogue, scheduling, selectors
from games.kit.engine import IllegalMove
from games.models import GameResult, Move, Seat, Table
from games.services.common import engine_for, locked_table, locked_table_if_any
from games.services.errors import MoveRejected, NotYourSeat, StaleMove
from games.services.telling import bot_wait, note_due_bot, stand_ins, tell_on_commit


@dataclass(frozen=True)
class MoveResult:
    table: Table
    seat: int
    duplicate: bool = False


# What a person may send as a move, before it is read at all; the log keeps at most
# Move.move's 200 characters of the canonical move.
MOVE_TEXT_LIMIT = 1_000


def play_move(*, table_id: int, player_id: int | None, seq: int, move: str) -> MoveResult:
    """A person's move, checked against the table's ``seq`` the client saw.

    ``player_id`` is resolved by the caller (the session read before, never inside the
    table's lock): the lock is held only to read the state, apply the move and write."""
    if len(move) > MOVE_TEXT_LIMIT:
        raise MoveRejected(f"A move is a few words, not {len(move):,} characters.")
    move = " ".join(move.split())
    with transaction.atomic():
        table = locked_table(table_id)
        seats = selectors.table_seats(table)
        seat = next((seat for seat in seats if player_id is not None and seat.player_id == player_id), None)
        if seat is None:
            raise NotYourSeat("You have no seat at this table.")
        if table.status != Table.Status.PLAYING:
            raise MoveRejected({Table.Status.FINISHED: "The game is over.",
                                Table.Status.ABANDONED: "Everyone left this table; it was abandoned."}
                               .get(table.status, "The game has not started."))
        if seq != table.seq:
            if _is_repeat(table, seat.index, seq, move):
                return MoveResult(table=table, seat=seat.index, duplicate=True)
        engine = engine_for(table.game)
        state = engine.load(table.state)
        if seat.index not in engine.to_move(state):
            if seq != table.seq:  # acting on an old view: show the current one
                raise StaleMove("The table moved on; here is where it stands now.")
            raise NotYourSeat("It is not your turn.")
        _commit_move(table, engine, state, seats, seat.index, move, typed=True)
    return MoveResult(table=table, seat=seat.index)


STALE_WINDOW = 32  # how many moves back a client's view may be and still be judged


def _is_repeat(table: Table, seat_index: int, seq: int, move: str) -> bool:
    """True for a doubled request; raises StaleMove when the client's view is out of date.

    Moves that other seats made since ``seq`` do not make this one stale: while seats
    choose at once (passing in Hearts) they do not change this seat's choice, and in turn
    play this seat could not act at ``seq``. Its own later move does: the same move again
    is a repeat, answered as done; any other is acting on a view it has since replaced.
    """
    if not 0 <= seq < table.seq or table.seq - seq > STALE_WINDOW:
        raise StaleMove("The table moved on; here is where it stands now.")
    own = table.moves.filter(seq__gt=seq, seat=seat_index).order_by("seq").values_list("move", flat=True).first()
    if own is None:
        return False
    # The log keeps the canonical spelling, so a repeat typed in another case still matches;
    # words in another order may be another move ("move t5 t3 2"), so order must match.
    if own.lower() == move.lower():
        return True
    raise StaleMove("The table moved on; here is where it stands now.")


def play_bot_move(*, table_id: int, seq: int) -> bool:
    """One bot seat that is to act plays, if the table is still at ``seq``. Safe to repeat.

    Bot seats and the seats of people who are away are played by bots; while every person
    at the table is away, bots wait (the table is abandoned after the grace period). A move
    the table makes by itself (``Engine.forced_move``) is made here too, for any seat.
    """
    with transaction.atomic():
        table = locked_table_if_any(table_id)
        if table is None or table.status != Table.Status.PLAYING or table.seq != seq:
            return False
        engine = engine_for(table.game)
        state = engine.load(table.state)
        seats = selectors.table_seats(table)
        forced = engine.forced_move(state)
        if forced is not None:
            _commit_move(table, engine, state, seats, *forced)
            return True
        levels = stand_ins(table.game, seats)
        acting = [index for index in engine.to_move(state) if index in levels]
        if not acting:
            if table.bot_due_at is not None:  # no bot is due after all: stop the sweep asking
                table.bot_due_at = None
                table.save(update_fields=["bot_due_at"])
            return False
        index, level = acting[0], levels[acting[0]]
        if level not in catalogue.get(table.game).searching_levels:
            _bot_plays(table, engine, state, seats, index, level)
            return True
        bot = catalogue.get(table.game).bot(level)
        view, legal = engine.view(state, index), engine.legal_moves(state, index)
    # The lock is released while the search runs; the move is the same whoever runs it (the
    # seeded stream), so a second worker sent the same turn meanwhile only repeats the work.
    move = bot.choose(view, legal, _bot_rng(table, index), seconds=settings.BOT_THINK_SECONDS)
    with transaction.atomic():
        table = locked_table_if_any(table_id)
        if table is None or table.status != Table.Status.PLAYING or table.seq != seq:
            return False
        state, seats = engine.load(table.state), selectors.table_seats(table)
        if index not in engine.to_move(state) or stand_ins(table.game, seats).get(index) != level:
            return False  # the seat's person came back meanwhile, or a person took it
        _commit_move(table, engine, state, seats, index, move)
    return True


def play_timed_out_turn(*, table_id: int, seat_index: int, deadline: str) -> bool:
    """The seat's turn ran out: a bot plays it for them, once (the deadline is the turn's id).

    Paced as bot turns are: never sooner after the last move than a bot turn would be (a
    person's timer may run out just after a bot played, while everyone passes at once), and
    a turn of several moves (draw, then discard: ``Engine.turn_continues``) one move at a
    time, the task queued again under the same deadline; and no further than the turn.
    """
    with transaction.atomic():
        table = locked_table_if_any(table_id)
        if table is None or table.status != Table.Status.PLAYING:
            return False
        seats = selectors.table_seats(table)
        seat = seats[seat_index] if seat_index < len(seats) else None
        if seat is None or seat.deadline is None or seat.deadline.isoformat() != deadline:
            return False
        engine = engine_for(table.game)
        state = engine.load(table.state)
        if seat_index not in engine.to_move(state):
            return False
        wait = _seconds_until_a_bot_may_play(table)
        if wait > 0:  # on the heels of the last move: queued again for when a bot may play
            transaction.on_commit(partial(scheduling.schedule, "games.tasks.turn_timeout", countdown=wait,
                                          table_id=table.pk, seat_index=seat_index, deadline=deadline))
            return False
        before = state
        state, ended, move = _bot_plays(table, engine, state, seats, seat_index,
                                        catalogue.get(table.game).default_bot.level)
        if table.status != Table.Status.PLAYING or seat_index not in engine.to_move(state):
            return True
        if engine.turn_continues(before, state, seat=seat_index, move=move):
            # More of the same turn (a discard after the draw): at a bot's pace, same deadline.
            transaction.on_commit(partial(scheduling.schedule, "games.tasks.turn_timeout",
                                          countdown=bot_wait(ended), table_id=table.pk, seat_index=seat_index,
                                          deadline=deadline))
        else:
            # To act again in a turn of its own (it leads once the pass is over): timed afresh.
            seat.deadline = None
            update_deadlines(table, state, seats)
    return True


def _seconds_until_a_bot_may_play(table: Table) -> float:
    """How long until a bot may play at ``table``: the due bot turn's time when one is due
    (it holds the pause after a trick), else BOT_MOVE_DELAY after the last move."""
    now = timezone.now()
    if table.bot_due_at is not None:
        return (table.bot_due_at - now).total_seconds()
    last = table.moves.order_by("-seq").values_list("created_at", flat=True).first()
    if last is None:
        return 0.0
    return (last + timedelta(seconds=bot_wait()) - now).total_seconds()


def _bot_plays(table: Table, engine, state, seats: list[Seat], index: int, level: str):
    """The bot's move: the new state, what the move ended (``Engine.ended_by``), the move."""
    bot = catalogue.get(table.game).bot(level)
    rng = _bot_rng(table, index)
    recall = {}
    if hasattr(bot, "memory_of"):  # a bot that remembers what it was shown (kit.bots.Remembering)
        recall["seen"] = bot.memory_of(engine.view(past, index) for past in selectors.logged_states(table, players=len(seats)))
    move = bot.choose(engine.view(state, index), engine.legal_moves(state, index), rng, **recall)
    return (*_commit_move(table, engine, state, seats, index, move), move)


def _bot_rng(table: Table, index: int) -> random.Random:
    """The bot's stream for this move: the same move wherever and however often it is chosen."""
    return random.Random(f"{table.seed}:bot:{table.seq}:{index}")


def _commit_move(table: Table, engine, state, seats: list[Seat], seat_index: int, move: str, *,
                 typed: bool = False):
    """Apply, save and log one move; returns the new state and what the move ended (a trick,
    a hand: the next bot waits longer). A ``typed`` move (a person's, not one picked from the
    legal moves) is logged in its canonical spelling."""
    try:
        new_state = engine.apply(state, seat_index, move)
    except IllegalMove as error:
        raise MoveRejected(error.reason) from None
    if typed:
        move = engine.canonical_move(state, seat_index, move, new_state)
        if len(move) > Move._meta.get_field("move").max_length:
            raise MoveRejected("That move is too long to keep in the game's record.")
    table.state = engine.dump(new_state)
    table.seq += 1
    fields = ["state", "seq", "bot_due_at"]
    if engine.is_over(new_state):
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        fields += ["status", "finished_at"]
        write_results(table, engine, new_state, seats)
    ended = engine.ended_by(state, new_state, seat=seat_index, move=move)
    wait = note_due_bot(table, new_state, seats, ended=ended)
    table.save(update_fields=fields)
    Move.objects.create(table=table, seq=table.seq, seat=seat_index, move=move)
    update_deadlines(table, new_state, seats)
    tell_on_commit(table, state=new_state, seats=seats, move=(seat_index, move), before=state, bot_wait=wait)
    return new_state, ended


def update_deadlines(table: Table, state, seats: list[Seat]) -> None:
    """With a turn timer: a person who is now to act gets a deadline and a task to enforce it;
    one who is no longer to act loses theirs. Without a timer nothing is written."""
    if not table.turn_seconds:
        return
    engine = engine_for(table.game)
    to_move = set() if table.status != Table.Status.PLAYING else set(engine.to_move(state))
    now = timezone.now()
    for seat in seats:
        timed = seat.index in to_move and seat.player_id is not None and not seat.is_away
        if timed and seat.deadline is None:
            seat.deadline = now + timedelta(seconds=table.turn_seconds)
            seat.save(update_fields=["deadline"])
            transaction.on_commit(partial(
                scheduling.schedule, "games.tasks.turn_timeout", countdown=table.turn_seconds,
                table_id=table.pk, seat_index=seat.index, deadline=seat.deadline.isoformat()))
        elif not timed and seat.deadline is not None:
            seat.deadline = None
            seat.save(update_fields=["deadline"])


def _seconds_played(table: Table) -> int | None:
    """From the start to the finish: for a timed game from its first move, as its clock
    counts (0 when it ended before any), else from the table's start."""
    if catalogue.get(table.game).timed:
        start = selectors.clock_start(table) or table.finished_at
    else:
        start = table.started_at
    return int((table.finished_at - start).total_seconds()) if start else None


def write_results(table: Table, engine, state, seats: list[Seat]) -> None:
    outcome = engine.outcome(state)
    hands = engine.hands_played(state)
    facts = engine.result_facts(state)
    seconds = _seconds_played(table)
    # Alone, you win by finishing (a game given up is lost); with others, by ranking first.
    alone = catalogue.get(table.game).played_alone(len(seats))
    marks = facts.get("marks") or [""] * len(outcome["scores"])
    GameResult.objects.bulk_create(
        GameResult(table=table, game=table.game, seat=seat.index, player=seat.player,
                   bot_level=seat.bot_level, score=outcome["scores"][seat.index],
                   rank=outcome["ranks"][seat.index], hands=hands, finished_at=table.finished_at,
                   won=engine.is_over(state) if alone else outcome["ranks"][seat.index] == 1,
                   moves=facts.get("moves"), undos=facts.get("undos"), variant=facts.get("variant", ""),
                   seconds=seconds, mark=marks[seat.index])
        for seat in seats
    )
