"""The day's results for the daily deal (issue 37, item 3): only each player's first table of
the day's deal counts, the later ones are practice and say so, and the daily deal has no
hints (the Klondike solver sees the face-down cards: a hint is a proven winning line)."""

from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import catalogue, selectors
from games.models import GameResult, Seat, Table
from tests.web.test_solitaire_tables import HTMX, new_game

pytestmark = pytest.mark.django_db(transaction=True)

klondike = catalogue.get("klondike").engine
PRACTICE = "Practice: only your first game of today's deal counts."


def won(table: Table, *, moves: int, seconds: int) -> Table:
    """The table finished and won, its result as a game won alone writes it
    (games.services.moves.write_results; the page's own win is tested in test_solitaire_tables)."""
    table.refresh_from_db()
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=now)
    seat = Seat.objects.get(table=table)
    GameResult.objects.create(table=table, game=table.game, seat=0, player=seat.player, score=52, rank=1,
                              won=True, hands=1, finished_at=now, moves=moves, undos=0, variant="draw 1",
                              seconds=seconds)
    return table


def todays_results():
    return [(result.table_id, result.moves) for result in selectors.daily_results(klondike, day=timezone.localdate())]


def board(client, table) -> str:
    return unescape(client.get(reverse("board", args=[table.pk]), **HTMX).content.decode())


def test_a_players_first_daily_table_counts_as_before():
    player, other = Client(), Client()
    first = won(new_game(player, daily="1"), moves=120, seconds=300)
    theirs = won(new_game(other, daily="1"), moves=100, seconds=200)
    assert todays_results() == [(theirs.pk, 100), (first.pk, 120)]
    assert PRACTICE not in board(player, first) and PRACTICE not in board(other, theirs)


def test_a_second_daily_table_of_the_day_does_not_count_even_when_better():
    player = Client()
    first = won(new_game(player, daily="1"), moves=120, seconds=300)
    again = new_game(player, daily="1")  # the same deal, now known card by card
    assert again.seed == first.seed and again.daily == first.daily
    won(again, moves=90, seconds=60)
    assert todays_results() == [(first.pk, 120)]
    assert PRACTICE in board(player, again)  # over, it still says why it is not listed


def test_a_daily_table_given_up_is_the_one_that_counted():
    """Turning every card up, giving up and playing the deal again wins nothing."""
    player = Client()
    first = new_game(player, daily="1")
    assert PRACTICE not in board(player, first)
    again = new_game(player, daily="1")
    assert PRACTICE in board(player, again)  # while it is played
    again = won(again, moves=90, seconds=60)  # the first was given up
    first.refresh_from_db()
    assert first.status == Table.Status.FINISHED and GameResult.objects.get(table=first).won is False
    assert todays_results() == []
    # Another day's deal is a first table again.
    Table.objects.filter(pk__in=[first.pk, again.pk]).update(daily=timezone.localdate() - timedelta(days=1))
    tomorrow = won(new_game(player, daily="1"), moves=130, seconds=400)
    assert todays_results() == [(tomorrow.pk, 130)]


def test_the_game_page_says_which_game_counts(client):
    page = unescape(client.get(reverse("game", args=["klondike"])).content.decode())
    assert "Only each player's first game of today's deal counts" in page


def test_hint_is_refused_on_a_daily_table_and_offered_on_others(client):
    daily = new_game(client, daily="1")
    assert f'hx-post="/t/{daily.pk}/hint"' not in board(client, daily)
    response = client.post(reverse("hint", args=[daily.pk]), **HTMX)
    page = unescape(response.content.decode())
    assert response.status_code == 200 and "No hints on the daily deal" in page and "Hint: " not in page
    assert 'data-hint-move=""' in page or "data-hint-move" not in page
    assert selectors.hint(daily, players=1)[1] == ""
    numbered = new_game(client, deal="7")
    assert f'hx-post="/t/{numbered.pk}/hint"' in board(client, numbered)
    assert "Hint: " in client.post(reverse("hint", args=[numbered.pk]), **HTMX).content.decode()
