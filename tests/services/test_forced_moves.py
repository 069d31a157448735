"""Moves the table makes by itself (Memory's missed pair turned back), and bots that remember
what their seat was shown, at live tables."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import catalogue, recovery, services
from games.catalogue.memory import bots as memory_bots
from games.catalogue.memory.engine import SHOWING, pair_of
from games.services.errors import MoveRejected
from tests.web.tables import started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

memory = catalogue.get("memory").engine


def a_miss(state) -> tuple[int, int]:
    """Two positions whose cards do not pair."""
    first = 0
    second = next(position for position, card in enumerate(state.layout)
                  if position != first and pair_of(card) != pair_of(state.layout[first]))
    return first, second


def flip(table, player, position):
    table.refresh_from_db()
    services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=f"flip {position}")
    table.refresh_from_db()
    return table


def test_a_missed_pair_turns_back_by_itself_after_the_pause(settings, delayed_tasks):
    settings.FORCED_MOVE_SECONDS = 1.5
    table, (me,) = started_table(game="memory", bots=0)
    first, second = a_miss(state_of(table))
    table = flip(flip(table, me, first), me, second)
    state = state_of(table)
    assert state.phase == SHOWING and state.flipped == (first, second)
    # Due like a bot turn, in the row, so that whichever process is alive makes it.
    assert table.bot_due_at is not None
    assert timedelta(seconds=1) < table.bot_due_at - timezone.now() <= timedelta(seconds=1.5)
    delay, _, queued = delayed_tasks.pending[-1]
    assert delay == 1.5 and queued == {"kwargs": {"table_id": table.pk, "seq": table.seq}}
    with pytest.raises(MoveRejected, match="turn back"):
        flip(table, me, 3)
    assert delayed_tasks.run() == [True]
    table.refresh_from_db()
    state = state_of(table)
    assert state.phase == "play" and state.flipped == () and table.bot_due_at is None
    assert list(table.moves.order_by("seq").values_list("seat", "move")) == [
        (0, f"flip {first}"), (0, f"flip {second}"), (0, "hide")]


def test_a_forced_move_lost_with_its_process_is_made_by_the_sweep_once(settings, delayed_tasks):
    settings.FORCED_MOVE_SECONDS = 1.5
    table, (me,) = started_table(game="memory", bots=0)
    first, second = a_miss(state_of(table))
    table = flip(flip(table, me, first), me, second)
    delayed_tasks.pending.clear()  # the process that held the countdown is gone
    assert recovery.resume_due().bot_turns == 0  # not late yet
    later = timezone.now() + timedelta(seconds=5)
    assert recovery.resume_due(now=later).bot_turns == 1
    assert recovery.resume_due(now=later).bot_turns == 0  # made, and no longer due
    table.refresh_from_db()
    assert state_of(table).phase == "play" and table.moves.filter(move="hide").count() == 1


def test_the_player_may_turn_the_cards_back_sooner_and_the_table_then_does_nothing(settings, delayed_tasks):
    settings.FORCED_MOVE_SECONDS = 1.5
    table, (me,) = started_table(game="memory", bots=0)
    first, second = a_miss(state_of(table))
    table = flip(flip(table, me, first), me, second)
    services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq, move="hide")
    assert delayed_tasks.run() == [False]
    assert table.moves.filter(move="hide").count() == 1


def test_with_no_pause_the_miss_is_turned_back_before_the_request_returns():
    table, (me,) = started_table(game="memory", bots=0)
    first, second = a_miss(state_of(table))
    table = flip(flip(table, me, first), me, second)
    assert state_of(table).phase == "play" and table.moves.last().move == "hide"


def test_a_bot_at_a_live_table_remembers_every_card_it_was_shown(monkeypatch):
    shown = []
    choose = memory_bots.ElephantBot.choose

    def recording(self, view, legal_moves, rng, *, seen=None):
        shown.append(dict(seen))
        return choose(self, view, legal_moves, rng, seen=seen)

    monkeypatch.setattr(memory_bots.ElephantBot, "choose", recording)
    table, (me,) = started_table(game="memory", bots=1, level="elephant")
    layout = state_of(table).layout
    first, second = a_miss(state_of(table))
    flip(flip(table, me, first), me, second)  # turned back at once, then the bot's turn
    # Its first choice already knows the two cards, though no view it is given now shows them.
    assert shown and shown[0] == {first: layout[first], second: layout[second]}
