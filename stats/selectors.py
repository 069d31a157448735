"""Reads for personal stats: what a player's profile shows."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count

from accounts.models import Player
from games import engines
from games.models import GameResult
from games.selectors import COMPASS

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
                                 opponents=opponents))
    return played


def _seat_name(result: GameResult, seat_count: int) -> str:
    # Bots are named as at the table (games.selectors.seats_around).
    if result.bot_level:
        return f"{COMPASS[result.seat]} bot" if seat_count == 4 else f"Bot {result.seat + 1}"
    return result.player.display_name if result.player_id else "Empty seat"


def _game_name(slug: str) -> str:
    try:
        return engines.get(slug).name
    except LookupError:
        return slug  # a game no longer offered still shows in the history
