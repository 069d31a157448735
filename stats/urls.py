from django.urls import path, re_path

from games.converters import GameSlugConverter
from stats import views, views_analysis, views_history, views_rankings, views_replay

urlpatterns = [
    path("rankings/", views_rankings.rankings, name="rankings"),
    # The "game" converter's pattern (registered games only); games.urls registers the converter
    # after this module is loaded, and registering it twice is an error from Django 6.
    re_path(rf"^(?P<game>{GameSlugConverter.regex})/rankings/$", views_rankings.game_rankings,
            name="game_rankings"),
    # The name as stored, spaces and all (reversed URLs quote them); looked up in any case.
    path("u/<str:name>/", views.profile, name="profile"),
    path("u/<str:name>/stats/", views_history.stats, name="personal_stats"),
    path("u/<str:name>/history/", views_history.history, name="history"),
    path("u/<str:name>/history.csv", views_history.history_csv, name="history_csv"),
    path("u/<str:name>/history.json", views_history.history_json, name="history_json"),
    path("g/<int:table_id>/replay/", views_replay.replay_page, name="replay"),
    path("g/<int:table_id>/analysis/", views_analysis.analysis_page, name="analysis"),
]
