from django.db import models
from django.db.models import Q

from accounts.models import Player


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    game = models.CharField(max_length=32)  # the engine's slug
    options = models.JSONField(default=dict)
    # The engine's dump; None until the host starts the game.
    state = models.JSONField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0, help_text="moves applied so far")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    private = models.BooleanField(default=False, help_text="unlisted; joining needs the invite code")
    # Shared as /t/<id>/join/<code> or typed on the game page; every new table gets one.
    invite_code = models.CharField(max_length=8, unique=True, null=True, blank=True)
    # Seconds a person has for each turn before a bot plays it for them; 0: no timer.
    turn_seconds = models.PositiveIntegerField(default=0)
    host = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="hosted_tables")
    # Server-side only: revealed once the game is over, never sent while it runs (its SHA-256
    # is shown from the start: games.fairness).
    seed = models.CharField(max_length=64)
    # The deal's shareable number ("Game #1234") for numbered games; the seed comes from it
    # through the site's deal secret (games.deals.seed_for).
    deal_number = models.PositiveBigIntegerField(null=True, blank=True)
    # The table this one is a rematch of, so "Play again" can find an existing rematch.
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # The day of the daily deal this table plays, if it is one.
    daily = models.DateField(null=True, blank=True)
    # Rated: the result moves its players' ratings (stats.rating); registered players only.
    rated = models.BooleanField(default=False)
    # The bot level seats left empty get at the start (the New table form's choice); "": the
    # game's default bot (catalogue.Game.default_bot).
    empty_seat_level = models.CharField(max_length=16, blank=True)
    # When a bot (or a bot standing in for a person away) is next due to act; None while no
    # bot is to act. Written with the move that made it due, so that a bot turn lost with a
    # process (a killed worker, a restarted server, a Redis restart) is found again by
    # games.recovery, by whichever process is alive.
    bot_due_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["game", "status", "private"]),
            # The nightly rating walks finished rated tables in finish order (stats.rating).
            models.Index(fields=["finished_at", "id"], name="rated_finish_order",
                         condition=Q(status="finished", rated=True)),
            # The recovery sweep asks every few seconds for bot turns that are overdue.
            models.Index(fields=["bot_due_at"], name="bot_due", condition=Q(bot_due_at__isnull=False)),
            # A daily deal is shown once none of its day's tables plays it (games.fairness).
            models.Index(fields=["game", "daily"], name="daily_tables", condition=Q(daily__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.game} table {self.pk}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats")
    bot_level = models.CharField(max_length=16, blank=True)
    # A person's seat that a bot plays while they are gone (left, or their sockets closed
    # for longer than AWAY_GRACE_SECONDS); they take it back by coming back.
    away_since = models.DateTimeField(null=True, blank=True)
    # When a socket of this seat's person was last alive; None: never connected.
    seen_at = models.DateTimeField(null=True, blank=True)
    # With a turn timer: when this seat's current turn runs out (None when it is not to act).
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player"),
            models.CheckConstraint(
                condition=Q(player__isnull=True) | Q(bot_level=""), name="seat_is_player_or_bot"
            ),
        ]
        # The recovery sweep asks every few seconds for turn timers that ran out unseen.
        indexes = [models.Index(fields=["deadline"], name="turn_deadline", condition=Q(deadline__isnull=False))]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.player_id is None and not self.bot_level

    @property
    def is_away(self) -> bool:
        return self.away_since is not None


class Move(models.Model):
    """The append-only log: any game can be replayed from its seed and these rows."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(help_text="the table's seq after this move (1 = first move)")
    seat = models.PositiveSmallIntegerField()
    move = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="one_move_per_seq")]

    def __str__(self) -> str:
        return f"table {self.table_id} move {self.seq}: seat {self.seat} {self.move}"


class GameResult(models.Model):
    """One row per seat of a finished game: what stats and ratings are built from."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    game = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="results")
    bot_level = models.CharField(max_length=16, blank=True)
    score = models.IntegerField()
    rank = models.PositiveSmallIntegerField()
    won = models.BooleanField(default=False, help_text="ranked first; alone: finished, not given up")
    hands = models.PositiveIntegerField()
    finished_at = models.DateTimeField()
    # Solitaire and the like (Engine.result_facts): moves made, undos used, the variant
    # played ("draw 3"), and the seconds from start to finish.
    moves = models.PositiveIntegerField(null=True, blank=True)
    undos = models.PositiveIntegerField(null=True, blank=True)
    variant = models.CharField(max_length=32, blank=True)
    seconds = models.PositiveIntegerField(null=True, blank=True)
    # How this seat's game went, in the game's word for it (Engine.result_facts "marks"):
    # Cribbage's "skunk" for the winner, "skunked" for the loser; blank for none.
    mark = models.CharField(max_length=32, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="one_result_per_seat")]
        indexes = [models.Index(fields=["player", "game", "finished_at"])]

    def __str__(self) -> str:
        return f"table {self.table_id} seat {self.seat}: rank {self.rank}, {self.score} points"


class WinnableDeal(models.Model):
    """A deal a solver proved winnable, kept in a pool for "Winnable deals only".

    ``variant`` spells the options that decide winnability (Engine.winnability_options),
    e.g. "draw=3,passes=unlimited". A deal leaves the pool when a table takes it. Its seed is
    a random one of its own, so no other table is ever dealt it and its end may show it;
    ``number`` only where numbers are open and hide nothing (FreeCell's)."""

    game = models.CharField(max_length=32)
    variant = models.CharField(max_length=64, blank=True)
    number = models.PositiveBigIntegerField(null=True, blank=True)
    seed = models.CharField(max_length=64)
    solution_length = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "variant", "number"], name="one_winnable_deal")]

    def __str__(self) -> str:
        return f"{self.game} deal {self.number or self.seed[:8]} ({self.variant or 'standard'}), winnable"


class DailyDeal(models.Model):
    """The deal everyone plays today, per game and variant; chosen once, on first ask.

    Its seed is a random one, named by no number anyone could type, so only the day's
    tables are dealt it (games.fairness says when it is shown). ``number`` only where
    numbers are open (FreeCell's), and on days chosen before seeds were kept here."""

    game = models.CharField(max_length=32)
    variant = models.CharField(max_length=64, blank=True)
    day = models.DateField()
    number = models.PositiveBigIntegerField(null=True, blank=True)
    seed = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "variant", "day"], name="one_daily_deal")]

    def __str__(self) -> str:
        return f"{self.game} daily deal of {self.day}"
