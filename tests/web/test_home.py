import pytest
from django.urls import reverse

from games import catalogue

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_every_registered_game(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    for engine in [game.engine for game in catalogue.all()]:
        assert f'data-game="{engine.slug}"' in html and engine.name in html
    assert "4 players" in html


def test_pages_load_htmx_from_django_htmx(client):
    html = client.get(reverse("home")).content.decode()
    assert "/static/django_htmx/htmx" in html
