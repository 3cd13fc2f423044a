"""A tournament's audit trail, and organizers deciding disputes on their tournament's tables."""

import csv
import io

import pytest
from django.urls import reverse

from scoring.services import Author, lock_table, unlock_table

from .helpers import (
    enter_game,
    organizer,
    rufspiel,
)

pytestmark = pytest.mark.django_db


def test_tournament_audit_lists_every_tables_changes_and_exports_csv(client, schafkopf_round):
    tournament, _round, (first, second) = schafkopf_round
    players_first, players_second = first.player_names, second.player_names
    enter_game(first, 1, rufspiel(0, 2), author=players_first[1])
    enter_game(second, 1, rufspiel(1, 3, outcome="lost"), author=players_second[0])
    lock_table(second, Author(name=players_second[2]), reason="bestätigt")
    unlock_table(second, Author(name="leitung (Turnierleitung)"), reason="Einspruch")

    page = client.get(reverse("tournament_audit", args=[tournament.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Runde 1, Tisch 1" in html and "Runde 1, Tisch 2" in html
    assert "Grund: Einspruch" in html

    response = client.get(reverse("tournament_audit", args=[tournament.pk]) + "?format=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Turnierrunde", "Tisch", "Zeit", "Runde"]
    tables = {row[1] for row in rows[1:]}
    assert tables == {"1", "2"}
    assert ["entsperrt", "Einspruch"] in [[row[4], row[7]] for row in rows[1:]]
    # Times as the pages show them: Europe/Berlin with its offset, not UTC.
    assert all(row[2].endswith(("+01:00", "+02:00")) for row in rows[1:])


def test_another_organizer_sees_no_audit(client, schafkopf_round):
    tournament, _round, _tables = schafkopf_round
    client.force_login(organizer("fremd"))
    assert client.get(reverse("tournament_audit", args=[tournament.pk])).status_code == 404


def test_organizer_may_open_disputes_on_his_tables_only(client, schafkopf_round):
    tournament, _round, (first, _second) = schafkopf_round
    enter_game(first, 1, rufspiel(0, 2), author=first.player_names[1])
    disputes = reverse("dispute_round_org", args=[first.pk, 1])
    assert client.get(disputes).status_code == 200
    table_page = client.get(
        reverse("tournament_table", args=[tournament.pk, 1, 1])
    ).content.decode()
    assert disputes in table_page  # the game's dispute link on the organizer's table page
    client.force_login(organizer("fremd"))
    assert client.get(disputes).status_code == 404
