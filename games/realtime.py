"""Per-seat rendering and group sends.

Each seat has its own group (``table.<id>.seat.<n>``) and spectators share one
(``table.<id>.watch``): a frame is rendered from one audience's view only, so hidden
cards never travel through a group that someone else listens to.
"""

import asyncio
import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from games import engines, selectors
from games.models import Table


def seat_group(table_id: int, seat_index: int) -> str:
    return f"table.{table_id}.seat.{seat_index}"


def watch_group(table_id: int) -> str:
    return f"table.{table_id}.watch"


def player_group(player_id: int) -> str:
    """Every table socket a Player has open: told when that Player's seat changes."""
    return f"player.{player_id}"


def group_for(table_id: int, seat_index: int | None) -> str:
    return watch_group(table_id) if seat_index is None else seat_group(table_id, seat_index)


def announcement(table: Table, seats, seat_index: int, move: str) -> str:
    """A move in words, for the table's polite live region: "West bot plays the queen of spades."."""
    name = next(around.name for around in selectors.seats_around(seats, None) if around.index == seat_index)
    return f"{name} {engines.get(table.game).describe_move(move)}."


def render_board(table: Table, seats, viewer: int | None, *, message: str = "", spoken: str = "",
                 hint_move: str = "") -> str:
    """The table as ``viewer`` (a seat index, or None for a spectator) may see it."""
    engine = engines.get(table.game)
    context = {"table": table, "engine": engine, "viewer": viewer, "message": message, "hint_move": hint_move,
               "seats": selectors.seats_around(seats, viewer), "announcement": spoken}
    if table.status == Table.Status.WAITING:
        context["is_host"] = viewer is not None and any(
            seat.index == viewer and seat.player_id == table.host_id for seat in seats)
        context["bot_levels"] = selectors.bot_levels(table.game)
        return render_to_string("games/waiting_room.html", context)
    state = engine.load(table.state)
    context["view"] = engine.view(state, viewer)
    legal = engine.legal_moves(state, viewer) if viewer is not None else []
    context["legal_moves"] = set(legal)
    # For boards whose moves are composed in the page (select cards, then an action).
    context["legal_json"] = json.dumps(legal)
    # Over when the rules say so, or when a game played alone was given up.
    context["over"] = engine.is_over(state) or table.status == Table.Status.FINISHED
    context["paused"] = table.status == Table.Status.PLAYING and selectors.everyone_away(seats)
    if context["over"]:
        context["outcome"] = engine.outcome(state)
        context["seed"] = table.seed  # revealed once the game is over
    return render_to_string(f"games/{table.game}/board.html", context)


def broadcast_table(table_id: int) -> None:
    """Send every audience of the table its own fresh frame (waiting-room changes)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is not None:
        broadcast(table, selectors.table_seats(table))


def broadcast(table: Table, seats, *, spoken: str = "") -> None:
    """Send every audience its own frame of ``table`` as committed, with ``seats`` loaded."""
    frames = []
    # Bots and empty seats have no sockets: only people and spectators get frames (a person
    # who later takes a seat gets the current frame when their socket joins it).
    for viewer in [seat.index for seat in seats if seat.player_id is not None] + [None]:
        group = group_for(table.pk, viewer)
        html = render_board(table, seats, viewer, spoken=spoken)
        frames.append((group, {"type": "table.update", "group": group, "html": html, "seq": table.seq,
                               "status": str(table.status)}))
    # One hop into the event loop for all the sends, not one per audience.
    async_to_sync(_send_all)(frames)


async def _send_all(frames) -> None:
    layer = get_channel_layer()
    await asyncio.gather(*(layer.group_send(group, message) for group, message in frames))


def seat_changed(table_id: int, player_id: int) -> None:
    """The Player took or left a seat: their open sockets must change audience first."""
    async_to_sync(get_channel_layer().group_send)(
        player_group(player_id), {"type": "seat.changed", "table_id": table_id})
