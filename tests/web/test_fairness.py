"""Fair deals: a deal number names a deal without giving it away, every table shows its
seed's commitment from the start, and a finished game's revealed seed rebuilds its deal
with the program that /fair/ prints (run here as a player would run it)."""

import hashlib
import html
import re
import subprocess
import sys

import pytest
from django.urls import reverse

from games import catalogue, deals
from games.kit import cards
from games.models import Table
from tests.web.tables import started_table

pytestmark = pytest.mark.django_db(transaction=True)

klondike = catalogue.get("klondike").engine
hearts = catalogue.get("hearts").engine
HTMX = {"HTTP_HX_REQUEST": "true"}


def fairness_program(client, tmp_path):
    page = client.get(reverse("fairness")).content.decode()
    program = html.unescape(re.search(r"<pre[^>]*data-fair-program>(.*?)</pre>", page, re.S).group(1))
    path = tmp_path / "check_deal.py"
    path.write_text(program)
    return path


def run_program(path, seed, label):
    result = subprocess.run([sys.executable, str(path), seed, label], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    return lines["commitment"], lines["deck"].split()


def test_a_deal_number_is_not_its_seed_and_names_one_deal_for_everyone_here(settings):
    number = 5
    seed = deals.seed_for(klondike, number)
    assert seed != str(number) and len(seed) == 64
    assert deals.seed_for(klondike, number) == seed  # the same deal for everyone on this site
    # The public shuffle run on the number (what the old scheme dealt) is another deal.
    assert klondike.new_game(1, seed=str(number)).tableau != klondike.new_game(1, seed=seed).tableau
    settings.DEAL_SECRET = "another site's secret"
    assert deals.seed_for(klondike, number) != seed  # without this site's secret, nothing
    assert deals.seed_for(catalogue.get("freecell").engine, number) == "5"  # Microsoft's open numbers


def test_a_finished_game_s_revealed_seed_rebuilds_its_deal_with_the_fair_page_s_program(client, tmp_path):
    client.post(reverse("play_now", args=["klondike"]))  # a random deal: no other table is dealt it
    table = Table.objects.get()
    dealt = klondike.load(table.state)
    page = client.get(f"/t/{table.pk}/").content.decode()
    shown = re.search(r"data-commitment>([0-9a-f]{64})<", page).group(1)
    assert table.seed not in page, "a running game never shows its seed"
    assert client.get(reverse("fairness"), {"table": table.pk}).content.decode().count(table.seed) == 0

    client.post(reverse("give_up", args=[table.pk]), **HTMX)
    revealed = re.search(r"data-fair-seed>([0-9a-f]+)<",
                         client.get(reverse("fairness"), {"table": table.pk}).content.decode()).group(1)
    assert revealed in client.get(reverse("replay", args=[table.pk])).content.decode()

    commitment, deck = run_program(fairness_program(client, tmp_path), revealed, "klondike")
    assert commitment == shown == hashlib.sha256(revealed.encode()).hexdigest()
    # Klondike deals row by row: one card to each of the seven piles, then to piles 2 to 7, ...
    piles, position = [[] for _ in range(7)], 0
    for row in range(7):
        for index in range(row, 7):
            piles[index].append(deck[position])
            position += 1
    assert [list(pile) for pile in dealt.tableau] == piles
    assert list(dealt.stock) == deck[position:]


def test_the_program_deals_hearts_as_the_page_says(client, tmp_path):
    table, _ = started_table()
    # In the pass nothing has changed hands yet: the hands are the deal.
    dealt = hearts.dump(hearts.load(table.state))["hands"]
    _, deck = run_program(fairness_program(client, tmp_path), table.seed, "hearts:hand:1")
    assert [cards.sort_cards(deck[seat::4]) for seat in range(4)] == [cards.sort_cards(hand) for hand in dealt]
    assert "card i goes to seat i mod 4" in client.get(reverse("fairness")).content.decode()
