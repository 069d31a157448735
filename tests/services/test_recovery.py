"""Nothing stuck: a bot turn or a turn timer lost after its commit is found again in the database.

Each test reproduces how a turn is lost in production, in process: a worker killed while it
holds the countdown (the held task is dropped), a server stopped between the commit and the
queue (the after-commit callbacks never run), a broker or channel layer down after commit.
"""

import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import create_guest
from games import catalogue, realtime, recovery, scheduling, services
from games.models import Seat, Table
from games.services import telling
from tests.web.tables import started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine


def pass_three(table, player):
    table.refresh_from_db()
    hand = hearts.view(state_of(table), 0)["hand"]
    services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move="pass " + " ".join(hand[:3]))
    table.refresh_from_db()
    return table


def play_to_a_bot_turn(table, player):
    """Pass, then play the two of clubs if it is ours: after that a bot is to act."""
    table = pass_three(table, player)
    while 0 in hearts.to_move(state_of(table)):
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq,
                           move=hearts.legal_moves(state_of(table), 0)[0])
        table.refresh_from_db()
    return table


@pytest.fixture
def spaced_bots(settings):
    """Bot turns wait BOT_MOVE_DELAY, so they are held (delayed_tasks) as a worker holds them."""
    settings.BOT_MOVE_DELAY = 0.7


def test_a_move_that_makes_a_bot_due_says_so_in_the_row(spaced_bots, delayed_tasks):
    table, (me,) = started_table()
    table = play_to_a_bot_turn(table, me)
    assert table.bot_due_at is not None and abs(table.bot_due_at - timezone.now()) < timedelta(seconds=2)
    # The fast path is still there: the turn is queued after commit, with its spacing.
    delay, _, queued = delayed_tasks.pending[-1]
    assert delay == 0.7 and queued == {"kwargs": {"table_id": table.pk, "seq": table.seq}}


def test_a_killed_worker_s_held_bot_turn_is_queued_again_once_overdue(spaced_bots, delayed_tasks):
    table, (me,) = started_table()
    table = play_to_a_bot_turn(table, me)
    seq = table.seq
    delayed_tasks.pending.clear()  # kill -9: the worker held the countdown, and it is gone

    assert recovery.resume_due() == recovery.Resumed(bot_turns=0, timers=0)  # merely due, not late
    later = timezone.now() + timedelta(seconds=3)
    assert recovery.resume_due(now=later) == recovery.Resumed(bot_turns=1, timers=0)
    table.refresh_from_db()
    assert table.seq == seq + 1, "the sweep's turn was played at once"


def test_a_server_stopped_between_commit_and_queue_leaves_a_turn_the_sweep_finds(spaced_bots, delayed_tasks,
                                                                                  monkeypatch):
    table, (me,) = started_table()
    table = pass_three(table, me)
    # The process is stopped right after the commit: no after-commit step runs at all.
    with monkeypatch.context() as stopped:
        stopped.setattr(telling.transaction, "on_commit", lambda callback, **kwargs: None)
        while 0 in hearts.to_move(state_of(table)):
            services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq,
                               move=hearts.legal_moves(state_of(table), 0)[0])
            table.refresh_from_db()
    delayed_tasks.pending.clear()
    seq = table.seq
    assert table.bot_due_at is not None

    assert recovery.resume_due(now=timezone.now() + timedelta(seconds=3)).bot_turns == 1
    table.refresh_from_db()
    assert table.seq == seq + 1


def test_opening_the_table_again_resumes_its_due_bot_at_once_on_a_thread_of_its_own(spaced_bots, delayed_tasks,
                                                                                    client):
    table, (me,) = started_table()
    table = play_to_a_bot_turn(table, me)
    seq = table.seq
    delayed_tasks.pending.clear()
    Table.objects.filter(pk=table.pk).update(bot_due_at=timezone.now() - timedelta(seconds=0.1))
    assert client.get(f"/t/{table.pk}/").status_code == 200
    # The page answered without playing the turn (an expert may think for a second): it is
    # queued to run now, elsewhere.
    table.refresh_from_db()
    assert table.seq == seq
    (delay, _, queued), = delayed_tasks.pending
    assert delay == 0 and queued == {"kwargs": {"table_id": table.pk, "seq": seq}}
    delayed_tasks.run()
    table.refresh_from_db()
    assert table.seq == seq + 1


def test_a_channel_layer_down_after_commit_loses_neither_the_move_nor_the_bot_turn(monkeypatch, caplog):
    table, (me,) = started_table()

    def layer_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(realtime, "broadcast", layer_down)
    table = pass_three(table, me)
    # The pass committed and the bots, queued after the frames that failed, played on to our turn.
    assert table.moves.filter(seat=0).count() == 1
    assert hearts.to_move(state_of(table)) == (0,)
    assert "after commit, _broadcast_move failed" in caplog.text


def test_a_broker_down_after_commit_keeps_the_move_and_the_sweep_queues_the_bot_later(spaced_bots, monkeypatch,
                                                                                      delayed_tasks):
    table, (me,) = started_table()
    table = pass_three(table, me)

    def broker_down(task_name, **kwargs):
        raise OSError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    with monkeypatch.context() as down:
        down.setattr(scheduling, "schedule", broker_down)
        while 0 in hearts.to_move(state_of(table)):
            services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq,
                               move=hearts.legal_moves(state_of(table), 0)[0])
            table.refresh_from_db()
    seq = table.seq
    delayed_tasks.pending.clear()
    recovery.resume_due(now=timezone.now() + timedelta(seconds=3))
    table.refresh_from_db()
    assert table.seq == seq + 1


def test_a_turn_timer_whose_task_was_lost_runs_once_overdue(delayed_tasks):
    host, friend = create_guest(), create_guest()
    table = services.create_table(game="hearts", host=host, turn_seconds=15)
    services.join_table(table_id=table.pk, player=friend)
    services.set_bot(table_id=table.pk, host=host, seat_index=2, level="random")
    services.set_bot(table_id=table.pk, host=host, seat_index=3, level="random")
    services.start_table(table_id=table.pk, host=host)
    delayed_tasks.pending.clear()  # both people's timers were held by a worker that died
    deadline = Seat.objects.get(table=table, index=1).deadline
    assert recovery.resume_due(now=deadline).timers == 0  # on time is not late
    assert recovery.resume_due(now=deadline + timedelta(seconds=3)).timers == 2
    # A bot passed for each of them, once (the seat holding the two of clubs also leads it then).
    assert table.moves.filter(seat__in=(0, 1), move__startswith="pass ").count() == 2
    assert not Seat.objects.filter(table=table, deadline=deadline).exists()  # spent: never run again


def test_a_bot_turn_finding_no_bot_to_act_clears_the_mark():
    table, (me,) = started_table()
    # The pass: the bots passed at once, and only our seat is to act.
    assert hearts.to_move(state_of(table)) == (0,)
    Table.objects.filter(pk=table.pk).update(bot_due_at=timezone.now() - timedelta(minutes=1))
    assert services.play_bot_move(table_id=table.pk, seq=table.seq) is False
    table.refresh_from_db()
    assert table.bot_due_at is None
    assert recovery.resume_due().bot_turns == 0


def test_without_a_beat_process_the_server_s_own_thread_sweeps(settings, spaced_bots, delayed_tasks):
    """The embedded default: no Celery beat, so the web process sweeps in a thread of its own."""
    settings.RESUME_SWEEP_SECONDS, settings.RESUME_AFTER_SECONDS = 0.05, 0
    table, (me,) = started_table()
    table = play_to_a_bot_turn(table, me)
    seq = table.seq
    delayed_tasks.pending.clear()  # the process restarted: its timer threads are gone
    stop = threading.Event()
    sweeper = threading.Thread(target=recovery.sweep_in_process_forever, kwargs={"stop": stop})
    sweeper.start()
    try:
        deadline = time.monotonic() + 10
        while Table.objects.values_list("seq", flat=True).get(pk=table.pk) == seq and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        stop.set()
        sweeper.join(timeout=10)
    assert Table.objects.values_list("seq", flat=True).get(pk=table.pk) == seq + 1


def test_a_due_bot_turn_is_queued_again_once_for_many_sockets_arriving_together(spaced_bots, delayed_tasks,
                                                                                 monkeypatch):
    table, (me,) = started_table()
    table = play_to_a_bot_turn(table, me)
    delayed_tasks.pending.clear()  # the held turn was lost
    queued = []
    monkeypatch.setattr(services, "enqueue_bot_turn", lambda **kwargs: queued.append(kwargs))
    Table.objects.filter(pk=table.pk).update(bot_due_at=timezone.now() - timedelta(seconds=1))
    table.refresh_from_db()
    seats = list(table.seats.all())
    # A reconnect storm: a hundred sockets of one table open within a second.
    outcomes = {recovery.resume_loaded(table=table, seats=seats) for _ in range(100)}
    assert outcomes == {recovery.Resumed(bot_turns=1, timers=0), recovery.Resumed(bot_turns=0, timers=0)}
    assert queued == [{"table_id": table.pk, "seq": table.seq, "countdown": 0, "elsewhere": True}]
    # Once the window is over, a socket arriving asks again (the first may have been lost too).
    real_clock = time.monotonic
    monkeypatch.setattr(recovery.time, "monotonic", lambda: real_clock() + recovery.RESUMED_AGAIN_AFTER + 1)
    assert recovery.resume_loaded(table=table, seats=seats) == recovery.Resumed(bot_turns=1, timers=0)
    assert len(queued) == 2
