"""stats.bulk: COPY on PostgreSQL, bulk_create elsewhere, the same rows either way."""

from datetime import date, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Table
from stats import bulk
from stats.models import RatedMarker, Rating, RatingSnapshot
from tests.stats.helpers import registered

pytestmark = pytest.mark.django_db




def test_upsert_inserts_new_keys_and_updates_only_the_other_fields_of_existing_ones():
    ann, bob = registered("ann"), registered("bob")
    when = timezone.now() - timedelta(days=1)
    kept = Rating.objects.create(player=ann, game="hearts", mu=20.0, sigma=5.0, games=3, wins=1, last_rated_at=when)
    fields = ["player_id", "game", "mu", "sigma", "games", "wins", "last_rated_at"]
    later = when + timedelta(hours=2)
    bulk.upsert(Rating, fields, [(ann.pk, "hearts", 21.5, 4.5, 4, 2, later), (bob.pk, "hearts", 24.0, 8.0, 1, 0, later),
                                 (ann.pk, "rummy", 26.0, 8.0, 1, 1, later)], unique=["player_id", "game"])

    rows = {(r.player_id, r.game): (r.mu, r.sigma, r.games, r.wins, r.last_rated_at) for r in Rating.objects.all()}
    assert rows == {(ann.pk, "hearts"): (21.5, 4.5, 4, 2, later), (bob.pk, "hearts"): (24.0, 8.0, 1, 0, later),
                    (ann.pk, "rummy"): (26.0, 8.0, 1, 1, later)}
    assert Rating.objects.get(player=ann, game="hearts").pk == kept.pk

    bulk.upsert(RatingSnapshot, ["player_id", "game", "day", "mu", "sigma", "ordinal"],
                [(ann.pk, "hearts", date(2026, 1, 2), 21.5, 4.5, 8.0)], unique=["player_id", "game", "day"])
    assert RatingSnapshot.objects.get().day == date(2026, 1, 2)


def test_insert_of_a_key_already_there_fails_as_django_integrity_error():
    tables = [Table.objects.create(game="hearts", seed=str(n)) for n in range(3)]
    bulk.insert(RatedMarker, ["table_id"], [(tables[0].pk,)])
    with pytest.raises(IntegrityError), transaction.atomic():
        bulk.insert(RatedMarker, ["table_id"], [(tables[1].pk,), (tables[0].pk,), (tables[2].pk,)])
    assert list(RatedMarker.objects.values_list("table_id", flat=True)) == [tables[0].pk]
