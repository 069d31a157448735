"""A hint always names a legal move while there is one (proven or not), and the patience clock
counts from the first move, the same seconds the result records."""

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import catalogue, selectors
from games.kit import cards
from games.models import GameResult, Move, Table
from tests.catalogue.klondike.test_solver import unwinnable_deck
from tests.web.test_solitaire_tables import HTMX, a_winnable_number, new_game

pytestmark = pytest.mark.django_db(transaction=True)

klondike = catalogue.get("klondike").engine
freecell = catalogue.get("freecell").engine
NOT_PROVEN = "not a proven win"


def with_state(table: Table, state) -> Table:
    table.state = klondike.dump(state) if table.game == klondike.slug else freecell.dump(state)
    table.save(update_fields=["state"])
    return table


def stuck_state():
    """No move at all: every top red and no ace up, no king with an empty pile, the stock
    gone through its one pass."""
    tops = ["3H", "5D", "7H", "9D", "JH", "KD", "4D"]
    waste = ["QH"]
    hidden = iter(card for card in cards.standard_deck() if card not in tops + waste)
    state = klondike.new_game(1, seed="stuck", options={"draw": 3, "passes": 1})
    state.tableau = tuple(tuple(next(hidden) for _ in range(down)) + (top,)
                          for down, top in zip((6, 6, 6, 6, 6, 6, 7), tops, strict=True))
    state.face_down = (6, 6, 6, 6, 6, 6, 7)
    state.stock, state.waste = (), tuple(waste)
    assert klondike.legal_moves(state, 0) == []
    return state


def test_with_no_line_found_a_hint_still_names_a_legal_move_said_not_proven(client):
    table = with_state(new_game(client), klondike.new_game(1, seed="stuck", deck=unwinnable_deck(),
                                                             options={"draw": 3, "passes": 1}))
    words, move = selectors.hint(table, players=1)
    assert move in klondike.legal_moves(klondike.load(table.state), 0) and move != "undo"
    assert words.startswith(f"Hint: {klondike.describe_move(move)}.") and NOT_PROVEN in words
    page = client.post(reverse("hint", args=[table.pk]), **HTMX).content.decode()
    assert f'data-hint-move="{move}"' in page and NOT_PROVEN in page


@pytest.mark.parametrize("game", ["klondike", "freecell"])
def test_a_hint_out_of_budget_on_a_winnable_deal_names_the_solvers_useful_move(client, settings, game):
    engine = catalogue.get(game).engine
    table = new_game(client, game, deal="1")
    settings.HINT_NODES = 1  # the search gives up at once
    words, move = selectors.hint(table, players=1)
    state = engine.load(table.state)
    assert move == catalogue.get(game).solver.useful_move(state)
    assert move in engine.legal_moves(state, 0) and NOT_PROVEN in words


def test_a_hint_within_budget_is_the_first_move_of_a_win_and_says_nothing_of_proof(client, settings):
    settings.HINT_SECONDS = 600  # the node budget is the test's; a busy machine slows the clock's (2 s failed)
    options = klondike.resolve_options(None)
    table = new_game(client, deal=str(a_winnable_number(options)))
    words, move = selectors.hint(table, players=1)
    assert move in klondike.legal_moves(klondike.load(table.state), 0)
    assert words == f"Hint: {klondike.describe_move(move)}."


def test_no_moves_left_only_when_there_are_none(client):
    table = with_state(new_game(client), stuck_state())
    assert selectors.hint(table, players=1) == ("No moves left.", "")


def test_the_clock_waits_for_the_first_move_and_the_result_counts_from_it(client):
    options = klondike.resolve_options({"draw": 3})
    number = a_winnable_number(options)
    table = new_game(client, deal=str(number), **{"option:draw": "3"})
    assert selectors.clock(table) == selectors.Clock(None, None, "0:00")
    assert "data-started" not in client.get(f"/t/{table.pk}/").content.decode()
    line = catalogue.get("klondike").winning_line(klondike.load(table.state), max_nodes=50_000, max_seconds=5)
    playing = time.monotonic()
    for seq, move in enumerate(line):
        response = client.post(reverse("move", args=[table.pk]), {"seq": seq, "move": move}, **HTMX)
        assert response.status_code == 204
        if seq == 0:
            # The player looked at the deal for a while before the first move; seventy
            # seconds of play since then.
            Table.objects.filter(pk=table.pk).update(started_at=timezone.now() - timedelta(minutes=10))
            Move.objects.filter(table=table, seq=1).update(created_at=timezone.now() - timedelta(seconds=70))
            table.refresh_from_db()
            playing = time.monotonic()
            running = selectors.clock(table)
            assert running.finished is None and running.shown == "1:10"
            page = client.get(f"/t/{table.pk}/").content.decode()
            assert f'data-started="{running.started:.3f}"' in page and ">1:10</span>" in page
    table.refresh_from_db()
    result = GameResult.objects.get(table=table)
    # Seventy seconds, and the moment the rest of the line took to play.
    assert 70 <= result.seconds <= 70 + time.monotonic() - playing + 1
    final = selectors.clock(table)
    shown = f"{result.seconds // 60}:{result.seconds % 60:02d}"
    assert final.shown == shown and final.finished == table.finished_at.timestamp()
    page = client.get(f"/t/{table.pk}/").content.decode()
    assert "data-finished=" in page and f">{shown}</span>" in page
