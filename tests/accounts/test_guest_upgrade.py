"""A guest who signs up or logs in keeps everything, and their old session cookie stops acting."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.urls import reverse

from accounts import services
from accounts.models import Player
from accounts.services import SESSION_KEY
from games.models import GameResult, Seat, Table
from tests.accounts.history import (
    HTMX,
    PASSWORD,
    account,
    client_with_cookie,
    finished_game,
    guest_of,
    result_ids,
    running_table,
)

pytestmark = pytest.mark.django_db


def log_in(client, username):
    response = client.post(reverse("account_login"), {"login": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()


def test_a_guest_who_signs_up_keeps_the_running_table_the_seat_and_the_results(client):
    guest = guest_of(client)
    running = running_table(players=[guest])
    finished = [finished_game(players=[guest], days_ago=days) for days in (1, 2)]
    old_cookie = client.cookies[settings.SESSION_COOKIE_NAME].value

    response = client.post(reverse("account_signup"), {"username": "Newcomer", "password1": PASSWORD,
                                                        "password2": PASSWORD})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="Newcomer")
    assert user.player.pk == guest.pk
    assert Table.objects.get(pk=running.pk).host == user.player
    assert Seat.objects.get(table=running, index=0).player == user.player
    assert GameResult.objects.filter(player=user.player).count() == 2
    assert all(table.seats.get(index=0).player == user.player for table in finished)
    assert client.cookies[settings.SESSION_COOKIE_NAME].value != old_cookie, "login rotates the session key"

    # The cookie from before the sign-up reaches nothing: that browser is a brand-new guest,
    # and a move at the account's table is refused.
    stale = client_with_cookie(old_cookie)
    assert "Newcomer" not in stale.get(reverse("me")).content.decode()
    stranger = Player.objects.get(pk=stale.session[SESSION_KEY])
    assert stranger.is_guest and stranger.pk != guest.pk
    response = stale.post(reverse("move", args=[running.pk]), {"seq": running.seq, "move": "pass 2C 3C 4C"}, **HTMX)
    assert response.status_code == 403 and "no seat" in response.content.decode()
    # The account itself still acts (its own move is judged, not refused as a stranger's).
    response = client.post(reverse("move", args=[running.pk]), {"seq": running.seq, "move": "play 2C"}, **HTMX)
    assert response.status_code == 400 and "no seat" not in response.content.decode()


def test_logging_into_an_account_with_history_merges_the_guest_into_it(client):
    user, mine = account("Veteran")
    other_guest = services.create_guest()
    kept = [finished_game(players=[mine], days_ago=days) for days in (3, 4, 5)]
    guest = guest_of(client)
    brought = [finished_game(players=[guest, other_guest], days_ago=days) for days in (1, 2)]
    hosted = running_table(players=[guest])
    before = {"all": GameResult.objects.count(), "mine": result_ids(mine), "guest": result_ids(guest),
              "seats": Seat.objects.count()}
    assert len(before["mine"]) == 3 and len(before["guest"]) == 2

    log_in(client, "Veteran")

    assert result_ids(mine) == before["mine"] | before["guest"], "nothing lost"
    assert GameResult.objects.count() == before["all"] and Seat.objects.count() == before["seats"], "nothing doubled"
    assert Table.objects.get(pk=hosted.pk).host == mine
    assert Seat.objects.get(table=hosted, index=0).player == mine
    assert all(table.seats.get(index=1).player == other_guest for table in brought), "others' seats untouched"
    assert not Player.objects.filter(pk=guest.pk).exists(), "an emptied guest is deleted"
    assert client.session[SESSION_KEY] == mine.pk
    assert len(kept) == 3


def test_a_guest_seat_at_a_table_the_account_also_sits_at_stays_with_the_detached_guest(client):
    user, mine = account("Veteran")
    guest = guest_of(client)
    shared = finished_game(players=[mine, guest])
    shared_running = running_table(players=[mine, guest])
    own = finished_game(players=[guest])

    log_in(client, "Veteran")

    guest.refresh_from_db()
    assert guest.merged_into == mine and guest.user is None
    assert shared.seats.get(index=1).player == guest and shared.results.get(seat=1).player == guest
    assert shared.results.get(seat=0).player == mine
    assert shared_running.seats.get(index=1).player == guest
    assert own.seats.get(index=0).player == mine and own.results.get(seat=0).player == mine
    # Kept only for those rows: no session, old or new, acts as the detached guest again.
    session = SessionStore()
    session[SESSION_KEY] = guest.pk
    assert services.session_player_id(session) is None
    assert client.session[SESSION_KEY] == mine.pk


def test_a_session_holding_a_registered_players_id_without_its_login_gets_a_guest(client):
    user, registered = account("Owner")
    session = client.session
    session[SESSION_KEY] = registered.pk
    session.save()
    assert services.session_player_id(client.session) is None
    client.get(reverse("me"))
    player = Player.objects.get(pk=client.session[SESSION_KEY])
    assert player.pk != registered.pk and player.is_guest
    assert "Owner" not in client.get(reverse("me")).content.decode()


def test_a_logged_in_session_acts_as_its_users_player_whatever_player_id_it_holds(client):
    user, mine = account("Owner")
    someone = services.create_guest()
    client.force_login(user)
    session = client.session
    session[SESSION_KEY] = someone.pk
    session.save()
    assert services.session_player_id(client.session) == mine.pk
    client.get(reverse("me"))
    assert client.session[SESSION_KEY] == mine.pk


def test_a_session_whose_password_changed_elsewhere_no_longer_acts_for_the_account(client):
    user, mine = account("Owner")
    client.force_login(user)
    assert services.session_player_id(client.session) == mine.pk
    user.set_password("changed somewhere else 9")
    user.save()
    assert services.session_player_id(client.session) is None


def test_a_user_without_a_player_gets_one_named_after_them(client):
    user, _ = account("Superuser Sam", with_player=False)
    client.force_login(user)
    client.get(reverse("home"))
    assert user.player.display_name == "Superuser Sam"
    assert client.session[SESSION_KEY] == user.player.pk


def test_logging_out_tells_the_players_sockets_once_committed(client, django_capture_on_commit_callbacks, settings):
    # In-process layer: this sync test talks to it from several short-lived event loops,
    # which the Redis pub/sub layer (a loop of its own per connection) does not allow.
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    user, mine = account("Owner")
    client.force_login(user)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"player.{mine.pk}", channel)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(reverse("account_logout"))
    assert callbacks, "nothing is sent before the logout commits"
    for callback in callbacks:
        callback()
    assert async_to_sync(layer.receive)(channel) == {"type": "seat.changed", "table_id": None}
    async_to_sync(layer.group_discard)(f"player.{mine.pk}", channel)
