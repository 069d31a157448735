"""The replay of a finished table: every state rebuilt from its seed and its Move log."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.services import session_player_id
from games import boards, catalogue, fairness, selectors
from games.models import Table
from stats import replay


@require_GET
def replay_page(request, table_id):
    table = Table.objects.filter(pk=table_id).first()
    # Only finished games: a running game's replay would show every hand.
    if table is None or table.status != Table.Status.FINISHED:
        raise Http404("No finished game has that number.")
    engine = catalogue.get(table.game).engine
    today, player_id = timezone.localdate(), session_player_id(request.session)
    # A seed other tables may still be dealt is every card of theirs: kept back, and the
    # replay with it, but for the table's own players (who saw the game as it was played).
    if not fairness.may_replay(table, player_id=player_id, today=today):
        return render(request, "stats/replay_kept.html", {
            "table": table, "engine": engine, "why": fairness.kept_back(table, today=today)}, status=403)
    revealed = fairness.revealed(table, today=today)
    seats = selectors.table_seats(table)
    seen_by = None if revealed else next(seat.index for seat in seats if seat.player_id == player_id)
    moves = [replay.LoggedMove(seq=seq, seat=seat, move=move)
             for seq, seat, move in table.moves.order_by("seq").values_list("seq", "seat", "move")]
    total = len(moves)
    try:
        step = replay.parse_step(request.GET.get("step"), total)
    except replay.BadStep as bad:
        context = {"table": table, "engine": engine, "message": bad.reason,
                   "first_url": _step_url(table, 0)}
        return render(request, "stats/replay_bad_step.html", context, status=400)
    state = replay.state_at(engine, len(seats), seed=table.seed, options=table.options, moves=moves, step=step)
    names = {around.index: around.name for around in selectors.seats_around(seats, None)}
    shown = replay.frame(engine, state, step=step, moves=moves, names=names)
    return render(request, "stats/replay.html", {
        "table": table,
        "engine": engine,
        "frame": shown,
        # The game's own board, every hand face up; a finished game's last step is its end.
        "board": boards.replay_board(table, seats, state, last=step == total, seen_by=seen_by),
        "seed": table.seed if revealed else "",
        "kept_back": fairness.kept_back(table, today=today),
        "commitment": fairness.commitment(table.seed),
        "share_url": request.build_absolute_uri(_step_url(table, step)),
        "first_url": _step_url(table, 0),
        "back_url": _step_url(table, max(0, step - 1)),
        "forward_url": _step_url(table, min(total, step + 1)),
        "last_url": _step_url(table, total),
    })


def _step_url(table, step: int) -> str:
    return f"{reverse('replay', args=[table.pk])}?step={step}"
