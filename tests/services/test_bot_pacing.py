"""Bots play at a pace people can follow (issue 16): BOT_MOVE_DELAY between moves, longer
after a trick (TRICK_PAUSE_SECONDS, the whole trick stays on the table) and after a hand
(HAND_PAUSE_SECONDS), and a timed-out turn no sooner than a bot's. No clocks are read: the
countdowns the services schedule are captured (eager tasks held, see tests/conftest.py) and
the due times they write are compared with them.
"""

from datetime import timedelta

import pytest

from accounts.services import create_guest
from games import catalogue, services
from games.models import Seat, Table
from tests.web.tables import started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine
DELAY, TRICK, HAND = 0.7, 1.5, 4.0


@pytest.fixture
def paced(settings):
    settings.BOT_MOVE_DELAY, settings.TRICK_PAUSE_SECONDS, settings.HAND_PAUSE_SECONDS = DELAY, TRICK, HAND


def bot_turns(held):
    return [(delay, queued["kwargs"]) for delay, _, queued in held.pending if "seat_index" not in queued["kwargs"]]


def what_it_ended(before, after) -> str:
    """Read off the states themselves, not through the engine hook under test."""
    if len(after.hand_scores) > len(before.hand_scores):
        return "hand"
    return "trick" if before.trick and not after.trick else ""


def test_each_bot_turn_waits_the_delay_and_longer_after_a_trick_or_a_hand(paced, delayed_tasks):
    table, (me,) = started_table()
    seen = {"": 0, "trick": 0, "hand": 0}
    hands = hearts.hands_played(state_of(table))
    while hearts.hands_played(state_of(table)) == hands:
        before = state_of(table)
        if 0 in hearts.to_move(before):
            delayed_tasks.pending.clear()  # a bot turn held for the seq this move replaces
            services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq, move=hearts.legal_moves(before, 0)[0])
        else:
            (delay, function, queued), = delayed_tasks.pending  # one bot turn held, never two
            delayed_tasks.pending.clear()
            function(**queued)
        table.refresh_from_db()
        after = state_of(table)
        ended = what_it_ended(before, after)
        seen[ended] += 1
        queued = bot_turns(delayed_tasks)
        if not hearts.to_move(after) or hearts.to_move(after) == (0,):
            assert queued == [] and table.bot_due_at is None  # a person to act next may play at once
            continue
        (countdown, kwargs), = queued
        assert kwargs == {"table_id": table.pk, "seq": table.seq}
        assert countdown == DELAY + {"": 0, "trick": TRICK, "hand": HAND}[ended]
        # The row says the same, for a recovery that finds the turn again from the database.
        made = table.moves.get(seq=table.seq).created_at
        assert abs((table.bot_due_at - made) - timedelta(seconds=countdown)) < timedelta(seconds=0.5)
    assert seen["trick"] == 12 and seen["hand"] == 1 and seen[""] > 0


def test_a_turn_timer_running_out_just_after_a_bot_played_waits_its_turn(paced, delayed_tasks):
    """While everyone passes at once, a person's timer may run out right after a bot passed:
    the bot standing in for them passes a bot's delay after that, never on its heels."""
    host, friend = create_guest(), create_guest()
    table = services.create_table(game="hearts", host=host, turn_seconds=15)
    services.join_table(table_id=table.pk, player=friend)
    for index in (2, 3):
        services.set_bot(table_id=table.pk, host=host, seat_index=index, level="random")
    services.start_table(table_id=table.pk, host=host)
    (_, function, queued), = [held for held in delayed_tasks.pending if "seat_index" not in held[2]["kwargs"]]
    delayed_tasks.pending.clear()  # the people's own timers are not due for 15 s
    function(**queued)  # seat 2 passes
    table.refresh_from_db()
    seq = table.seq
    deadline = Seat.objects.get(table=table, index=1).deadline.isoformat()

    assert services.play_timed_out_turn(table_id=table.pk, seat_index=1, deadline=deadline) is False
    table.refresh_from_db()
    assert table.seq == seq, "nothing was played on the bot's heels"
    timers = [(delay, queued["kwargs"]) for delay, _, queued in delayed_tasks.pending
              if "seat_index" in queued["kwargs"]]
    (delay, kwargs), = timers
    assert kwargs == {"table_id": table.pk, "seat_index": 1, "deadline": deadline}
    assert 0 < delay <= DELAY  # queued again for when a bot may play
    # Once it may, it plays, once: the seat's pass is made and its timer spent.
    Table.objects.filter(pk=table.pk).update(bot_due_at=table.bot_due_at - timedelta(seconds=DELAY))
    assert services.play_timed_out_turn(**kwargs) is True
    assert table.moves.filter(seat=1).count() == 1


def test_a_person_coming_back_does_not_cut_the_pause_after_a_trick_short(paced, delayed_tasks):
    table, (me,) = started_table()
    while True:
        before = state_of(table)
        if 0 in hearts.to_move(before):
            delayed_tasks.pending.clear()  # a bot turn held for the seq this move replaces
            services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq, move=hearts.legal_moves(before, 0)[0])
        else:
            (_, function, queued), = delayed_tasks.pending
            delayed_tasks.pending.clear()
            function(**queued)
        table.refresh_from_db()
        if what_it_ended(before, state_of(table)) == "trick" and table.bot_due_at is not None:
            break
    due = table.bot_due_at
    delayed_tasks.pending.clear()
    Seat.objects.filter(table=table, index=0).update(away_since=table.started_at)
    services.come_back(table_id=table.pk, player=me)
    table.refresh_from_db()
    assert table.bot_due_at >= due
    (countdown, _), = bot_turns(delayed_tasks)
    assert countdown > DELAY
