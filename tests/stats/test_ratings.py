"""Ratings (OpenSkill Plackett-Luce), rated tables, leaderboards and the rankings pages."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import IntegrityError
from django.utils import timezone
from openskill.models import PlackettLuce

from accounts.models import Player
from accounts.services import create_guest
from games import catalogue, services
from games.models import GameResult, Seat, Table
from stats import leaderboard, rating, tasks
from stats.models import LeaderboardRow, RatedMarker, Rating, RatingSnapshot
from tests.stats.helpers import everything, registered

pytestmark = pytest.mark.django_db

# Noon, two days ago: games an hour apart then fall on one day whatever the hour the tests run.
T0 = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0) - timedelta(days=2)


@pytest.fixture(autouse=True)
def quick_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]




def rated_game(seats, ranks, *, game="hearts", at=None, rated=True):
    """A finished table: ``seats`` are Players or bot level names, ``ranks`` their GameResult ranks."""
    at = at or T0
    table = Table.objects.create(game=game, seed="ratings", status=Table.Status.FINISHED, rated=rated,
                                 started_at=at - timedelta(minutes=10), finished_at=at)
    for index, (who, rank) in enumerate(zip(seats, ranks, strict=True)):
        player = who if isinstance(who, Player) else None
        level = "" if player else who
        Seat.objects.create(table=table, index=index, player=player, bot_level=level)
        GameResult.objects.create(table=table, game=game, seat=index, player=player, bot_level=level,
                                  score=10 * rank, rank=rank, won=rank == 1, hands=3, finished_at=at)
    return table


def ratings_of(*players, game="hearts"):
    return [Rating.objects.get(player=player, game=game) for player in players]




# -- the updates --------------------------------------------------------------------------------


def test_a_four_player_game_with_a_tie_moves_ratings_as_plackett_luce_does():
    players = [registered(name) for name in ("ann", "bob", "cat", "dan")]
    rated_game(players, [1, 2, 2, 4])

    assert rating.rate_games() == 1

    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    for got, (want,) in zip(ratings_of(*players), expected, strict=True):
        assert got.mu == pytest.approx(want.mu) and got.sigma == pytest.approx(want.sigma)
        assert got.games == 1 and got.last_rated_at == T0
    ann, bob, cat, dan = ratings_of(*players)
    assert ann.mu > bob.mu > dan.mu and bob.mu == pytest.approx(cat.mu)  # the tie shares its update
    assert (ann.wins, bob.wins) == (1, 0)
    assert ann.provisional and ann.display == round(1500 + 20 * (ann.mu - 3 * ann.sigma))


def test_partners_are_rated_as_teams_as_openskill_rates_them():
    # Spades: seats 0 and 2 against 1 and 3 (its catalogue's teams trait).
    players = [registered(name) for name in ("ann", "bob", "cat", "dan")]
    rated_game(players, [2, 1, 2, 1], game="spades")
    guest = Player.objects.get(pk=create_guest().pk)
    rated_game([players[0], "basic", guest, "random"], [1, 2, 1, 2], game="spades", at=T0 + timedelta(hours=1))

    assert rating.rate_games() == 2

    model = PlackettLuce()
    first = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[2, 1])
    ann, bob, cat, dan = ratings_of(*players, game="spades")
    for got, want in [(bob, first[1][0]), (dan, first[1][1]), (cat, first[0][1])]:
        assert (got.mu, got.sigma) == (want.mu, want.sigma)
    assert bob.mu > 25 > cat.mu and bob.wins == 1 and cat.wins == 0
    # The guest is left out: Ann's side is Ann alone, against the two bots' anchors.
    mu, sigma = first[0][0].mu, first[0][0].sigma
    second = model.rate([[model.rating(mu=mu, sigma=sigma)],
                         [model.rating(*rating.bot_anchor("basic")), model.rating(*rating.bot_anchor("random"))]],
                        ranks=[1, 2])
    assert (ann.mu, ann.sigma, ann.games, ann.wins) == (second[0][0].mu, second[0][0].sigma, 2, 1)


def test_the_games_of_players_alone_have_no_teams():
    assert {rating._teams(slug, {}, 4) for slug in ("hearts", "oh_hell", "rummy", "gin_rummy")} == {None}
    assert rating._teams("spades", {}, 4) == [(0, 2), (1, 3)]
    assert rating._teams("a game no longer offered", {}, 4) is None


def test_a_two_player_game_literal_numbers_and_a_second_game_from_the_new_ratings():
    ann, bob = registered("ann"), registered("bob")
    rated_game([ann, bob], [1, 2], game="gin_rummy")
    rating.rate_games()

    first_ann, first_bob = ratings_of(ann, bob, game="gin_rummy")
    # PlackettLuce, two new players (mu 25, sigma 25/3), the first wins.
    assert first_ann.mu == pytest.approx(27.635389493140497)
    assert first_bob.mu == pytest.approx(22.364610506859503)
    assert first_ann.sigma == first_bob.sigma == pytest.approx(8.06590141354368)

    rated_game([ann, bob], [2, 1], game="gin_rummy", at=T0 + timedelta(hours=1))
    rating.rate_games()
    model = PlackettLuce()
    (want_ann,), (want_bob,) = model.rate([[model.rating(mu=first_ann.mu, sigma=first_ann.sigma)],
                                           [model.rating(mu=first_bob.mu, sigma=first_bob.sigma)]], ranks=[2, 1])
    now_ann, now_bob = ratings_of(ann, bob, game="gin_rummy")
    assert (now_ann.mu, now_ann.sigma) == (pytest.approx(want_ann.mu), pytest.approx(want_ann.sigma))
    assert (now_bob.mu, now_bob.sigma) == (pytest.approx(want_bob.mu), pytest.approx(want_bob.sigma))
    assert now_ann.games == 2 and now_ann.wins == 1
    # Both games on one day: one snapshot each, holding the later rating.
    snapshot = RatingSnapshot.objects.get(player=ann, game="gin_rummy")
    assert snapshot.mu == pytest.approx(now_ann.mu) and snapshot.ordinal == pytest.approx(now_ann.ordinal)


def test_bots_are_fixed_anchors_never_rated_or_moved():
    ann = registered("ann")
    rated_game([ann, "basic", "basic", "random"], [2, 1, 3, 4])
    rated_game([ann, "basic", "basic", "random"], [1, 2, 3, 4], at=T0 + timedelta(minutes=30))
    rating.rate_games()

    model = PlackettLuce()
    anchors = [model.rating(mu=mu, sigma=sigma) for mu, sigma in
               (rating.bot_anchor("basic"), rating.bot_anchor("basic"), rating.bot_anchor("random"))]
    me = model.rating()
    for ranks in ([2, 1, 3, 4], [1, 2, 3, 4]):
        result = model.rate([[me], *[[anchor] for anchor in anchors]], ranks=ranks)
        me = result[0][0]
    (got,) = ratings_of(ann)
    assert got.mu == pytest.approx(me.mu) and got.sigma == pytest.approx(me.sigma)
    assert Rating.objects.count() == 1  # nothing for the bots
    assert rating.bot_anchor("basic") == (25.0, 1.0)


def test_a_long_pause_widens_sigma_up_to_the_initial_sigma():
    last = T0 - timedelta(days=100)
    assert rating.widened_sigma(2.0, last, last + timedelta(days=30)) == 2.0
    assert rating.widened_sigma(2.0, last, last + timedelta(days=100)) == pytest.approx((4 + 100 * 0.09) ** 0.5)
    assert rating.widened_sigma(8.0, last, last + timedelta(days=1000)) == rating.INITIAL_SIGMA

    ann, bob = registered("ann"), registered("bob")
    rated_game([ann, bob], [1, 2], game="gin_rummy", at=T0 - timedelta(days=100))
    rated_game([ann, bob], [1, 2], game="gin_rummy", at=T0)
    rating.rate_games()
    model = PlackettLuce()
    (a,), (b,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    wide_a, wide_b = (rating.widened_sigma(r.sigma, T0 - timedelta(days=100), T0) for r in (a, b))
    (want,), _ = model.rate([[model.rating(mu=a.mu, sigma=wide_a)], [model.rating(mu=b.mu, sigma=wide_b)]],
                            ranks=[1, 2])
    assert ratings_of(ann, game="gin_rummy")[0].mu == pytest.approx(want.mu)


def test_only_finished_rated_tables_are_rated():
    ann, bob = registered("ann"), registered("bob")
    rated_game([ann, bob], [1, 2], game="gin_rummy", rated=False)
    running = rated_game([ann, bob], [1, 2], game="gin_rummy")
    Table.objects.filter(pk=running.pk).update(status=Table.Status.PLAYING)
    assert rating.rate_games() == 0
    assert not Rating.objects.exists()


# -- guests -------------------------------------------------------------------------------------


def test_guests_are_never_rated_and_the_others_are_ranked_among_themselves():
    ann, bob, guest = registered("ann"), registered("bob"), create_guest()
    rated_game([guest, ann, bob], [1, 2, 3], game="rummy")
    rating.rate_games()

    assert not Rating.objects.filter(player=guest).exists()
    model = PlackettLuce()
    (want,), _ = model.rate([[model.rating()], [model.rating()]], ranks=[2, 3])
    assert ratings_of(ann, game="rummy")[0].mu == pytest.approx(want.mu)
    assert RatedMarker.objects.count() == 1


def test_guests_are_refused_at_rated_tables_and_members_are_welcome():
    host, member, guest = registered("host"), registered("member"), create_guest()
    table = services.create_table(game="hearts", host=host, rated=True)
    assert table.rated

    with pytest.raises(services.TableError) as refused:
        services.join_table(table_id=table.pk, player=guest)
    assert refused.value.message == "Rated tables are for registered players; sign up to join."
    assert not table.seats.filter(player=guest).exists()
    services.join_table(table_id=table.pk, player=member)
    with pytest.raises(services.TableError):
        services.create_table(game="hearts", host=guest, rated=True)

    casual = services.create_table(game="hearts", host=host)
    services.join_table(table_id=casual.pk, player=guest)
    assert not casual.rated
    assert not services.play_now(game="hearts", player=member).rated


# -- running it again ---------------------------------------------------------------------------


def some_games():
    ann, bob, cat, dan = (registered(name) for name in ("ann", "bob", "cat", "dan"))
    rated_game([ann, bob, cat, dan], [1, 2, 3, 4])
    rated_game([dan, cat, bob, ann], [1, 1, 3, 4], at=T0 + timedelta(hours=1))
    rated_game([ann, cat, "basic", bob], [3, 2, 1, 4], at=T0 + timedelta(days=1))
    rated_game([ann, bob], [2, 1], game="gin_rummy", at=T0 + timedelta(days=1))


def test_rating_twice_changes_nothing_and_batches_do_not_matter():
    some_games()
    assert rating.rate_games(batch_size=1) == 4
    once = everything()
    assert rating.rate_games() == 0
    assert everything() == once

    Rating.objects.all().delete()
    RatingSnapshot.objects.all().delete()
    RatedMarker.objects.all().delete()
    assert rating.rate_games(batch_size=500) == 4
    assert everything() == once


def test_a_crash_inside_a_batch_leaves_no_trace_and_a_rerun_matches_a_clean_run(monkeypatch):
    some_games()
    rating.rate_games()
    clean = everything()
    Rating.objects.all().delete()
    RatingSnapshot.objects.all().delete()
    RatedMarker.objects.all().delete()

    real_save = rating._save
    calls = []

    def crash_after_writing_the_second_batch(*args):
        calls.append(args)
        real_save(*args)
        if len(calls) == 2:
            raise RuntimeError("killed")

    monkeypatch.setattr(rating, "_save", crash_after_writing_the_second_batch)
    with pytest.raises(RuntimeError):
        rating.rate_games(batch_size=2)
    # The first batch is in; the second one's markers, ratings and snapshots were rolled back.
    assert RatedMarker.objects.count() == 2
    assert Rating.objects.filter(games__gt=2).count() == 0
    assert sorted(Rating.objects.values_list("games", flat=True)) == [2, 2, 2, 2]

    monkeypatch.setattr(rating, "_save", real_save)
    assert rating.rate_games() == 2
    assert everything() == clean


def test_a_table_another_run_marked_meanwhile_fails_the_batch_which_rates_nothing(monkeypatch):
    some_games()
    first = Table.objects.order_by("finished_at").first()
    RatedMarker.objects.create(table=first)  # a second run committed it after this one read its batch
    real_pending = rating._pending_tables

    def a_stale_read(after, limit):
        return [(first.pk, first.finished_at, first.game, first.options), *real_pending(after, limit)]

    monkeypatch.setattr(rating, "_pending_tables", a_stale_read)
    with pytest.raises(IntegrityError):
        rating.rate_games()
    assert list(RatedMarker.objects.values_list("table_id", flat=True)) == [first.pk]
    assert not Rating.objects.exists() and not RatingSnapshot.objects.exists()


# -- leaderboards -------------------------------------------------------------------------------


def rating_row(name, *, mu, games=20, wins=10, days_ago=1, game="hearts"):
    return Rating.objects.create(player=registered(name), game=game, mu=mu, sigma=2.0, games=games, wins=wins,
                                 last_rated_at=timezone.now() - timedelta(days=days_ago))


def test_the_leaderboard_gate_ranks_with_ties_and_movement():
    rating_row("ann", mu=40)
    bob = rating_row("bob", mu=30)
    rating_row("cat", mu=30, wins=5)
    rating_row("new", mu=50, games=19)  # provisional
    rating_row("gone", mu=50, days_ago=31)  # no rated game for a month
    rating_row("other", mu=50, game="rummy")

    assert leaderboard.rebuild("hearts") == 3
    rows = {row.player.display_name: row for row in LeaderboardRow.objects.filter(game="hearts")}
    assert {name: row.rank for name, row in rows.items()} == {"ann": 1, "bob": 2, "cat": 2}
    assert rows["ann"].rating == round(1500 + 20 * (40 - 6)) and rows["ann"].win_rate == 0.5
    assert rows["cat"].win_rate == 0.25 and rows["ann"].movement is None

    Rating.objects.filter(pk=bob.pk).update(mu=45)
    leaderboard.rebuild("hearts")
    moves = {row.player.display_name: (row.rank, row.movement) for row in LeaderboardRow.objects.filter(game="hearts")}
    assert moves == {"bob": (1, 1), "ann": (2, -1), "cat": (3, -1)}
    assert not LeaderboardRow.objects.filter(game="rummy").exists()


def test_the_command_and_the_task_rate_then_rebuild_every_board():
    players = [registered(name) for name in ("ann", "bob", "cat", "dan")]
    for index in range(20):
        rated_game(players, [1, 2, 3, 4], at=timezone.now() - timedelta(hours=index + 1))
    call_command("rate_games", stdout=open("/dev/null", "w"))
    assert [row.player.display_name for row in LeaderboardRow.objects.filter(game="hearts")] == [
        "ann", "bob", "cat", "dan"]
    boards = {game.slug: 0 for game in catalogue.all() if not game.solo} | {"hearts": 4}
    assert tasks.rate_games.delay().get() == {"rated": 0, "leaderboards": boards}


def test_the_nightly_beat_entry():
    from django.conf import settings
    entry = settings.CELERY_BEAT_SCHEDULE["rate-games"]
    assert entry["task"] == "stats.tasks.rate_games" == tasks.rate_games.name
    assert entry["schedule"].hour == {3} and entry["schedule"].minute == {15}


# -- pages --------------------------------------------------------------------------------------


def test_the_rankings_page_shows_rows_and_highlights_your_own(client):
    for index in range(30):
        rating_row(f"p{index:02}", mu=60 - index)
    leaderboard.rebuild("hearts")
    me = Player.objects.get(display_name="p27")
    client.force_login(me.user)

    page = client.get("/hearts/rankings/").content.decode()
    assert "p00" in page and "p24" in page and "p25" not in page.split("</tbody>")[0].split("p24")[1]
    assert 'class="me below"' in page  # rank 28 is on page 2: shown under the list
    assert page.count('<tr class="me') == 1

    second = client.get("/hearts/rankings/?page=2").content.decode()
    assert 'class="me"' in second and "below" not in second

    found = client.get("/hearts/rankings/?q=p0").content.decode()
    assert "p09" in found and "p10" not in found

    overview = client.get("/rankings/").content.decode()
    assert "p00" in overview and "Hearts" in overview


def test_patience_games_are_ranked_by_wins_with_daily_deals_counted(client):
    ann, bob = registered("ann"), registered("bob")
    for player, won in ((ann, True), (ann, True), (bob, True), (bob, False)):
        rated_game([player], [1 if won else 2], game="klondike", rated=False)
    today = timezone.localdate()
    daily = rated_game([bob], [1], game="klondike", rated=False)
    Table.objects.filter(pk=daily.pk).update(daily=today)
    GameResult.objects.filter(table=daily).update(moves=97, seconds=180, variant="draw 1")
    assert [(row["player__display_name"], row["wins"], row["daily_wins"], row["rank"])
            for row in leaderboard.patience_ranking("klondike")] == [("ann", 2, 0, 1), ("bob", 2, 1, 1)]
    assert leaderboard.patience_row("klondike", bob.pk) | {"player_id": None} == {
        "player_id": None, "player__display_name": "bob", "wins": 2, "daily_wins": 1, "rank": 1}

    # Bob plays the day's deal again and wins: a win, but practice, not a daily deal won.
    again = rated_game([bob], [1], game="klondike", rated=False)
    Table.objects.filter(pk=again.pk).update(daily=today, seed=Table.objects.get(pk=daily.pk).seed)
    assert [(row["player__display_name"], row["wins"], row["daily_wins"])
            for row in leaderboard.patience_ranking("klondike")] == [("bob", 3, 1), ("ann", 2, 0)]
    assert leaderboard.patience_row("klondike", bob.pk)["daily_wins"] == 1

    client.force_login(bob.user)
    page = client.get("/klondike/rankings/").content.decode()
    assert "ann" in page and 'class="me"' in page and "Daily deals won" in page
    assert "Today's daily deal" in page and "bob: 97 moves, 180 s (draw 1)" in page
    assert client.get("/nosuchgame/rankings/").status_code == 404
