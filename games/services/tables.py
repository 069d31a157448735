"""Setting up tables and seats: create, play now, invite codes, join, leave and come back,
bots, start, rematch, give up."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Player
from games import catalogue, deals, scheduling, selectors
from games.kit import cards
from games.models import Seat, Table
from games.services.common import check_host, engine_for, locked_table
from games.services.errors import NotYourSeat, TableError, WrongInviteCode
from games.services.moves import update_deadlines, write_results
from games.services.telling import note_due_bot, tell_on_commit, tell_table

TURN_TIMER_CHOICES = (0, 15, 30, 60, 120)  # seconds; 0: no timer
# Invite codes are read aloud and typed: no 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
GUESTS_NOT_RATED = "Rated tables are for registered players; sign up to join."


def create_table(*, game: str, host: Player, options: dict | None = None, private: bool = False,
                 players: int | None = None, turn_seconds: int = 0, seed: str | None = None,
                 deal_number: int | None = None, daily=None, rated: bool = False,
                 empty_seat_level: str = "") -> Table:
    """A waiting table with the host in seat 0, the other seats empty, and an invite code.
    ``deal_number``: a numbered game's deal, which sets the seed; ``seed``: a seed as it is;
    ``empty_seat_level``: the bot level for the seats still empty at the start ("": the default)."""
    engine = engine_for(game)
    if empty_seat_level and empty_seat_level not in catalogue.get(game).bot_levels:
        raise TableError(_no_such_bot(game))
    players = players or engine.players_by_default
    try:
        engine.check_players(players)
        options = engine.resolve_options(options)
    except ValueError as error:
        raise TableError(str(error)) from None
    if turn_seconds not in TURN_TIMER_CHOICES:
        raise TableError("Turn timers are off, 15, 30, 60 or 120 seconds.")
    if rated and host.user_id is None:
        raise TableError(GUESTS_NOT_RATED)
    if rated and catalogue.get(game).played_alone(players):
        raise TableError("A game played alone is not rated: ratings come from playing others.")
    if deal_number is not None:
        if engine.deal_numbers is None or deal_number not in engine.deal_numbers:
            raise TableError(f"{engine.name} has no deal #{deal_number}.")
        seed = deals.seed_for(engine, deal_number)
    with transaction.atomic():
        table = Table.objects.create(game=game, options=options, private=private, host=host,
                                     seed=seed or cards.new_seed(), deal_number=deal_number,
                                     invite_code=_free_invite_code(), turn_seconds=turn_seconds, daily=daily,
                                     rated=rated, empty_seat_level=empty_seat_level)
        Seat.objects.bulk_create(
            Seat(table=table, index=index, player=host if index == 0 else None) for index in range(players)
        )
    return table


def _no_such_bot(game: str) -> str:
    descriptor = catalogue.get(game)
    return f"{descriptor.engine.name} has no such bot; choose one of {', '.join(b.title for b in descriptor.bots)}."


def play_now(*, game: str, player: Player, bot_level: str | None = None, options: dict | None = None,
             seed: str | None = None, deal_number: int | None = None, daily=None) -> Table:
    """A table for the player and bots in every other seat, already running. ``deal_number``:
    a numbered game's chosen deal; ``seed``: a seed as it is; ``daily``: the day whose deal it is."""
    engine = engine_for(game)
    if bot_level and bot_level not in catalogue.get(game).bot_levels:
        raise TableError(_no_such_bot(game))
    with transaction.atomic():
        if catalogue.get(game).solo:
            give_up_running(game=game, player=player)
        table = create_table(game=game, host=player, private=True, options=options, seed=seed,
                             deal_number=deal_number, daily=daily)
        for index in range(1, engine.players_by_default):
            set_bot(table_id=table.pk, host=player, seat_index=index, level=bot_level or catalogue.get(game).default_bot.level)
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
        table = locked_table(table_id)
        if table.private and normalise_code(code) != table.invite_code:
            raise WrongInviteCode("This table is private: you need its invite link or code.")
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
        tell_on_commit(table, seat_changed_for=player)
    return seat


def leave_table(*, table_id: int, player: Player) -> None:
    """Before the start the seat is freed; during the game a bot plays it until they return."""
    with transaction.atomic():
        table = locked_table(table_id)
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
        tell_on_commit(table, seat_changed_for=player)


def come_back(*, table_id: int, player: Player) -> bool:
    """A person who was away takes their seat back; the bot stops at the next move."""
    with transaction.atomic():
        table = locked_table(table_id)
        if table.status != Table.Status.PLAYING:
            return False
        seat = table.seats.filter(player=player, away_since__isnull=False).first()
        if seat is None:
            return False
        seat.away_since = None
        seat.save(update_fields=["away_since"])
        seats = selectors.table_seats(table)
        state = engine_for(table.game).load(table.state)
        wait = note_due_bot(table, state, seats)
        table.save(update_fields=["bot_due_at"])
        update_deadlines(table, state, seats)
        tell_on_commit(table, state=state, seats=seats, bot_wait=wait)
    return True


def seats_went_away(table: Table) -> None:
    """A seat just went to a bot: every audience sees it, the bot acts if it is to, and the
    table is checked again once the grace period is over (everyone may have left)."""
    seats = selectors.table_seats(table)
    state = engine_for(table.game).load(table.state)
    wait = note_due_bot(table, state, seats)
    table.save(update_fields=["bot_due_at"])
    tell_on_commit(table, state=state, seats=seats, bot_wait=wait)
    transaction.on_commit(lambda: scheduling.schedule(
        "games.tasks.check_presence", countdown=settings.AWAY_GRACE_SECONDS + 0.1, table_id=table.pk))


def set_bot(*, table_id: int, host: Player, seat_index: int, level: str) -> Seat:
    """The host puts a bot of ``level`` in an empty seat, or "" to empty a bot's seat."""
    with transaction.atomic():
        table = locked_table(table_id)
        check_host(table, host)
        if table.status != Table.Status.WAITING:
            raise TableError("The game has started.")
        if level and level not in catalogue.get(table.game).bot_levels:
            raise TableError(f"There is no {level!r} bot for this game.")
        seat = table.seats.filter(index=seat_index).first()
        if seat is None:
            raise TableError("There is no such seat.")
        if seat.player_id is not None:
            raise TableError("A player sits there.")
        seat.bot_level = level
        seat.save(update_fields=["bot_level"])
        tell_on_commit(table)
    return seat


def start_table(*, table_id: int, host: Player) -> Table:
    with transaction.atomic():
        table = locked_table(table_id)
        check_host(table, host)
        if table.status != Table.Status.WAITING:
            raise TableError("The game has already started.")
        seats = selectors.table_seats(table)
        # Seats the host left empty get the level the table was made with, else the default.
        for seat in seats:
            if seat.is_empty:
                seat.bot_level = selectors.empty_seat_bot(table).level
                seat.save(update_fields=["bot_level"])
        engine = engine_for(table.game)
        state = engine.new_game(len(seats), seed=table.seed, options=table.options)
        table.state = engine.dump(state)
        table.status = Table.Status.PLAYING
        table.started_at = timezone.now()
        wait = note_due_bot(table, state, seats)
        table.save(update_fields=["state", "status", "started_at", "bot_due_at"])
        update_deadlines(table, state, seats)
        tell_on_commit(table, state=state, seats=seats, bot_wait=wait)
    return table


def play_again(*, table_id: int, player: Player) -> Table:
    """The same seats at a new table; everyone who asks gets the same rematch."""
    with transaction.atomic():
        table = locked_table(table_id)
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
        tell_on_commit(table)
        return rematch


def give_up(*, table_id: int, player: Player) -> Table:
    """A game played alone ends unwon: its result is recorded as a loss."""
    with transaction.atomic():
        table = locked_table(table_id)
        seats = selectors.table_seats(table)
        if len(seats) != 1 or seats[0].player_id != player.pk:
            raise NotYourSeat("Only the player of a game played alone can give it up.")
        if table.status != Table.Status.PLAYING:
            raise TableError("The game is over.")
        engine = engine_for(table.game)
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        table.bot_due_at = None
        table.save(update_fields=["status", "finished_at", "bot_due_at"])
        write_results(table, engine, engine.load(table.state), seats)
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
