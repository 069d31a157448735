from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games and tables"

    def ready(self):
        # Moves a guest's games into their account when they log in (accounts.signals).
        import games.identity  # noqa: F401

        # Registers bot_turn with the Celery app in every process, web included, so that
        # services can reach it by name (eager mode runs it in the web process).
        from games import tasks  # noqa: F401
