"""A game for one or more played alone (Yahtzee at a table of one): it waits for its player, is
won by finishing, is never rated, and has the coach's hint while it runs and its analysis after."""

from datetime import timedelta

import numpy as np
import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.services import create_guest
from games import catalogue, presence, selectors, services
from games.catalogue.yahtzee import strategy
from games.catalogue.yahtzee import table as strategy_table
from games.models import GameResult, Move, Seat, Table
from tests.web.tables import started_table, state_of
from tests.web.test_solitaire_tables import HTMX, new_game

pytestmark = pytest.mark.django_db(transaction=True)

yahtzee = catalogue.get("yahtzee").engine
# A flat table (nothing after this turn is worth anything): the answers are the turn's own.
FLAT = np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2))


@pytest.fixture
def solved(monkeypatch):
    monkeypatch.setattr(strategy_table, "ready", lambda: FLAT)


def play(client, table, move):
    table.refresh_from_db()
    response = client.post(reverse("move", args=[table.pk]), {"seq": table.seq, "move": move}, **HTMX)
    assert response.status_code in (200, 204), response.content.decode()[:300]
    table.refresh_from_db()


def finish(client, table):
    """Every turn: roll once and score the first box offered."""
    while table.status == Table.Status.PLAYING:
        play(client, table, "roll")
        play(client, table, next(move for move in yahtzee.legal_moves(state_of(table), 0) if move.startswith("score")))


def test_play_now_is_a_table_of_one_won_by_finishing(client):
    table = new_game(client, "yahtzee")
    assert table.seats.count() == 1 and table.status == Table.Status.PLAYING
    finish(client, table)
    result = GameResult.objects.get(table=table)
    assert result.won and result.rank == 1 and result.score == yahtzee.outcome(state_of(table))["scores"][0]


def test_a_table_of_one_waits_for_its_player(settings, client):
    settings.AWAY_GRACE_SECONDS = 60
    table = new_game(client, "yahtzee")
    Seat.objects.filter(table=table).update(seen_at=timezone.now() - timedelta(hours=2))
    assert presence.check_table(table_id=table.pk) == "unchanged"
    assert not Seat.objects.get(table=table).is_away


def test_a_table_of_one_is_never_rated_and_a_table_of_two_may_be():
    from django.contrib.auth import get_user_model

    from accounts.services import player_for_user

    host = player_for_user(user=get_user_model().objects.create_user("ada", password="a long password 1"))
    with pytest.raises(services.TableError, match="played alone is not rated"):
        services.create_table(game="yahtzee", host=host, players=1, rated=True)
    assert not Table.objects.exists()
    assert services.create_table(game="yahtzee", host=host, players=2, rated=True).rated


def test_the_hint_at_a_table_of_one_is_the_perfect_strategy_s_move_and_its_margin(client, solved):
    table = new_game(client, "yahtzee")
    assert selectors.hint(table, players=1) == ("Roll: a turn starts with all five dice.", "roll")
    play(client, table, "roll")
    page = client.post(reverse("hint", args=[table.pk]), **HTMX).content.decode()
    words, move = selectors.hint(table, players=1)
    assert words.startswith("Best: ") and move in yahtzee.legal_moves(state_of(table), 0)
    assert words in page.replace("&#x27;", "'")
    assert Move.objects.filter(table=table).count() == 1  # asking changed nothing


def test_the_hint_waits_for_the_strategy_and_is_not_offered_against_others(client, monkeypatch):
    monkeypatch.setattr(strategy_table, "ready", lambda: None)
    table = new_game(client, "yahtzee")
    play(client, table, "roll")
    assert selectors.hint(table, players=1)[0].startswith("The perfect strategy is still loading")
    shared, _ = started_table(game="yahtzee", bots=1, level="random")
    assert selectors.hint(shared, players=2) == ("Hints are for games played alone.", "")


def test_a_finished_game_alone_has_its_analysis_linked_from_the_end_and_the_history(client, solved):
    table = new_game(client, "yahtzee")
    finish(client, table)
    board = client.get(reverse("board", args=[table.pk]), **HTMX).content.decode()
    assert f'href="/g/{table.pk}/analysis/"' in board
    page = client.get(reverse("analysis", args=[table.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count("<tr") == 1 + 13  # the head, and one choice a turn (each scored its first roll)
    assert "Expected points given away" in text and "Turn 13, roll 1" in text
    player = Seat.objects.get(table=table).player
    history = client.get(reverse("history", args=[player.display_name])).content.decode()
    assert reverse("analysis", args=[table.pk]) in history


def test_no_analysis_before_the_end_against_others_or_while_the_strategy_loads(client, monkeypatch):
    running = new_game(client, "yahtzee")
    assert client.get(reverse("analysis", args=[running.pk])).status_code == 404
    shared, (me,) = started_table(game="yahtzee", bots=1, level="random")
    Table.objects.filter(pk=shared.pk).update(status=Table.Status.FINISHED)
    assert client.get(reverse("analysis", args=[shared.pk])).status_code == 404
    hearts, _ = started_table()
    Table.objects.filter(pk=hearts.pk).update(status=Table.Status.FINISHED)
    assert client.get(reverse("analysis", args=[hearts.pk])).status_code == 404
    monkeypatch.setattr(strategy_table, "ready", lambda: None)
    finish(client, running)
    loading = client.get(reverse("analysis", args=[running.pk]))
    assert loading.status_code == 503 and "still loading" in loading.content.decode()


def test_the_new_table_form_starts_at_two_seats_where_play_now_is_one(client):
    page = client.get(reverse("game", args=["yahtzee"])).content.decode()
    assert '<option value="2" selected>2</option>' in page and '<option value="1"' not in page
    assert "You alone, starting at once" in page
    guest = create_guest()
    assert services.create_table(game="yahtzee", host=guest, players=2).seats.count() == 2


def test_play_now_alone_takes_the_game_s_options(client):
    page = client.get(reverse("game", args=["memory"])).content.decode()
    play_now = page[page.index(reverse("play_now", args=["memory"])):page.index(reverse("new_table", args=["memory"]))]
    assert 'name="option:pairs"' in play_now
    table = new_game(client, "memory", **{"option:pairs": "18"})
    assert table.seats.count() == 1 and len(state_of(table).layout) == 36
