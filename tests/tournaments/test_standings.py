"""Standings: tournaments.md, "Standings: live ranking after every entered game, per round
and overall, with tie-breaks; a public read-only page suitable for a projector; CSV export;
printable final results." and "Ranking: total points; ties by number of won solos, then by
lot (settings)." """

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.scoring.helpers import text
from tournaments.standings import compute, lot_of

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    organizer,
    published_round,
    register,
    rufspiel,
    solo,
    tables_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client):
    """Round 1 of a Schafkopf tournament (turnier-1-15, 3 games), both tables played:
    table 1: a won solo (+15/−5), a won and a lost Rufspiel (±1);
    table 2: three lost solos, so seat 1 collects 3 × 5 = 15 without a solo of his own."""
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=3)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    enter_game(first, 1, solo(1))
    enter_game(first, 2, rufspiel(0, 3))
    enter_game(first, 3, rufspiel(2, 0, "lost"))
    enter_game(second, 1, solo(1, "lost"))
    enter_game(second, 2, solo(2, "lost"))
    enter_game(second, 3, solo(3, "lost"))
    return tournament, first.player_names, second.player_names


def ranked_names(standings):
    return [row.name for row in standings.rows]


def test_points_then_won_solos_then_lot(played):
    tournament, a, b = played
    standings = compute(tournament)
    by_name = {row.name: row for row in standings.rows}
    assert [by_name[name].total for name in a] == [-5, 15, -7, -3]
    assert [by_name[name].total for name in b] == [15, -5, -5, -5]
    assert by_name[a[1]].total_solos == 1 and by_name[b[0]].total_solos == 0

    names = ranked_names(standings)
    # 15 points each: the won solo ranks first.
    assert names[:2] == [a[1], b[0]]
    assert by_name[a[1]].decided_by == "solos" and by_name[b[0]].decided_by == "solos"
    assert names[2] == a[3]
    # −5 points, no solos, four players: the lot decides, from the stored seed.
    tied = [a[0], b[1], b[2], b[3]]
    expected = sorted(tied, key=lambda n: lot_of(tournament.lot_seed, by_name[n].start_number))
    assert names[3:7] == expected
    assert all(by_name[name].decided_by == "lot" for name in tied)
    assert names[7] == a[2] and by_name[a[2]].decided_by == ""
    assert [row.rank for row in standings.rows] == list(range(1, 9))


def test_a_solo_won_through_a_misplay_is_no_won_solo(client):
    """tournaments.md: "ties by number of won solos"; the sheet circles no solo that an
    opponent's misplay decided (misplay: offender_pays in turnier-1-15), so neither do we."""
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=2)
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    enter_game(table, 1, {"contract": "solo", "declarer": 1, "suit": "E", "misplay": 2})
    enter_game(table, 2, solo(3))
    by_name = {row.name: row for row in compute(tournament).rows}
    names = table.player_names
    assert by_name[names[1]].total > 0  # the declarer is paid for the misplay ...
    assert by_name[names[1]].total_solos == 0  # ... but it is not a won solo
    assert by_name[names[3]].total_solos == 1


def test_the_lot_is_reproducible_from_its_seed(played):
    tournament, _a, _b = played
    first = ranked_names(compute(tournament))
    assert ranked_names(compute(tournament)) == first
    original = tournament.lot_seed
    for seed in ("a", "b", "c", "d", "e"):
        tournament.lot_seed = seed
        if ranked_names(compute(tournament)) != first:
            break
    else:
        pytest.fail("no other seed changed the order of the four tied players")
    tournament.lot_seed = original
    assert ranked_names(compute(tournament)) == first


def test_lot_only_when_the_tie_break_says_so(played):
    tournament, a, b = played
    tournament.tie_break = "lot"
    standings = compute(tournament)
    top = ranked_names(standings)[:2]
    assert set(top) == {a[1], b[0]}
    assert {row.decided_by for row in standings.rows[:2]} == {"lot"}
    assert not standings.counts_solos


def test_standings_are_live_per_round_and_overall(client, played):
    tournament, _a, _b = played
    page = text(client.get(reverse("standings", args=[tournament.pk])))
    assert "Zwischenstand nach den bisher eingetragenen Spielen" in page
    assert "Nach Punkten; bei Gleichstand gewonnene Soli (S), dann das Los (L)." in page
    second = tables_of(published_round(tournament, seed="r2"))[0]
    enter_game(second, 1, solo(0))
    standings = compute(tournament)
    row = next(r for r in standings.rows if r.name == second.player_names[0])
    assert row.points[2] == 15 and row.total_solos >= 1
    assert standings.rounds == [1, 2]
    round_two = compute(tournament, round_number=2)
    assert ranked_names(round_two)[0] == second.player_names[0]
    page = text(client.get(reverse("standings", args=[tournament.pk]) + "?round=2"))
    assert "Stand der Runde 2" in page


def test_csv_export(client, played):
    tournament, a, _b = played
    response = client.get(reverse("standings_csv", args=[tournament.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "vereinsmeisterschaft.csv" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == [
        "Platz",
        "Startnummer",
        "Name",
        "Runde 1",
        "Punkte",
        "Gewonnene Soli",
        "Gleichstand entschieden durch",
        "Zurückgezogen",
    ]
    assert len(rows) == 9
    first = rows[1]
    assert first[0] == "1" and first[2] == a[1] and first[3:6] == ["15", "15", "1"]
    assert first[6] == "gewonnene Soli"


def test_printable_results_and_the_projector_page(client, played):
    tournament, a, _b = played
    results = text(client.get(reverse("results", args=[tournament.pk])))
    assert "Zwischenstand (noch nicht endgültig" in results and a[1] in results
    anonymous = client.__class__()
    url = reverse("public_standings", args=[tournament.public_key])
    public = anonymous.get(url)
    html = public.content.decode()
    assert a[1] in text(public)
    live = reverse("public_standings_live", args=[tournament.public_key])
    assert f'hx-get="{live}"' in html and 'http-equiv="refresh"' in html
    first = anonymous.get(live)
    assert anonymous.get(live, headers={"If-None-Match": first["ETag"]}).status_code == 304


def test_final_when_all_rounds_are_confirmed(client):
    from scoring.services import Author, lock_table

    tournament = make_tournament(logged_in(client), game="schafkopf", rounds=1, games_per_round=1)
    register(tournament, 4)
    table = tables_of(published_round(tournament))[0]
    enter_game(table, 1, solo(1))
    assert "Zwischenstand" in text(client.get(reverse("results", args=[tournament.pk])))
    lock_table(table, Author(name="Ben"))
    assert "Endstand" in text(client.get(reverse("results", args=[tournament.pk])))


def test_schatzsuche_revokes_are_deducted():
    """schatzsuche.md: revokes cost 30 points each, "deducted from the total at the end"."""
    tournament = make_tournament(organizer())
    register(tournament, 3)
    table = tables_of(published_round(tournament))[0]
    fields = {"bid_0": 0, "bid_1": 1, "bid_2": 0, "tricks_0": 0, "tricks_1": 1, "tricks_2": 0}
    enter_game(table, 1, {**fields, "penalty_2": 1})
    points = {row.name: row.total for row in compute(tournament).rows}
    assert points == {
        table.player_names[0]: 0,
        table.player_names[1]: 1,
        table.player_names[2]: -30,
    }


def build(count):
    tournament = make_tournament(organizer(f"org{count}"), game="schafkopf", games_per_round=2)
    from tournaments import services

    services.register_players(tournament, [(f"Spieler {n}", None) for n in range(count)])
    for seed in ("r1", "r2"):
        for table in tables_of(published_round(tournament, seed=seed)):
            enter_game(table, 1, solo(1))
            enter_game(table, 2, rufspiel(2, 3))
    return tournament


def test_standings_queries_do_not_grow_with_the_players(client):
    small, large = build(8), build(24)
    counts = []
    for tournament in (small, large):
        with CaptureQueriesContext(connection) as queries:
            standings = compute(tournament)
        counts.append(len(queries))
        assert sum(row.total for row in standings.rows) == 0  # zero-sum games
    assert counts[0] == counts[1] <= 4
    pages = []
    for tournament in (small, large):
        client.force_login(tournament.organizers.get())
        url = reverse("public_standings", args=[tournament.public_key])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        pages.append(len(queries))
    assert pages[0] == pages[1]


def test_csv_names_are_never_spreadsheet_formulas(client):
    tournament = make_tournament(logged_in(client), game="schafkopf")
    from tournaments import services

    services.register_players(tournament, [("=HYPERLINK(1)", None), ("Anna", None)])
    body = client.get(reverse("standings_csv", args=[tournament.pk])).content.decode("utf-8-sig")
    names = [row[2] for row in csv.reader(io.StringIO(body), delimiter=";")][1:]
    assert sorted(names) == ["'=HYPERLINK(1)", "Anna"]
