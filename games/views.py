from django.shortcuts import render

from games import selectors


def home(request):
    return render(request, "games/home.html", {"games": selectors.game_catalogue()})
