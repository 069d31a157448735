"""Guessing invite codes is throttled per address: wrong codes cost tries, right ones never."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import create_guest
from games import invites, services
from games.models import Seat

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(settings):
    settings.INVITE_GUESSES = 10
    return services.create_table(game="hearts", host=create_guest(), private=True)


def guess(client, table, code, how, address="198.51.100.4"):
    if how == "game page":
        return client.get(reverse("join_by_code", args=["hearts"]), {"code": code}, REMOTE_ADDR=address)
    if how == "link":
        return client.get(f"/t/{table.pk}/join/{code}", REMOTE_ADDR=address)
    return client.post(reverse("join", args=[table.pk]), {"code": code}, REMOTE_ADDR=address, **HTMX)


@pytest.mark.parametrize("how", ["game page", "link", "seat button"])
def test_after_ten_wrong_codes_from_an_address_the_right_one_still_goes_through(table, how):
    """One household or office behind one address: a wrong code typed ten times does not
    keep out the person with the right link."""
    guesser = Client()
    for attempt in range(10):
        assert guess(guesser, table, f"WRONG{attempt}", how).status_code in (403, 404)
    refused = guess(guesser, table, "WRONG10", how)
    assert refused.status_code == 429 and "Too many wrong invite codes" in refused.content.decode()
    same_address = Client()
    assert guess(same_address, table, table.invite_code, how).status_code in (204, 302)
    assert guess(guesser, table, table.invite_code, how).status_code in (204, 302)


@pytest.mark.parametrize("how", ["game page", "link", "seat button"])
def test_a_guesser_s_address_waits_even_with_the_right_code(table, how, settings):
    """Past the wrong codes no household types, the right code waits too: else every
    guess would still be an answer, and the throttle would throttle nothing."""
    settings.INVITE_GUESSES = 2  # fewer requests; the same rule
    guesser = Client()
    for attempt in range(2 * invites.EVERY_CODE_WAITS_AFTER):
        assert guess(guesser, table, f"WRONG{attempt}", how).status_code in (403, 404, 429)
    refused = guess(Client(), table, table.invite_code, how)
    assert refused.status_code == 429 and "Too many wrong invite codes" in refused.content.decode()
    assert not Seat.objects.filter(table=table, player__isnull=False).exclude(index=0).exists()
    # Another address is not held up by this one.
    friend = Client()
    assert guess(friend, table, table.invite_code, how, address="203.0.113.9").status_code in (204, 302)


def test_right_codes_cost_nothing_and_a_few_typos_are_forgiven(table):
    client = Client()
    for _ in range(9):
        assert guess(client, table, "TYPO99", "game page").status_code == 404
    for _ in range(20):
        assert guess(client, table, table.invite_code, "game page").status_code == 302
    assert guess(client, table, "TYPO99", "game page").status_code == 404  # the tenth


class Clock:
    """The cache's clock (the local-memory cache the tests use reads time.time())."""

    def __init__(self):
        self.now = 1_000_000.0

    def time(self):
        return self.now


def test_the_count_ends_with_the_window(table, settings, monkeypatch):
    from django.core.cache.backends import base, locmem

    clock = Clock()
    monkeypatch.setattr(base, "time", clock)
    monkeypatch.setattr(locmem, "time", clock)
    settings.INVITE_GUESSES, settings.INVITE_GUESS_WINDOW_SECONDS = 2, 600
    client = Client()
    for _ in range(2 * invites.EVERY_CODE_WAITS_AFTER):
        guess(client, table, "WRONG1", "link")
    assert guess(client, table, table.invite_code, "link").status_code == 429
    clock.now += 599
    assert guess(client, table, "WRONG1", "link").status_code == 429
    clock.now += 2
    assert guess(client, table, "WRONG1", "link").status_code == 404
    assert guess(client, table, table.invite_code, "link").status_code == 302
