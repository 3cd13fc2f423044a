"""Verlustspielgeld: a fee per game lost as declarer, a higher one from the profile's N-th lost
game of a list on; counted per list (a table's round), per player and in total, on the
organizer's cash list and in its CSV."""

import pytest
from django.urls import reverse

from scoring.rules.skat import loss_fee
from tests.spreadsheet import german_number, read_csv
from tournaments.fees import loss_fees
from tournaments.templatetags.tournament_money import euros

from .helpers import logged_in, published_round, register, tables_of
from .skat_helpers import skat_game, skat_tournament

pytestmark = pytest.mark.django_db

SETTINGS = {"loss_fee_cents": 50, "loss_fee_high_cents": 100, "loss_fee_high_from": 4}


@pytest.fixture
def tournament(client):
    """Two rounds of 8 players. Round 1: at table 1 its seat 0 loses 5 games, its seat 1 one;
    round 2: whoever sat at seat 1 of table 1 in round 1 loses 4 more."""
    tournament = skat_tournament(logged_in(client), rounds=2)
    tournament.profile = {**tournament.profile, **SETTINGS}
    tournament.save()
    register(tournament, 8)
    first, _second = tables_of(published_round(tournament, seed="r1"))
    for _ in range(5):
        skat_game(first, 0, False, -48)
    skat_game(first, 1, False, -48)
    skat_game(first, 2, True, 24)
    later = tables_of(published_round(tournament, seed="r2"))
    name = first.player_names[1]
    table = next(t for t in later if name in t.player_names)
    for _ in range(4):
        skat_game(table, table.player_names.index(name), False, -36)
    return tournament, first


def test_fees_are_counted_per_list_with_the_higher_fee_from_the_nth_lost_game(tournament):
    tournament, first = tournament
    fees = {row.name: row for row in loss_fees(tournament).rows}
    five = fees[first.player_names[0]]
    assert five.total_lost == 5
    assert five.total_cents == loss_fee(5, SETTINGS) == 3 * 50 + 2 * 100
    split = fees[first.player_names[1]]
    assert split.lost == {1: 1, 2: 4}
    # The higher fee starts anew with each list: 1 + 4 lost in two lists cost less than 5 in
    # one.
    assert split.total_cents == loss_fee(1, SETTINGS) + loss_fee(4, SETTINGS)
    assert split.total_cents < five.total_cents
    assert fees[first.player_names[2]].total_cents == 0  # a won game costs nothing
    assert loss_fees(tournament).total_cents == sum(row.total_cents for row in fees.values())


def test_the_cash_list_shows_each_players_fee_and_the_total(client, tournament):
    tournament, first = tournament
    page = client.get(reverse("loss_fees", args=[tournament.pk])).content.decode()
    assert "Verlustspielgeld" in page
    total = loss_fees(tournament).total_cents
    assert euros(loss_fee(5, SETTINGS)) in page
    assert euros(total) in page
    assert "ab dem 4. verlorenen Spiel" in page
    assert first.player_names[0] in page


def test_the_cash_list_as_csv_sums_in_a_spreadsheet(client, tournament):
    tournament, first = tournament
    client.cookies["django_language"] = "de"
    rows = read_csv(client.get(reverse("loss_fees_csv", args=[tournament.pk])), "de")
    assert rows[0] == [
        "Startnummer",
        "Name",
        "Runde 1: verloren",
        "Runde 2: verloren",
        "Verlorene Spiele",
        "Verlustspielgeld (€)",
    ]
    by_name = {row[1]: row for row in rows[1:-1]}
    assert german_number(by_name[first.player_names[0]][5]) * 100 == loss_fee(5, SETTINGS)
    assert rows[-1][1] == "Summe"
    assert german_number(rows[-1][5]) == sum(german_number(row[5]) for row in rows[1:-1])


def test_the_cash_list_is_the_organizers_only(client, tournament):
    tournament, _first = tournament
    client.logout()
    assert client.get(reverse("loss_fees", args=[tournament.pk])).status_code == 302
    logged_in(client, "someone-else")
    assert client.get(reverse("loss_fees", args=[tournament.pk])).status_code == 404
