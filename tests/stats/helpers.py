"""Rows the stats tests share: registered players, and every row the rating job writes."""

from django.contrib.auth import get_user_model

from accounts.models import Player
from stats.models import RatedMarker, Rating, RatingSnapshot


def registered(name) -> Player:
    user = get_user_model().objects.create_user(username=name, password="a long enough secret 42")
    return Player.objects.create(display_name=name, user=user)


def everything():
    """Every row the rating writes, for comparing runs."""
    return (sorted(Rating.objects.values_list("player_id", "game", "mu", "sigma", "games", "wins", "last_rated_at")),
            sorted(RatingSnapshot.objects.values_list("player_id", "game", "day", "mu", "sigma", "ordinal")),
            sorted(RatedMarker.objects.values_list("table_id", flat=True)))
