"""Per-game leaderboards, rebuilt from the ratings (nightly, after stats.rating.rate_games).

The rebuild is set-based SQL and never brings the rows into Python: one statement ranks
the eligible ratings with ``RANK() OVER (ORDER BY mu - 3*sigma DESC)`` (ties share a
rank), joins each to its rank on the board being replaced (the movement) and stores the
result in a temporary table; then, in the same transaction, the game's rows are deleted
and the new ones inserted from it, so readers see the old board or the new one.

Eligible: at least 20 rated games, and a rated game within the last 30 days.
Patience games (one player) have no ratings: their ranking is by wins (``patience_ranking``).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Count, F, FloatField, OuterRef, Q, Subquery, Value, Window
from django.db.models.functions import Cast, Rank
from django.utils import timezone

from games import catalogue, selectors
from games.models import GameResult
from stats.models import PROVISIONAL_GAMES, LeaderboardRow, Rating

ACTIVE_WITHIN = timedelta(days=30)
# LeaderboardRow's fields, and the ranking query's names for them.
_COLUMNS = {"player_id": "player_id", "ordinal": "ord", "rank": "position", "movement": "step", "games": "games",
            "win_rate": "win_rate"}


def rated_games() -> list[str]:
    """Slugs of the games with ratings: every game for more than one player."""
    return [game.slug for game in catalogue.all() if not game.solo]


def rebuild(game: str, *, now=None) -> int:
    """Replace ``game``'s leaderboard; returns its number of rows."""
    now = now or timezone.now()
    previous = LeaderboardRow.objects.filter(game=game, player_id=OuterRef("player_id")).values("rank")[:1]
    ranked = (Rating.objects
              .filter(game=game, games__gte=PROVISIONAL_GAMES, last_rated_at__gte=now - ACTIVE_WITHIN)
              .annotate(ord=F("mu") - Value(3.0) * F("sigma"))
              .annotate(position=Window(Rank(), order_by=[F("ord").desc()]))
              .annotate(step=Subquery(previous) - F("position"),
                        win_rate=Cast(F("wins"), FloatField()) / Cast(F("games"), FloatField()))
              .values_list(*_COLUMNS.values()))
    select, params = ranked.query.sql_with_params()
    table = LeaderboardRow._meta.db_table
    quote = connection.ops.quote_name
    columns = ", ".join(quote(LeaderboardRow._meta.get_field(name).column) for name in _COLUMNS)
    selected = ", ".join(quote(alias) for alias in _COLUMNS.values())
    staging = connection.ops.quote_name(f"{table}_new")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMPORARY TABLE {staging} AS {select}", params)
        cursor.execute(f"DELETE FROM {table} WHERE game = %s", [game])
        cursor.execute(f"INSERT INTO {table} (game, {columns}) SELECT %s, {selected} FROM {staging}", [game])
        rows = cursor.rowcount
        cursor.execute(f"DROP TABLE {staging}")
    return rows


def rebuild_all() -> dict[str, int]:
    return {game: rebuild(game) for game in rated_games()}


# A daily deal won: a player's first table of that day's deal (a replay of it is practice).
DAILY_WON = Q(table__daily__isnull=False) & ~selectors.practice()


def patience_ranking(game: str):
    """Players of a one-player game by games won, most first (ties share a rank), with how
    many of those wins were daily deals."""
    return (GameResult.objects.filter(game=game, won=True, player__isnull=False,
                                      player__merged_into__isnull=True)
            .values("player_id", "player__display_name")
            .annotate(wins=Count("pk"), daily_wins=Count("pk", filter=DAILY_WON))
            .annotate(rank=Window(Rank(), order_by=[F("wins").desc()]))
            .order_by("rank", "player__display_name"))


def patience_row(game: str, player_id: int) -> dict | None:
    """One player's line of ``patience_ranking``: rank = 1 + players with more wins."""
    won = GameResult.objects.filter(game=game, won=True, player_id=player_id)
    wins = won.count()
    if not wins:
        return None
    ahead = (GameResult.objects.filter(game=game, won=True, player__isnull=False, player__merged_into__isnull=True)
             .values("player_id").annotate(wins=Count("pk")).filter(wins__gt=wins).count())
    name = GameResult.objects.filter(player_id=player_id).values_list("player__display_name", flat=True).first()
    return {"player_id": player_id, "player__display_name": name, "wins": wins, "rank": ahead + 1,
            "daily_wins": won.filter(DAILY_WON).count()}
