from django.db import migrations, models
from django.db.models import Q


def empty_the_pool(apps, schema_editor):
    # Pooled deals were numbers anyone could type, so a finished one would give away the
    # tables still to be dealt it. The pool is only a store ahead of demand: it refills.
    apps.get_model("games", "WinnableDeal").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0013_table_empty_seat_level"),
    ]

    operations = [
        migrations.RunPython(empty_the_pool, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="winnabledeal",
            name="number",
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="winnabledeal",
            name="seed",
            field=models.CharField(default="", max_length=64),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="dailydeal",
            name="number",
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="dailydeal",
            name="seed",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(condition=Q(daily__isnull=False), fields=["game", "daily"], name="daily_tables"),
        ),
    ]
