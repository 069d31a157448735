from django.urls import path, register_converter

from games import views, views_rules
from games.converters import GameSlugConverter

register_converter(GameSlugConverter, "game")

urlpatterns = [
    path("", views.home, name="home"),
    path("<game:game>/", views.game_page, name="game"),
    path("<game:game>/rules/", views_rules.rules, name="rules"),
    path("glossary/", views_rules.glossary_page, name="glossary"),
    path("fair/", views_rules.fairness_page, name="fairness"),
    path("<game:game>/play-now", views.play_now, name="play_now"),
    path("<game:game>/new", views.new_table, name="new_table"),
    path("<game:game>/join", views.join_by_code, name="join_by_code"),
    path("t/<int:table_id>/", views.table_page, name="table"),
    path("t/<int:table_id>/board", views.board, name="board"),
    path("t/<int:table_id>/move", views.move, name="move"),
    path("t/<int:table_id>/join", views.join, name="join"),
    path("t/<int:table_id>/join/<str:code>", views.join_by_link, name="join_by_link"),
    path("t/<int:table_id>/back", views.come_back, name="come_back"),
    path("t/<int:table_id>/hint", views.hint, name="hint"),
    path("t/<int:table_id>/give-up", views.give_up, name="give_up"),
    path("t/<int:table_id>/leave", views.leave, name="leave"),
    path("t/<int:table_id>/bot", views.set_bot, name="set_bot"),
    path("t/<int:table_id>/start", views.start, name="start"),
    path("t/<int:table_id>/again", views.play_again, name="play_again"),
]
