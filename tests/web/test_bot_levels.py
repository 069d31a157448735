"""Bot levels read as names players understand, each with a line on how it plays."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games import catalogue
from games.models import Table

pytestmark = pytest.mark.django_db

GAMES_WITH_BOTS = [game for game in catalogue.all() if game.bots]


@pytest.mark.parametrize("game", GAMES_WITH_BOTS, ids=lambda game: game.slug)
def test_every_bot_has_a_title_and_a_line(game):
    titles = [bot.title for bot in game.bots]
    assert titles[0] == "Beginner" and len(set(titles)) == len(titles)
    # The code's words for how a bot plays (random, basic) are not names players read; "expert" is both.
    assert all(bot.blurb.endswith(".") and bot.title.lower() not in ("random", "basic") for bot in game.bots)


@pytest.mark.parametrize("game", GAMES_WITH_BOTS, ids=lambda game: game.slug)
def test_the_game_page_names_its_bots_by_title_with_their_lines(client, game):
    html = client.get(reverse("game", args=[game.slug])).content.decode()
    for bot in game.bots:
        assert f"<dt>{bot.title}</dt><dd>{escape(bot.blurb)}</dd>" in html
    default = game.default_bot
    if game.engine.players_by_default > 1 and len(game.bots) > 1:  # Play now's bots: a choice, the default first
        assert f'<option value="{default.level}" selected>{default.title}</option>' in html
    else:
        assert f"{default.title} bot" in html
    assert not re.search(r"\b(random|basic)\b bot", html, re.IGNORECASE)


def test_the_waiting_room_offers_bots_by_title_and_stores_the_level(client):
    response = client.post(reverse("new_table", args=["hearts"]))
    table = Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))
    html = client.get(f"/t/{table.pk}/").content.decode()
    assert '<option value="basic">Standard</option>' in html and '<option value="random">Beginner</option>' in html
    assert "Empty seats get the Standard bot." in html
    assert catalogue.get("hearts").bot_title("basic") == "Standard"
    assert catalogue.get("hearts").bot_title("gone") == "Gone"  # a level since retired reads as stored


def test_play_now_seats_the_level_chosen_and_offers_it_first_next_time(client):
    client.post(reverse("play_now", args=["hearts"]), {"bot_level": "expert"})
    table = Table.objects.get(game="hearts")
    assert sorted(table.seats.values_list("bot_level", flat=True)) == ["", "expert", "expert", "expert"]
    html = client.get(reverse("game", args=["hearts"])).content.decode()
    assert '<option value="expert" selected>Expert</option>' in html
    # Another game keeps its own default until chosen there.
    assert '<option value="basic" selected>Standard</option>' in client.get(reverse("game", args=["spades"])).content.decode()


def test_play_now_refuses_a_level_the_game_has_not_and_starts_nothing(client):
    response = client.post(reverse("play_now", args=["hearts"]), {"bot_level": "grandmaster"})
    assert response.status_code == 400
    assert "Hearts has no such bot; choose one of Beginner, Standard, Expert." in response.content.decode()
    assert not Table.objects.exists()
    assert '<option value="basic" selected>Standard</option>' in client.get(reverse("game", args=["hearts"])).content.decode()


def test_a_new_table_fills_the_seats_left_empty_with_the_level_chosen(client):
    response = client.post(reverse("new_table", args=["hearts"]), {"bot_level": "expert"})
    table = Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))
    assert "Empty seats get the Expert bot." in client.get(f"/t/{table.pk}/").content.decode()
    client.post(reverse("start", args=[table.pk]), HTTP_HX_REQUEST="true")
    assert sorted(table.seats.values_list("bot_level", flat=True)) == ["", "expert", "expert", "expert"]
    form = client.get(reverse("game", args=["hearts"])).content.decode()
    assert form.count('<option value="expert" selected>Expert</option>') == 2  # Play now's and the form's


def test_a_new_table_refuses_a_level_the_game_has_not(client):
    response = client.post(reverse("new_table", args=["hearts"]), {"bot_level": "grandmaster"})
    assert response.status_code == 400 and "Hearts has no such bot" in response.content.decode()
    assert not Table.objects.exists()
