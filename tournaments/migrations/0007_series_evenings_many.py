"""A tournament counts in any number of series (issue 29 §2): the foreign key
``Tournament.series`` becomes the many-to-many ``Series.tournaments``, each existing link
kept as the tournament's one link. Backwards, a tournament keeps the series it was linked
to first (a foreign key holds one)."""

import django.db.models.deletion
from django.db import migrations, models


def links_forward(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Through = apps.get_model("tournaments", "Series").tournaments.through
    Through.objects.bulk_create(
        Through(series_id=series_id, tournament_id=pk)
        for pk, series_id in Tournament.objects.filter(old_series__isnull=False).values_list(
            "pk", "old_series"
        )
    )


def links_backward(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Through = apps.get_model("tournaments", "Series").tournaments.through
    first: dict[int, int] = {}
    for tournament_id, series_id in Through.objects.order_by("pk").values_list(
        "tournament_id", "series_id"
    ):
        first.setdefault(tournament_id, series_id)
    for tournament_id, series_id in first.items():
        Tournament.objects.filter(pk=tournament_id).update(old_series=series_id)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_tournament_series_totals")]

    operations = [
        migrations.RenameField("tournament", "series", "old_series"),
        migrations.AlterField(
            model_name="tournament",
            name="old_series",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="tournaments.series",
            ),
        ),
        migrations.AddField(
            model_name="series",
            name="tournaments",
            field=models.ManyToManyField(
                blank=True,
                related_name="series",
                to="tournaments.tournament",
                verbose_name="evenings",
            ),
        ),
        migrations.RunPython(links_forward, links_backward),
        migrations.RemoveField(model_name="tournament", name="old_series"),
    ]
