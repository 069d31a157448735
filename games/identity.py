"""A guest's games follow them into their account (accounts.signals.player_merging).

Seats, hosted tables and results move from the guest to the account's Player, except at a
table where the account's Player already sits: a table has one seat per Player, so the
guest's seat there, and its result, stay with the guest (which accounts then keeps, detached).
"""

from django.dispatch import receiver

from accounts.signals import player_merging
from games.models import GameResult, Seat, Table


@receiver(player_merging, dispatch_uid="games.move_games_to_account")
def move_games_to_account(sender, *, from_player, to_player, **kwargs):
    # Read before any row moves: once the seats have moved, every table would look shared.
    shared_tables = _tables_of(to_player, among=_tables_of(from_player))
    Seat.objects.filter(player=from_player).exclude(table__in=shared_tables).update(player=to_player)
    GameResult.objects.filter(player=from_player).exclude(table__in=shared_tables).update(player=to_player)
    # A table has one host, whoever sits where: every table the guest hosts moves.
    Table.objects.filter(host=from_player).update(host=to_player)


def _tables_of(player, among=None) -> set[int]:
    """Ids of the tables where ``player`` has a seat or a result (only ``among`` these, if given)."""
    seats = Seat.objects.filter(player=player)
    results = GameResult.objects.filter(player=player)
    if among is not None:
        seats, results = seats.filter(table__in=among), results.filter(table__in=among)
    return set(seats.values_list("table_id", flat=True)) | set(results.values_list("table_id", flat=True))
