"""Building tables for tests through the services, with known deals."""

from accounts.services import create_guest
from games import catalogue, services
from games.models import Table


def started_table(*, game="hearts", humans=1, bots=3, level="random", seed="tests", options=None):
    """A running table (Hearts unless told): guests in the first seats, bots after;
    returns (table, players)."""
    players = [create_guest() for _ in range(humans)]
    table = services.create_table(game=game, host=players[0], options=options, players=humans + bots)
    Table.objects.filter(pk=table.pk).update(seed=seed)
    for player in players[1:]:
        services.join_table(table_id=table.pk, player=player)
    for index in range(humans, humans + bots):
        services.set_bot(table_id=table.pk, host=players[0], seat_index=index, level=level)
    services.start_table(table_id=table.pk, host=players[0])
    return Table.objects.get(pk=table.pk), players


def state_of(table):
    table.refresh_from_db()
    return catalogue.get(table.game).engine.load(table.state)


def snapshot(table):
    """Everything a rejected request must leave as it was."""
    table.refresh_from_db()
    return (table.state, table.seq, table.status, list(table.moves.values_list("seq", "seat", "move")),
            list(table.results.values_list("seat", "score")), list(table.seats.values_list("player", "bot_level")))
