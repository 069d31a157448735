"""The table's HTTP side: pages, the move endpoint's answers, and the guest identity."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from accounts.models import Player
from accounts.services import SESSION_KEY
from games import catalogue
from games.kit.engine import IllegalMove
from games.models import Table
from tests.web.tables import state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_first_visit_makes_a_guest_and_the_game_page_offers_play_now(client):
    response = client.get(reverse("game", args=["hearts"]))
    assert response.status_code == 200
    assert "Play now" in response.content.decode() and "New table" in response.content.decode()
    guest = Player.objects.get()
    assert guest.user is None and client.session[SESSION_KEY] == guest.pk
    html = client.get(reverse("home")).content.decode()
    assert 'href="/hearts/"' in html
    assert list(Player.objects.all()) == [guest], "a second page makes no second guest"


def test_play_now_opens_a_running_table_with_your_hand(client):
    response = client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/t/{table.pk}/"
    html = client.get(response["Location"]).content.decode()
    seq = re.search(r'id="board"[^>]*data-seq="(\d+)"', html).group(1)
    assert int(seq) == table.seq == 3
    hand = hearts.view(state_of(table), 0)["hand"]
    for card in hand:
        assert f'data-card="{card}"' in html
    assert 'ws-connect="/ws/t/' in html and 'aria-live="polite"' in html
    # Passing is choosing three cards in the shared select-then-act hand; the page is given
    # every legal pass, and posts one of them.
    assert len(re.findall(r"<button[^>]*data-select-card", html)) == 13
    legal = json.loads(unescape(re.search(r'data-select-form data-legal="([^"]*)"', html).group(1)))
    assert legal == hearts.legal_moves(state_of(table), 0) and len(legal) == 286


def post_move(client, table, move, seq=None, **extra):
    data = {"seq": table.seq if seq is None else seq}
    data.update({"move": move} if isinstance(move, str) else move)
    return client.post(reverse("move", args=[table.pk]), data, **extra)


def test_a_move_over_htmx_answers_204_and_nothing_more(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    hand = hearts.view(state_of(table), 0)["hand"]
    response = post_move(client, table, "pass " + " ".join(hand[:3]), **HTMX)
    assert response.status_code == 204 and not response.content
    table.refresh_from_db()
    assert table.moves.filter(seat=0).get().move == "pass " + " ".join(hand[:3])
    # The frame comes over the socket; the answer costs no query of its own after the move.
    assert "X-Table-Seq" not in response


def test_the_move_form_posts_without_scripts_with_its_csrf_token():
    """Without JavaScript the table page's move form is a plain form: action, method and the
    page's CSRF token; its post is checked for CSRF like any other, then back to the table."""
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.get(reverse("home"))
    table_url = browser.post(reverse("play_now", args=["hearts"]),
                             {"csrfmiddlewaretoken": browser.cookies["csrftoken"].value})["Location"]
    table = Table.objects.get()
    html = browser.get(table_url).content.decode()
    form = re.search(r'<form class="meld-table" ([^>]*)>\s*<input type="hidden" name="csrfmiddlewaretoken" '
                     r'value="([^"]+)"', html)
    assert form, "the move form has no CSRF token of its own"
    assert f'action="/t/{table.pk}/move"' in form.group(1) and 'method="post"' in form.group(1)
    assert "ws-send" in form.group(1)
    hand = hearts.view(state_of(table), 0)["hand"]
    move = "pass " + " ".join(hand[:3])
    refused = browser.post(reverse("move", args=[table.pk]), {"seq": table.seq, "move": move})
    assert refused.status_code == 403 and not table.moves.filter(seat=0).exists()
    answer = browser.post(reverse("move", args=[table.pk]),
                          {"seq": table.seq, "move": move, "csrfmiddlewaretoken": form.group(2)})
    assert answer.status_code == 302 and answer["Location"] == table_url
    assert table.moves.filter(seat=0).get().move == move


def test_a_move_reads_the_session_before_it_locks_the_table(client):
    """Nothing lazy inside the lock: the session and its Player are read before the table row."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    hand = hearts.view(state_of(table), 0)["hand"]
    with CaptureQueriesContext(connection) as queries:
        assert post_move(client, table, "pass " + " ".join(hand[:3]), **HTMX).status_code == 204
    sql = [query["sql"] for query in queries.captured_queries]
    first_table_read = next(index for index, text in enumerate(sql) if 'FROM "games_table"' in text)
    assert any('FROM "django_session"' in text for text in sql[:first_table_read])
    assert not any('FROM "django_session"' in text or 'FROM "accounts_player"' in text.split("INNER JOIN")[0]
                   for text in sql[first_table_read:]), "the session or the Player was read inside the lock"


def test_a_refused_move_answers_400_with_the_reason_and_the_board(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    response = post_move(client, table, "play 2C", **HTMX)
    assert response.status_code == 400
    assert "Choose three cards to pass first" in response.content.decode()
    assert 'id="board"' in response.content.decode()


def test_the_move_view_assembles_nothing_a_move_that_is_not_legal_gets_the_engines_reason(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    state = state_of(table)
    hand = hearts.view(state, 0)["hand"]
    # A verb and cards in parts are no move: the server never joins them into one.
    response = post_move(client, table, {"verb": "pass", "card": hand[:3]}, **HTMX)
    assert response.status_code == 400
    with pytest.raises(IllegalMove) as refused:
        hearts.apply(state, 0, "")
    assert str(refused.value) in unescape(response.content.decode())
    # A whole move string that is not one of the legal moves (the cards out of order).
    backwards = "pass " + " ".join(reversed(hand[:3]))
    assert backwards not in hearts.legal_moves(state, 0)
    response = post_move(client, table, backwards, **HTMX)
    assert response.status_code == 400
    with pytest.raises(IllegalMove) as refused:
        hearts.apply(state, 0, backwards)
    assert str(refused.value) in unescape(response.content.decode())
    assert not table.moves.filter(seat=0).exists()


def test_a_stale_move_answers_409_with_the_current_board(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    hand = hearts.view(state_of(table), 0)["hand"]
    post_move(client, table, "pass " + " ".join(hand[:3]), **HTMX)
    response = post_move(client, table, "pass " + " ".join(hand[3:6]), seq=3, **HTMX)
    assert response.status_code == 409
    table.refresh_from_db()
    assert f'data-seq="{table.seq}"' in response.content.decode()


def test_a_malformed_seq_is_a_bad_request(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    assert post_move(client, table, "play 2C", seq="x", **HTMX).status_code == 400


def test_without_htmx_a_refusal_goes_back_to_the_table_with_a_message(client):
    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    response = post_move(client, table, "play 2C")
    assert response.status_code == 302
    assert "Choose three cards to pass first" in client.get(response["Location"]).content.decode()


def test_a_friend_joins_by_the_link_and_the_host_fills_and_starts(client):
    from django.test import Client

    client.post(reverse("new_table", args=["hearts"]))
    table = Table.objects.get()
    friend = Client()
    page = friend.get(f"/t/{table.pk}/join/{table.invite_code}", follow=True).content.decode()
    assert "Take a seat" in page
    friend.post(reverse("join", args=[table.pk]), **HTMX)
    for seat in (2, 3):
        client.post(reverse("set_bot", args=[table.pk]), {"seat": seat, "level": "random"}, **HTMX)
    response = client.post(reverse("start", args=[table.pk]), **HTMX)
    assert response.status_code == 204  # every seat's board comes over its socket
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert 'class="hand"' in friend.get(f"/t/{table.pk}/").content.decode()
    board = client.get(f"/t/{table.pk}/").content.decode()
    assert "Basic bot" not in board and "North bot" in board


def test_only_known_games_have_pages(client):
    assert client.get("/poker/").status_code == 404
    assert client.get("/t/424242/").status_code == 404


def test_a_move_for_a_table_where_you_have_no_seat_is_forbidden(client):
    from django.test import Client

    client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    response = post_move(Client(), table, "pass 2C 3C 4C", **HTMX)
    assert response.status_code == 403 and "no seat" in response.content.decode()


def test_opening_a_table_resumes_a_bot_turn_that_was_lost(client, monkeypatch, delayed_tasks):
    from games.services import telling

    with monkeypatch.context() as lost:
        lost.setattr(telling, "enqueue_bot_turn", lambda **kwargs: None)
        client.post(reverse("play_now", args=["hearts"]))
    table = Table.objects.get()
    assert table.seq == 0, "no bot has passed: their turns were lost"
    client.get(reverse("table", args=[table.pk]))
    # Queued to run now on a thread of its own (held here), not in the page's request.
    assert [delay for delay, _, _ in delayed_tasks.pending] == [0]
    delayed_tasks.run()
    table.refresh_from_db()
    assert table.seq == 3
