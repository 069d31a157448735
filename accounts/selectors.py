"""Reads about players that views, forms and services share."""

from accounts.models import Player


def name_taken(*, name: str, except_player_id: int | None = None) -> bool:
    """Whether another Player already plays under ``name``, in any letter case."""
    players = Player.objects.filter(display_name__iexact=name)
    if except_player_id is not None:
        players = players.exclude(pk=except_player_id)
    return players.exists()
