"""Patience tables: numbered deals, the daily deal, proven-winnable deals, hints, and a
finished game's result with its moves, undos, variant and time."""

import re
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from games import catalogue, deals
from games.catalogue.freecell import solver as freecell_solver
from games.models import DailyDeal, GameResult, Table, WinnableDeal

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}
SEQ = re.compile(r'id="board"[^>]*data-seq="(\d+)"')
klondike = catalogue.get("klondike").engine


def new_game(client, game="klondike", **form):
    response = client.post(reverse("play_now", args=[game]), form)
    assert response.status_code == 302, response.content.decode()[:300]
    return Table.objects.get(pk=int(re.search(r"/t/(\d+)/", response["Location"]).group(1)))


def a_winnable_number(options):
    for number in range(1, 200):
        if catalogue.get("klondike").winning_line(klondike.new_game(1, seed=deals.seed_for(klondike, number), options=options),
                        max_nodes=50_000, max_seconds=5) is not None:
            return number
    raise AssertionError("no winnable deal among the first 200")


def test_a_chosen_deal_number_is_the_game_and_a_bad_one_is_refused(client):
    table = new_game(client, deal="#1234")
    assert table.deal_number == 1234 and table.status == Table.Status.PLAYING
    assert table.seed == deals.seed_for(klondike, 1234) != "1234"  # the number alone is not the deal
    page = client.get(f"/t/{table.pk}/").content.decode()
    assert 'href="/klondike/?deal=1234"' in page and "Game #1234" in page
    assert 'value="1234"' in client.get("/klondike/?deal=1234").content.decode()  # the shared link
    # Another script's digits, a sign or an underscore: int() reads each, a deal number is ASCII.
    for bad, reason in (("12x", "whole number"), ("0", "numbered 1 to"), ("１２３４", "whole number"),
                        ("+5", "whole number"), ("1_000", "whole number")):
        response = client.post(reverse("play_now", args=["klondike"]), {"deal": bad})
        assert response.status_code == 400 and reason in response.content.decode()
    assert Table.objects.count() == 1


def test_a_game_won_through_the_page_records_its_moves_undos_variant_and_time(client):
    options = klondike.resolve_options({"draw": 3})
    number = a_winnable_number(options)
    table = new_game(client, deal=str(number), **{"option:draw": "3"})
    line = catalogue.get("klondike").winning_line(klondike.load(table.state), max_nodes=50_000, max_seconds=5)
    client.post(reverse("move", args=[table.pk]), {"seq": 0, "move": line[0]}, **HTMX)
    client.post(reverse("move", args=[table.pk]), {"seq": 1, "move": "undo"}, **HTMX)
    seq = 2
    for move in line:
        response = client.post(reverse("move", args=[table.pk]), {"seq": seq, "move": move}, **HTMX)
        assert response.status_code == 204, response.content.decode()[:300]
        seq += 1
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    result = GameResult.objects.get(table=table)
    # Moves counts the moves made: the first move, taken back by the undo, is not one of them.
    assert (result.rank, result.moves, result.undos, result.variant) == (1, len(line), 1, "draw 3")
    assert result.won is True
    assert result.seconds is not None
    assert "Won in" in client.get(reverse("board", args=[table.pk]), **HTMX).content.decode()


def test_the_daily_deal_is_the_same_for_everyone_today(client):
    first = new_game(client, daily="1")
    second = new_game(Client(), daily="1")
    assert first.seed == second.seed and first.daily == second.daily is not None
    assert DailyDeal.objects.count() == 1
    page = client.get(reverse("game", args=["klondike"])).content.decode()
    assert "Today's daily deal" in page


def test_the_daily_deal_depends_on_the_day_and_the_variant():
    options = klondike.resolve_options(None)
    monday = deals.daily_deal(klondike, options, day=date(2026, 11, 30))
    assert deals.daily_deal(klondike, options, day=date(2026, 11, 30)) == monday
    assert deals.daily_deal(klondike, options, day=date(2026, 12, 1)).seed != monday.seed
    draw3 = klondike.resolve_options({"draw": 3})
    assert DailyDeal.objects.filter(variant=deals.variant_of(klondike, draw3)).count() == 0
    deals.daily_deal(klondike, draw3, day=date(2026, 11, 30))
    assert DailyDeal.objects.count() == 3


def test_winnable_only_takes_a_proven_deal_from_the_pool(client, delayed_tasks):
    options = klondike.resolve_options({"winnable_only": True})
    assert deals.refill(game="klondike", options=options, size=2) == 2
    pooled = set(WinnableDeal.objects.values_list("seed", flat=True))
    table = new_game(client, **{"option:winnable_only": "True"})
    assert table.seed in pooled and WinnableDeal.objects.count() == 1
    # The pool ran low: a refill was asked for, to run in the background.
    assert delayed_tasks.pending


def test_hint_gives_a_move_in_words_to_the_player_only(client):
    options = klondike.resolve_options(None)
    table = new_game(client, deal=str(a_winnable_number(options)))
    response = client.post(reverse("hint", args=[table.pk]), **HTMX)
    assert response.status_code == 200 and "Hint: " in response.content.decode()
    stranger = Client()
    stranger.get("/")
    assert stranger.post(reverse("hint", args=[table.pk]), **HTMX).status_code == 403
    table.refresh_from_db()
    assert table.seq == 0  # a hint changes nothing


def test_freecell_deal_1_is_won_by_following_hints_through_the_page(client):
    table = new_game(client, "freecell", deal="1")
    assert table.seed == "1" and table.deal_number == 1  # Microsoft's open numbers are their own seed
    html = client.get(f"/t/{table.pk}/").content.decode()
    assert 'data-card="JD"' in html and "Game #1" in html
    freecell = catalogue.get("freecell").engine
    for _ in range(200):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            break
        move = freecell_solver.hint(freecell.load(table.state))
        hint_page = client.post(reverse("hint", args=[table.pk]), **HTMX).content.decode()
        assert "Hint: " in hint_page
        response = client.post(reverse("move", args=[table.pk]), {"seq": table.seq, "move": move}, **HTMX)
        assert response.status_code == 204
    result = GameResult.objects.get(table=table)
    assert result.rank == 1 and result.moves == table.seq and result.undos == 0 and result.variant == ""


def test_the_periodic_refill_fills_every_variant_of_every_numbered_game(monkeypatch):
    sizes = []
    monkeypatch.setattr(deals, "refill", lambda *, game, options, seconds=None: sizes.append((game, options)) or 1)
    assert deals.refill_all() == len(sizes) == 6 + 1  # Klondike: draw 1|3 x passes 3; FreeCell: one pool
    assert ("freecell", {}) in sizes and ("klondike", {"draw": 3, "passes": 1}) in sizes


def test_giving_up_records_a_loss_and_a_new_game_forfeits_the_running_one(client):
    first = new_game(client, deal="5")
    response = client.post(reverse("give_up", args=[first.pk]), **HTMX)
    assert response.status_code == 204 and "You gave up this game." in client.get(f"/t/{first.pk}/").content.decode()
    first.refresh_from_db()
    assert first.status == Table.Status.FINISHED
    assert GameResult.objects.get(table=first).won is False
    # Nobody else may give it up, and it cannot be given up twice.
    assert Client().post(reverse("give_up", args=[first.pk]), **HTMX).status_code == 403
    assert client.post(reverse("give_up", args=[first.pk]), **HTMX).status_code == 400
    second = new_game(client, deal="6")
    third = new_game(client, deal="7")
    second.refresh_from_db()
    assert second.status == Table.Status.FINISHED and GameResult.objects.get(table=second).won is False
    assert third.status == Table.Status.PLAYING
    assert GameResult.objects.filter(won=False).count() == 2



def test_a_dry_pool_answers_within_the_requests_budget(client, monkeypatch, delayed_tasks):
    monkeypatch.setattr(deals, "REQUEST_SECONDS", 0)  # no time to solve anything in the request
    response = client.post(reverse("play_now", args=["klondike"]), {"option:winnable_only": "True"})
    assert response.status_code == 400 and "No winnable deal could be found" in response.content.decode()
    assert not Table.objects.exists()
    assert delayed_tasks.pending  # the refill was asked for


def selected_options(page: str) -> dict[str, str]:
    """Each option select of the form and the value it shows chosen."""
    return {name: re.search(r'<option value="([^"]*)" selected>', select).group(1)
            for name, select in re.findall(r'<select name="option:(\w+)">(.*?)</select>', page, re.S)}


def test_a_refused_new_game_keeps_every_option_the_player_chose(client, monkeypatch, delayed_tasks):
    monkeypatch.setattr(deals, "REQUEST_SECONDS", 0)  # a dry pool: no winnable deal to give
    chosen = {"draw": "3", "passes": "3", "scoring": "vegas", "auto_flip": "False", "auto_finish": "False",
              "winnable_only": "True"}
    assert chosen != {name: str(default) for name, (default, _) in klondike.options.items()}
    response = client.post(reverse("play_now", args=["klondike"]), {f"option:{k}": v for k, v in chosen.items()})
    page = response.content.decode()
    assert response.status_code == 400 and "No winnable deal could be found" in page
    assert selected_options(page) == chosen
    # A refused deal number comes back as typed, with the options chosen beside it.
    response = client.post(reverse("play_now", args=["klondike"]), {"deal": "12x", "option:draw": "3"})
    page = response.content.decode()
    assert response.status_code == 400 and 'name="deal" value="12x"' in page
    assert selected_options(page)["draw"] == "3" and selected_options(page)["scoring"] == "none"
    # The plain page still offers the defaults.
    assert selected_options(client.get("/klondike/").content.decode()) == {
        name: str(default) for name, (default, _) in klondike.options.items()}
