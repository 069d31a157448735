from celery import shared_task

from games import chores
from stats import leaderboard, rating


# A million games take about two and a half minutes (bench/nightly.py). A run stopped by the
# limit loses only the batch in hand: the next carries on from the first game not rated.
@shared_task(name="stats.tasks.rate_games", soft_time_limit=30 * 60, time_limit=35 * 60)
def rate_games() -> dict:
    """Nightly (CELERY_BEAT_SCHEDULE "rate-games"): rate new games, then rebuild every leaderboard."""
    with chores.alone("rate-games") as mine:
        if not mine:
            return {"rated": 0, "leaderboards": {}}  # the run before is still at it
        rated = rating.rate_games()
        return {"rated": rated, "leaderboards": leaderboard.rebuild_all()}
