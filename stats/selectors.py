"""Reads for personal stats: what a player's profile shows."""

from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models import Count, Max, Min, Q, Sum

from accounts.models import Player
from games import catalogue
from games.catalogue.game import MATCH_FACTS, RESULT_FACTS, Game
from games.models import GameResult, Table
from games.selectors import COMPASS
from stats.models import Rating, RatingSnapshot, display_rating

RECENT_GAMES = 20


@dataclass(frozen=True)
class GamesPlayed:
    game: str  # the engine's slug
    name: str
    count: int


@dataclass(frozen=True)
class PlayedGame:
    table_id: int
    game: str
    name: str
    finished_at: datetime
    rank: int
    score: int
    opponents: list[str]
    won: bool = False
    solo: bool = False  # played alone: won or not won, never a rank


def profile_player(*, name: str) -> Player | None:
    """The Player whose name is ``name`` in any letter case; a detached merged guest is nobody's."""
    return (Player.objects.select_related("user")
            .filter(display_name__iexact=name, merged_into__isnull=True).first())


def member_since(*, player: Player) -> datetime:
    return player.user.date_joined if player.user_id else player.created_at


def games_played(*, player: Player) -> list[GamesPlayed]:
    """Finished games per game, most played first."""
    counts = (GameResult.objects.filter(player=player).values("game")
              .annotate(count=Count("pk")).order_by("-count", "game"))
    return [GamesPlayed(game=row["game"], name=_game_name(row["game"]), count=row["count"]) for row in counts]


def recent_games(*, player: Player, limit: int = RECENT_GAMES) -> list[PlayedGame]:
    """The player's latest finished games, newest first, with who else sat at each table."""
    results = list(GameResult.objects.filter(player=player).order_by("-finished_at", "-pk")[:limit])
    table_ids = [result.table_id for result in results]
    seats_by_table: dict[int, list[GameResult]] = {}
    for other in (GameResult.objects.filter(table_id__in=table_ids).select_related("player")
                  .order_by("table_id", "seat")):
        seats_by_table.setdefault(other.table_id, []).append(other)
    played = []
    for result in results:
        seats = seats_by_table.get(result.table_id, [])
        opponents = [_seat_name(other, len(seats)) for other in seats if other.seat != result.seat]
        played.append(PlayedGame(table_id=result.table_id, game=result.game, name=_game_name(result.game),
                                 finished_at=result.finished_at, rank=result.rank, score=result.score,
                                 opponents=opponents, won=result.won, solo=_played_alone(result.game, len(seats))))
    return played


def _seat_name(result: GameResult, seat_count: int) -> str:
    # Bots are named as at the table (games.selectors.seats_around).
    if result.bot_level:
        return f"{COMPASS[result.seat]} bot" if seat_count == 4 else f"Bot {result.seat + 1}"
    return result.player.display_name if result.player_id else "Empty seat"


def _catalogue_order(slug: str) -> tuple[int, str]:
    """Sort key: games in the catalogue's order, any game no longer registered after them."""
    slugs = [game.slug for game in catalogue.all()]
    return (slugs.index(slug) if slug in slugs else len(slugs), slug)


def _descriptor(slug: str) -> Game | None:
    try:
        return catalogue.get(slug)
    except LookupError:
        return None  # a game no longer offered still shows in the history


def _game_name(slug: str) -> str:
    descriptor = _descriptor(slug)
    return descriptor.name if descriptor else slug


def _played_alone(slug: str, seats: int) -> bool:
    descriptor = _descriptor(slug)
    return descriptor.played_alone(seats) if descriptor else seats == 1


def _analysed(slug: str, seats: int) -> bool:
    descriptor = _descriptor(slug)
    return bool(descriptor and descriptor.coach and descriptor.played_alone(seats))


def _lower_is_better(descriptor: Game | None, options: dict | None) -> bool:
    if descriptor is None:
        return False
    try:
        return descriptor.lower_is_better(options or {})
    except ValueError:  # options the game no longer has: its defaults decide
        return descriptor.lower_is_better({})


# -- Personal stats and game history (/u/<name>/stats/, /u/<name>/history/) -------------------

CHART_GAMES = 50
HISTORY_PAGE_SIZE = 50
_EXPORT_CHUNK = 500


@dataclass(frozen=True)
class VariantStats:
    game: str
    name: str
    variant: str
    played: int
    won: int
    win_rate: float  # 0..1
    current_streak: int
    best_streak: int
    average_score: float | None  # lower is better: points per hand; else per game
    best_score: int | None
    lower_is_better: bool
    best_seconds: int | None = None
    fewest_moves: int | None = None
    wins_without_undo: int | None = None
    facts: tuple[str, ...] = MATCH_FACTS  # what the game's descriptor says its stats show
    marks: tuple[tuple[str, int], ...] = ()  # (mark, games), e.g. ("skunk", 2), most first

    @property
    def marks_words(self) -> str:
        return " · ".join(f"{mark} {count}" for mark, count in self.marks)

    @property
    def best_time(self) -> str:
        """The best time as m:ss, or an empty string with no win."""
        if self.best_seconds is None:
            return ""
        return f"{self.best_seconds // 60}:{self.best_seconds % 60:02d}"


@dataclass(frozen=True)
class ChartBar:
    x: int
    won: bool


@dataclass(frozen=True)
class ResultsChart:
    game: str
    name: str
    bars: list[ChartBar]
    won: int
    lost: int
    width: int
    label: str


@dataclass(frozen=True)
class HistoryRow:
    table_id: int
    game: str
    name: str
    finished_at: datetime
    seat: int
    rank: int
    won: bool
    score: int
    hands: int
    moves: int | None
    undos: int | None
    variant: str
    seconds: int | None
    opponents: list[str]
    solo: bool = False  # played alone: won or not won, never a rank
    analysed: bool = False  # played alone, of a game with a coach: it has an analysis page

    def as_dict(self) -> dict:
        """The export's stable keys, JSON-ready."""
        return {"table_id": self.table_id, "game": self.game, "finished_at": self.finished_at.isoformat(),
                "seat": self.seat, "rank": None if self.solo else self.rank, "won": self.won, "score": self.score, "hands": self.hands,
                "moves": self.moves, "undos": self.undos, "variant": self.variant, "seconds": self.seconds,
                "opponents": self.opponents}


def personal_stats(*, player: Player) -> list[VariantStats]:
    """Per game and variant: counts, streaks, scores and (solitaire) records, the facts the
    game's descriptor names; three queries in all."""
    won_games = Q(won=True)
    rows = (GameResult.objects.filter(player=player).values("game", "variant")
            .annotate(played=Count("pk"), wins=Count("pk", filter=won_games), score_sum=Sum("score"),
                      hands_sum=Sum("hands"), high=Max("score"), low=Min("score"),
                      best_seconds=Min("seconds", filter=won_games), fewest_moves=Min("moves", filter=won_games),
                      clean_wins=Count("pk", filter=won_games & Q(undos=0)), latest_table=Max("table_id"))
            .order_by())
    rows = list(rows)
    # Which way scores rank is the game's to say from a table's options (Rummy's scoring).
    options = dict(Table.objects.filter(pk__in=[row["latest_table"] for row in rows]).values_list("pk", "options"))
    streaks, marks = _streaks_and_marks(player=player)
    stats = []
    for row in rows:
        game, variant = row["game"], row["variant"]
        descriptor = _descriptor(game)
        facts = descriptor.stats_facts if descriptor else MATCH_FACTS
        lower = _lower_is_better(descriptor, options.get(row["latest_table"]))
        if lower:
            average = row["score_sum"] / row["hands_sum"] if row["hands_sum"] else None
        else:
            average = row["score_sum"] / row["played"]
        current, best = streaks.get((game, variant), (0, 0))
        stats.append(VariantStats(
            game=game, name=_game_name(game), variant=variant, played=row["played"], won=row["wins"],
            win_rate=row["wins"] / row["played"], current_streak=current, best_streak=best,
            average_score=average, best_score=row["low"] if lower else row["high"], lower_is_better=lower,
            best_seconds=row["best_seconds"], fewest_moves=row["fewest_moves"],
            wins_without_undo=row["clean_wins"], facts=facts,
            marks=tuple(sorted(marks.get((game, variant), {}).items(), key=lambda item: (-item[1], item[0]))),
        ))
    return sorted(stats, key=lambda s: (*_catalogue_order(s.game), s.variant))


def stats_columns(stats: list[VariantStats]) -> tuple[str, ...]:
    """The facts some row shows, in the table's order: no column that means nothing to all."""
    shown = {fact for row in stats for fact in row.facts}
    return tuple(fact for fact in RESULT_FACTS if fact in shown)


def _streaks_and_marks(*, player: Player) -> tuple[dict[tuple[str, str], tuple[int, int]],
                                                    dict[tuple[str, str], dict[str, int]]]:
    """(current, best) win streak per (game, variant), in finishing order, and how many games
    carry each mark (a skunk), from one pass over the player's results."""
    streaks: dict[tuple[str, str], tuple[int, int]] = {}
    marks: dict[tuple[str, str], dict[str, int]] = {}
    for game, variant, won, mark in (GameResult.objects.filter(player=player).order_by("finished_at", "pk")
                                     .values_list("game", "variant", "won", "mark")):
        current, best = streaks.get((game, variant), (0, 0))
        current = current + 1 if won else 0
        streaks[(game, variant)] = (current, max(best, current))
        if mark:
            counts = marks.setdefault((game, variant), {})
            counts[mark] = counts.get(mark, 0) + 1
    return streaks, marks


def results_charts(*, player: Player, last: int = CHART_GAMES) -> list[ResultsChart]:
    """Per game, the last ``last`` games as won/lost bars, oldest first; one query."""
    outcomes: dict[str, list[bool]] = {}
    for game, won in (GameResult.objects.filter(player=player).order_by("finished_at", "pk")
                      .values_list("game", "won")):
        outcomes.setdefault(game, []).append(won)
    charts = []
    for game in sorted(outcomes, key=_catalogue_order):
        recent = outcomes[game][-last:]
        won = sum(recent)
        name = _game_name(game)
        charts.append(ResultsChart(
            game=game, name=name, bars=[ChartBar(x=index * 6, won=w) for index, w in enumerate(recent)],
            won=won, lost=len(recent) - won, width=max(len(recent) * 6, 6),
            label=f"{name}: last {len(recent)} games, oldest first: {won} won, {len(recent) - won} lost",
        ))
    return charts


RATING_POINTS = 90  # the last 90 days played
RATING_CHART = (270, 60)  # width, height of the rating chart in SVG units


@dataclass(frozen=True)
class RatingChart:
    game: str
    name: str
    rating: int  # the display rating now
    provisional: bool
    games: int
    points: str  # an SVG polyline's points, oldest day first
    low: int
    high: int
    label: str


def rating_charts(*, player: Player) -> list[RatingChart]:
    """Per rated game, the rating now and its history: one point per day played (the day's
    last rating, from the nightly snapshots); two queries."""
    ratings = {rating.game: rating for rating in Rating.objects.filter(player=player)}
    days: dict[str, list[float]] = {}
    for game, ordinal in (RatingSnapshot.objects.filter(player=player, game__in=list(ratings))
                          .order_by("game", "-day").values_list("game", "ordinal")):
        if len(days.setdefault(game, [])) < RATING_POINTS:
            days[game].append(ordinal)
    width, height = RATING_CHART
    charts = []
    for game in sorted(ratings, key=_catalogue_order):
        rating = ratings[game]
        history = [display_rating(ordinal) for ordinal in reversed(days.get(game, []))] or [rating.display]
        low, high = min(history), max(history)
        step = width / max(len(history) - 1, 1)
        span = max(high - low, 1)
        points = " ".join(f"{index * step:.1f},{height - 2 - (value - low) * (height - 4) / span:.1f}"
                          for index, value in enumerate(history))
        name = _game_name(game)
        charts.append(RatingChart(
            game=game, name=name, rating=rating.display, provisional=rating.provisional, games=rating.games,
            points=points, low=low, high=high,
            label=f"{name} rating over the last {len(history)} days played: from {history[0]} to {history[-1]}, "
                  f"between {low} and {high}"))
    return charts


def history_games(*, player: Player) -> list[tuple[str, str]]:
    """(slug, name) of each game the player has finished, for the history's filter."""
    slugs = set(GameResult.objects.filter(player=player).values_list("game", flat=True).distinct())
    return [(slug, _game_name(slug)) for slug in sorted(slugs, key=_catalogue_order)]


def _history_results(*, player: Player, game: str | None):
    results = GameResult.objects.filter(player=player).order_by("-finished_at", "-pk")
    return results.filter(game=game) if game else results


def history_page(*, player: Player, game: str | None = None, page: str | int | None = 1) -> Page:
    """One page of finished games, newest first, as HistoryRows (the page's object_list)."""
    history = Paginator(_history_results(player=player, game=game), HISTORY_PAGE_SIZE).get_page(page)
    history.object_list = _history_rows(list(history.object_list))
    return history


def history_rows(*, player: Player, game: str | None = None):
    """Every finished game, newest first, as HistoryRows: a generator, read in chunks."""
    chunk = []
    for result in _history_results(player=player, game=game).iterator(chunk_size=_EXPORT_CHUNK):
        chunk.append(result)
        if len(chunk) == _EXPORT_CHUNK:
            yield from _history_rows(chunk)
            chunk = []
    if chunk:
        yield from _history_rows(chunk)


def _history_rows(results: list[GameResult]) -> list[HistoryRow]:
    """Rows for ``results`` with the other seats' names: one query for the lot."""
    seats_by_table: dict[int, list[GameResult]] = {}
    for other in (GameResult.objects.filter(table_id__in={result.table_id for result in results})
                  .select_related("player").order_by("table_id", "seat")):
        seats_by_table.setdefault(other.table_id, []).append(other)
    rows = []
    for result in results:
        seats = seats_by_table.get(result.table_id, [])
        rows.append(HistoryRow(
            table_id=result.table_id, game=result.game, name=_game_name(result.game),
            finished_at=result.finished_at, seat=result.seat, rank=result.rank, won=result.won,
            score=result.score, hands=result.hands, moves=result.moves, undos=result.undos,
            variant=result.variant, seconds=result.seconds,
            opponents=[_seat_name(other, len(seats)) for other in seats if other.seat != result.seat],
            solo=_played_alone(result.game, len(seats)), analysed=_analysed(result.game, len(seats)),
        ))
    return rows
