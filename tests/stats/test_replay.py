"""The replay viewer: a finished table rebuilt from its seed, options and Move log."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from accounts.services import create_guest
from games import catalogue, selectors, services
from games.models import Table
from stats import replay
from tests.web.tables import started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine


def finished_hearts_table():
    """A short Hearts match (to 50 points) played to its end: one guest, three random bots."""
    table, (player,) = started_table(options={"target_score": 50})
    while True:
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        move = hearts.legal_moves(state_of(table), 0)[0]
        services.play_move(table_id=table.pk, player=player, seq=table.seq, move=move)


def logged_moves(table):
    return [replay.LoggedMove(*row) for row in table.moves.order_by("seq").values_list("seq", "seat", "move")]


def hands_in(html):
    """Each seat's hand on the page, as data-card values in order."""
    hands = {}
    for seat, block in re.findall(r'data-hand-of="(\d+)">(.*?)</p>', html, re.S):
        hands[int(seat)] = re.findall(r'data-card="([^"]+)"', block)
    return hands


def public_in(html):
    found = re.search(r'<script id="replay-public" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def page(client, table, step=None):
    url = reverse("replay", args=[table.pk]) + ("" if step is None else f"?step={step}")
    return client.get(url)


def test_a_finished_match_replays_from_the_deal_to_its_saved_end(client):
    table = finished_hearts_table()
    moves = logged_moves(table)
    assert [m.seq for m in moves] == list(range(1, table.seq + 1))

    # Step 0 (the default): exactly the dealt hands, all four face up, and the seed revealed.
    dealt = hearts.new_game(4, seed=table.seed, options=table.options)
    response = page(client, table)
    assert response.status_code == 200
    html = response.content.decode()
    assert hands_in(html) == {seat: hearts.view(dealt, seat)["hand"] for seat in range(4)}
    assert all(len(hand) == 13 for hand in hands_in(html).values())
    assert table.seed in html and "The deal." in html
    assert "<title>Replay of Hearts" in html and '<meta name="description" content="Step through' in html
    assert public_in(html) == hearts.view(dealt, None)

    # Every step rebuilt from the log; the last is the state the table saved.
    rebuilt = list(replay.states(hearts, 4, seed=table.seed, options=table.options, moves=moves))
    assert len(rebuilt) == len(moves) + 1
    assert hearts.dump(rebuilt[-1]) == table.state and hearts.is_over(rebuilt[-1])

    # The last step's page shows the saved state's hands and public view.
    saved = state_of(table)
    html = page(client, table, len(moves)).content.decode()
    last_hands = hands_in(html)
    assert {seat: last_hands.get(seat, []) for seat in range(4)} == {
        seat: hearts.view(saved, seat)["hand"] for seat in range(4)}
    assert public_in(html) == hearts.view(saved, None)
    assert "The game is over." in html

    # A step in the middle matches the pure replay at that step, with the move in words.
    middle = len(moves) // 2
    html = page(client, table, middle).content.decode()
    assert hands_in(html) == {seat: hand for seat in range(4)
                              if (hand := hearts.view(rebuilt[middle], seat)["hand"])}
    assert public_in(html) == hearts.view(rebuilt[middle], None)
    mover = moves[middle - 1]
    names = {around.index: around.name for around in selectors.seats_around(selectors.table_seats(table), None)}
    assert f"{names[mover.seat]} {hearts.describe_move(mover.move)}." in unescape(html)


def test_first_back_forward_and_last_link_the_neighbouring_steps(client):
    table = finished_hearts_table()
    total = table.seq
    base = reverse("replay", args=[table.pk])
    html = page(client, table, 5).content.decode()
    links = dict(re.findall(r'href="([^"]+)" data-replay="(\w+)"', html))
    assert {kind: url for url, kind in links.items()} == {
        "first": f"{base}?step=0", "back": f"{base}?step=4", "forward": f"{base}?step=6", "last": f"{base}?step={total}"}
    # The shareable link is this very step.
    assert f"http://testserver{base}?step=5" in html
    # At the ends, the links that would go nowhere are not links.
    assert 'data-replay="back"' not in page(client, table, 0).content.decode()
    assert 'data-replay="forward"' not in page(client, table, total).content.decode()


def test_steps_out_of_range_are_clamped_and_nonsense_is_refused(client):
    table = finished_hearts_table()
    assert 'data-step="0"' in page(client, table, -5).content.decode()
    assert f'data-step="{table.seq}"' in page(client, table, table.seq + 1000).content.decode()
    response = page(client, table, "abc")
    assert response.status_code == 400
    assert "The step must be a whole number" in unescape(response.content.decode())


def test_a_running_or_unknown_table_has_no_replay(client):
    table, _ = started_table()
    assert table.status == Table.Status.PLAYING
    assert page(client, table).status_code == 404
    assert client.get(reverse("replay", args=[table.pk + 1000])).status_code == 404
    waiting = services.create_table(game="hearts", host=create_guest())
    assert page(client, waiting).status_code == 404


def test_a_patience_game_replays_its_public_view(client):
    player = create_guest()
    table = services.play_now(game="klondike", player=player)
    table.refresh_from_db()
    klondike = catalogue.get("klondike").engine
    move = klondike.legal_moves(state_of(table), 0)[0]
    services.play_move(table_id=table.pk, player=player, seq=table.seq, move=move)
    services.give_up(table_id=table.pk, player=player)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    html = page(client, table, 1).content.decode()
    assert "No cards in hand." in html and table.seed in html
    assert public_in(html) == klondike.view(state_of(table), None)
    assert f"{player.display_name} {klondike.describe_move(move)}." in unescape(html)
    dealt = klondike.new_game(1, seed=table.seed, options=table.options)
    assert public_in(page(client, table).content.decode()) == klondike.view(dealt, None)


def test_parse_step():
    assert replay.parse_step(None, 10) == 0
    assert replay.parse_step("", 10) == 0
    assert replay.parse_step("7", 10) == 7
    assert replay.parse_step("11", 10) == 10
    assert replay.parse_step("-1", 10) == 0
    with pytest.raises(replay.BadStep):
        replay.parse_step("1.5", 10)
