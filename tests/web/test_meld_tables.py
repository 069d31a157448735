"""Rummy and Gin Rummy at the table: every phase renders, and moves composed from the
page's own legal list are accepted, through a whole match against bots."""

import html
import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import SESSION_KEY
from games import catalogue, services
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
LEGAL = re.compile(r'data-legal="([^"]*)"')
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')


def seated_client(game, seed):
    client = Client()
    client.get("/")
    player_id = client.session[SESSION_KEY]
    from accounts.models import Player

    host = Player.objects.get(pk=player_id)
    table = services.create_table(game=game, host=host, players=2)
    Table.objects.filter(pk=table.pk).update(seed=seed)
    services.set_bot(table_id=table.pk, host=host, seat_index=1, level=catalogue.get(game).default_bot.level)
    services.start_table(table_id=table.pk, host=host)
    return client, table


@pytest.mark.parametrize("game", ["rummy", "gin_rummy"])
def test_a_whole_match_through_the_page(game):
    client, table = seated_client(game, seed=f"page-{game}")
    rng = random.Random(game)
    phases = set()
    for _ in range(3000):
        page = client.get(reverse("board", args=[table.pk]), **HTMX)
        assert page.status_code == 200
        board = page.content.decode()
        phases.update(re.findall(r'class="(?:last-round|score-sheet|final|melds)"|data-arrange-add', board))
        if 'class="final"' in board:
            break
        legal = json.loads(html.unescape(LEGAL.search(board).group(1)))
        if not legal:
            continue  # the bot is to act (it already has, in-process)
        seq = int(SEQ.search(board).group(1))
        response = client.post(reverse("move", args=[table.pk]), {"seq": seq, "move": rng.choice(legal)}, **HTMX)
        assert response.status_code == 204, response.content.decode()[:500]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert 'class="final"' in board and "Play again" in board
    assert 'class="score-sheet"' in phases
    if game == "gin_rummy":  # a knock may use the player's own melds
        assert "data-arrange-add" in phases
