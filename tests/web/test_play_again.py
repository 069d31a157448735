"""A finished patience board's "Play again": a form of the game's options, posted through htmx
(a board drawn for a socket holds no CSRF token; htmx sends the header), answered with a
client redirect to the new table, or with the game page and its reason as the whole page."""

import re

import pytest
from django.urls import reverse

from games import catalogue
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
klondike = catalogue.get("klondike").engine


def test_play_again_starts_a_new_deal_with_the_same_options(client):
    client.post(reverse("play_now", args=["klondike"]), {"option:draw": "3", "option:scoring": "vegas"})
    first = Table.objects.get()
    first.status = Table.Status.FINISHED
    first.save()
    board = client.get(reverse("board", args=[first.pk]), **HTMX).content.decode()
    form = re.search(r'<form class="play-again" hx-post="([^"]+)">(.*?)</form>', board, re.S)
    assert form and "Play again" in form.group(2)
    fields = dict(re.findall(r'name="(option:\w+)" value="([^"]*)"', form.group(2)))
    assert fields["option:draw"] == "3" and fields["option:scoring"] == "vegas"

    response = client.post(form.group(1), fields, **HTMX)
    second = Table.objects.exclude(pk=first.pk).get()
    assert response.status_code == 200 and response["HX-Redirect"] == reverse("table", args=[second.pk])
    assert second.options == first.options


def test_a_refused_play_again_shows_the_game_page_and_its_reason(client):
    response = client.post(reverse("play_now", args=["klondike"]), {"deal": "12x"}, **HTMX)
    assert response.status_code == 400 and "whole number" in response.content.decode()
    assert response["HX-Retarget"] == "body" and response["HX-Reswap"] == "innerHTML"
    assert response["HX-Push-Url"] == reverse("game", args=["klondike"])
