from celery import shared_task

from stats import leaderboard, rating


@shared_task(name="stats.tasks.rate_games")
def rate_games() -> dict:
    """Nightly (CELERY_BEAT_SCHEDULE "rate-games"): rate new games, then rebuild every leaderboard."""
    rated = rating.rate_games()
    return {"rated": rated, "leaderboards": leaderboard.rebuild_all()}
