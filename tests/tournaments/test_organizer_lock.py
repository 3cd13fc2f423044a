"""The organizer's own lock of a table (tournaments.md, "Confirmation"): a table whose game
is not over, or with a game that is not zero-sum, is locked only after an explicit "lock
anyway"; and the results never call the standings final while a table is not over."""

import uuid

import pytest
from django.urls import reverse

from scoring.models import Revision, TableEvent
from scoring.services import Author, save_round
from tests.scoring.helpers import round_fields, text

from .helpers import enter_game, logged_in, make_tournament, published_round, register, tables_of

pytestmark = pytest.mark.django_db


def schatzsuche_round(number: int) -> dict:
    """Round ``number`` (``number`` cards each): seat 0 takes every trick."""
    fields = round_fields([0, 0, 0], [number, 0, 0])
    if number == 10:
        fields = round_fields([0, 0, 0], [number, 0, 0], golden=(["HA", "SA", "C7"], "H10"))
    return fields


@pytest.fixture
def half_played(client):
    """A Schatzsuche tournament of one round, its only table at 3 of 10 rounds."""
    tournament = make_tournament(logged_in(client), game="schatzsuche", rounds=1)
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    for number in (1, 2, 3):
        enter_game(table, number, schatzsuche_round(number))
    return tournament, table


def urls(tournament, name):
    return reverse(name, args=[tournament.pk, 1, 1])


def test_an_unfinished_table_needs_lock_anyway(client, half_played):
    tournament, table = half_played
    page = client.get(urls(tournament, "tournament_table")).content.decode()
    assert "Tisch 1 ist nicht zu Ende: 3 von 10 eingetragen." in page
    assert '<input type="checkbox" name="lock_anyway" value="1" id="lock-anyway">' in page

    refused = client.post(urls(tournament, "table_lock"))
    table.refresh_from_db()
    assert not table.is_locked
    shown = text(client.get(refused.url))
    assert "Tisch 1 ist nicht zu Ende: 3 von 10 eingetragen." in shown
    assert "Trotzdem sperren: bitte ankreuzen, um Tisch 1 dennoch zu sperren" in shown

    locked = client.post(urls(tournament, "table_lock"), {"lock_anyway": "1"})
    table.refresh_from_db()
    assert table.is_locked
    assert "Tisch 1 ist bestätigt und gesperrt." in text(client.get(locked.url))
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.LOCKED)
    assert event.reason == "confirmed by the organizer before the table was over"
    assert event.details["locked_anyway"] == {"over": False, "not_zero_sum": []}
    # Stored untranslated, shown in each reader's language.
    audit = reverse("tournament_audit", args=[tournament.pk])
    german = text(client.get(audit))
    assert "Grund: von der Turnierleitung bestätigt, bevor der Tisch zu Ende war" in german
    english = text(client.get(audit, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Reason: confirmed by the organizer before the table was over" in english
    progress = text(client.get(reverse("round_progress", args=[tournament.pk, 1])))
    assert "vor dem Ende gesperrt" in progress


def test_the_standings_are_not_final_while_a_locked_table_is_not_over(client, half_played):
    tournament, table = half_played
    client.post(urls(tournament, "table_lock"), {"lock_anyway": "1"})
    results = text(client.get(reverse("results", args=[tournament.pk])))
    assert "Endstand" not in results.replace("Noch kein Endstand", "")
    assert "Zwischenstand" in results
    assert "Diese Tische wurden gesperrt, bevor ihr Spiel zu Ende war" in results
    assert "Runde 1 · Tisch 1" in results
    standings = text(client.get(reverse("standings", args=[tournament.pk])))
    assert "Diese Tische wurden gesperrt" in standings
    public = text(client.get(reverse("public_standings", args=[tournament.public_key])))
    assert "Endstand" not in public

    # Unlocked, played to the end and locked again: now the standings are final.
    client.post(urls(tournament, "table_unlock"), {"reason": "Runden 4 bis 10 fehlten"})
    table.refresh_from_db()
    for number in range(4, 11):
        enter_game(table, number, schatzsuche_round(number))
    client.post(urls(tournament, "table_lock"))
    table.refresh_from_db()
    assert table.is_locked
    results = text(client.get(reverse("results", args=[tournament.pk])))
    assert "Endstand" in results and "Zwischenstand" not in results


def test_a_finished_table_locks_without_a_second_question(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", rounds=1, games_per_round=1)
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    enter_game(table, 1, {"contract": "solo", "declarer": 1, "suit": "E", "outcome": "won"})
    page = client.get(urls(tournament, "tournament_table")).content.decode()
    assert "lock_anyway" not in page
    client.post(urls(tournament, "table_lock"))
    table.refresh_from_db()
    assert table.is_locked
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.LOCKED)
    assert event.reason == "confirmed by the organizer"
    assert "locked_anyway" not in event.details
    assert "Endstand" in text(client.get(reverse("results", args=[tournament.pk])))


def test_a_game_that_is_not_zero_sum_needs_lock_anyway_too(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", rounds=1, games_per_round=1)
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    good = enter_game(table, 1, {"contract": "solo", "declarer": 1, "suit": "E", "outcome": "won"})
    save_round(  # a broken entry (a bug or a hand-made import), as in test_confirmation
        table,
        1,
        data=good.data,
        scores=[-5, 15, -5, -4],
        complete=True,
        base=good.number,
        submission=uuid.uuid4(),
        author=Author(name="Import"),
    )
    assert Revision.objects.filter(round__table=table, is_current=True).count() == 1
    refused = client.post(urls(tournament, "table_lock"))
    table.refresh_from_db()
    assert not table.is_locked
    shown = text(client.get(refused.url))
    assert "Tisch 1: Bei Spiel 1 ergeben Plus und Minus nicht null." in shown
    client.post(urls(tournament, "table_lock"), {"lock_anyway": "1"})
    table.refresh_from_db()
    assert table.is_locked
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.LOCKED)
    assert event.reason == "confirmed by the organizer with a game that is not zero-sum"
    assert event.details["locked_anyway"] == {"over": True, "not_zero_sum": [1]}
