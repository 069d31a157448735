"""``Table.bot_due_at``: the row says when a bot is next due, so a lost bot turn can be found.

Tables running when this is applied may have a bot to act: each one with a bot or an away
seat is marked due now, and the first recovery sweep queues its turn; where no bot is to
act after all, the turn clears the mark (``services.play_bot_move``).
"""

from django.db import migrations, models
from django.db.models import Q
from django.utils import timezone


def mark_running_tables_due(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    Table.objects.filter(status="playing").filter(
        Q(seats__bot_level__gt="") | Q(seats__away_since__isnull=False)).update(bot_due_at=timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_player_merged_into"),
        ("games", "0008_klondike_history_as_differences"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="bot_due_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(condition=models.Q(("deadline__isnull", False)), fields=["deadline"], name="turn_deadline"),
        ),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(condition=models.Q(("bot_due_at__isnull", False)), fields=["bot_due_at"], name="bot_due"),
        ),
        migrations.RunPython(mark_running_tables_due, migrations.RunPython.noop),
    ]
