"""The marks a board carries for the page's sounds (static/js/sound.js): data-hands, the hands
finished so far (one more is a new deal), and data-over, "won" for a viewer who won, "over"
for everyone else once the game is over."""

import random
import re

import pytest

from games import boards, catalogue, selectors
from tests.web.tables import started_table, state_of

MARKS = re.compile(r'<div id="board"[^>]*data-hands="(\d*)" data-over="(\w*)"')


def marks(table, audience, state):
    return MARKS.search(boards.board(table, selectors.table_seats(table), audience, state=state)).groups()


def played_out(engine, state, *, seed):
    """Random legal moves, whoever is to move, until the game is over."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if engine.is_over(state):
            return state
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    raise AssertionError("the random game never ended")


@pytest.mark.django_db
def test_a_board_counts_its_hands_and_says_who_won_once_it_is_over():
    table, _ = started_table(bots=3)
    engine = catalogue.get("hearts").engine
    state = state_of(table)
    assert marks(table, 0, state) == ("0", "")
    over = played_out(engine, state, seed=1)
    ranks = engine.outcome(over)["ranks"]
    hands = str(engine.hands_played(over))
    for seat in range(4):
        assert marks(table, seat, over) == (hands, "won" if ranks[seat] == 1 else "over")
    assert marks(table, None, over) == (hands, "over")


@pytest.mark.django_db
def test_a_patience_board_is_won_only_when_won_not_when_given_up():
    from games import services
    from games.catalogue.freecell.solver import solve

    table, (player,) = started_table(game="freecell", bots=0, seed="1")
    engine = catalogue.get("freecell").engine
    state = state_of(table)
    assert marks(table, 0, state) == ("0", "")
    won = state
    for move in solve(state):
        won = engine.apply(won, 0, move)
    assert marks(table, 0, won) == ("1", "won")
    services.give_up(table_id=table.pk, player=player)
    table.refresh_from_db()
    assert marks(table, 0, state) == ("0", "over")
