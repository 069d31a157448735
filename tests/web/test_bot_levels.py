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
    assert all(bot.blurb.endswith(".") and bot.level not in bot.title.lower() for bot in game.bots[1:])


@pytest.mark.parametrize("game", GAMES_WITH_BOTS, ids=lambda game: game.slug)
def test_the_game_page_names_its_bots_by_title_with_their_lines(client, game):
    html = client.get(reverse("game", args=[game.slug])).content.decode()
    for bot in game.bots:
        assert f"<dt>{bot.title}</dt><dd>{escape(bot.blurb)}</dd>" in html
    assert f"{game.bots[-1].title} bot" in html
    assert not re.search(r"\b(random|basic)\b bot", html, re.IGNORECASE)


def test_the_waiting_room_offers_bots_by_title_and_stores_the_level(client):
    response = client.post(reverse("new_table", args=["hearts"]))
    table = Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))
    html = client.get(f"/t/{table.pk}/").content.decode()
    assert '<option value="basic">Standard</option>' in html and '<option value="random">Beginner</option>' in html
    assert "Empty seats get the Standard bot." in html
    assert catalogue.get("hearts").bot_title("basic") == "Standard"
    assert catalogue.get("hearts").bot_title("gone") == "Gone"  # a level since retired reads as stored
