"""Every write to tables: create, join, fill with bots, start, play.

Each write validates and locks (``select_for_update`` on the table row), mutates, and
on commit tells exactly who must hear of it: each seat its own view, spectators theirs
(``realtime``), and the task queue when a bot is to act. Nothing here names a game.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from celery import current_app
from django import db
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import bots, engines, realtime, selectors
from games.engines import IllegalMove, cards
from games.models import GameResult, Move, Seat, Table


class TableError(Exception):
    """A request the table refuses; ``message`` is written for the player."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MoveRejected(TableError):
    """Against the rules, or not a move at all: the engine's reason is shown on the table."""

    status = 400


class NotYourSeat(MoveRejected):
    """Acting for a seat this player does not hold, or out of turn."""

    status = 403


class StaleMove(TableError):
    """The client acted on an old view: it gets the fresh one and may try again."""

    status = 409


@dataclass(frozen=True)
class MoveResult:
    table: Table
    seat: int
    duplicate: bool = False


# -- setting up tables ---------------------------------------------------------------------


def create_table(*, game: str, host: Player, options: dict | None = None, private: bool = False,
                 players: int | None = None) -> Table:
    """A waiting table with the host in seat 0 and the other seats empty."""
    engine = _engine(game)
    players = players or engine.max_players
    try:
        engine.check_players(players)
        options = engine.resolve_options(options)
    except ValueError as error:
        raise TableError(str(error)) from None
    with transaction.atomic():
        table = Table.objects.create(game=game, options=options, private=private, host=host,
                                     seed=cards.new_seed())
        Seat.objects.bulk_create(
            Seat(table=table, index=index, player=host if index == 0 else None) for index in range(players)
        )
    return table


def play_now(*, game: str, player: Player, bot_level: str | None = None) -> Table:
    """A table for the player and bots in every other seat, already running."""
    engine = _engine(game)
    level = bot_level or bots.levels(game)[-1]
    with transaction.atomic():
        table = create_table(game=game, host=player, private=True)
        for index in range(1, engine.max_players):
            set_bot(table_id=table.pk, host=player, seat_index=index, level=level)
        return start_table(table_id=table.pk, host=player)


def join_table(*, table_id: int, player: Player, seat_index: int | None = None) -> Seat:
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.WAITING:
            raise TableError("This game has started; you can watch it.")
        seats = list(table.seats.all())
        if any(seat.player_id == player.pk for seat in seats):
            raise TableError("You already have a seat at this table.")
        free = [seat for seat in seats if seat.is_empty and (seat_index is None or seat.index == seat_index)]
        if not free:
            raise TableError("That seat is taken." if seat_index is not None else "The table is full.")
        seat = free[0]
        seat.player = player
        seat.save(update_fields=["player"])
        _on_commit_tell_table(table, seat_changed_for=player)
    return seat


def leave_waiting_table(*, table_id: int, player: Player) -> None:
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.WAITING:
            raise TableError("The game has started.")
        seat = table.seats.filter(player=player).first()
        if seat is None:
            raise TableError("You have no seat at this table.")
        if table.host_id == player.pk:
            raise TableError("The host stays with the table: start it, or simply close the page.")
        seat.player = None
        seat.save(update_fields=["player"])
        _on_commit_tell_table(table, seat_changed_for=player)


def set_bot(*, table_id: int, host: Player, seat_index: int, level: str) -> Seat:
    """The host puts a bot of ``level`` in an empty seat, or "" to empty a bot's seat."""
    with transaction.atomic():
        table = _locked_table(table_id)
        _check_host(table, host)
        if table.status != Table.Status.WAITING:
            raise TableError("The game has started.")
        if level and level not in bots.levels(table.game):
            raise TableError(f"There is no {level!r} bot for this game.")
        seat = table.seats.filter(index=seat_index).first()
        if seat is None:
            raise TableError("There is no such seat.")
        if seat.player_id is not None:
            raise TableError("A player sits there.")
        seat.bot_level = level
        seat.save(update_fields=["bot_level"])
        _on_commit_tell_table(table)
    return seat


def start_table(*, table_id: int, host: Player) -> Table:
    with transaction.atomic():
        table = _locked_table(table_id)
        _check_host(table, host)
        if table.status != Table.Status.WAITING:
            raise TableError("The game has already started.")
        seats = selectors.table_seats(table)
        if any(seat.is_empty for seat in seats):
            raise TableError("Fill every seat, with a player or a bot, before starting.")
        engine = _engine(table.game)
        state = engine.new_game(len(seats), seed=table.seed, options=table.options)
        table.state = engine.dump(state)
        table.status = Table.Status.PLAYING
        table.started_at = timezone.now()
        table.save(update_fields=["state", "status", "started_at"])
        _on_commit_tell_table(table, state=state, seats=seats)
    return table


def play_again(*, table_id: int, player: Player) -> Table:
    """The same seats at a new table; everyone who asks gets the same rematch."""
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.FINISHED:
            raise TableError("The game is not over.")
        seats = list(table.seats.all())
        if not any(seat.player_id == player.pk for seat in seats):
            raise TableError("Only the players of this game can start a rematch.")
        existing = Table.objects.filter(rematch_of=table).first()
        if existing is not None:
            return existing
        rematch = Table.objects.create(game=table.game, options=table.options, private=table.private,
                                       host=player, seed=cards.new_seed(), rematch_of=table)
        Seat.objects.bulk_create(
            Seat(table=rematch, index=seat.index, player=seat.player, bot_level=seat.bot_level) for seat in seats
        )
        if all(seat.is_bot or seat.player_id == player.pk for seat in seats):
            return start_table(table_id=rematch.pk, host=player)
        _on_commit_tell_table(table)
        return rematch


# -- moves ------------------------------------------------------------------------------------


def play_move(*, table_id: int, player: Player, seq: int, move: str) -> MoveResult:
    """A person's move, checked against the table's ``seq`` the client saw."""
    with transaction.atomic():
        table = _locked_table(table_id)
        seats = selectors.table_seats(table)
        seat = next((seat for seat in seats if seat.player_id == player.pk), None)
        if seat is None:
            raise NotYourSeat("You have no seat at this table.")
        if table.status != Table.Status.PLAYING:
            raise MoveRejected("The game is over." if table.status == Table.Status.FINISHED
                               else "The game has not started.")
        if seq != table.seq:
            if _is_repeat(table, seat.index, seq, move):
                return MoveResult(table=table, seat=seat.index, duplicate=True)
        engine = _engine(table.game)
        state = engine.load(table.state)
        if seat.index not in engine.to_move(state):
            if seq != table.seq:  # acting on an old view: show the current one
                raise StaleMove("The table moved on; here is where it stands now.")
            raise NotYourSeat("It is not your turn.")
        _commit_move(table, engine, state, seats, seat.index, move)
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
    if own == move:
        return True
    raise StaleMove("The table moved on; here is where it stands now.")


def play_bot_move(*, table_id: int, seq: int) -> bool:
    """One bot seat that is to act plays, if the table is still at ``seq``. Safe to repeat."""
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.PLAYING or table.seq != seq:
            return False
        engine = _engine(table.game)
        state = engine.load(table.state)
        seats = selectors.table_seats(table)
        levels = {seat.index: seat.bot_level for seat in seats if seat.is_bot}
        acting = [index for index in engine.to_move(state) if index in levels]
        if not acting:
            return False
        index = acting[0]
        bot = bots.get(table.game, levels[index])
        rng = random.Random(f"{table.seed}:bot:{seq}:{index}")
        move = bot.choose(engine.view(state, index), engine.legal_moves(state, index), rng)
        _commit_move(table, engine, state, seats, index, move)
    return True


def _commit_move(table: Table, engine, state, seats: list[Seat], seat_index: int, move: str) -> None:
    try:
        new_state = engine.apply(state, seat_index, move)
    except IllegalMove as error:
        raise MoveRejected(error.reason) from None
    table.state = engine.dump(new_state)
    table.seq += 1
    fields = ["state", "seq"]
    if engine.is_over(new_state):
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        fields += ["status", "finished_at"]
        _write_results(table, engine, new_state, seats)
    table.save(update_fields=fields)
    Move.objects.create(table=table, seq=table.seq, seat=seat_index, move=move)
    _on_commit_tell_table(table, state=new_state, seats=seats, move=(seat_index, move))


def _write_results(table: Table, engine, state, seats: list[Seat]) -> None:
    outcome = engine.outcome(state)
    hands = engine.hands_played(state)
    GameResult.objects.bulk_create(
        GameResult(table=table, game=table.game, seat=seat.index, player=seat.player,
                   bot_level=seat.bot_level, score=outcome["scores"][seat.index],
                   rank=outcome["ranks"][seat.index], hands=hands, finished_at=table.finished_at)
        for seat in seats
    )


# -- after commit ---------------------------------------------------------------------------


def _on_commit_tell_table(table: Table, *, state=None, seats: list[Seat] | None = None,
                          move: tuple[int, str] | None = None, seat_changed_for: Player | None = None) -> None:
    """After commit: each audience its frame, then the next bot turn if a bot is to act.

    With the table, its seats and the move in hand, frames are rendered without reading
    them back; a waiting-room change (no state) reloads the table instead. A Player who
    took or left a seat has their sockets moved to their new audience before any frame.
    """
    def tell():
        if seat_changed_for is not None:
            realtime.seat_changed(table.pk, seat_changed_for.pk)
        if state is None:
            realtime.broadcast_table(table.pk)
            return
        spoken = realtime.announcement(table, seats, *move) if move else ""
        realtime.broadcast(table, seats, spoken=spoken)
        if _bot_to_act(table.game, state, seats):
            enqueue_bot_turn(table_id=table.pk, seq=table.seq)

    # robust: a failed send is logged; it must not turn a committed move into an error.
    transaction.on_commit(tell, robust=True)


def resume_bots(*, table_id: int) -> bool:
    """Queue the bot turn a running table is waiting for, if any; True when queued.

    A bot turn lost on the way (a restart with a timer or a task in flight) would leave
    the table stuck; opening the table asks again. The task is idempotent through seq.
    """
    table = Table.objects.filter(pk=table_id, status=Table.Status.PLAYING).first()
    if table is None:
        return False
    seats = list(table.seats.all())
    if not _bot_to_act(table.game, _engine(table.game).load(table.state), seats):
        return False
    enqueue_bot_turn(table_id=table.pk, seq=table.seq)
    return True


def _bot_to_act(game: str, state, seats: list[Seat]) -> bool:
    bot_seats = {seat.index for seat in seats if seat.is_bot}
    return any(index in bot_seats for index in _engine(game).to_move(state))


def enqueue_bot_turn(*, table_id: int, seq: int) -> None:
    # By registered name, so that tasks may import services without a circle.
    task = current_app.tasks["games.tasks.bot_turn"]
    delay = settings.BOT_MOVE_DELAY
    if current_app.conf.task_always_eager and delay:
        # In-process mode has no worker to wait: a timer thread spaces bot plays so that
        # people see them one at a time, and the request that caused them returns at once.
        _run_later(delay, task.apply, kwargs={"table_id": table_id, "seq": seq})
    else:
        task.apply_async(kwargs={"table_id": table_id, "seq": seq}, countdown=delay)


def _run_later(delay: float, function, **kwargs) -> None:
    def run():
        try:
            function(**kwargs)
        finally:
            db.close_old_connections()

    timer = threading.Timer(delay, run)
    timer.daemon = True
    timer.start()


# -- helpers ------------------------------------------------------------------------------------


def _engine(game: str):
    try:
        return engines.get(game)
    except LookupError:
        raise TableError(f"There is no game called {game!r}.") from None


def _locked_table(table_id: int) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise TableError("There is no such table.")
    return table


def _check_host(table: Table, host: Player) -> None:
    if table.host_id != host.pk:
        raise TableError("Only the host can do that.")
