"""A player's own numbers: /u/<name>/stats/, and every finished game at /u/<name>/history/ (+ .csv, .json)."""

import csv

from django.http import Http404, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from stats import selectors

EXPORT_FIELDS = ("table_id", "game", "finished_at", "seat", "rank", "won", "score", "hands", "moves", "undos",
                 "variant", "seconds", "opponents")


def _player_or_404(name):
    player = selectors.profile_player(name=name)
    if player is None:
        raise Http404("No player plays under that name.")
    return player


@require_GET
def stats(request, name):
    player = _player_or_404(name)
    stats = selectors.personal_stats(player=player)
    return render(request, "stats/stats.html", {
        "player": player,
        "stats": stats,
        "columns": selectors.stats_columns(stats),
        "charts": selectors.results_charts(player=player),
        "rating_charts": selectors.rating_charts(player=player),
        "chart_size": selectors.RATING_CHART,
    })


@require_GET
def history(request, name):
    player = _player_or_404(name)
    game = request.GET.get("game") or None
    return render(request, "stats/history.html", {
        "player": player,
        "game": game,
        "games": selectors.history_games(player=player),
        "page": selectors.history_page(player=player, game=game, page=request.GET.get("page")),
    })


class _Echo:
    """A file-like csv.writer target that hands each line back instead of storing it."""

    def write(self, value):
        return value


def _csv_lines(rows):
    writer = csv.writer(_Echo())
    yield writer.writerow(EXPORT_FIELDS)
    for row in rows:
        values = row.as_dict()
        values["opponents"] = "; ".join(values["opponents"])
        yield writer.writerow(["" if values[field] is None else values[field] for field in EXPORT_FIELDS])


@require_GET
def history_csv(request, name):
    player = _player_or_404(name)
    rows = selectors.history_rows(player=player, game=request.GET.get("game") or None)
    response = StreamingHttpResponse(_csv_lines(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="history.csv"'
    return response


@require_GET
def history_json(request, name):
    player = _player_or_404(name)
    rows = selectors.history_rows(player=player, game=request.GET.get("game") or None)
    return JsonResponse([row.as_dict() for row in rows], safe=False)
