from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from stats import selectors


@require_GET
def profile(request, name):
    player = selectors.profile_player(name=name)
    if player is None:
        raise Http404("No player plays under that name.")
    return render(request, "stats/profile.html", {
        "player": player,
        "member_since": selectors.member_since(player=player),
        "games_played": selectors.games_played(player=player),
        "recent_games": selectors.recent_games(player=player),
        "is_me": player.pk == request.player.pk,
    })
