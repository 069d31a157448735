"""Playing with friends: invite links and codes, private tables, the host's start."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import create_guest
from games import services
from games.models import Seat, Table
from tests.web.tables import snapshot

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}


def new_private_table(client, **form):
    response = client.post(reverse("new_table", args=["hearts"]), form)
    assert response.status_code == 302
    return Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))


def test_new_table_is_private_with_a_link_and_a_code_shown_to_the_host(client):
    table = new_private_table(client)
    assert table.private and re.fullmatch(r"[A-HJKMNP-Z2-9]{6}", table.invite_code)
    html = client.get(f"/t/{table.pk}/").content.decode()
    assert f"/t/{table.pk}/join/{table.invite_code}" in html and table.invite_code in html
    # Spectators of a private room see neither.
    assert table.invite_code not in Client().get(f"/t/{table.pk}/").content.decode()


def test_the_invite_link_lets_a_friend_take_a_seat_and_a_stranger_cannot(client):
    table = new_private_table(client)
    stranger = Client()
    stranger.get("/")
    before = snapshot(table)
    response = stranger.post(reverse("join", args=[table.pk]), **HTMX)
    assert response.status_code == 403 and "invite link or code" in response.content.decode()
    assert snapshot(table) == before

    friend = Client()
    opened = friend.get(f"/t/{table.pk}/join/{table.invite_code.lower()}")  # links survive retyping
    assert opened.status_code == 302 and opened["Location"] == f"/t/{table.pk}/"
    assert Seat.objects.filter(table=table, player__isnull=False).count() == 1  # opening takes no seat
    response = friend.post(reverse("join", args=[table.pk]), **HTMX)
    # Done: the new board comes over the socket (tests/realtime), and on the next load.
    assert response.status_code == 204 and "(you)" in friend.get(f"/t/{table.pk}/").content.decode()
    assert Seat.objects.filter(table=table, player__isnull=False).count() == 2


def test_a_wrong_link_is_not_found():
    table = services.create_table(game="hearts", host=create_guest(), private=True)
    assert Client().get(f"/t/{table.pk}/join/WRONG1").status_code == 404


def test_the_code_typed_on_the_game_page_leads_to_the_table(client):
    table = new_private_table(client)
    friend = Client()
    response = friend.get(reverse("join_by_code", args=["hearts"]), {"code": f" {table.invite_code.lower()} "})
    assert response.status_code == 302 and response["Location"] == f"/t/{table.pk}/join/{table.invite_code}"
    friend.get(response["Location"])
    assert friend.post(reverse("join", args=[table.pk]), **HTMX).status_code == 204

    missing = friend.get(reverse("join_by_code", args=["hearts"]), {"code": "ZZZZZZ"})
    assert missing.status_code == 404 and "No table waits with that code" in missing.content.decode()


def test_a_fourth_person_on_a_full_table_is_refused_with_a_message():
    host = create_guest()
    table = services.create_table(game="hearts", host=host, private=True)
    services.set_bot(table_id=table.pk, host=host, seat_index=3, level="basic")
    for _ in range(2):
        services.join_table(table_id=table.pk, player=create_guest(), code=table.invite_code)
    before = snapshot(table)
    with pytest.raises(services.TableError, match="The table is full"):
        services.join_table(table_id=table.pk, player=create_guest(), code=table.invite_code)
    assert snapshot(table) == before


def test_the_hosts_start_fills_empty_seats_with_the_strongest_bot():
    host = create_guest()
    table = services.create_table(game="hearts", host=host, private=True)
    services.set_bot(table_id=table.pk, host=host, seat_index=1, level="random")
    services.start_table(table_id=table.pk, host=host)
    assert list(table.seats.order_by("index").values_list("bot_level", flat=True)) == ["", "random", "basic", "basic"]


def test_a_turn_timer_must_be_one_of_the_choices(client):
    response = client.post(reverse("new_table", args=["hearts"]), {"turn_seconds": "7"})
    assert response.status_code == 400 and "Turn timers are" in response.content.decode()
    assert not Table.objects.exists()
    table = new_private_table(client, turn_seconds="30", listed="on")
    assert table.turn_seconds == 30 and not table.private


def test_new_table_takes_the_engines_own_options_and_refuses_others(client):
    table = new_private_table(client, **{"option:target_score": "50", "option:queen_breaks_hearts": "True"})
    assert table.options == {"target_score": 50, "queen_breaks_hearts": True}
    html = client.get(reverse("game", args=["hearts"])).content.decode()
    assert 'name="option:target_score"' in html and 'name="option:queen_breaks_hearts"' in html
    response = client.post(reverse("new_table", args=["hearts"]), {"option:target_score": "77"})
    assert response.status_code == 400 and "target_score must be one of" in response.content.decode()
    response = client.post(reverse("new_table", args=["hearts"]), {"players": "3"})
    assert response.status_code == 400 and "not 3" in response.content.decode()
    assert Table.objects.count() == 1


def test_only_registered_players_open_a_rated_table(client):
    response = client.post(reverse("new_table", args=["hearts"]), {"rated": "on"})
    assert response.status_code == 400 and "registered players" in response.content.decode()
    assert not Table.objects.exists()
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("Rated1", password="a long enough password 1")
    client.force_login(user)
    table = new_private_table(client, rated="on")
    assert table.rated


def test_at_a_partnership_table_a_friend_chooses_the_seat_opposite_the_host(client):
    response = client.post(reverse("new_table", args=["spades"]), {})
    table = Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))
    friend = Client()
    friend.get(f"/t/{table.pk}/join/{table.invite_code}")
    room = friend.get(f"/t/{table.pk}/").content.decode()
    assert "Partners play as a team" in room and room.count("Sit here") == 3 and "· team 2" in room
    before = snapshot(table)
    for bad in ("north", "-1"):
        refused = friend.post(reverse("join", args=[table.pk]), {"seat": bad}, **HTMX)
        assert refused.status_code == 400
    refused = friend.post(reverse("join", args=[table.pk]), {"seat": "0"}, **HTMX)  # the host's
    assert refused.status_code == 400 and "That seat is taken" in refused.content.decode()
    assert snapshot(table) == before
    assert friend.post(reverse("join", args=[table.pk]), {"seat": "2"}, **HTMX).status_code == 204
    assert Seat.objects.get(table=table, index=2).player_id is not None
    assert Seat.objects.get(table=table, index=1).player_id is None
    # Each sees the other as their partner, in the waiting room and at the table.
    assert "(partner) · team 1" in friend.get(f"/t/{table.pk}/").content.decode()
    assert "(partner) · team 1" in client.get(f"/t/{table.pk}/").content.decode()
    client.post(reverse("start", args=[table.pk]), **HTMX)
    assert re.search(r'opponent__name">[^<]+ \(partner\)', friend.get(f"/t/{table.pk}/").content.decode())


def test_a_game_s_default_table_size_is_what_play_now_and_the_form_start_at(client):
    # Oh Hell! takes 3 to 7 players; its default is 4: you and three bots.
    client.post(reverse("play_now", args=["oh_hell"]))
    assert Table.objects.get(game="oh_hell").seats.count() == 4
    form = client.get(reverse("game", args=["oh_hell"])).content.decode()
    assert '<option value="4" selected>' in form and '<option value="7">' in form
    assert 'You and 3 <select name="bot_level"' in form and '<option value="basic" selected>Standard</option>' in form
    client.post(reverse("new_table", args=["oh_hell"]), {"players": "7"})
    assert sorted(table.seats.count() for table in Table.objects.filter(game="oh_hell")) == [4, 7]
