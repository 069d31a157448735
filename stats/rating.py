"""Rating finished rated tables with OpenSkill's Plackett-Luce model.

``rate_games()`` walks every finished, rated, not yet rated table in finish order
(finished_at, id), a batch of tables at a time by keyset pagination, and rates each batch in
one transaction: the batch's RatedMarkers first (a table already marked makes the insert
fail, so no game is ever rated twice), then every game of the batch in order against the
ratings as they stand in memory, then one upsert of the Rating rows moved and one of the
snapshots of the days played. Killed midway, a rerun carries on from the first unmarked
table and ends with the same rows as one clean run: every game is rated once, in the
transaction that holds its marker, and nothing depends on the wall clock (times are the
games' finish times) or on where the batches split (the snapshot of a day is upserted with
the day's last value). On PostgreSQL a transaction-scoped advisory lock makes a second run
started meanwhile (the beat task and the command, say) wait for the batch in progress.

- The update is openskill's Plackett-Luce with its default parameters, computed by
  stats.plackett_luce (the same arithmetic without openskill's per-call overhead).
- Ranks are GameResult.rank (lower is better; equal ranks are ties).
- Partnerships (the game's ``teams`` trait, e.g. Spades' 0+2 against 1+3) are rated as teams:
  the team's rank is its seats' rank, and each partner takes a share of the team's update.
- Bots are fixed anchors: each level has a constant (mu, sigma), used as an opponent and
  never updated. Guests (and empty seats) are left out of the match: they are never rated,
  and the others' order among themselves is unchanged.
- Ordinal = mu - 3*sigma, shown as 1500 + 20*ordinal (stats.models.display_rating); a
  rating is provisional until 20 rated games.
- Inactivity: rating a player whose last rated game is more than 30 days before this one,
  sigma first grows as  sigma' = min(INITIAL_SIGMA, sqrt(sigma² + idle_days * SIGMA_DRIFT²)),
  idle_days being the whole days between the two games (Glicko-style drift).
"""

from __future__ import annotations

import math
from collections import defaultdict
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games import catalogue
from games.models import GameResult, Table
from stats import bulk, plackett_luce
from stats.models import RatedMarker, Rating, RatingSnapshot

INITIAL_MU = plackett_luce.MU  # 25
INITIAL_SIGMA = plackett_luce.SIGMA  # 25/3
INACTIVE_AFTER = timedelta(days=30)
SIGMA_DRIFT = 0.3  # per idle day, added in quadrature
# Tables per transaction: large enough that the per-batch queries and upserts are cheap per
# game, small enough that a batch's results (about 4 rows a table) sit comfortably in memory.
BATCH_SIZE = 50_000
# pg_advisory_xact_lock key for "the ratings are being written" (any constant unique to us).
_LOCK_KEY = 0x5A71_0001

# Fixed anchors per bot level (same across games): a confident sigma, never updated.
BOT_ANCHORS = {
    "random": (15.0, 1.0),
    "basic": (25.0, 1.0),
}
DEFAULT_BOT_ANCHOR = (INITIAL_MU, 1.0)


def bot_anchor(level: str) -> tuple[float, float]:
    return BOT_ANCHORS.get(level, DEFAULT_BOT_ANCHOR)


def widened_sigma(sigma: float, last_rated_at, now) -> float:
    """Sigma after a pause: unchanged up to 30 days, then the drift formula above."""
    if last_rated_at is None or now - last_rated_at <= INACTIVE_AFTER:
        return sigma
    idle_days = (now - last_rated_at).days
    return min(INITIAL_SIGMA, math.sqrt(sigma * sigma + idle_days * SIGMA_DRIFT * SIGMA_DRIFT))


def rate_games(*, batch_size: int = BATCH_SIZE) -> int:
    """Rate every finished rated table not rated yet; returns how many were rated."""
    rated = 0
    after = None  # (finished_at, id) of the last table rated
    while True:
        with transaction.atomic():
            _lock_ratings()
            batch = _pending_tables(after, batch_size)
            if not batch:
                return rated
            _rate_batch(batch)
        rated += len(batch)
        after = batch[-1][1], batch[-1][0]


def _lock_ratings() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK_KEY])


def _pending_tables(after, limit: int) -> list[tuple]:
    """(id, finished_at, game, options) of the next ``limit`` unrated tables in finish order."""
    pending = Table.objects.filter(status=Table.Status.FINISHED, rated=True, finished_at__isnull=False,
                                   rated_marker__isnull=True)
    if after is not None:
        pending = pending.filter(Q(finished_at__gt=after[0]) | Q(finished_at=after[0], pk__gt=after[1]))
    return list(pending.order_by("finished_at", "pk").values_list("pk", "finished_at", "game", "options")[:limit])


def _rate_batch(batch: list[tuple]) -> None:
    """Rate the tables of ``batch`` (in order) inside the caller's transaction."""
    _mark_rated([table_id for table_id, *_ in batch])
    seats = defaultdict(list)
    for table_id, *result in (GameResult.objects.filter(table_id__in=[table_id for table_id, *_ in batch])
                              .order_by("table_id", "seat")
                              .values_list("table_id", "player_id", "bot_level", "rank", "won", "player__user_id")):
        seats[table_id].append(result)
    ratings = _ratings_of(batch, seats)
    moved, snapshots = set(), {}
    for table_id, finished_at, game, options in batch:
        players = _rate_game(seats[table_id], game=game, finished_at=finished_at, ratings=ratings,
                             teams=_teams(game, options, len(seats[table_id])))
        if players:
            day = timezone.localdate(finished_at)
            for player_id in players:
                moved.add((player_id, game))
                snapshots[player_id, game, day] = ratings[player_id, game][:2]
    _save(ratings, moved, snapshots)


def _mark_rated(table_ids: list[int]) -> None:
    # A plain insert: a table marked by another run meanwhile fails the whole batch.
    bulk.insert(RatedMarker, ["table_id"], ((table_id,) for table_id in table_ids))


def _ratings_of(batch, seats) -> dict[tuple[int, str], list]:
    """The current [mu, sigma, games, wins, last_rated_at] of every player in the batch."""
    wanted = defaultdict(set)
    for table_id, _, game, _ in batch:
        wanted[game].update(player_id for player_id, level, *_ in seats[table_id] if player_id and not level)
    ratings = {}
    for game, player_ids in wanted.items():
        for player_id, *current in (Rating.objects.filter(game=game, player_id__in=player_ids)
                                    .values_list("player_id", "mu", "sigma", "games", "wins", "last_rated_at")):
            ratings[player_id, game] = current
    return ratings


def _teams(game: str, options: dict, players: int) -> list[tuple[int, ...]] | None:
    """The game's partnerships at a table (seat tuples), or None when everyone plays alone."""
    try:
        return catalogue.get(game).teams(options, players)
    except LookupError:  # a game no longer offered: its old tables are rated as they were played
        return None


def _rate_game(results, *, game: str, finished_at, ratings: dict, teams=None) -> list[int]:
    """Rate one game against ``ratings`` (updated in place); returns the players it moved.

    ``results`` are the game's (player_id, bot_level, rank, won, user_id) in seat order;
    ``teams``, seat tuples playing as one (None: each seat alone).
    """
    entrants = {}  # seat -> (player_id, or None for a bot, rank, won, the bot's anchor)
    for seat, (player_id, level, rank, won, user_id) in enumerate(results):
        if level:
            entrants[seat] = (None, rank, won, bot_anchor(level))
        elif player_id and user_id is not None:
            entrants[seat] = (player_id, rank, won, None)
        # else a guest or an empty seat: not in the match
    humans = [player_id for player_id, *_ in entrants.values() if player_id is not None]
    sides = [[entrants[seat] for seat in team if seat in entrants]
             for team in (teams or [(seat,) for seat in range(len(results))])]
    sides = [side for side in sides if side]
    if not humans or len(sides) < 2:
        return []
    before = []
    for side in sides:
        before.append([])
        for player_id, _, _, anchor in side:
            if anchor is None:
                current = ratings.setdefault((player_id, game), [INITIAL_MU, INITIAL_SIGMA, 0, 0, finished_at])
                anchor = current[0], widened_sigma(current[1], current[4], finished_at)
            before[-1].append(anchor)
    after = plackett_luce.rate_teams(before, [side[0][1] for side in sides])
    for side, rated in zip(sides, after, strict=True):
        for (player_id, _, won, _), (mu, sigma) in zip(side, rated, strict=True):
            if player_id is None:
                continue  # bots stay where they are
            current = ratings[player_id, game]
            current[:] = [mu, sigma, current[2] + 1, current[3] + int(won), finished_at]
    return humans


def _save(ratings: dict, moved: set, snapshots: dict) -> None:
    """Upsert the moved ratings and the days' snapshots (a day's last value wins)."""
    bulk.upsert(Rating, ["player_id", "game", "mu", "sigma", "games", "wins", "last_rated_at"],
                ((player_id, game, *ratings[player_id, game]) for player_id, game in sorted(moved)),
                unique=["player_id", "game"])
    bulk.upsert(RatingSnapshot, ["player_id", "game", "day", "mu", "sigma", "ordinal"],
                ((*key, mu, sigma, mu - 3 * sigma) for key, (mu, sigma) in sorted(snapshots.items())),
                unique=["player_id", "game", "day"])
