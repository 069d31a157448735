"""Ratings (OpenSkill, Plackett-Luce) and the leaderboards built from them.

``Rating`` is a registered player's current skill in one game; ``RatingSnapshot`` keeps the
last value of each day (for charts); ``RatedMarker`` says a table's result is in the ratings
(written in the same transaction as the ratings it moved, so a game is rated exactly once);
``LeaderboardRow`` is the nightly ranking of one game (stats.leaderboard.rebuild).
"""

from django.db import models

from accounts.models import Player
from games.models import Table

# Display scale: a new player (mu 25, sigma 25/3, ordinal mu - 3*sigma = 0) shows 1500;
# each point of ordinal is 20 display points.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20
PROVISIONAL_GAMES = 20


def display_rating(ordinal: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)


class Rating(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="rated games played")
    wins = models.PositiveIntegerField(default=0)
    # The finish time of the last rated game (not the wall clock: re-rating gives the same rows).
    last_rated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="one_rating_per_game")]
        indexes = [models.Index(fields=["game", "last_rated_at"])]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game}: {self.display}"

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return display_rating(self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


class RatingSnapshot(models.Model):
    """A player's rating at the end of a day they played rated games."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_snapshots")
    game = models.CharField(max_length=32)
    day = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game", "day"], name="one_rating_snapshot_per_day")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game} on {self.day}: {display_rating(self.ordinal)}"


class RatedMarker(models.Model):
    """This table's result is in the ratings."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="rated_marker")

    def __str__(self) -> str:
        return f"table {self.table_id} rated"


class LeaderboardRow(models.Model):
    game = models.CharField(max_length=32)
    rank = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="leaderboard_rows")
    ordinal = models.FloatField()
    games = models.PositiveIntegerField()
    win_rate = models.FloatField()
    # Previous rank minus this rank: positive moved up; None: new on the board.
    movement = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "rank", "player_id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="one_leaderboard_row_per_game")]
        indexes = [models.Index(fields=["game", "rank"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.rank}: {self.player_id}"

    @property
    def rating(self) -> int:
        """The display rating (computed here, so that it rounds as everywhere else)."""
        return display_rating(self.ordinal)
