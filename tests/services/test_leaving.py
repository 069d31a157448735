"""Leaving a running table, coming back, away seats, paused and abandoned tables, turn timers."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import create_guest
from games import catalogue, presence, services
from games.models import Seat, Table
from tests.web.tables import snapshot, started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine


def seat_of(table, index):
    return Seat.objects.get(table=table, index=index)


def test_a_leaver_s_seat_is_played_by_a_bot_until_they_come_back():
    table, (me, friend) = started_table(humans=2, bots=2)
    services.leave_table(table_id=table.pk, player=friend)
    table.refresh_from_db()
    # In the pass, the bots (seats 2, 3) and the stand-in for seat 1 have passed; seat 0 has not.
    assert table.moves.filter(seat=1).count() == 1
    assert seat_of(table, 1).is_away and seat_of(table, 1).player == friend  # the seat is still theirs
    assert services.come_back(table_id=table.pk, player=friend) is True
    assert not seat_of(table, 1).is_away
    assert services.come_back(table_id=table.pk, player=friend) is False  # nothing to take back


def test_leaving_twice_changes_nothing_the_second_time():
    table, (me, friend) = started_table(humans=2, bots=2)
    services.leave_table(table_id=table.pk, player=friend)
    before = snapshot(table), seat_of(table, 1).away_since
    services.leave_table(table_id=table.pk, player=friend)
    assert (snapshot(table), seat_of(table, 1).away_since) == before


def test_a_seat_unseen_for_the_grace_period_goes_to_a_bot(settings):
    settings.AWAY_GRACE_SECONDS = 60
    table, (me, friend) = started_table(humans=2, bots=2)
    now = timezone.now()
    Seat.objects.filter(table=table, index=0).update(seen_at=now)
    Seat.objects.filter(table=table, index=1).update(seen_at=now - timedelta(seconds=30))
    assert presence.check_table(table_id=table.pk) == "unchanged"
    Seat.objects.filter(table=table, index=1).update(seen_at=now - timedelta(seconds=61))
    assert presence.check_table(table_id=table.pk) == "away"
    assert seat_of(table, 1).is_away and table.moves.filter(seat=1).exists()
    assert presence.check_table(table_id=table.pk) == "unchanged"  # idempotent
    # Coming back to the table (a socket opening) takes the seat back.
    presence.socket_opened(table_id=table.pk, player_id=friend.pk)
    assert not seat_of(table, 1).is_away


def test_a_person_alone_with_bots_gone_for_a_minute_finds_the_game_paused_and_plays_on(settings):
    """The fault: a phone asleep for 67 s used to abandon the table ("Everyone left...")."""
    settings.AWAY_GRACE_SECONDS = 60
    table, (me,) = started_table(humans=1, bots=3)
    before = snapshot(table)
    Seat.objects.filter(table=table, index=0).update(seen_at=timezone.now() - timedelta(seconds=67))
    assert presence.check_table(table_id=table.pk) == "paused"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.bot_due_at is None
    assert snapshot(table)[:2] == before[:2]  # no bot played on for nobody
    assert services.play_bot_move(table_id=table.pk, seq=table.seq) is False
    assert not table.results.exists()

    # The phone wakes: the socket opens again, the seat is theirs, and they play their turn.
    presence.socket_opened(table_id=table.pk, player_id=me.pk)
    assert not seat_of(table, 0).is_away
    hand = hearts.view(state_of(table), 0)["hand"]
    services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq, move="pass " + " ".join(hand[:3]))
    table.refresh_from_db()
    assert table.seq > before[1]


def test_a_paused_table_is_abandoned_only_once_everyone_has_been_away_a_day(settings):
    settings.AWAY_GRACE_SECONDS = 60
    settings.ABANDON_AFTER_SECONDS = 24 * 60 * 60
    table, (me,) = started_table(humans=1, bots=3)
    services.leave_table(table_id=table.pk, player=me)
    table.refresh_from_db()
    seq = table.seq
    # Every person is away: bots wait instead of playing on alone.
    assert services.play_bot_move(table_id=table.pk, seq=seq) is False
    Seat.objects.filter(table=table, index=0).update(away_since=timezone.now() - timedelta(hours=23))
    assert presence.check_table(table_id=table.pk) == "unchanged"
    assert presence.sweep() == 0  # the sweep leaves paused tables alone until their day is up
    Seat.objects.filter(table=table, index=0).update(away_since=timezone.now() - timedelta(hours=24, seconds=1))
    assert presence.sweep() == 1
    table.refresh_from_db()
    assert table.status == Table.Status.ABANDONED and table.seq == seq
    assert not table.results.exists()  # an abandoned game never counts as a loss
    with pytest.raises(services.MoveRejected, match="abandoned"):
        services.play_move(table_id=table.pk, player_id=me.pk, seq=seq, move="pass 2C 3C 4C")


def test_the_sweep_finds_tables_left_without_a_goodbye(settings):
    settings.AWAY_GRACE_SECONDS = 60
    table, (me, friend) = started_table(humans=2, bots=2)
    long_ago = timezone.now() - timedelta(seconds=120)
    Seat.objects.filter(table=table, index=1).update(seen_at=long_ago)
    assert presence.sweep() == 1
    assert seat_of(table, 1).is_away


def test_leaving_a_table_you_do_not_sit_at_is_refused():
    table, _ = started_table(humans=1, bots=3)
    before = snapshot(table)
    with pytest.raises(services.TableError, match="no seat"):
        services.leave_table(table_id=table.pk, player=create_guest())
    assert snapshot(table) == before


def timed_table(seconds=30, *, seed=None):
    host, friend = create_guest(), create_guest()
    table = services.create_table(game="hearts", host=host, turn_seconds=seconds)
    if seed is not None:
        Table.objects.filter(pk=table.pk).update(seed=seed)
    services.join_table(table_id=table.pk, player=friend)
    services.set_bot(table_id=table.pk, host=host, seat_index=2, level="random")
    services.set_bot(table_id=table.pk, host=host, seat_index=3, level="random")
    services.start_table(table_id=table.pk, host=host)
    return Table.objects.get(pk=table.pk), (host, friend)


def test_a_turn_timer_gives_each_person_to_act_a_deadline():
    table, _ = timed_table()
    deadlines = dict(table.seats.values_list("index", "deadline"))
    assert deadlines[0] is not None and deadlines[1] is not None  # both pass at once
    assert deadlines[2] is None and deadlines[3] is None  # bots have none
    without, _ = started_table(humans=2, bots=2)
    assert not without.seats.filter(deadline__isnull=False).exists()


def test_timer_expiry_plays_for_the_seat_exactly_once_even_when_the_task_runs_twice():
    table, (host, friend) = timed_table()
    deadline = seat_of(table, 1).deadline.isoformat()
    args = {"table_id": table.pk, "seat_index": 1, "deadline": deadline}
    assert services.play_timed_out_turn(**args) is True
    table.refresh_from_db()
    after_first = snapshot(table)
    assert table.moves.filter(seat=1).count() == 1
    assert services.play_timed_out_turn(**args) is False
    assert snapshot(table) == after_first
    # The person still plays their own turns: the timer did not make them away.
    assert not seat_of(table, 1).is_away


def test_a_timed_out_pass_is_the_whole_turn_even_when_the_seat_leads_next():
    """The last pass ends the passing; if that seat then holds the two of clubs it leads, but
    that is a turn of its own, with its own timer, not more of the one that ran out."""
    for attempt in range(40):
        table, (host, friend) = timed_table(seed=f"timed-pass-{attempt}")
        hand = hearts.view(state_of(table), 0)["hand"]
        services.play_move(table_id=table.pk, player_id=host.pk, seq=table.seq,
                           move="pass " + " ".join([card for card in hand if card != "2C"][:3]))
        deadline = seat_of(table, 1).deadline.isoformat()
        assert services.play_timed_out_turn(table_id=table.pk, seat_index=1, deadline=deadline) is True
        if hearts.to_move(state_of(table)) == (1,):
            break
    else:
        pytest.fail("no deal in 40 left seat 1 to lead after the pass")
    played = list(table.moves.filter(seat=1).values_list("move", flat=True))
    assert len(played) == 1 and played[0].startswith("pass ")
    fresh = seat_of(table, 1).deadline
    assert fresh is not None and fresh.isoformat() != deadline  # the lead is a new turn, timed afresh


def test_a_turn_played_in_time_cancels_its_timer():
    table, (host, friend) = timed_table()
    deadline = seat_of(table, 0).deadline.isoformat()
    hand = hearts.view(state_of(table), 0)["hand"]
    services.play_move(table_id=table.pk, player_id=host.pk, seq=table.seq, move="pass " + " ".join(hand[:3]))
    table.refresh_from_db()
    before = snapshot(table)
    assert services.play_timed_out_turn(table_id=table.pk, seat_index=0, deadline=deadline) is False
    assert snapshot(table) == before


def test_a_game_played_alone_waits_for_its_player(settings):
    settings.AWAY_GRACE_SECONDS = 60
    table = services.play_now(game="klondike", player=create_guest(), seed="3")
    Seat.objects.filter(table=table).update(seen_at=timezone.now() - timedelta(hours=2))
    assert presence.check_table(table_id=table.pk) == "unchanged"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and not seat_of(table, 0).is_away


def test_the_sweep_passes_over_games_played_alone(settings):
    settings.AWAY_GRACE_SECONDS = 60
    table = services.play_now(game="klondike", player=create_guest(), seed="3")
    Seat.objects.filter(table=table).update(seen_at=timezone.now() - timedelta(hours=2))
    assert presence.sweep() == 0


def test_heartbeats_in_one_write_mark_exactly_the_seats_given(monkeypatch):
    (first, (me, friend)), (second, (other,)) = started_table(humans=2, bots=2), started_table()
    long_ago = timezone.now() - timedelta(hours=1)
    Seat.objects.update(seen_at=long_ago)
    monkeypatch.setattr(presence, "SEEN_PER_WRITE", 1)  # and a write at a time, past the first chunk
    # ``me`` has a socket open at the first table only, ``other`` at the second; ``friend`` none.
    presence.seats_seen(pairs={(first.pk, me.pk), (second.pk, other.pk)})
    seen = {(seat.table_id, seat.player_id): seat.seen_at > long_ago
            for seat in Seat.objects.filter(player__isnull=False)}
    assert seen == {(first.pk, me.pk): True, (first.pk, friend.pk): False, (second.pk, other.pk): True}
