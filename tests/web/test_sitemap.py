"""/sitemap.xml: the pages worth indexing, as absolute URLs on the host that asked."""

import re

import pytest

from games import catalogue

pytestmark = pytest.mark.django_db


def test_the_sitemap_lists_home_games_rules_glossary_and_fairness_on_the_request_host(client, settings):
    settings.ALLOWED_HOSTS = ["cards.example"]
    response = client.get("/sitemap.xml", HTTP_HOST="cards.example")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    locations = set(re.findall(r"<loc>([^<]+)</loc>", response.content.decode()))
    expected = {"http://cards.example/", "http://cards.example/glossary/", "http://cards.example/fair/"}
    for engine in [game.engine for game in catalogue.all()]:
        expected |= {f"http://cards.example/{engine.slug}/", f"http://cards.example/{engine.slug}/rules/"}
    assert locations == expected


def test_every_sitemap_page_answers(client):
    for location in re.findall(r"<loc>http://testserver([^<]+)</loc>", client.get("/sitemap.xml").content.decode()):
        assert client.get(location).status_code == 200, location
