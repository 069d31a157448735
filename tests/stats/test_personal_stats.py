"""Personal stats (/u/<name>/stats/) and game history (/u/<name>/history/, .csv, .json)."""

import csv
import io
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from accounts.models import Player
from games import catalogue
from games.models import GameResult, Table
from stats import selectors
from stats.models import Rating, RatingSnapshot

pytestmark = pytest.mark.django_db

START = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def played(player, game, *, minute, won=False, score=0, hands=1, rank=None, variant="", seconds=None,
           moves=None, undos=None, others=(), options=None, mark=""):
    """A finished table with ``player`` in seat 0 and ``others`` (Players, or None for bots) after."""
    finished_at = START + timedelta(minutes=minute)
    table = Table.objects.create(game=game, seed="stats", status=Table.Status.FINISHED, finished_at=finished_at,
                                 options=options or {})
    rank = rank if rank is not None else (1 if won else 2)
    result = GameResult.objects.create(table=table, game=game, seat=0, player=player, score=score, rank=rank,
                                       won=won, hands=hands, finished_at=finished_at, variant=variant,
                                       seconds=seconds, moves=moves, undos=undos, mark=mark)
    for seat, other in enumerate(others, start=1):
        GameResult.objects.create(table=table, game=game, seat=seat, player=other,
                                  bot_level="" if other else "basic", score=0, rank=seat + 1, hands=hands,
                                  finished_at=finished_at)
    return result


@pytest.fixture
def ace():
    return Player.objects.create(display_name="Ace High")


def by_key(stats):
    return {(s.game, s.variant): s for s in stats}


def test_hearts_stats_count_wins_streaks_and_points_per_hand(ace, django_assert_num_queries):
    # In finishing order (created out of order on purpose): W W L W W W L W
    outcomes = [True, True, False, True, True, True, False, True]
    scores = [20, 30, 90, 10, 40, 25, 100, 35]
    hands = [4, 5, 6, 3, 5, 4, 7, 5]
    for minute in reversed(range(len(outcomes))):
        played(ace, "hearts", minute=minute, won=outcomes[minute], score=scores[minute], hands=hands[minute])
    with django_assert_num_queries(3):
        stats = selectors.personal_stats(player=ace)
    (hearts,) = stats
    assert (hearts.played, hearts.won) == (8, 6)
    assert hearts.win_rate == pytest.approx(0.75)
    assert (hearts.current_streak, hearts.best_streak) == (1, 3)
    assert hearts.average_score == pytest.approx(350 / 39)
    assert hearts.best_score == 10 and hearts.lower_is_better


def test_winner_takes_scores_higher_is_better_and_a_loss_ends_the_current_streak(ace):
    for minute, (won, score) in enumerate([(True, 50), (True, 120), (False, -30)]):
        played(ace, "rummy", minute=minute, won=won, score=score, hands=3, variant="winner takes",
               options={"scoring": "winner_takes"})
    rummy = by_key(selectors.personal_stats(player=ace))[("rummy", "winner takes")]
    assert rummy.average_score == pytest.approx(140 / 3)
    assert rummy.best_score == 120 and not rummy.lower_is_better
    assert (rummy.current_streak, rummy.best_streak) == (0, 2)
    assert "best_time" not in rummy.facts and "average_score" in rummy.facts


def test_rummy_penalty_scoring_is_lower_is_better_so_the_best_score_is_the_lowest(ace, client):
    for minute, (won, score) in enumerate([(True, 12), (False, 95), (False, 140)]):
        played(ace, "rummy", minute=minute, won=won, score=score, hands=3, options={"scoring": "penalty"})
    rummy = by_key(selectors.personal_stats(player=ace))[("rummy", "")]
    assert catalogue.get("rummy").score_order({"scoring": "penalty"}) == catalogue.LOWER
    assert rummy.lower_is_better and rummy.best_score == 12
    assert rummy.average_score == pytest.approx(247 / 9)  # per hand, as Hearts
    row = re.search(r'<tr data-game="rummy" data-variant="">(.*?)</tr>',
                    client.get("/u/ace%20high/stats/").content.decode(), re.S).group(1)
    assert re.search(r'data-fact="best_score">12 \(lowest\)</td>', row)


def test_cribbage_counts_the_skunks_given_and_taken(ace, client):
    for minute, (won, mark) in enumerate([(True, "skunk"), (True, ""), (False, "skunked"), (True, "skunk"),
                                          (True, "double skunk")]):
        played(ace, "cribbage", minute=minute, won=won, score=121 if won else 80, hands=9, mark=mark)
    cribbage = by_key(selectors.personal_stats(player=ace))[("cribbage", "")]
    assert cribbage.marks == (("skunk", 2), ("double skunk", 1), ("skunked", 1))
    played(ace, "hearts", minute=9, won=True, score=10, hands=2)
    html = client.get("/u/ace%20high/stats/").content.decode()
    assert "<th scope=\"col\">Marks</th>" in html
    row = re.search(r'<tr data-game="cribbage" data-variant="">(.*?)</tr>', html, re.S).group(1)
    assert 'data-fact="marks">skunk 2 · double skunk 1 · skunked 1</td>' in row
    hearts = re.search(r'<tr data-game="hearts" data-variant="">(.*?)</tr>', html, re.S).group(1)
    assert 'data-fact="marks"></td>' in hearts


def test_a_patience_game_shows_its_records_and_no_score_columns(ace, client):
    played(ace, "freecell", minute=0, won=True, score=1, seconds=95, moves=80, undos=1)
    html = client.get("/u/ace%20high/stats/").content.decode()
    assert "Fewest moves" in html and "Average score" not in html and "Best score" not in html
    played(ace, "hearts", minute=1, won=True, score=10, hands=2)
    html = client.get("/u/ace%20high/stats/").content.decode()
    freecell = re.search(r'<tr data-game="freecell" data-variant="">(.*?)</tr>', html, re.S).group(1)
    assert "Average score" in html and re.search(r'data-fact="average_score"></td>', freecell)


def test_solitaire_records_count_only_won_games_per_variant(ace):
    played(ace, "klondike", minute=0, won=True, score=1, variant="draw 1", seconds=300, moves=120, undos=2)
    played(ace, "klondike", minute=1, won=True, score=1, variant="draw 1", seconds=250, moves=140, undos=0)
    played(ace, "klondike", minute=2, won=False, score=0, variant="draw 1", seconds=30, moves=10, undos=0)
    played(ace, "klondike", minute=3, won=True, score=1, variant="draw 3", seconds=600, moves=200, undos=0)
    played(ace, "freecell", minute=4, won=True, score=1, seconds=95, moves=80, undos=1)
    stats = by_key(selectors.personal_stats(player=ace))
    draw1, draw3, freecell = stats[("klondike", "draw 1")], stats[("klondike", "draw 3")], stats[("freecell", "")]
    assert (draw1.played, draw1.won, draw1.best_seconds, draw1.fewest_moves, draw1.wins_without_undo) == (
        3, 2, 250, 120, 1)
    assert (draw1.current_streak, draw1.best_streak) == (0, 2)
    assert (draw3.played, draw3.won, draw3.best_seconds, draw3.fewest_moves, draw3.wins_without_undo) == (
        1, 1, 600, 200, 1)
    assert (freecell.best_seconds, freecell.fewest_moves, freecell.wins_without_undo) == (95, 80, 0)
    assert draw1.best_time == "4:10"


def test_the_stats_page_shows_a_row_per_game_and_variant_and_an_accessible_chart(client, ace):
    for minute in range(55):
        played(ace, "hearts", minute=minute, won=minute % 5 == 0, score=10, hands=2)
    played(ace, "klondike", minute=60, won=True, score=1, variant="draw 3", seconds=61, moves=99, undos=0)
    html = client.get("/u/ace%20high/stats/").content.decode()
    assert "<h1>Ace High's stats</h1>" in html
    row = re.search(r'<tr data-game="klondike" data-variant="draw 3">(.*?)</tr>', html, re.S).group(1)
    assert "Klondike (draw 3)" in row
    assert re.findall(r"<td[^>]*>(.*?)</td>", row)[-3:] == ["1:01", "99", "1"]
    hearts = re.search(r'<tr data-game="hearts" data-variant="">(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td>(.*?)</td>", hearts)[:3] == ["55", "11", "20%"]
    # The last 50 Hearts games: minutes 5..54, of which 10 were won.
    svg = re.search(r'<svg role="img" aria-label="Hearts: ([^"]*)"(.*?)</svg>', html, re.S)
    assert svg.group(1) == "last 50 games, oldest first: 10 won, 40 lost"
    assert svg.group(2).count("<rect") == 50
    assert 'aria-label="Klondike: last 1 games, oldest first: 1 won, 0 lost"' in html


def test_the_stats_page_charts_each_rated_game_from_its_daily_snapshots(client, ace):
    played(ace, "hearts", minute=0, won=True, score=10)
    Rating.objects.create(player=ace, game="hearts", mu=30.0, sigma=3.0, games=21, wins=9, last_rated_at=START)
    for day, mu in enumerate([25.0, 28.0, 30.0]):
        RatingSnapshot.objects.create(player=ace, game="hearts", day=START.date() + timedelta(days=day),
                                      mu=mu, sigma=3.0, ordinal=mu - 9)
    (chart,) = selectors.rating_charts(player=ace)
    assert (chart.rating, chart.provisional, chart.low, chart.high) == (1920, False, 1820, 1920)
    # Oldest day on the left at the bottom, the newest at the top right.
    assert chart.points == "0.0,58.0 135.0,24.4 270.0,2.0"  # 1880 is 60% of the way up

    html = client.get("/u/ace%20high/stats/").content.decode()
    assert "Hearts: 1920, 21 rated games" in html
    assert 'aria-label="Hearts rating over the last 3 days played: from 1820 to 1920, between 1820 and 1920"' in html


def test_a_player_without_games_has_an_empty_stats_page(client, ace):
    html = client.get(reverse("personal_stats", args=["Ace High"])).content.decode()
    assert "No finished games yet." in html and "<svg" not in html


@pytest.mark.parametrize("suffix", ["stats/", "history/", "history.csv", "history.json"])
def test_unknown_names_are_404(client, ace, suffix):
    assert client.get(f"/u/Ace%20High/{suffix}").status_code == 200
    assert client.get(f"/u/Nobody/{suffix}").status_code == 404


def test_the_header_links_a_guest_to_their_own_stats(client):
    client.get("/me/")
    html = client.get(reverse("home")).content.decode()
    link = re.search(r'<a class="stats-link" href="([^"]+)">My stats</a>', html).group(1)
    assert client.get(link).status_code == 200
    assert re.fullmatch(r"/u/Guest%20\w+/stats/", link)


def test_the_history_pages_by_fifty_newest_first_with_opponents_and_links(client, ace):
    rival = Player.objects.create(display_name="Rival")
    results = [played(ace, "hearts", minute=minute, score=minute, others=[rival, None, None])
               for minute in range(55)]
    first = client.get("/u/Ace%20High/history/").content.decode()
    links = [int(link) for link in re.findall(r'href="/t/(\d+)/"', first)]
    assert links == [result.table_id for result in reversed(results)][:50]
    assert "<td>Rival, North bot, East bot</td>" in first
    assert "Page 1 of 2" in first
    second = client.get("/u/Ace%20High/history/?page=2").content.decode()
    assert [int(link) for link in re.findall(r'href="/t/(\d+)/"', second)] == [
        result.table_id for result in results[4::-1]]


def test_the_history_filters_by_game(client, ace):
    hearts = played(ace, "hearts", minute=0, score=5)
    klondike = played(ace, "klondike", minute=1, won=True, variant="draw 1", seconds=100, moves=90, undos=0)
    html = client.get("/u/Ace%20High/history/?game=hearts").content.decode()
    assert re.findall(r'href="/t/(\d+)/"', html) == [str(hearts.table_id)]
    html = client.get("/u/Ace%20High/history/?game=klondike").content.decode()
    assert re.findall(r'href="/t/(\d+)/"', html) == [str(klondike.table_id)]
    rows = client.get("/u/Ace%20High/history.json?game=klondike").json()
    assert [row["table_id"] for row in rows] == [klondike.table_id]


def test_a_game_given_up_alone_is_not_won_and_has_no_rank(client, ace):
    # A patience game's engine ranks its one seat 1 whatever happened; that is not a result.
    played(ace, "klondike", minute=0, won=False, rank=1, variant="draw 1", seconds=60, moves=30, undos=0)
    played(ace, "hearts", minute=1, won=False, rank=3, score=40, others=[None, None, None])
    html = client.get("/u/Ace%20High/history/").content.decode()
    klondike, hearts = (re.search(rf'<td>{name}.*?</tr>', html, re.S).group(0) for name in ("Klondike", "Hearts"))
    assert "<td>Not won</td>" in klondike and "<td>1</td>" not in klondike and "Lost" not in klondike
    assert "<td>3</td>" in hearts and "<td>Lost</td>" in hearts
    profile = client.get("/u/Ace%20High/").content.decode()
    recent = re.search(r'<table class="recent-games">.*?</table>', profile, re.S).group(0)
    assert "<td>Not won</td>" in recent and "<td>3</td>" in recent


def mixed_history(ace):
    rival = Player.objects.create(display_name="Rival, Jr")
    played(ace, "hearts", minute=0, score=44, hands=6, rank=3, others=[None, rival, None])
    played(ace, "rummy", minute=1, won=True, score=120, hands=4, others=[rival])
    played(ace, "klondike", minute=2, won=True, score=1, variant="draw 3", seconds=321, moves=150, undos=0)
    played(ace, "freecell", minute=3, won=False, score=0, seconds=40, moves=12, undos=3)
    for minute in range(4, 60):  # more than a page
        played(ace, "klondike", minute=minute, won=minute % 2 == 0, score=minute % 2, variant="draw 1",
               seconds=minute * 10, moves=minute, undos=minute % 3)
    Player.objects.create(display_name="Bystander")  # no rows of theirs may leak in
    return rival


def expected_rows(ace):
    results = GameResult.objects.filter(player=ace).order_by("-finished_at", "-pk")
    # A game played alone has no rank: won or not won.
    return [(r.table_id, r.game, r.finished_at, r.seat, None if catalogue.get(r.game).solo else r.rank, r.won,
             r.score, r.hands, r.moves, r.undos,
             r.variant, r.seconds) for r in results]


def test_the_json_export_round_trips_every_row(client, ace):
    mixed_history(ace)
    response = client.get("/u/Ace%20High/history.json")
    assert response["Content-Type"] == "application/json"
    rows = response.json()
    assert all(list(row) == ["table_id", "game", "finished_at", "seat", "rank", "won", "score", "hands", "moves",
                             "undos", "variant", "seconds", "opponents"] for row in rows)
    parsed = [(row["table_id"], row["game"], datetime.fromisoformat(row["finished_at"]), row["seat"], row["rank"],
               row["won"], row["score"], row["hands"], row["moves"], row["undos"], row["variant"], row["seconds"])
              for row in rows]
    assert parsed == expected_rows(ace) and len(parsed) == 60
    opponents = {row["game"]: row["opponents"] for row in rows}
    assert opponents["hearts"] == ["West bot", "Rival, Jr", "East bot"]
    assert opponents["rummy"] == ["Rival, Jr"] and opponents["klondike"] == []


def test_the_csv_export_streams_the_same_rows(client, ace):
    mixed_history(ace)
    response = client.get("/u/Ace%20High/history.csv")
    assert response.streaming and response["Content-Type"].startswith("text/csv")
    text = b"".join(response.streaming_content).decode()
    rows = list(csv.DictReader(io.StringIO(text)))

    def number(value):
        return int(value) if value != "" else None

    parsed = [(int(row["table_id"]), row["game"], datetime.fromisoformat(row["finished_at"]), int(row["seat"]),
               number(row["rank"]), row["won"] == "True", int(row["score"]), int(row["hands"]), number(row["moves"]),
               number(row["undos"]), row["variant"], number(row["seconds"])) for row in rows]
    assert parsed == expected_rows(ace)
    assert {row["game"]: row["opponents"] for row in rows}["hearts"] == "West bot; Rival, Jr; East bot"
    json_rows = client.get("/u/Ace%20High/history.json").json()
    assert [row["table_id"] for row in rows] == [str(row["table_id"]) for row in json_rows]
