"""The audit trail: every change — who, when, before/after, reason — in time order, and CSV."""

import csv
import io
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from scoring.models import Revision
from scoring.services import Author, lock_table, unlock_table

from .helpers import create_schatzsuche, post_round, round_fields, text, viewer_key

pytestmark = pytest.mark.django_db


def test_audit_lists_entries_corrections_and_unlocks_in_time_order(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    post_round(
        client,
        key,
        1,
        round_fields([0, 1, 0], [1, 0, 0]),
        base=1,
        author="Ben",
        reason="Zählfehler",
    )
    lock_table(table, Author(name="Cem"), reason="bestätigt")
    unlock_table(table, Author(name="Turnierleitung"), reason="Einspruch von Anna")
    page = text(client.get(reverse("audit", args=[viewer_key(table)])))
    order = [page.index(s) for s in ("Eintrag", "Korrektur", "Gesperrt", "Entsperrt")]
    assert order == sorted(order)
    assert "Stiche von Anna: 0 → 1" in page
    assert "Grund: Zählfehler" in page and "Grund: Einspruch von Anna" in page


def test_audit_csv_has_one_line_per_changed_value(client):
    _table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    post_round(client, key, 1, round_fields([0, 1, 0], [1, 0, 0]), base=1, author="Ben")
    response = client.get(reverse("audit", args=[key]) + "?format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    header, body = rows[0], rows[1:]
    assert header[:3] == ["Zeit", "Runde", "Art"]
    corrections = [row for row in body if row[2] == "Korrektur"]
    assert {(row[6], row[7], row[8]) for row in corrections} == {
        ("Stiche von Anna", "0", "1"),
        ("Stiche von Ben", "1", "0"),
    }
    assert all(row[3] == "Ben" for row in corrections)


def test_audit_csv_times_are_the_local_times_the_page_shows_with_their_offset(client):
    """Pages show Europe/Berlin; the CSV must not be an hour (or two, in summer) apart."""
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    post_round(client, key, 1, round_fields([0, 1, 0], [1, 0, 0]), base=1, author="Ben")
    revisions = Revision.objects.filter(round__table=table)
    revisions.filter(number=1).update(created_at=datetime(2026, 11, 22, 4, 49, 40, tzinfo=UTC))
    revisions.filter(number=2).update(created_at=datetime(2027, 7, 1, 10, 0, tzinfo=UTC))
    page = text(client.get(reverse("audit", args=[key])))
    assert "22.11.2026 05:49" in page and "01.07.2027 12:00" in page
    response = client.get(reverse("audit", args=[key]) + "?format=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    times = {row[2]: row[0] for row in rows[1:]}
    assert times == {
        "Eintrag": "2026-11-22T05:49:40+01:00",
        "Korrektur": "2027-07-01T12:00:00+02:00",
    }
