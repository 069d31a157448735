from django.core.management.base import BaseCommand

from stats import leaderboard, rating


class Command(BaseCommand):
    help = "Rate every finished rated game not rated yet, then rebuild every game's leaderboard."

    def add_arguments(self, parser):
        parser.add_argument("--batch-size", type=int, default=rating.BATCH_SIZE)

    def handle(self, *args, batch_size, **options):
        rated = rating.rate_games(batch_size=batch_size)
        self.stdout.write(f"Rated {rated} games.")
        for game, rows in leaderboard.rebuild_all().items():
            self.stdout.write(f"{game}: {rows} players on the leaderboard.")
