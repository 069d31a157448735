from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_result_won"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="rated",
            field=models.BooleanField(default=False),
        ),
    ]
