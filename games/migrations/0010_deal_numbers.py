"""``Table.deal_number``: a numbered deal's number, apart from its seed.

Until now a numbered deal's seed was its number, and the shuffle is public, so the number
gave away the deal. From here on the seed comes from the number through DEAL_SECRET
(``games.deals.seed_for``). Tables dealt before keep their seed, so their layouts stay
exactly as they were; they get their number back in ``deal_number``. Winnable pools of
secret-numbered games were proven under the old mapping, so they are emptied (the periodic
refill proves new ones), and so are those games' daily deals from today on (a new one is
chosen on first ask); FreeCell's open numbers keep both.
"""

from django.db import migrations, models
from django.utils import timezone

from games import catalogue


def _numbered(open_numbers: bool | None = None) -> list[str]:
    return [engine.slug for engine in (game.engine for game in catalogue.all()) if engine.deal_numbers is not None
            and (open_numbers is None or engine.deal_numbers_open == open_numbers)]


def numbers_from_seeds(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(game__in=_numbered(), seed__regex=r"^[0-9]{1,18}$").only("pk", "seed"):
        Table.objects.filter(pk=table.pk).update(deal_number=int(table.seed))
    secret = _numbered(open_numbers=False)
    apps.get_model("games", "WinnableDeal").objects.filter(game__in=secret).delete()
    apps.get_model("games", "DailyDeal").objects.filter(game__in=secret, day__gte=timezone.localdate()).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_bot_due_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="deal_number",
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        # Backwards the numbers are simply dropped with the column; the seeds never changed.
        migrations.RunPython(numbers_from_seeds, migrations.RunPython.noop),
    ]
