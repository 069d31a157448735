from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = "Stats, ratings and rankings"

    def ready(self):
        # Registers stats.tasks.rate_games (the nightly beat entry "rate-games") in every process.
        from stats import tasks  # noqa: F401
