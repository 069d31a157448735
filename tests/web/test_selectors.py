"""Reads of a table for drawing it (games.selectors)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors
from games.models import Table
from tests.web.tables import started_table

pytestmark = pytest.mark.django_db


def test_a_table_and_its_seats_come_in_one_query_as_the_two_reads_give_them():
    table, (me, friend) = started_table(humans=2, bots=2)
    with CaptureQueriesContext(connection) as queries:
        read, seats = selectors.table_and_seats(table.pk)
        names = [seat.player.display_name for seat in seats if seat.player_id]  # loaded, not read again
    assert len(queries) == 1
    expected = selectors.table_seats(Table.objects.get(pk=table.pk))
    assert (read.pk, read.seq, read.state) == (table.pk, table.seq, table.state)
    assert [(s.index, s.player_id, s.bot_level) for s in seats] == [(s.index, s.player_id, s.bot_level)
                                                                   for s in expected]
    assert names == [me.display_name, friend.display_name]
    assert all(seat.table is read for seat in seats)


def test_no_table_no_seats():
    with pytest.raises(Table.DoesNotExist):
        selectors.table_and_seats(10**9)
