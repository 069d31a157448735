"""Per-game leaderboards, rebuilt from the ratings (nightly, after stats.rating.rate_games).

The ranking is one query: the eligible ratings ranked in the database with
``RANK() OVER (ORDER BY mu - 3*sigma DESC)`` (ties share a rank), each joined to its
previous leaderboard rank by a subquery for the movement. The game's rows are then
replaced in one transaction, so readers see the old board or the new one.

Eligible: at least 20 rated games, and a rated game within the last 30 days.
Patience games (one player) have no ratings: their ranking is by wins (``patience_ranking``).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count, F, FloatField, OuterRef, Q, Subquery, Value, Window
from django.db.models.functions import Cast, Rank
from django.utils import timezone

from games import engines
from games.models import GameResult
from stats.models import PROVISIONAL_GAMES, LeaderboardRow, Rating, display_rating

ACTIVE_WITHIN = timedelta(days=30)


def rated_games() -> list[str]:
    """Slugs of the games with ratings: every game for more than one player."""
    return [engine.slug for engine in engines.all() if engine.max_players > 1]


def rebuild(game: str, *, now=None) -> int:
    """Replace ``game``'s leaderboard; returns its number of rows."""
    now = now or timezone.now()
    previous = LeaderboardRow.objects.filter(game=game, player_id=OuterRef("player_id")).values("rank")[:1]
    ranked = (Rating.objects
              .filter(game=game, games__gte=PROVISIONAL_GAMES, last_rated_at__gte=now - ACTIVE_WITHIN)
              .annotate(ord=F("mu") - Value(3.0) * F("sigma"))
              .annotate(position=Window(Rank(), order_by=[F("ord").desc()]),
                        previous_rank=Subquery(previous),
                        win_rate=Cast(F("wins"), FloatField()) / Cast(F("games"), FloatField()))
              .order_by("position", "player_id")
              .values_list("player_id", "ord", "position", "previous_rank", "games", "win_rate"))
    with transaction.atomic():
        rows = [LeaderboardRow(game=game, player_id=player_id, ordinal=ordinal, rating=display_rating(ordinal),
                               rank=position, games=games, win_rate=win_rate,
                               movement=None if previous_rank is None else previous_rank - position)
                for player_id, ordinal, position, previous_rank, games, win_rate in ranked]
        LeaderboardRow.objects.filter(game=game).delete()
        LeaderboardRow.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def rebuild_all() -> dict[str, int]:
    return {game: rebuild(game) for game in rated_games()}


def patience_ranking(game: str):
    """Players of a one-player game by games won, most first (ties share a rank), with how
    many of those wins were daily deals."""
    return (GameResult.objects.filter(game=game, won=True, player__isnull=False,
                                      player__merged_into__isnull=True)
            .values("player_id", "player__display_name")
            .annotate(wins=Count("pk"), daily_wins=Count("pk", filter=Q(table__daily__isnull=False)))
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
            "daily_wins": won.filter(table__daily__isnull=False).count()}
