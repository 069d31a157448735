"""Reads that views, consumers and realtime share."""

import math
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import catalogue
from games.kit.engine import Engine
from games.kit.rules_text import OptionText
from games.models import GameResult, Move, Seat, Table
from stats import replay


def game_catalogue() -> list[Engine]:
    """Every playable game, in the order the registry lists them."""
    return [game.engine for game in catalogue.all()]


def table_seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("player").order_by("index"))


def table_and_seats(table_id: int) -> tuple[Table, list[Seat]]:
    """The table and its seats with their Players, in one query, one snapshot; not for a
    write, which locks the table row first and reads its seats after (services.common).
    Raises Table.DoesNotExist."""
    seats = list(Seat.objects.filter(table_id=table_id).select_related("table", "player").order_by("index"))
    if not seats:  # every table has its seats from its creation on
        raise Table.DoesNotExist(f"no table {table_id}")
    table = seats[0].table
    for seat in seats:  # each row came with a copy of the table: one for all, as table.seats gives
        seat.table = table
    return table, seats


def tables_seq_and_status(table_ids) -> dict[int, tuple[int, str]]:
    """Table id -> (seq, status), for those of ``table_ids`` that exist."""
    return {pk: (seq, status) for pk, seq, status in
            Table.objects.filter(pk__in=list(table_ids)).values_list("pk", "seq", "status")}


def viewer_among(seats: list[Seat], player_id: int | None) -> int | None:
    """The seat index the player holds among already loaded ``seats``, or None."""
    return next((seat.index for seat in seats if seat.player_id == player_id), None) if player_id else None


@dataclass(frozen=True)
class OptionField:
    name: str
    label: str
    default: object
    choices: tuple
    selected: object  # the choice the form shows chosen: the player's own, else the default
    labels: tuple = ()  # (choice, its name in words), in the choices' order


def logged_states(table: Table, *, players: int):
    """Every state the table has been in, from the deal to now, rebuilt from its Move log as
    the replay does: what a seat was once shown (a bot's memory of cards since turned back)."""
    moves = [replay.LoggedMove(seq=seq, seat=seat, move=move)
             for seq, seat, move in table.moves.order_by("seq").values_list("seq", "seat", "move")]
    return replay.states(catalogue.get(table.game).engine, players, seed=table.seed, options=table.options,
                         moves=moves)


def option_fields(engine: Engine, chosen: dict | None = None) -> list[OptionField]:
    """The engine's options as the New table form offers them, from its own declarations;
    ``chosen`` (the options a refused form posted) keeps the player's choices on the form."""
    chosen = chosen or {}
    texts = catalogue.get(engine.slug).rules.options
    return [OptionField(name=name, label=name.replace("_", " ").capitalize(), default=default, choices=choices,
                        selected=_chosen_or_default(chosen, name, default, choices),
                        labels=tuple((choice, texts.get(name, OptionText(what="")).label(choice)) for choice in choices))
            for name, (default, choices) in engine.options.items()]


def _chosen_or_default(chosen: dict, name: str, default, choices: tuple):
    value = chosen.get(name, default)
    return value if value in choices else default  # a value no choice spells shows the default


def table_for_invite(code: str) -> Table | None:
    """The waiting table with this invite code, if any."""
    return Table.objects.filter(invite_code=code, status=Table.Status.WAITING).first()


def open_tables(game: str) -> list[Table]:
    """Public tables of ``game`` still waiting for players, newest first."""
    tables = Table.objects.filter(game=game, status=Table.Status.WAITING, private=False)
    return list(tables.prefetch_related("seats__player").order_by("-created_at")[:50])


@dataclass(frozen=True)
class SeatAround:
    """A seat as one viewer sees it: where it sits on screen, and who is in it."""

    index: int
    position: str  # bottom (the viewer), left, top, right
    name: str
    is_bot: bool
    is_empty: bool
    is_viewer: bool
    player_id: int | None
    bot_level: str
    is_away: bool = False  # the person is gone; a bot plays for them unless the table is paused
    bot_playing: bool = False  # away, and a bot plays the seat meanwhile
    seconds_left: int | None = None  # on a turn timer, while this seat is to act
    is_partner: bool = False  # plays in the viewer's team (the catalogue's teams trait)
    team: int | None = None  # which of the table's teams it plays in, if any


def everyone_away(seats: list[Seat]) -> bool:
    """Every person at the table is away: the table pauses (no bot plays on for nobody)."""
    people = [seat for seat in seats if seat.player_id is not None]
    return bool(people) and all(seat.is_away for seat in people)


COMPASS = ("South", "West", "North", "East")  # seat 0 and clockwise, for four-seat games
POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


def seats_around(seats: list[Seat], viewer: int | None, *,
                 teams: list[tuple[int, ...]] | None = None) -> list[SeatAround]:
    """Seats in clockwise order from the viewer (seat 0 for spectators) at the bottom;
    ``teams``: the table's partnerships (``Game.teams``), to mark the viewer's partners."""
    count = len(seats)
    partners = next((set(team) - {viewer} for team in teams or () if viewer in team), set())
    team_of = {index: number for number, team in enumerate(teams or ()) for index in team}
    first = viewer or 0
    now = timezone.now()
    paused = everyone_away(seats)
    positions = POSITIONS.get(count, ("bottom",) + tuple(f"p{i}" for i in range(1, count)))
    around = []
    for offset in range(count):
        seat = seats[(first + offset) % count]
        if seat.is_bot:
            name = f"{COMPASS[seat.index]} bot" if count == 4 else f"Bot {seat.index + 1}"
        elif seat.player_id is not None:
            name = seat.player.display_name
        else:
            name = "Empty seat"
        seconds_left = None if seat.deadline is None else max(0, math.ceil((seat.deadline - now).total_seconds()))
        around.append(SeatAround(index=seat.index, position=positions[offset], name=name, is_bot=seat.is_bot,
                                 is_empty=seat.is_empty, is_viewer=seat.index == viewer,
                                 player_id=seat.player_id, bot_level=seat.bot_level,
                                 is_away=seat.is_away, bot_playing=seat.is_away and not paused,
                                 seconds_left=seconds_left, is_partner=seat.index in partners,
                                 team=team_of.get(seat.index)))
    return around


def empty_seat_bot(table: Table):
    """The bot the table's empty seats get when it starts: the level it was made with (the New
    table form's), else the game's default."""
    game = catalogue.get(table.game)
    return game.bot(table.empty_seat_level) if table.empty_seat_level in game.bot_levels else game.default_bot


def bots(game: str) -> list:
    """The game's bots, weakest first: each with its ``level``, ``title`` and ``blurb``."""
    return list(catalogue.get(game).bots)


def daily_results(engine: Engine, *, day) -> list[GameResult]:
    """Today's daily-deal wins, fewest moves first, then fastest (every variant together).
    Only each player's first table of the day's deal counts: playing it again, the deal
    known card by card, is practice (``daily_note``). The daily deal has no hints (``hint``)."""
    return list(GameResult.objects.filter(game=engine.slug, table__daily=day, rank=1, score__gt=0)
                .filter(~practice())
                .select_related("player", "table").order_by("moves", "seconds")[:20])


def practice() -> Exists:
    """A GameResult's condition: its player had an earlier table of the same daily deal (the
    same game, day and seed), so this one is practice and counts in no daily result."""
    return Exists(Table.objects.filter(game=OuterRef("table__game"), daily=OuterRef("table__daily"),
                                       seed=OuterRef("table__seed"), seats__player=OuterRef("player"),
                                       pk__lt=OuterRef("table_id")))


PRACTICE = "Practice: only your first game of today's deal counts."
PRACTICE_PAST = "Practice: only your first game of that day's deal counts."
COUNTS = "Today's deal: your first game counts. No hints."
COUNTS_PAST = "That day's deal: your first game counts. No hints."


def daily_note(table: Table, seats: list[Seat]) -> str:
    """What a daily table's player is told of the day's results: a table that is not their
    first of that day's deal (the same game, day and seed: the variant's deal) is practice,
    left out of them (``daily_results``); "" for a table of no daily deal."""
    if table.daily is None:
        return ""
    today = table.daily >= timezone.localdate()
    players = [seat.player_id for seat in seats if seat.player_id is not None]
    if players and Table.objects.filter(game=table.game, daily=table.daily, seed=table.seed, pk__lt=table.pk,
                                        seats__player__in=players).exists():
        return PRACTICE if today else PRACTICE_PAST
    return COUNTS if today else COUNTS_PAST


def clock_start(table: Table):
    """When a timed game's clock starts: its first move (a player may look at the deal for
    as long as they like first); None before it. The clock and the result's seconds both
    count from here, so a new frame or a reload never resets it."""
    return Move.objects.filter(table=table, seq=1).values_list("created_at", flat=True).first()


@dataclass(frozen=True)
class Clock:
    """A timed board's clock: ``started`` and ``finished`` in seconds since the epoch (the
    client counts on from ``started`` until ``finished``), ``shown`` as m:ss when drawn."""
    started: float | None
    finished: float | None
    shown: str


def clock(table: Table) -> Clock:
    start = clock_start(table)
    if start is None:
        return Clock(None, None, "0:00")
    end = table.finished_at
    seconds = max(0, int(((end or timezone.now()) - start).total_seconds()))
    return Clock(start.timestamp(), end.timestamp() if end else None, f"{seconds // 60}:{seconds % 60:02d}")


NO_DAILY_HINTS = "No hints on the daily deal: everyone plays it on their own."


def hint(table: Table, *, players: int) -> tuple[str, str]:
    """At a table of one, the game's coach's hint (``Game.coach``) or else the next move of a
    winning line from where the table stands: (words, move). When the
    solver finds none within its budget (``HINT_NODES``, ``HINT_SECONDS``: a hint answers
    within about two seconds), the most useful legal move by the solver's own measure
    (``useful_move``), said not to be a proven win; ("No moves left.", "") when only Undo is.
    No hint on a daily deal's table (NO_DAILY_HINTS): its day's results are played without.
    ``players``: the table's seats, counted by the caller (this may run on a thread of its own,
    which must not take a database connection it would keep)."""
    game = catalogue.get(table.game)
    solver, engine = game.solver, game.engine
    if (solver is None and game.coach is None) or table.status != Table.Status.PLAYING:
        return "No hints here.", ""
    if table.daily is not None:  # the solver sees every card: a hint is the winning line
        return NO_DAILY_HINTS, ""
    if not game.played_alone(players):
        return "Hints are for games played alone.", ""
    state = engine.load(table.state)
    if game.coach is not None:
        return game.coach.hint(state)
    move = solver.hint(state, settings.HINT_NODES, max_seconds=settings.HINT_SECONDS)
    if move is not None:
        return f"Hint: {engine.describe_move(move)}.", move
    move = solver.useful_move(state)
    if move is None:
        return "No moves left.", ""
    return f"Hint: {engine.describe_move(move)}. No winning line was found from here: not a proven win.", move
