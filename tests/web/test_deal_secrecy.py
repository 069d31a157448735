"""What a finished patience table shows of its deal (issue 37). A seed and the public shuffle
give every card, so a finished table must never show the seed of a deal that another table
still plays or may yet be dealt. One test for each kind of deal."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import catalogue, deals
from games.models import Table, WinnableDeal

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
klondike = catalogue.get("klondike").engine


def new_game(client, game="klondike", **form):
    response = client.post(reverse("play_now", args=[game]), form)
    assert response.status_code == 302, response.content.decode()[:300]
    return Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))


def give_up(client, table):
    assert client.post(reverse("give_up", args=[table.pk]), **HTMX).status_code == 204
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED


def replay(client, table, step=0):
    return client.get(reverse("replay", args=[table.pk]), {"step": step})


def shown(client, table) -> str:
    """Every page of a finished table that could carry its seed, as this client gets them."""
    pages = (replay(client, table), replay(client, table, table.seq),
             client.get(reverse("fairness"), {"table": table.pk}), client.get(f"/t/{table.pk}/"))
    return "".join(page.content.decode() for page in pages)


def revealed_to(client, table) -> bool:
    """The seed is on the fair page and the replay, to anyone."""
    fair = client.get(reverse("fairness"), {"table": table.pk}).content.decode()
    page = replay(client, table)
    return (f"data-fair-seed>{table.seed}<" in fair and page.status_code == 200
            and table.seed in page.content.decode())


def stranger():
    client = Client()
    client.get("/")
    return client


def test_a_chosen_number_s_seed_is_never_shown_and_its_replay_is_its_player_s_alone(monkeypatch):
    player, friend, outsider = Client(), Client(), stranger()
    finished = new_game(player, deal="424242")
    running = new_game(friend, deal="424242")
    assert finished.seed == running.seed  # a number names one deal for everyone
    give_up(player, finished)
    for client in (player, friend, outsider):
        assert finished.seed not in shown(client, finished)
    assert replay(outsider, finished).status_code == 403
    assert "can be dealt again" in outsider.get(reverse("fairness"), {"table": finished.pk}).content.decode()
    # Its player sees the game again as they saw it: no face-down card, no card of the stock.
    own = replay(player, finished)
    assert own.status_code == 200
    seen = set(re.findall(r'data-card="(\w\w)"', own.content.decode()))
    dealt = klondike.new_game(1, seed=finished.seed, options=finished.options)
    assert seen and seen <= klondike.known_cards(dealt, 0)
    # Not after every table of it is over, nor on another day: the number can be dealt again.
    give_up(friend, running)
    later = timezone.localdate() + timedelta(days=400)
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: later)
    assert finished.seed not in shown(outsider, finished)


def test_the_daily_deal_is_kept_until_its_day_is_over_and_no_table_still_plays_it(monkeypatch):
    early, late, outsider = Client(), Client(), stranger()
    finished = new_game(early, daily="1")
    assert finished.deal_number is None  # no number to type: it is dealt on its day, by the button
    assert "<span>Daily deal</span>" in early.get(f"/t/{finished.pk}/").content.decode()
    give_up(early, finished)
    # Every table of it is over, but the day is not: someone may yet be dealt it today.
    assert finished.seed not in shown(outsider, finished) + shown(early, finished)
    assert replay(outsider, finished).status_code == 403
    running = new_game(late, daily="1")
    assert running.seed == finished.seed
    tomorrow = timezone.localdate() + timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: tomorrow)
    # The day is over, but a table dealt it on the day still plays it.
    assert finished.seed not in shown(outsider, finished)
    assert "still being played" in outsider.get(reverse("fairness"), {"table": finished.pk}).content.decode()
    give_up(late, running)
    assert revealed_to(outsider, finished) and revealed_to(outsider, running)


def test_a_random_deal_is_dealt_once_and_shown_when_it_is_over():
    player, outsider = Client(), stranger()
    table = new_game(player)
    other = new_game(Client())
    assert table.deal_number is None and table.seed != other.seed  # no number anyone could type
    assert table.seed not in shown(outsider, table)
    give_up(player, table)
    assert revealed_to(outsider, table)


def test_a_winnable_deal_goes_from_the_pool_to_one_table_and_is_shown_when_it_is_over():
    options = klondike.resolve_options({"winnable_only": True})
    assert deals.refill(game="klondike", options=options, size=2) == 2
    pooled = set(WinnableDeal.objects.values_list("seed", flat=True))
    first, second, outsider = Client(), Client(), stranger()
    one = new_game(first, **{"option:winnable_only": "True"})
    two = new_game(second, **{"option:winnable_only": "True"})
    assert {one.seed, two.seed} == pooled and one.deal_number is None is two.deal_number
    assert not WinnableDeal.objects.exists()  # each left the pool with its table
    give_up(first, one)
    assert revealed_to(outsider, one)
    assert not revealed_to(outsider, two)  # still playing


def test_freecell_s_open_numbers_hide_nothing_so_a_finished_deal_shows_its_seed():
    player, friend, outsider = Client(), Client(), stranger()
    finished = new_game(player, "freecell", deal="617")
    new_game(friend, "freecell", deal="617")  # still playing the same deal, every card face up
    give_up(player, finished)
    assert revealed_to(outsider, finished)
