"""A tournament counts in any number of series (issue 29 §2): a club ranks "alle Abende" and
"bester Abend" side by side over the same evenings; the best-N exports name the evenings
that did not count and carry the tie-break column; the migration keeps each tournament's
series as its one link, both ways."""

import csv
import io

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from openpyxl import load_workbook

from tournaments import services
from tournaments.series import rank_series

from .helpers import logged_in, rufspiel, solo
from .test_series_and_prizes import CLUB, evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(client):
    club = services.create_club(logged_in(client), "Schafkopffreunde")
    services.add_members(club, CLUB)
    return club


def two_evenings(club):
    first, a = evening(club, "Abend 1", [solo(0), rufspiel(1, 2)])  # seat 0: +15, -1
    second, b = evening(club, "Abend 2", [solo(3, outcome="lost")])
    one = {a[0]: 15 - 1, a[1]: -5 + 1, a[2]: -5 + 1, a[3]: -5 - 1}
    two = {b[0]: 5, b[1]: 5, b[2]: 5, b[3]: -15}
    return first, second, one, two


def test_a_second_series_over_the_same_evenings_leaves_the_first_its_evenings(client, club):
    first, second, one, two = two_evenings(club)
    evenings = [first.pk, second.pk]
    url = reverse("series_new", args=[club.pk])
    every = {"name": "Alle Abende", "tie_break": "solos_lot", "tournaments": evenings}
    assert client.post(url, every).status_code == 302
    best = {**every, "name": "Bester Abend", "best_of": "1"}
    assert client.post(url, best).status_code == 302

    all_series = {series.name: series for series in club.series.all()}
    summed = {row.name: row.points for row in rank_series(all_series["Alle Abende"]).rows}
    assert summed == {name: one[name] + two[name] for name in CLUB}
    best_one = {row.name: row.points for row in rank_series(all_series["Bester Abend"]).rows}
    assert best_one == {name: max(one[name], two[name]) for name in CLUB}
    # The first series' page still shows its evenings and its rule of ties.
    page = client.get(reverse("series", args=[all_series["Alle Abende"].pk]))
    text = page.content.decode()
    assert "Noch kein Abend gespielt" not in text
    assert "Abend 1" in text and "Abend 2" in text
    assert "Gleichstand: gewonnene Soli (S), dann Los (L)" in text or "Soli (S)" in text
    assert set(first.series.values_list("name", flat=True)) == {"Alle Abende", "Bester Abend"}

    # Taking an evening off one series leaves it in the other.
    edit = reverse("series_edit", args=[club.pk, all_series["Bester Abend"].pk])
    assert client.post(edit, {**best, "tournaments": [first.pk]}).status_code == 302
    assert list(all_series["Alle Abende"].tournaments.order_by("pk")) == [first, second]
    assert list(all_series["Bester Abend"].tournaments.all()) == [first]


def test_best_n_exports_name_the_dropped_evenings_and_the_tie_break(client, club):
    first, second, one, two = two_evenings(club)
    url = reverse("series_new", args=[club.pk])
    form = {"name": "Bester Abend", "best_of": "1", "tie_break": "solos_lot"}
    assert client.post(url, {**form, "tournaments": [first.pk, second.pk]}).status_code == 302
    series = club.series.get()

    response = client.get(reverse("series_csv", args=[series.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    header, lines = rows[0], rows[1:]
    assert header[-2:] == ["Nicht gezählt", "Gleichstand entschieden durch"]
    for line in lines:
        name = line[2]
        worse = "Abend 2" if one[name] >= two[name] else "Abend 1"
        assert line[-2] == worse, name
    # Two players with the same points: the column says how their tie was broken.
    points = [int(line[header.index("Punkte")]) for line in lines]
    ties = [line[-1] for line, p in zip(lines, points, strict=True) if points.count(p) > 1]
    assert ties and all(tie in {"gewonnene Soli", "Los"} for tie in ties)

    book = load_workbook(io.BytesIO(client.get(reverse("series_xlsx", args=[series.pk])).content))
    sheet = book.worksheets[0]
    assert [cell.value for cell in sheet[1]][-2:] == header[-2:]
    assert {row[2]: row[-2] for row in sheet.iter_rows(min_row=2, values_only=True)} == {
        line[2]: line[-2] for line in lines
    }


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_each_tournaments_series_both_ways():
    executor = MigrationExecutor(connection)
    old = [("tournaments", "0006_tournament_series_totals")]
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    Club, Series = apps.get_model("tournaments", "Club"), apps.get_model("tournaments", "Series")
    Tournament = apps.get_model("tournaments", "Tournament")
    club = Club.objects.create(name="Verein")
    series = Series.objects.create(club=club, name="Liga", lot_seed="s", public_key="k1")
    linked = Tournament.objects.create(
        name="Abend", game="schafkopf", profile_name="p", series=series, public_key="k2"
    )
    alone = Tournament.objects.create(name="Solo", game="schafkopf", profile_name="p")

    new = [("tournaments", "0007_series_evenings_many")]
    executor = MigrationExecutor(connection)
    executor.migrate(new)
    apps = executor.loader.project_state(new).apps
    Series = apps.get_model("tournaments", "Series")
    assert list(Series.objects.get(pk=series.pk).tournaments.values_list("pk", flat=True)) == [
        linked.pk
    ]

    executor = MigrationExecutor(connection)
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    Tournament = apps.get_model("tournaments", "Tournament")
    assert Tournament.objects.get(pk=linked.pk).series_id == series.pk
    assert Tournament.objects.get(pk=alone.pk).series_id is None
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
