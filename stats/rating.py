"""Rating finished rated tables with OpenSkill's Plackett-Luce model.

``rate_games()`` walks every finished, rated, not yet rated table in finish order
(finished_at, id), a batch at a time by keyset pagination, and rates each table in one
transaction: the Rating rows of its registered players, their snapshot of the day, and the
table's RatedMarker. Killed midway, a rerun carries on from the first unmarked table and
ends with the same rows as one clean run (nothing depends on the wall clock: times are the
games' finish times).

- Ranks are GameResult.rank (lower is better; equal ranks are ties, which openskill shares).
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
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import GameResult, Table
from stats.models import RatedMarker, Rating, RatingSnapshot

MODEL = PlackettLuce()
INITIAL_MU = MODEL.mu  # 25
INITIAL_SIGMA = MODEL.sigma  # 25/3
INACTIVE_AFTER = timedelta(days=30)
SIGMA_DRIFT = 0.3  # per idle day, added in quadrature

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


def rate_games(batch_size: int = 500) -> int:
    """Rate every finished rated table not rated yet; returns how many were rated."""
    rated = 0
    after = None  # (finished_at, id) of the last table seen
    while True:
        pending = Table.objects.filter(status=Table.Status.FINISHED, rated=True, finished_at__isnull=False,
                                       rated_marker__isnull=True)
        if after is not None:
            pending = pending.filter(Q(finished_at__gt=after[0]) | Q(finished_at=after[0], pk__gt=after[1]))
        batch = list(pending.order_by("finished_at", "pk").values_list("finished_at", "pk")[:batch_size])
        if not batch:
            return rated
        for _, table_id in batch:
            rated += rate_table(table_id)
        after = batch[-1]


def rate_table(table_id: int) -> bool:
    """Rate one finished table, all in one transaction; False if it was rated already."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table_id)
        if RatedMarker.objects.filter(table_id=table_id).exists():
            return False
        results = list(GameResult.objects.filter(table_id=table_id).select_related("player").order_by("seat"))
        _rate_results(table, results)
        _mark_rated(table)
    return True


def _mark_rated(table: Table) -> None:
    RatedMarker.objects.create(table=table)


def _rate_results(table: Table, results: list[GameResult]) -> None:
    finished_at = table.finished_at
    humans = [r for r in results if not r.bot_level and r.player_id and r.player.user_id is not None]
    bots = [r for r in results if r.bot_level]
    if not humans or len(humans) + len(bots) < 2:
        return
    current = {rating.player_id: rating for rating in
               Rating.objects.select_for_update().filter(game=table.game, player_id__in=[r.player_id for r in humans])}
    entrants, ranks, owners = [], [], []
    for result in sorted(humans + bots, key=lambda r: r.seat):
        if result.bot_level:
            mu, sigma = bot_anchor(result.bot_level)
            owners.append(None)
        else:
            rating = current.get(result.player_id)
            if rating is None:
                rating = Rating(player_id=result.player_id, game=table.game, mu=INITIAL_MU, sigma=INITIAL_SIGMA,
                                last_rated_at=finished_at)
                current[result.player_id] = rating
            mu, sigma = rating.mu, widened_sigma(rating.sigma, rating.last_rated_at, finished_at)
            owners.append((rating, result))
        entrants.append([MODEL.rating(mu=mu, sigma=sigma)])
        ranks.append(result.rank)
    updated = MODEL.rate(entrants, ranks=ranks)
    day = timezone.localdate(finished_at)
    for owner, (new,) in zip(owners, updated, strict=True):
        if owner is None:
            continue  # bots stay where they are
        rating, result = owner
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.games += 1
        rating.wins += int(result.won)
        rating.last_rated_at = finished_at
        rating.save()
        RatingSnapshot.objects.update_or_create(
            player_id=rating.player_id, game=table.game, day=day,
            defaults={"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal})
