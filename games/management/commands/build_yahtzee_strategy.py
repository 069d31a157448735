import time

from django.core.management.base import BaseCommand

from games.catalogue.yahtzee import table


class Command(BaseCommand):
    help = ("Solve solitaire Yahtzee (about 140 s of CPU) and save the perfect bot's table to "
            "YAHTZEE_STRATEGY_FILE (default var/yahtzee_strategy.npy), where the bot loads it.")

    def handle(self, *args, **options):
        started = time.process_time()
        values = table.build()
        target = table.path()
        self.stdout.write(f"Expected score at the start: {values[0, 0, 0]:.4f}. Built in "
                          f"{time.process_time() - started:.0f} s of CPU; {target} holds "
                          f"{target.stat().st_size / 1e6:.1f} MB.")
