"""Guessing invite codes is throttled per address: wrong codes cost tries, right ones never."""

import time

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import create_guest
from games import services
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
def test_ten_wrong_codes_from_an_address_and_even_the_right_one_waits(table, how):
    guesser = Client()
    for attempt in range(10):
        assert guess(guesser, table, f"WRONG{attempt}", how).status_code in (403, 404)
    refused = guess(guesser, table, table.invite_code, how)
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


def test_the_wait_ends_with_the_window(table, settings):
    settings.INVITE_GUESS_WINDOW_SECONDS = 1
    client = Client()
    for _ in range(10):
        guess(client, table, "WRONG1", "link")
    assert guess(client, table, table.invite_code, "link").status_code == 429
    time.sleep(1.2)  # the counter's own expiry, not a wait on the page under test
    assert guess(client, table, table.invite_code, "link").status_code == 302
