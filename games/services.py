"""Every write to tables: create, join, fill with bots, start, play.

Each write validates and locks (``select_for_update`` on the table row), mutates, and
on commit tells exactly who must hear of it: each seat its own view, spectators theirs
(``realtime``), and the task queue when a bot is to act. Nothing here names a game.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import bots, engines, realtime, scheduling, selectors
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


TURN_TIMER_CHOICES = (0, 15, 30, 60, 120)  # seconds; 0: no timer
# Invite codes are read aloud and typed: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
GUESTS_NOT_RATED = "Rated tables are for registered players; sign up to join."


def create_table(*, game: str, host: Player, options: dict | None = None, private: bool = False,
                 players: int | None = None, turn_seconds: int = 0, seed: str | None = None,
                 daily=None, rated: bool = False) -> Table:
    """A waiting table with the host in seat 0, the other seats empty, and an invite code."""
    engine = _engine(game)
    players = players or engine.max_players
    try:
        engine.check_players(players)
        options = engine.resolve_options(options)
    except ValueError as error:
        raise TableError(str(error)) from None
    if turn_seconds not in TURN_TIMER_CHOICES:
        raise TableError("Turn timers are off, 15, 30, 60 or 120 seconds.")
    if rated and host.user_id is None:
        raise TableError(GUESTS_NOT_RATED)
    with transaction.atomic():
        table = Table.objects.create(game=game, options=options, private=private, host=host,
                                     seed=seed or cards.new_seed(), invite_code=_free_invite_code(),
                                     turn_seconds=turn_seconds, daily=daily, rated=rated)
        Seat.objects.bulk_create(
            Seat(table=table, index=index, player=host if index == 0 else None) for index in range(players)
        )
    return table


def play_now(*, game: str, player: Player, bot_level: str | None = None, options: dict | None = None,
             seed: str | None = None, daily=None) -> Table:
    """A table for the player and bots in every other seat, already running. ``seed``: a
    chosen deal (a deal number for numbered games); ``daily``: the day whose deal it is."""
    engine = _engine(game)
    with transaction.atomic():
        if engine.max_players == 1:
            give_up_running(game=game, player=player)
        table = create_table(game=game, host=player, private=True, options=options, seed=seed, daily=daily)
        for index in range(1, engine.max_players):
            set_bot(table_id=table.pk, host=player, seat_index=index, level=bot_level or bots.levels(game)[-1])
        return start_table(table_id=table.pk, host=player)


def _free_invite_code() -> str:
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Table.objects.filter(invite_code=code).exists():
            return code
    raise TableError("Could not find a free invite code; try again.")


def normalise_code(code: str) -> str:
    """What a person typed, as stored: case and spaces do not matter."""
    return "".join(code.split()).upper()


def join_table(*, table_id: int, player: Player, seat_index: int | None = None, code: str = "") -> Seat:
    """Take a free seat; a private table also wants its invite code."""
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.private and normalise_code(code) != table.invite_code:
            raise NotYourSeat("This table is private: you need its invite link or code.")
        if table.status != Table.Status.WAITING:
            raise TableError("This game has started; you can watch it.")
        if table.rated and player.user_id is None:
            raise TableError(GUESTS_NOT_RATED)
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


def leave_table(*, table_id: int, player: Player) -> None:
    """Before the start the seat is freed; during the game a bot plays it until they return."""
    with transaction.atomic():
        table = _locked_table(table_id)
        seat = table.seats.filter(player=player).first()
        if seat is None:
            raise TableError("You have no seat at this table.")
        if table.status == Table.Status.PLAYING:
            if seat.away_since is None:
                seat.away_since = timezone.now()
                seat.deadline = None
                seat.save(update_fields=["away_since", "deadline"])
                seats_went_away(table)
            return
        if table.status != Table.Status.WAITING:
            raise TableError("The game is over.")
        if table.host_id == player.pk:
            raise TableError("The host stays with the table: start it, or simply close the page.")
        seat.player = None
        seat.save(update_fields=["player"])
        _on_commit_tell_table(table, seat_changed_for=player)


def come_back(*, table_id: int, player: Player) -> bool:
    """A person who was away takes their seat back; the bot stops at the next move."""
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.PLAYING:
            return False
        seat = table.seats.filter(player=player, away_since__isnull=False).first()
        if seat is None:
            return False
        seat.away_since = None
        seat.save(update_fields=["away_since"])
        seats = selectors.table_seats(table)
        state = _engine(table.game).load(table.state)
        _update_deadlines(table, state, seats)
        _on_commit_tell_table(table, state=state, seats=seats)
    return True


def seats_went_away(table: Table) -> None:
    """A seat just went to a bot: every audience sees it, the bot acts if it is to, and the
    table is checked again once the grace period is over (everyone may have left)."""
    seats = selectors.table_seats(table)
    state = _engine(table.game).load(table.state)
    _on_commit_tell_table(table, state=state, seats=seats)
    transaction.on_commit(lambda: scheduling.schedule(
        "games.tasks.check_presence", countdown=settings.AWAY_GRACE_SECONDS + 0.1, table_id=table.pk))


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
        # Seats the host left empty get the strongest bot.
        for seat in seats:
            if seat.is_empty:
                seat.bot_level = bots.levels(table.game)[-1]
                seat.save(update_fields=["bot_level"])
        engine = _engine(table.game)
        state = engine.new_game(len(seats), seed=table.seed, options=table.options)
        table.state = engine.dump(state)
        table.status = Table.Status.PLAYING
        table.started_at = timezone.now()
        table.save(update_fields=["state", "status", "started_at"])
        _update_deadlines(table, state, seats)
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
                                       host=player, seed=cards.new_seed(), rematch_of=table,
                                       invite_code=_free_invite_code(), turn_seconds=table.turn_seconds,
                                       rated=table.rated)
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
            raise MoveRejected({Table.Status.FINISHED: "The game is over.",
                                Table.Status.ABANDONED: "Everyone left this table; it was abandoned."}
                               .get(table.status, "The game has not started."))
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
    """One bot seat that is to act plays, if the table is still at ``seq``. Safe to repeat.

    Bot seats and the seats of people who are away are played by bots; while every person
    at the table is away, bots wait (the table is abandoned after the grace period).
    """
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.PLAYING or table.seq != seq:
            return False
        engine = _engine(table.game)
        state = engine.load(table.state)
        seats = selectors.table_seats(table)
        levels = _stand_ins(table.game, seats)
        acting = [index for index in engine.to_move(state) if index in levels]
        if not acting:
            return False
        _bot_plays(table, engine, state, seats, acting[0], levels[acting[0]])
    return True


def play_timed_out_turn(*, table_id: int, seat_index: int, deadline: str) -> bool:
    """The seat's turn ran out: a bot plays it for them, once (the deadline is the turn's id)."""
    with transaction.atomic():
        table = _locked_table(table_id)
        if table.status != Table.Status.PLAYING:
            return False
        seats = selectors.table_seats(table)
        seat = seats[seat_index] if seat_index < len(seats) else None
        if seat is None or seat.deadline is None or seat.deadline.isoformat() != deadline:
            return False
        engine = _engine(table.game)
        state = engine.load(table.state)
        if seat_index not in engine.to_move(state):
            return False
        # A turn may be several moves (draw, then discard): the bot plays all of it.
        for _ in range(MAX_MOVES_PER_TURN):
            state = _bot_plays(table, engine, state, seats, seat_index, bots.levels(table.game)[-1])
            if table.status != Table.Status.PLAYING or seat_index not in engine.to_move(state):
                break
    return True


MAX_MOVES_PER_TURN = 100  # a bound, never reached by a real game


def _bot_plays(table: Table, engine, state, seats: list[Seat], index: int, level: str):
    bot = bots.get(table.game, level)
    rng = random.Random(f"{table.seed}:bot:{table.seq}:{index}")
    move = bot.choose(engine.view(state, index), engine.legal_moves(state, index), rng)
    return _commit_move(table, engine, state, seats, index, move)


def _stand_ins(game: str, seats: list[Seat]) -> dict[int, str]:
    """Seat index -> bot level, for every seat a bot plays now (none while no person is here)."""
    people = [seat for seat in seats if seat.player_id is not None]
    if people and all(seat.is_away for seat in people):
        return {}
    played = [seat for seat in seats if seat.is_bot or seat.is_away]
    if not played:
        return {}
    strongest = bots.levels(game)[-1]
    return {seat.index: seat.bot_level or strongest for seat in played}


def _commit_move(table: Table, engine, state, seats: list[Seat], seat_index: int, move: str):
    """Apply, save and log one move; returns the new state."""
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
    _update_deadlines(table, new_state, seats)
    _on_commit_tell_table(table, state=new_state, seats=seats, move=(seat_index, move))
    return new_state


def _update_deadlines(table: Table, state, seats: list[Seat]) -> None:
    """With a turn timer: a person who is now to act gets a deadline and a task to enforce it;
    one who is no longer to act loses theirs. Without a timer nothing is written."""
    if not table.turn_seconds:
        return
    engine = _engine(table.game)
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


def _write_results(table: Table, engine, state, seats: list[Seat]) -> None:
    outcome = engine.outcome(state)
    hands = engine.hands_played(state)
    facts = engine.result_facts(state)
    seconds = int((table.finished_at - table.started_at).total_seconds()) if table.started_at else None
    # Alone, you win by finishing (a game given up is lost); with others, by ranking first.
    alone = len(seats) == 1
    GameResult.objects.bulk_create(
        GameResult(table=table, game=table.game, seat=seat.index, player=seat.player,
                   bot_level=seat.bot_level, score=outcome["scores"][seat.index],
                   rank=outcome["ranks"][seat.index], hands=hands, finished_at=table.finished_at,
                   won=engine.is_over(state) if alone else outcome["ranks"][seat.index] == 1,
                   moves=facts.get("moves"), undos=facts.get("undos"), variant=facts.get("variant", ""),
                   seconds=seconds)
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


def give_up(*, table_id: int, player: Player) -> Table:
    """A game played alone ends unwon: its result is recorded as a loss."""
    with transaction.atomic():
        table = _locked_table(table_id)
        seats = selectors.table_seats(table)
        if len(seats) != 1 or seats[0].player_id != player.pk:
            raise NotYourSeat("Only the player of a game played alone can give it up.")
        if table.status != Table.Status.PLAYING:
            raise TableError("The game is over.")
        engine = _engine(table.game)
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        table.save(update_fields=["status", "finished_at"])
        _write_results(table, engine, engine.load(table.state), seats)
        tell_table(table)
    return table


def give_up_running(*, game: str, player: Player) -> int:
    """Starting a new game alone forfeits the player's running ones of that game."""
    running = Table.objects.filter(game=game, status=Table.Status.PLAYING, seats__player=player)
    count = 0
    for table_id in running.values_list("pk", flat=True):
        if Seat.objects.filter(table_id=table_id).count() == 1:
            give_up(table_id=table_id, player=player)
            count += 1
    return count


def tell_table(table: Table) -> None:
    """On commit, every audience gets the table as it now stands."""
    transaction.on_commit(lambda: realtime.broadcast_table(table.pk), robust=True)


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
    stand_ins = _stand_ins(game, seats)
    return any(index in stand_ins for index in _engine(game).to_move(state))


def enqueue_bot_turn(*, table_id: int, seq: int) -> None:
    """Bot plays are spaced by BOT_MOVE_DELAY so that people can follow them."""
    scheduling.schedule("games.tasks.bot_turn", countdown=settings.BOT_MOVE_DELAY, table_id=table_id, seq=seq)


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
