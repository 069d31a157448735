"""The analysis of a finished game played alone: each choice beside the coach's best
(``Game.coach``), with the expected points it gave away."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import catalogue, selectors
from games.models import Table

NEAR_ENOUGH = 0.005  # expected points: a choice this close to the best is the best, as shown


@require_GET
def analysis_page(request, table_id):
    table = Table.objects.filter(pk=table_id, status=Table.Status.FINISHED).first()
    game = _game(table.game) if table is not None else None
    seats = selectors.table_seats(table) if game is not None else []
    if game is None or game.coach is None or not game.played_alone(len(seats)):
        raise Http404("Only a finished game played alone, of a game with a coach, has an analysis.")
    moves = list(table.moves.order_by("seq").values_list("move", flat=True))
    choices = game.coach.analyse(moves, seed=table.seed, options=table.options)
    result = table.results.filter(seat=0).first()
    context = {"table": table, "engine": game.engine, "score": result.score if result else None,
               "ready": choices is not None}
    if choices is not None:
        context |= {"choices": [(choice, choice.given_away >= NEAR_ENOUGH) for choice in choices],
                    "given_away": sum(choice.given_away for choice in choices),
                    "best_count": sum(choice.given_away < NEAR_ENOUGH for choice in choices)}
    return render(request, "stats/analysis.html", context, status=200 if choices is not None else 503)


def _game(slug: str):
    try:
        return catalogue.get(slug)
    except LookupError:
        return None
