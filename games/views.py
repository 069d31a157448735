"""Thin views: read through selectors, write through services, render."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games import engines, realtime, selectors, services
from games.models import Table


@require_GET
def home(request):
    return render(request, "games/home.html", {"games": selectors.game_catalogue()})


@require_GET
def game_page(request, game):
    engine = engines.get(game)
    return render(request, "games/game.html", {"engine": engine, "open_tables": selectors.open_tables(game)})


@require_POST
def play_now(request, game):
    table = services.play_now(game=game, player=request.player)
    return redirect("table", table_id=table.pk)


@require_POST
def new_table(request, game):
    private = request.POST.get("private") == "on"
    table = services.create_table(game=game, host=request.player, private=private)
    return redirect("table", table_id=table.pk)


@require_GET
def table_page(request, table_id):
    services.resume_bots(table_id=table_id)
    table = get_object_or_404(Table, pk=table_id)
    seats = selectors.table_seats(table)
    viewer = selectors.viewer_among(seats, request.player.pk)
    return render(request, "games/table.html", {
        "table": table, "engine": engines.get(table.game),
        "board": realtime.render_board(table, seats, viewer),
    })


@require_POST
def move(request, table_id):
    """A move from the table: ``move`` in full, or ``verb`` plus ``card`` values in hand order."""
    text = request.POST.get("move") or " ".join([request.POST.get("verb", "")] + request.POST.getlist("card"))
    try:
        seq = int(request.POST.get("seq", ""))
    except ValueError:
        return HttpResponseBadRequest("seq must be the table's move number")
    try:
        services.play_move(table_id=table_id, player=request.player, seq=seq, move=text.strip())
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    if request.htmx:
        # The new board reaches every seat over its socket; answering with it again would
        # render the same frame twice. The header gives the table's seq as the answer leaves
        # (bots may have played after this move already), so a client knows what to expect.
        response = HttpResponse(status=204)
        response["X-Table-Seq"] = str(selectors.table_seq(table_id))
        return response
    return redirect("table", table_id=table_id)


def _seat_action(service):
    """A waiting-room action: run the service, answer with the fresh board or a redirect."""

    @require_POST
    def view(request, table_id):
        try:
            service(request, table_id)
        except services.TableError as error:
            return _board_response(request, table_id, message=error.message, status=error.status)
        return _board_response(request, table_id)

    return view


join = _seat_action(lambda request, table_id: services.join_table(table_id=table_id, player=request.player))
leave = _seat_action(lambda request, table_id: services.leave_waiting_table(table_id=table_id, player=request.player))
start = _seat_action(lambda request, table_id: services.start_table(table_id=table_id, host=request.player))


@require_POST
def set_bot(request, table_id):
    try:
        seat_index = int(request.POST.get("seat", ""))
    except ValueError:
        return HttpResponseBadRequest("seat must be a seat number")
    try:
        services.set_bot(table_id=table_id, host=request.player, seat_index=seat_index,
                         level=request.POST.get("level", ""))
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    return _board_response(request, table_id)


@require_POST
def play_again(request, table_id):
    try:
        table = services.play_again(table_id=table_id, player=request.player)
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("table", kwargs={"table_id": table.pk})
        return response
    return redirect("table", table_id=table.pk)


@require_GET
def board(request, table_id):
    return _board_response(request, table_id)


def _board_response(request, table_id, *, message="", status=200):
    """htmx gets the requester's fresh board; a plain form post goes back to the table."""
    table = get_object_or_404(Table, pk=table_id)
    if not request.htmx:
        if message:
            messages.error(request, message)
        return redirect("table", table_id=table_id)
    seats = selectors.table_seats(table)
    viewer = selectors.viewer_among(seats, request.player.pk)
    return HttpResponse(realtime.render_board(table, seats, viewer, message=message), status=status)
