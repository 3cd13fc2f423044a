"""Whether a thrown-in deal counts toward a table's games: tournaments.md, "Passed deals:
thrown in … — a profile setting; whether a thrown-in deal counts toward the table's game
count is a setting too." It is chosen at setup, frozen with the first published round, and
the scorepad, the organizer's progress, the confirmation and the standings all follow it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.tables import summarize
from tests.scoring.helpers import text
from tournaments.models import Tournament
from tournaments.standings import compute

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    published_round,
    register,
    rufspiel,
    scorer_key_of,
    solo,
    tables_of,
)

pytestmark = pytest.mark.django_db

THROWN_IN = {"contract": "thrown_in"}


def schafkopf_round(client, *, thrown_in_counts):
    """Round 1 of a Schafkopf tournament of 3 games per round, 4 players at one table."""
    tournament = make_tournament(
        logged_in(client), game="schafkopf", games_per_round=3, thrown_in_counts=thrown_in_counts
    )
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    return tournament, table


def sheet(table) -> str:
    return text(Client().get(reverse("table", args=[scorer_key_of(table)])))


def progress(client, tournament) -> str:
    return text(client.get(reverse("round_progress", args=[tournament.pk, 1])))


def test_setup_offers_the_setting_for_schafkopf_only_and_freezes_it(client):
    user = logged_in(client)
    url = reverse("tournament_new", args=["schafkopf"])
    page = client.get(url).content.decode()
    assert re.search(r'<input type="checkbox" name="thrown_in_counts"[^>]*checked', page)
    assert "Ein zusammengeworfenes Spiel zählt als eines der Spiele pro Runde" in text(
        client.get(url)
    )
    fields = {
        "name": "Liga",
        "rounds": 2,
        "games_per_round": 3,
        "table_size": 4,
        "remainder": "larger",
        "tie_break": "solos_lot",
        "profile": "turnier-1-15",
    }  # the box left unticked
    assert client.post(url, fields).status_code == 302
    liga = Tournament.objects.get(name="Liga")
    assert liga.thrown_in_counts is False
    assert (
        'name="thrown_in_counts"'
        not in client.get(reverse("tournament_new", args=["schatzsuche"])).content.decode()
    )

    register(liga, 4)
    (table,) = tables_of(published_round(liga))
    assert table.options["thrown_in_counts"] is False
    # Once a round is published, ticking the box changes nothing.
    settings = client.post(
        reverse("tournament_settings", args=[liga.pk]), {**fields, "thrown_in_counts": "on"}
    )
    assert settings.status_code == 302
    liga.refresh_from_db()
    assert liga.thrown_in_counts is False
    assert user in liga.organizers.all()


def test_by_default_a_thrown_in_deal_counts_as_a_game(client):
    tournament, table = schafkopf_round(client, thrown_in_counts=True)
    assert table.options["thrown_in_counts"] is True
    enter_game(table, 1, rufspiel(0, 1))
    enter_game(table, 2, THROWN_IN)
    enter_game(table, 3, solo(2))
    assert summarize(table).finished
    assert "3 von 3 Spielen" in sheet(table)
    assert "3/3" in progress(client, tournament)


def test_when_off_the_table_plays_on_until_enough_games_without_thrown_in_deals(client):
    tournament, table = schafkopf_round(client, thrown_in_counts=False)
    enter_game(table, 1, rufspiel(0, 1))
    enter_game(table, 2, THROWN_IN)
    enter_game(table, 3, solo(2))

    assert not summarize(table).finished
    page = sheet(table)
    assert "2 von 3 Spielen (Zusammengeworfene zählen nicht)" in page
    assert "Ergebnis bestätigen" not in page  # no confirmation before the last game
    assert "2/3" in progress(client, tournament) and "läuft" in progress(client, tournament)
    phone = Client()
    refused = phone.post(
        reverse("tournament_confirm", args=[scorer_key_of(table)]),
        {"seat": table.player_names[3]},
    )
    assert "Die Runde ist noch nicht vorbei" in text(phone.get(refused.url))

    enter_game(table, 4, rufspiel(1, 3, "lost"))
    assert summarize(table).finished
    assert "3/3" in progress(client, tournament)
    assert "Ergebnis bestätigen" in sheet(table)
    # A fifth game is refused, like any game beyond the required number.
    response = phone.post(
        reverse("round_save", args=[scorer_key_of(table), 5]),
        {"base": 0, "submission": "8f6b6c3e-64a2-4c3e-9a43-1b2f3c4d5e6f", **solo(0)},
    )
    assert "Das Spiel ist beendet: Spiel 5 kann nicht mehr eingetragen werden" in text(
        phone.get(response.url)
    )


def test_the_standings_count_the_same_games_as_the_table(client):
    """A correction that turns the thrown-in deal into a game makes game 4 one too many:
    the table and the standings both stop after the third game that counts."""
    tournament, table = schafkopf_round(client, thrown_in_counts=False)
    names = table.player_names
    enter_game(table, 1, rufspiel(0, 1))
    enter_game(table, 2, THROWN_IN)
    enter_game(table, 3, solo(2))
    enter_game(table, 4, solo(3))

    def standings_points():
        return [next(r.total for r in compute(tournament).rows if r.name == n) for n in names]

    before = summarize(table).totals
    assert standings_points() == before and sum(before) == 0
    assert before == [1 - 5 - 5, 1 - 5 - 5, -1 + 15 - 5, -1 - 5 + 15]

    enter_game(table, 2, solo(1))  # the correction
    summary = summarize(table)
    assert [row.number for row in summary.rows] == [1, 2, 3]  # game 4 is not part of the round
    assert summary.finished
    assert summary.totals == [1 - 5 - 5, 1 + 15 - 5, -1 - 5 + 15, -1 - 5 - 5]
    assert standings_points() == summary.totals
