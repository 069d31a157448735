"""Services: every write to a table, and every refusal leaving the database as it was."""

import pytest

from accounts.services import create_guest
from games import catalogue, services
from games.models import GameResult, Move, Table
from tests.web.tables import snapshot, started_table, state_of

# Real commits: what happens on commit (frames, bot turns) happens as it does in production.
pytestmark = pytest.mark.django_db(transaction=True)

hearts = catalogue.get("hearts").engine


def my_turn_move(table, seat=0):
    return hearts.legal_moves(state_of(table), seat)[0]


def test_play_now_seats_three_bots_that_pass_at_once():
    player = create_guest()
    table = services.play_now(game="hearts", player=player)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.private, "play-now tables are not listed"
    assert [seat.bot_level for seat in table.seats.order_by("index")] == ["", "basic", "basic", "basic"]
    assert table.seq == 3 and hearts.to_move(state_of(table)) == (0,)
    assert list(table.moves.values_list("seat", flat=True)) == [1, 2, 3]


def test_a_move_advances_seq_logs_it_and_lets_the_bots_answer():
    table, (player,) = started_table()
    before = state_of(table)
    move = my_turn_move(table)
    result = services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    assert not result.duplicate
    table.refresh_from_db()
    assert Move.objects.get(table=table, seq=4).move == move
    # The exchange happened and the bots played, each a legal move in its turn, until it is
    # this seat's turn again: the log after the move replays to the table's state.
    answers = list(table.moves.filter(seq__gt=4))
    assert answers and [answer.seq for answer in answers] == list(range(5, table.seq + 1))
    state = hearts.apply(before, 0, move)
    for answer in answers:
        assert answer.seat != 0 and answer.move in hearts.legal_moves(state, answer.seat)
        state = hearts.apply(state, answer.seat, answer.move)
    assert state == state_of(table) and hearts.to_move(state) == (0,)


def test_a_doubled_request_is_answered_as_done_and_changes_nothing():
    table, (player,) = started_table()
    seq, move = table.seq, my_turn_move(table)
    services.play_move(table_id=table.pk, player_id=player.pk, seq=seq, move=move)
    before = snapshot(table)
    assert services.play_move(table_id=table.pk, player_id=player.pk, seq=seq, move=move).duplicate
    assert snapshot(table) == before


def test_a_view_made_stale_by_your_own_later_move_gets_409():
    table, (player,) = started_table()
    seq = table.seq
    services.play_move(table_id=table.pk, player_id=player.pk, seq=seq, move=my_turn_move(table))
    before = snapshot(table)
    other = hearts.legal_moves(state_of(table), 0)[-1]
    with pytest.raises(services.StaleMove) as caught:
        services.play_move(table_id=table.pk, player_id=player.pk, seq=seq, move=other)
    assert caught.value.status == 409
    assert snapshot(table) == before


@pytest.mark.parametrize("seq_offset", [1, 100, -100])
def test_a_seq_from_the_future_or_far_past_is_stale(seq_offset):
    table, (player,) = started_table()
    before = snapshot(table)
    with pytest.raises(services.StaleMove):
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq + seq_offset, move=my_turn_move(table))
    assert snapshot(table) == before


def test_passing_while_others_pass_is_not_stale():
    table, players = started_table(humans=2, bots=2)
    first, second = players
    seq = table.seq  # both saw the same board
    services.play_move(table_id=table.pk, player_id=first.pk, seq=seq, move=my_turn_move(table, seat=0))
    services.play_move(table_id=table.pk, player_id=second.pk, seq=seq, move=my_turn_move(table, seat=1))
    passes = Move.objects.filter(table=table, seq__gt=seq, move__startswith="pass")
    assert list(passes.order_by("seq").values_list("seat", flat=True)) == [0, 1]


@pytest.mark.parametrize(
    "move, reason",
    [("play 2C", "Choose three cards to pass first"), ("pass 2C", "exactly three"), ("hello", "not a Hearts move"),
     ("pass XX YY ZZ", "not a card")],
)
def test_illegal_moves_are_refused_with_the_rules_reason_and_change_nothing(move, reason):
    table, (player,) = started_table()
    before = snapshot(table)
    with pytest.raises(services.MoveRejected, match=reason) as caught:
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    assert caught.value.status == 400
    assert snapshot(table) == before


def test_nobody_acts_for_a_seat_they_do_not_hold():
    table, _ = started_table()
    stranger = create_guest()
    before = snapshot(table)
    with pytest.raises(services.NotYourSeat, match="no seat") as caught:
        services.play_move(table_id=table.pk, player_id=stranger.pk, seq=table.seq, move=my_turn_move(table))
    assert caught.value.status == 403
    assert snapshot(table) == before


def test_not_your_turn():
    table, players = started_table(humans=2, bots=2)
    services.play_move(table_id=table.pk, player_id=players[0].pk, seq=table.seq, move=my_turn_move(table, seat=0))
    table.refresh_from_db()
    assert 0 not in hearts.to_move(state_of(table))
    before = snapshot(table)
    with pytest.raises(services.NotYourSeat, match="not your turn"):
        services.play_move(table_id=table.pk, player_id=players[0].pk, seq=table.seq, move="pass 2C 3C 4C")
    assert snapshot(table) == before


def test_moves_before_the_start_are_refused():
    host = create_guest()
    table = services.create_table(game="hearts", host=host)
    with pytest.raises(services.MoveRejected, match="not started"):
        services.play_move(table_id=table.pk, player_id=host.pk, seq=0, move="pass 2C 3C 4C")


def test_a_whole_match_ends_with_one_result_per_seat():
    table, (player,) = started_table(options={"target_score": 50})
    while True:
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            break
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=my_turn_move(table))
    results = list(GameResult.objects.filter(table=table).order_by("seat"))
    outcome = hearts.outcome(state_of(table))
    assert [r.score for r in results] == outcome["scores"] and [r.rank for r in results] == outcome["ranks"]
    assert results[0].player == player and [r.bot_level for r in results[1:]] == ["random"] * 3
    assert all(r.hands == hearts.hands_played(state_of(table)) >= 1 for r in results)
    # Seconds from start to finish for every game; moves and undos only where the engine counts them.
    assert all(r.seconds is not None and r.moves is None and r.variant == "" for r in results)
    assert [r.won for r in results] == [r.rank == 1 for r in results] and any(r.won for r in results)
    before = snapshot(table)
    with pytest.raises(services.MoveRejected, match="over"):
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move="play 2C")
    assert snapshot(table) == before
    rematch = services.play_again(table_id=table.pk, player=player)
    assert rematch.status == Table.Status.PLAYING and rematch.rematch_of_id == table.pk
    assert services.play_again(table_id=table.pk, player=player) == rematch


def test_the_waiting_room_rules():
    host, friend, third = create_guest(), create_guest(), create_guest()
    table = services.create_table(game="hearts", host=host)
    with pytest.raises(services.TableError, match="already have a seat"):
        services.join_table(table_id=table.pk, player=host)
    with pytest.raises(services.TableError, match="The host stays"):
        services.leave_table(table_id=table.pk, player=host)
    services.join_table(table_id=table.pk, player=friend)
    with pytest.raises(services.TableError, match="Only the host"):
        services.set_bot(table_id=table.pk, host=friend, seat_index=2, level="basic")
    with pytest.raises(services.TableError, match="A player sits there"):
        services.set_bot(table_id=table.pk, host=host, seat_index=1, level="basic")
    with pytest.raises(services.TableError, match="no 'genius' bot"):
        services.set_bot(table_id=table.pk, host=host, seat_index=2, level="genius")
    services.set_bot(table_id=table.pk, host=host, seat_index=2, level="basic")
    services.join_table(table_id=table.pk, player=third)
    with pytest.raises(services.TableError, match="table is full"):
        services.join_table(table_id=table.pk, player=create_guest())
    with pytest.raises(services.TableError, match="Only the host"):
        services.start_table(table_id=table.pk, host=friend)
    services.start_table(table_id=table.pk, host=host)
    with pytest.raises(services.TableError, match="has started"):
        services.join_table(table_id=table.pk, player=create_guest())
    with pytest.raises(services.TableError, match="no such table"):
        services.join_table(table_id=99999, player=friend)


def test_a_bot_turn_that_is_late_or_repeated_does_nothing():
    table, (player,) = started_table()
    before = snapshot(table)
    assert services.play_bot_move(table_id=table.pk, seq=table.seq - 1) is False
    assert services.play_bot_move(table_id=table.pk, seq=table.seq) is False  # the human is to act
    assert snapshot(table) == before


def test_an_old_view_acting_out_of_turn_gets_the_current_table():
    table, players = started_table(humans=2, bots=2)
    # Play the two people's turns until seat 1 is to act just after another seat's move.
    while True:
        table.refresh_from_db()
        (movers, last) = hearts.to_move(state_of(table)), table.moves.order_by("-seq").first()
        if movers == (1,) and last.seat != 0:
            break
        seat = movers[0]
        services.play_move(table_id=table.pk, player_id=players[seat].pk, seq=table.seq, move=my_turn_move(table, seat))
    before = snapshot(table)
    with pytest.raises(services.StaleMove):
        services.play_move(table_id=table.pk, player_id=players[0].pk, seq=table.seq - 1, move="play 2C")
    with pytest.raises(services.NotYourSeat):
        services.play_move(table_id=table.pk, player_id=players[0].pk, seq=table.seq, move="play 2C")
    assert snapshot(table) == before


def test_a_finished_cribbage_match_records_each_seat_s_skunk():
    cribbage = catalogue.get("cribbage").engine
    # Seed s0: the poor player below ends on 21 of 61, under the skunk line of 31.
    table, (player,) = started_table(game="cribbage", bots=1, level="basic", options={"target_score": 61}, seed="s0")
    while True:
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            break
        state = state_of(table)
        move = cribbage.legal_moves(state, 0)[-1]  # a poor player: the last crib choice, the last card
        services.play_move(table_id=table.pk, player_id=player.pk, seq=table.seq, move=move)
    state = state_of(table)
    results = list(GameResult.objects.filter(table=table).order_by("seat"))
    assert [r.mark for r in results] == cribbage.marks(state) == ["skunked", "skunk"]
