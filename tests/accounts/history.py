"""Game history for identity tests: finished games written as the services leave them."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from accounts.services import SESSION_KEY
from games import services
from games.models import GameResult, Seat, Table

PASSWORD = "a long enough secret 42"
HTMX = {"HTTP_HX_REQUEST": "true"}


def finished_game(*, players, days_ago=0, scores=None):
    """A finished Hearts table: ``players`` in the first seats, bots after; one result per seat."""
    finished_at = timezone.now() - timedelta(days=days_ago)
    table = Table.objects.create(game="hearts", seed="history", status=Table.Status.FINISHED, host=players[0],
                                 started_at=finished_at - timedelta(minutes=20), finished_at=finished_at)
    scores = scores or [26, 40, 60, 100]
    for index in range(4):
        player = players[index] if index < len(players) else None
        Seat.objects.create(table=table, index=index, player=player, bot_level="" if player else "basic")
        GameResult.objects.create(table=table, game="hearts", seat=index, player=player,
                                  bot_level="" if player else "basic", score=scores[index], rank=index + 1,
                                  hands=5, finished_at=finished_at)
    return table


def running_table(*, players):
    """A running Hearts table hosted by the first of ``players``, bots in the other seats."""
    host = players[0]
    table = services.create_table(game="hearts", host=host)
    for player in players[1:]:
        services.join_table(table_id=table.pk, player=player)
    for index in range(len(players), 4):
        services.set_bot(table_id=table.pk, host=host, seat_index=index, level="random")
    return services.start_table(table_id=table.pk, host=host)


def guest_of(client) -> Player:
    """The guest a browser plays as (made by its first page)."""
    client.get("/me/")
    return Player.objects.get(pk=client.session[SESSION_KEY])


def account(username, *, with_player=True):
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    player = Player.objects.create(display_name=username, user=user) if with_player else None
    return user, player


def client_with_cookie(session_key) -> Client:
    """A fresh browser that replays a session cookie."""
    browser = Client()
    browser.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return browser


def result_ids(player) -> set[int]:
    return set(GameResult.objects.filter(player=player).values_list("pk", flat=True))
