"""The standings as CSV, read as a spreadsheet reads it in the organizer's language: German
with `;` and decimal commas, English with `,`; points are numbers (negative ones too), names
never formulas."""

import pytest
from django.urls import reverse

from tests.spreadsheet import german_number, read_csv
from tournaments import services

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    published_round,
    register,
    solo,
    tables_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(client):
    """Round 1 of a Schafkopf tournament (turnier-1-15, one game): at table 1 seat 1 wins a
    solo (+15, the others −5); table 2 has not played."""
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=1)
    services.register_players(tournament, [("=HYPERLINK(1)", None)])
    register(tournament, 7)
    first, _second = tables_of(published_round(tournament))
    enter_game(first, 1, solo(1))
    return tournament


def download(client, tournament, language):
    client.cookies["django_language"] = language
    response = client.get(reverse("standings_csv", args=[tournament.pk]))
    assert response.status_code == 200
    return read_csv(response, language)


def test_standings_open_in_a_spreadsheet_of_the_organizers_language(client, tournament):
    rows = download(client, tournament, "de")
    header = rows[0]
    assert header[:5] == ["Platz", "Startnummer", "Name", "Runde 1", "Punkte"]
    assert len(rows) == 9 and all(len(row) == len(header) for row in rows)
    ranked = rows[1:5]
    assert [german_number(row[4]) for row in ranked] == [15, -5, -5, -5]
    assert [row[4] for row in ranked] == ["15", "-5", "-5", "-5"]  # ASCII minus: numbers
    assert [german_number(row[3]) for row in ranked] == [15, -5, -5, -5]
    assert "'=HYPERLINK(1)" in [row[2] for row in ranked]
    # In English, `,` and decimal points as before.
    rows = download(client, tournament, "en")
    assert rows[0][:5] == ["Rank", "Start number", "Name", "Round 1", "Points"]
    assert [int(row[4]) for row in rows[1:5]] == [15, -5, -5, -5]
    assert "'=HYPERLINK(1)" in [row[2] for row in rows[1:5]]
