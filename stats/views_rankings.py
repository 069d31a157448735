"""The rankings: every game's leaderboard (/rankings/) and one game's, paginated (/<game>/rankings/)."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games import catalogue, selectors
from stats import leaderboard
from stats.models import LeaderboardRow

TOP = 100
PER_PAGE = 25
OVERVIEW_ROWS = 10


@require_GET
def rankings(request):
    boards = []
    for game in catalogue.all():
        if game.solo:
            rows = list(leaderboard.patience_ranking(game.slug)[:OVERVIEW_ROWS])
        else:
            rows = list(LeaderboardRow.objects.filter(game=game.slug).select_related("player")[:OVERVIEW_ROWS])
        boards.append({"engine": game.engine, "patience": game.solo, "rows": rows})
    return render(request, "stats/rankings.html", {"boards": boards, "me": _me(request)})


@require_GET
def game_rankings(request, game):
    engine = catalogue.get(game).engine
    query = request.GET.get("q", "").strip()
    me = _me(request)
    patience = catalogue.get(game).solo
    if patience:
        rows = leaderboard.patience_ranking(game)
        if query:
            rows = rows.filter(player__display_name__icontains=query)
        top = rows if query else rows[:TOP]
    else:
        rows = LeaderboardRow.objects.filter(game=game).select_related("player")
        if query:
            rows = rows.filter(player__display_name__icontains=query)
        top = rows if query else rows[:TOP]
    page = Paginator(top, PER_PAGE).get_page(request.GET.get("page"))
    my_row = None
    if me is not None:
        if patience:
            my_row = leaderboard.patience_row(game, me)
        else:
            my_row = LeaderboardRow.objects.filter(game=game, player_id=me).select_related("player").first()
    lines = [_line(row, me) for row in page.object_list]
    if my_row is not None and not any(line["mine"] for line in lines):
        lines.append({**_line(my_row, me), "below": True})  # your own row, under the list
    daily = selectors.daily_results(engine, day=timezone.localdate()) if engine.deal_numbers else None
    return render(request, "stats/rankings.html", {
        "engine": engine, "patience": patience, "page": page, "lines": lines, "query": query, "me": me,
        "daily_results": daily,
    })


def _line(row, me) -> dict:
    """One row of the table, the same for rated games and patience games."""
    if isinstance(row, dict):
        return {"rank": row["rank"], "name": row["player__display_name"], "wins": row["wins"],
                "daily_wins": row["daily_wins"], "mine": row["player_id"] == me, "below": False}
    return {"rank": row.rank, "name": row.player.display_name, "rating": row.rating, "games": row.games,
            "win_rate": round(100 * row.win_rate), "movement": row.movement, "mine": row.player_id == me,
            "below": False}


def _me(request):
    player = getattr(request, "player", None)
    return player.pk if player is not None else None
