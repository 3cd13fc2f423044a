"""A locked table (a confirmed tournament result) refuses changes until it is unlocked."""

import pytest
from django.urls import reverse

from scoring.models import Revision, TableEvent
from scoring.services import Author, lock_table, unlock_table

from .helpers import create_schatzsuche, post_round, round_fields, text

pytestmark = pytest.mark.django_db


def test_locked_table_refuses_new_and_corrected_rounds_and_unlock_is_recorded(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert lock_table(table, Author(name="Ben"), reason="bestätigt")
    page = text(client.get(reverse("table", args=[key])))
    assert "Bestätigt und gesperrt von Ben" in page
    assert 'name="bid_0"' not in client.get(reverse("table", args=[key])).content.decode()

    refused = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1)
    assert refused.status_code == 302
    assert "bestätigt und gesperrt" in text(client.get(refused.url))
    assert Revision.objects.filter(round__table=table).count() == 1

    assert unlock_table(table, Author(name="Turnierleitung"), reason="Zählfehler in Spiel 1")
    allowed = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1)
    assert allowed.status_code == 302
    assert Revision.objects.filter(round__table=table).count() == 2
    events = list(TableEvent.objects.filter(table=table).values_list("kind", "author", "reason"))
    assert events == [
        ("locked", "Ben", "bestätigt"),
        ("unlocked", "Turnierleitung", "Zählfehler in Spiel 1"),
    ]


def test_locking_twice_records_one_event(client):
    table, _key = create_schatzsuche(client)
    assert lock_table(table, Author(name="Ben"))
    assert not lock_table(table, Author(name="Cem"))
    assert TableEvent.objects.filter(table=table).count() == 1
    assert table.locked_by == "Ben"
