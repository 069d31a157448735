"""What every table write shares: the engine of a game, the locked table row, the host check."""

from __future__ import annotations

from accounts.models import Player
from games import catalogue
from games.models import Table
from games.services.errors import TableError


def engine_for(game: str):
    try:
        return catalogue.get(game).engine
    except LookupError:
        raise TableError(f"There is no game called {game!r}.") from None


def locked_table(table_id: int) -> Table:
    table = locked_table_if_any(table_id)
    if table is None:
        raise TableError("There is no such table.")
    return table


def locked_table_if_any(table_id: int) -> Table | None:
    """For tasks: a table deleted since the task was queued is nothing to do, not an error."""
    return Table.objects.select_for_update().filter(pk=table_id).first()


def check_host(table: Table, host: Player) -> None:
    if table.host_id != host.pk:
        raise TableError("Only the host can do that.")
