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
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)


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
    # The raw seed is for checking the deal: under "Fair deal" here, never on the table itself.
    assert re.search(r'<details class="fair-deal">\s*<summary>Fair deal</summary>\s*<p>Deal seed: <code class="replay-seed">'
                     + table.seed, html)
    table_page = client.get(f"/t/{table.pk}/").content.decode()
    assert "Final ranks" in table_page and f">{table.seed}<" not in table_page and "Deal seed" not in table_page
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


def board_in(html):
    """The game's own board as the replay page draws it."""
    found = re.search(r'<div class="replay-board">\s*(<div id="board".*?)\n</div>\n<script id="replay-public"', html, re.S)
    assert found, "the replay page draws no board"
    return found.group(1)


def test_a_patience_game_replays_its_own_board(client):
    player = create_guest()
    table = services.play_now(game="klondike", player=player)
    table.refresh_from_db()
    klondike = catalogue.get("klondike").engine
    move = klondike.legal_moves(state_of(table), 0)[0]
    services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    services.give_up(table_id=table.pk, player=player)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    html = page(client, table, 1).content.decode()
    assert "No cards in hand." not in html and table.seed in html
    board = board_in(html)
    assert 'class="board solitaire klondike"' in board
    view = klondike.view(state_of(table), None)
    for pile, cards in enumerate(view["tableau"]):
        column = re.search(rf'data-pile="t{pile}"[^>]*>(.*?)</div>', board, re.S).group(1)
        assert re.findall(r'data-card="([^"]+)"', column) == [card for card in cards if card != "??"]
    assert public_in(html) == view
    assert f"{player.display_name} {klondike.describe_move(move)}." in unescape(html)
    # Given up after one move: that last step is the game's end, the first is not.
    assert "Given up after 1 moves" in board
    assert 'class="final"' not in board_in(page(client, table, 0).content.decode())
    dealt = klondike.new_game(1, seed=table.seed, options=table.options)
    assert public_in(page(client, table).content.decode()) == klondike.view(dealt, None)


def test_freecell_replays_its_cells_foundations_and_columns_not_raw_json(client):
    freecell = catalogue.get("freecell").engine
    player = create_guest()
    table = services.play_now(game="freecell", player=player, deal_number=1)
    table.refresh_from_db()
    moves = []
    for _ in range(3):
        move = next(m for m in freecell.legal_moves(state_of(table), 0) if m.startswith("move t"))
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
        table.refresh_from_db()
        moves.append(move)
    services.give_up(table_id=table.pk, player=player)
    table.refresh_from_db()
    html = page(client, table, 2).content.decode()
    assert "No cards in hand." not in html and "<pre>" not in html
    board = board_in(html)
    assert 'class="board solitaire freecell"' in board
    state = freecell.new_game(1, seed=table.seed, options=table.options)
    for move in moves[:2]:
        state = freecell.apply(state, 0, move)
    view = freecell.view(state, None)
    cells = re.findall(r'<div class="slot" data-pile="c\d">(.*?)</div>', board, re.S)
    assert [re.findall(r'data-card="([^"]+)"', cell) for cell in cells] == [[c] if c else [] for c in view["cells"]]
    for suit, top in view["foundations"].items():
        foundation = re.search(rf'<div class="slot" data-pile="f{suit}">(.*?)</div>', board, re.S).group(1)
        assert re.findall(r'data-card="([^"]+)"', foundation) == ([top] if top else [])
    for pile, cards in enumerate(view["tableau"]):
        column = re.search(rf'<div class="column" data-pile="t{pile}"[^>]*>(.*?)</div>', board, re.S).group(1)
        assert re.findall(r'data-card="([^"]+)"', column) == cards
    # A replay posts nothing: no move form, no buttons a player would use.
    assert "Give up" not in board and "Hint" not in board


def finished_rummy_table():
    """A Rummy table played, melding whenever it can, until melds lie on the table and the
    discard pile holds cards; then it is called finished (a replay is of a finished table)."""
    rummy = catalogue.get("rummy").engine
    player = create_guest()
    table = services.play_now(game="rummy", player=player, bot_level="random", seed="replay-rummy")  # the same deal every run
    for _ in range(400):
        table.refresh_from_db()
        state = rummy.load(table.state)
        view = rummy.view(state, None)
        # Not "once seat 0 has no move": the bots play within its move here, so that waited
        # for the end of the match (some 700 moves).
        if view["melds"] and len(view["discard_pile"]) >= 2:
            break
        legal = rummy.legal_moves(state, 0)
        if not legal:  # the match is over (the test says if it never melded)
            break
        move = next((m for m in legal if m.startswith("meld")), None) or legal[-1]
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    table.refresh_from_db()
    return table, state


def test_rummy_replays_with_its_melds_discard_pile_and_every_hand_face_up(client):
    rummy = catalogue.get("rummy").engine
    table, state = finished_rummy_table()
    view = rummy.view(state, None)
    assert view["melds"], "the game never melded: nothing to check"
    html = page(client, table, table.moves.count()).content.decode()
    board = board_in(html)
    assert 'class="board rummy"' in board
    for meld in view["melds"]:
        shown = re.search(rf'data-meld="{meld["number"]}">(.*?)</div>', board, re.S).group(1)
        assert re.findall(r'data-card="([^"]+)"', shown) == meld["cards"]
    history = re.search(r'<details class="discard-history">(.*?)</details>', board, re.S).group(1)
    assert re.findall(r'data-card="([^"]+)"', history) == view["discard_pile"]
    seats = len(table.seats.all())
    assert hands_in(html) == {seat: hand for seat in range(seats) if (hand := rummy.view(state, seat)["hand"])}
    # No seat's cards drawn as backs, no move to make.
    assert 'class="backs"' not in board and "data-select-card" not in board and "Lay off here" not in board


def test_parse_step():
    assert replay.parse_step(None, 10) == 0
    assert replay.parse_step("", 10) == 0
    assert replay.parse_step("7", 10) == 7
    assert replay.parse_step("11", 10) == 10
    assert replay.parse_step("-1", 10) == 0
    with pytest.raises(replay.BadStep):
        replay.parse_step("1.5", 10)
