"""An expert seat at a live table: it thinks with the table unlocked, and a turn another
worker made meanwhile is not made twice."""

import re

import pytest
from django.db import transaction
from django.utils import timezone

from games import boards, catalogue, selectors, services
from games.catalogue.hearts.expert import ExpertBot
from games.services import moves
from tests.web.tables import started_table, state_of

pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine


def _play_our_turns_to_the_end_of_the_hand(table, player):
    while hearts.hands_played(state_of(table)) == 0:
        state = state_of(table)
        assert 0 in hearts.to_move(state), "the bots stopped with the turn theirs"
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq,
                           move=hearts.legal_moves(state, 0)[0])
        table.refresh_from_db()
    return table


def test_expert_seats_play_a_hand_thinking_outside_any_transaction(monkeypatch, settings):
    settings.BOT_THINK_SECONDS = 0.01
    searched_in = []
    real = ExpertBot.choose

    def choose(self, view, legal, rng, **kwargs):
        searched_in.append((transaction.get_connection().in_atomic_block, kwargs.get("seconds")))
        return real(self, view, legal, rng, **kwargs)

    monkeypatch.setattr(ExpertBot, "choose", choose)
    table, (me,) = started_table(level="expert")
    table = _play_our_turns_to_the_end_of_the_hand(table, me)
    assert len(searched_in) >= 39  # three seats, 13 cards each, and their passes
    assert set(searched_in) == {(False, 0.01)}  # no row lock held while it thinks, and its time limit
    assert table.moves.count() == table.seq


def _to_a_bot_s_card(table, me, delayed_tasks):
    """Bots' turns held: the three bots and this seat pass, and it plays until a bot is to play."""
    for _ in range(3):
        delayed_tasks.run()
    table.refresh_from_db()
    services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq,
                       move="pass " + " ".join(hearts.view(state_of(table), 0)["hand"][:3]))
    while 0 in hearts.to_move(state_of(table)):
        services.play_move(table_id=table.pk, player_id=me.pk, seq=table.seq,
                           move=hearts.legal_moves(state_of(table), 0)[0])
        table.refresh_from_db()
    delayed_tasks.pending.clear()
    return table


@pytest.mark.parametrize("level", ["expert", "basic"])
def test_a_searching_seat_is_due_after_its_thinking_and_its_board_shows_it_thinking(settings, delayed_tasks, level):
    settings.BOT_MOVE_DELAY, settings.BOT_THINK_SECONDS = 0.7, 1.0
    table, (me,) = started_table(level=level)
    table = _to_a_bot_s_card(table, me, delayed_tasks)
    wait = (table.bot_due_at - timezone.now()).total_seconds()
    html = boards.board(table, selectors.table_seats(table), 0)
    to_play = hearts.to_move(state_of(table))[0]
    seat = re.search(rf'<section class="opponent[^"]*is-turn" data-seat="{to_play}".*?</section>', html, re.S).group(0)
    if level == "basic":
        assert 0.6 < wait < 1.6 and "thinking" not in seat
    else:  # the pause, then its most thinking; shown once it has thought half a second
        assert 1.6 < wait < 2.6
        after = float(re.search(r'class="thinking" style="--after: ([0-9.]+)s"', seat).group(1))
        assert 0.5 < after <= 0.7 + 0.5


def test_a_turn_another_worker_made_while_one_thought_is_made_once(monkeypatch, settings, delayed_tasks):
    settings.BOT_MOVE_DELAY = 0.7  # bot turns are held (delayed_tasks), as a worker holds them
    table, (me,) = started_table(level="expert")
    table = _to_a_bot_s_card(table, me, delayed_tasks)
    seq = table.seq
    real = ExpertBot.choose

    def racing(self, view, legal, rng, **kwargs):
        monkeypatch.setattr(ExpertBot, "choose", real)
        # A second worker, sent the same turn (a resumed one), makes it while this one thinks.
        assert moves.play_bot_move(table_id=table.pk, seq=seq) is True
        return real(self, view, legal, rng, **kwargs)

    monkeypatch.setattr(ExpertBot, "choose", racing)
    assert moves.play_bot_move(table_id=table.pk, seq=seq) is False  # its move found the table moved on
    table.refresh_from_db()
    assert table.seq == seq + 1 and table.moves.count() == table.seq
