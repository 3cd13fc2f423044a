"""Skat standings: the sum of the lists' Seeger-Fabian points (the sum of the games' stored
scores), ties broken by more games won as declarer, then fewer lost, then the lot; in a
constant number of queries; shown with their marks on the page and in the CSV."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.rules.skat import ListGame, score_list
from scoring.rules.skat.profiles import PROFILES
from tests.spreadsheet import german_number, read_csv
from tournaments.standings import compute

from .helpers import NAMES, logged_in, published_round, register, tables_of
from .skat_helpers import passed_game, skat_game, skat_tournament

pytestmark = pytest.mark.django_db

# Table 1: seat 0 wins two games of 24 (2 x 74 = 148), seat 1 one of 98 (148).
# Table 2: seat 1 wins 190 (+240) and loses one of -40 (-90): 150, won 1, lost 1; seat 0
# wins 70 (+120) and gets 30 for seat 1's loss: 150, won 1, lost 0; seats 2, 3: 30 each.
TABLE_1 = [(0, True, 24), (1, True, 98), (0, True, 24)]
TABLE_2 = [(1, True, 190), (0, True, 70), (1, False, -40)]


@pytest.fixture
def played(client):
    tournament = skat_tournament(logged_in(client), rounds=1)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament, seed="liga"))
    for table, games in ((first, TABLE_1), (second, TABLE_2)):
        for declarer, won, points in games:
            skat_game(table, declarer, won, points)
        passed_game(table)  # a passed-out deal scores nothing
    return tournament, first, second


def expected_lists(table, games):
    """The engine's list of the table (score_list), by the name at each seat."""
    result = score_list(
        [ListGame(*game) for game in games], len(table.player_names), PROFILES["isko"]
    )
    return dict(zip(table.player_names, result.players, strict=True))


def test_points_are_the_seeger_fabian_totals_of_the_lists(played):
    tournament, first, second = played
    rows = {row.name: row for row in compute(tournament).rows}
    lists = expected_lists(first, TABLE_1) | expected_lists(second, TABLE_2)
    assert {name: rows[name].total for name in lists} == {
        name: player.total for name, player in lists.items()
    }
    assert {name: rows[name].count("won") for name in lists} == {
        name: player.won for name, player in lists.items()
    }
    assert {name: rows[name].count("lost") for name in lists} == {
        name: player.lost for name, player in lists.items()
    }


def test_ties_go_to_more_games_won_then_to_fewer_lost(played):
    tournament, first, second = played
    standings = compute(tournament)
    top = [(row.name, row.shown_points, row.decided_by) for row in standings.rows[:4]]
    assert top == [
        (second.player_names[0], 150, "lost"),  # none lost: above the one who lost one
        (second.player_names[1], 150, "lost"),
        (first.player_names[0], 148, "won"),  # two games won: above the one with one
        (first.player_names[1], 148, "won"),
    ]
    rest = {row.name: row.decided_by for row in standings.rows[4:]}
    assert set(rest.values()) == {"lot"}  # 30, 30 and 0, 0, 0, 0: only the lot is left


def test_with_the_lot_as_tie_break_the_games_do_not_count(client, played):
    tournament, _first, _second = played
    # The tournament's setting decides (its form writes the profile's to match).
    tournament.tie_break = "lot"
    tournament.save()
    standings = compute(tournament)
    assert standings.tie_keys == ()
    tied = [row for row in standings.rows if row.shown_points == 148]
    assert {row.decided_by for row in tied} == {"lot"}
    assert [row.name for row in tied] == sorted(
        (row.name for row in tied), key=lambda name: next(r.lot for r in tied if r.name == name)
    )


def test_the_page_marks_the_ties_and_shows_won_and_lost(client, played):
    tournament, _first, _second = played
    page = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert '<abbr title="Gewonnene Spiele als Alleinspieler">Gew.</abbr>' in page
    assert '<abbr title="Verlorene Spiele als Alleinspieler">Verl.</abbr>' in page
    assert (
        'title="Gleichstand entschieden durch mehr gewonnene Spiele als Alleinspieler">G<' in page
    )
    assert (
        'title="Gleichstand entschieden durch weniger verlorene Spiele als Alleinspieler">V<'
        in page
    )
    assert "Seeger-Fabian" in page


def test_the_csv_has_won_lost_and_the_loss_fee(client, played):
    tournament, _first, second = played
    client.cookies["django_language"] = "de"
    rows = read_csv(client.get(reverse("standings_csv", args=[tournament.pk])), "de")
    header = rows[0]
    assert header[4:] == [
        "Punkte",
        "Gewonnene Spiele als Alleinspieler",
        "Verlorene Spiele als Alleinspieler",
        "Gleichstand entschieden durch",
        "Zurückgezogen",
        "Verlustspielgeld (€)",
    ]
    by_name = {row[2]: row for row in rows[1:]}
    loser = by_name[second.player_names[1]]
    assert [german_number(cell) for cell in loser[4:7]] == [150, 1, 1]
    assert loser[7] == "weniger verlorene Spiele als Alleinspieler"
    # One lost game: the fee for a lost game of the isko profile (0,50 €).
    assert german_number(loser[9]) * 100 == PROFILES["isko"]["loss_fee_cents"]
    assert german_number(by_name[second.player_names[0]][9]) == 0


def queries_of(tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        compute(tournament)
    return len(queries)


def test_the_standings_take_the_same_queries_for_more_players(client):
    user = logged_in(client)
    counts = []
    for players in (8, 16):
        tournament = skat_tournament(user, name=f"Liga {players}", rounds=1)
        register(tournament, players)
        for table in tables_of(published_round(tournament)):
            skat_game(table, 0, True, 48)
            skat_game(table, 1, False, -96)
        counts.append(queries_of(tournament))
    assert counts[0] == counts[1] <= 4
    assert len(NAMES) >= 16


def test_a_game_stored_without_the_passed_key_still_counts(client):
    """The contract stores "passed": false, but a game without the key is a played game too
    (a negated JSON comparison would have dropped it)."""
    tournament = skat_tournament(logged_in(client), rounds=1)
    register(tournament, 8)
    first, _second = tables_of(published_round(tournament))
    revision = skat_game(first, 1, False, -48)
    del revision.data["passed"]
    revision.save(update_fields=["data"])
    row = next(r for r in compute(tournament).rows if r.name == first.player_names[1])
    assert (row.count("lost"), row.count("won")) == (1, 0)
