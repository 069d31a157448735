"""The profile page: /u/<name>/ with what a player has played."""

import re

import pytest
from django.urls import reverse

from accounts import services
from tests.accounts.history import account, finished_game

pytestmark = pytest.mark.django_db


def test_the_profile_shows_the_name_the_date_joined_and_games_per_game(client):
    user, player = account("Queen Lover")
    rival = services.create_guest()
    for days in range(3):
        finished_game(players=[player, rival], days_ago=days)
    html = client.get("/u/Queen%20Lover/").content.decode()
    assert "<h1>Queen Lover</h1>" in html
    assert f"Member since {user.date_joined:%-d %B %Y}" in html
    assert re.search(r'<span class="game-name">Hearts</span>: 3</li>', html)
    assert f"<td>{rival.display_name}, North bot, East bot</td>" in html


def test_the_recent_games_are_the_last_twenty_newest_first_with_rank_score_and_a_link(client):
    user, player = account("Grinder")
    rival = services.create_guest()
    tables = [finished_game(players=[rival, player], days_ago=days, scores=[10, 20 + days, 60, 100])
              for days in range(22)]
    html = client.get(reverse("profile", args=["grinder"])).content.decode()
    assert re.search(r'<span class="game-name">Hearts</span>: 22</li>', html), "the count covers every game"
    links = re.findall(r'href="/t/(\d+)/"', html)
    assert [int(link) for link in links] == [table.pk for table in tables[:20]]
    row = re.search(rf'<tr>(?:(?!</tr>).)*href="/t/{tables[0].pk}/"', html, re.S).group(0)
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    assert cells[1:5] == ["Hearts", "2", "20", f"{rival.display_name}, North bot, East bot"]


def test_names_are_looked_up_in_any_case_and_unknown_names_are_404(client):
    account("Queen Lover")
    assert client.get("/u/QUEEN%20LOVER/").status_code == 200
    assert client.get("/u/Nobody%20Here/").status_code == 404
    assert client.get("/u/Queen/").status_code == 404


def test_a_player_with_no_games_yet_has_a_profile_saying_so(client):
    account("Fresh")
    html = client.get(reverse("profile", args=["Fresh"])).content.decode()
    assert "No finished games yet." in html and "Recent games" not in html


def test_the_header_name_links_to_your_own_profile(client):
    user, player = account("Linked")
    client.force_login(user)
    html = client.get(reverse("home")).content.decode()
    assert 'href="/u/Linked/"' in html
    page = client.get("/u/Linked/").content.decode()
    assert 'href="/accounts/password/change/"' in page and 'href="/me/"' in page
