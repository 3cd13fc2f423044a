"""A club's series and a tournament's prize list (issue 24): the ranking over evenings (sum,
or the best N), the prize list with entry fees, shares, amounts and points in money, and the
XLSX exports (numbers as numbers, money with a currency format)."""

import io
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from scoring.services import Author, unlock_table, void_round
from tournaments import services
from tournaments.models import Tournament
from tournaments.series import rank_series

from .helpers import enter_game, logged_in, make_tournament, rufspiel, solo, tables_of

pytestmark = pytest.mark.django_db

CLUB = ["Anna", "Ben", "Cem", "Dora"]


def evening(club, name, games):
    """A one-round, one-table evening of the club's four players, ``games`` entered."""
    user = club.organizers.get()
    tournament = make_tournament(
        user, game="schafkopf", name=name, club=club, rounds=1, games_per_round=len(games)
    )
    services.register_members(tournament, list(club.members.order_by("number")))
    round_ = services.draw_round(tournament, seed=name)
    services.publish_round(round_)
    (table,) = tables_of(round_)
    for number, fields in enumerate(games, start=1):
        enter_game(table, number, fields)
    return tournament, table.player_names


@pytest.fixture
def club(client):
    club = services.create_club(logged_in(client), "Schafkopffreunde")
    services.add_members(club, CLUB)
    return club


def totals_by_name(table_names, totals):
    return dict(zip(table_names, totals, strict=True))


def test_the_series_sums_the_evenings_or_counts_the_best(client, club):
    first, a = evening(club, "Abend 1", [solo(0), rufspiel(1, 2)])  # seat 0: +15, +(-1)
    second, b = evening(club, "Abend 2", [solo(3, outcome="lost")])
    one = {a[0]: 15 - 1, a[1]: -5 + 1, a[2]: -5 + 1, a[3]: -5 - 1}
    two = {b[0]: 5, b[1]: 5, b[2]: 5, b[3]: -15}
    form = {"name": "Liga", "tie_break": "solos_lot", "tournaments": [first.pk, second.pk]}
    response = client.post(reverse("series_new", args=[club.pk]), form)
    assert response.status_code == 302
    series = club.series.get()
    ranking = rank_series(series)
    got = {row.name: row.points for row in ranking.rows}
    assert got == {name: one[name] + two[name] for name in CLUB}
    assert [row.points for row in ranking.rows] == sorted(got.values(), reverse=True)

    series.best_of = 1
    series.save()
    best = {row.name: row.points for row in rank_series(series).rows}
    assert best == {name: max(one[name], two[name]) for name in CLUB}


def test_the_series_ranks_in_a_fixed_number_of_queries(client, club):
    evenings = [evening(club, f"Abend {n}", [solo(n % 4)])[0] for n in range(1, 5)]
    series = services.Series.objects.create(club=club, name="Liga")

    def queries():
        with CaptureQueriesContext(connection) as captured:
            rank_series(series)
        return captured

    def of_evenings(count):
        """Queries of the first ranking (every evening summed up and stored), of the next
        (all stored), and of one after a game at one evening was corrected."""
        Tournament.objects.update(series_totals=None)
        series.tournaments.set(evenings[:count])
        first, later = queries(), queries()
        corrected = evenings[count - 1]
        enter_game(tables_of(corrected.draws.get())[0], 1, solo(count % 4, outcome="lost"))
        return len(first), len(later), len(queries()), later

    one, four = of_evenings(1), of_evenings(4)
    assert one[:3] == four[:3] == (7, 2, 7)
    # Stored totals are read, not summed again from the games.
    assert not any("scoring_revision" in query["sql"] for query in four[3].captured_queries)


def test_a_correction_after_the_totals_were_stored_changes_the_ranking(client, club):
    first, a = evening(club, "Abend 1", [solo(0), rufspiel(1, 2)])  # seat 0: +15, +(-1)
    _second, b = evening(club, "Abend 2", [solo(3, outcome="lost")])
    series = services.Series.objects.create(club=club, name="Liga")
    series.tournaments.set(Tournament.objects.all())
    points = {row.name: row.points for row in rank_series(series).rows}
    assert points[a[0]] == 14 + (5 if b.index(a[0]) != 3 else -15)
    assert all(t.series_totals for t in Tournament.objects.all()), "stored with each evening"

    # The table's result is confirmed (its totals stored again), then the organizer unlocks
    # it and corrects the solo: lost, not won.
    tournament_table = first.draws.get().tables.get()
    table = tournament_table.table
    assert services.confirm_table(tournament_table, a[3], "phone-2")
    assert {row.name: row.points for row in rank_series(series).rows} == points
    assert unlock_table(table, Author(name="leitung (Turnierleitung)"), reason="Einspruch")
    enter_game(table, 1, solo(0, outcome="lost"))
    corrected = {row.name: row.points for row in rank_series(series).rows}
    assert corrected[a[0]] == points[a[0]] - 30
    assert all(corrected[name] == points[name] + 10 for name in a[1:])
    # A game struck off the sheet changes it too.
    void_round(
        table,
        2,
        base=1,
        submission=uuid.uuid4(),
        author=Author(name="leitung (Turnierleitung)"),
        reason="doppelt",
    )
    struck = {row.name: row.points for row in rank_series(series).rows}
    assert struck[a[0]] == corrected[a[0]] + 1 and struck[a[1]] == corrected[a[1]] - 1


def test_the_ranking_reads_the_stored_totals_while_they_hold(client, club):
    tournament, names = evening(club, "Abend 1", [solo(0)])
    series = services.Series.objects.create(club=club, name="Liga")
    series.tournaments.add(tournament)
    rank_series(series)
    stored = Tournament.objects.get(pk=tournament.pk).series_totals
    member = club.members.get(name=names[0])
    stored["players"] = [[pk, 99 if pk == member.pk else p, s] for pk, p, s in stored["players"]]
    Tournament.objects.filter(pk=tournament.pk).update(series_totals=stored)
    assert rank_series(series).rows[0].points == 99
    # A newer version of the evening (its game corrected) is summed up again.
    enter_game(tables_of(tournament.draws.get())[0], 1, solo(0, outcome="lost"))
    points = {row.member_id: row.points for row in rank_series(series).rows}
    assert points[member.pk] == -15


def test_the_prize_list_pays_shares_amounts_and_points(client, club):
    tournament, names = evening(club, "Preisschafkopf", [solo(0), rufspiel(1, 2)])
    url = reverse("prizes", args=[tournament.pk])
    form = {"entry_fee": "12,50", "per_point": "0,10", "prizes": "1: 50 %\n2: 30%\n3: 5 €"}
    assert client.post(url, form).status_code == 302
    prizes = client.get(url).context["prizes"]
    assert prizes.pot_cents == 4 * 1250
    paid = {p.row.name: (p.prize_cents, p.points_cents) for p in prizes.payouts}
    assert paid[names[0]] == (2500, 140)  # 50 % of 50 €, 14 points
    assert prizes.left_cents == 5000 - 2500 - 1500 - 500
    page = client.get(reverse("payouts", args=[tournament.pk])).content.decode()
    assert "Unterschrift" in page and "26,40 €" in page
    refused = client.post(url, {**form, "prizes": "1: 120 %"})
    assert refused.status_code == 422

    book = load_workbook(
        io.BytesIO(client.get(reverse("payouts_xlsx", args=[tournament.pk])).content)
    )
    sheet = book.worksheets[0]
    first = list(sheet[2])
    assert first[3].data_type == "n" and isinstance(first[3].value, int)
    assert float(first[6].value) == 26.40 and "€" in first[6].number_format


def test_the_standings_workbook_has_a_sheet_per_round_and_the_total(client):
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=1, rounds=2)
    services.register_players(tournament, [("=SUMME(A1)", None), *[(n, None) for n in CLUB[1:]]])
    for seed in ("r1", "r2"):
        round_ = services.draw_round(tournament, seed=seed)
        services.publish_round(round_)
        enter_game(tables_of(round_)[0], 1, solo(0))
    response = client.get(reverse("standings_xlsx", args=[tournament.pk]))
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Gesamt", "Runde 1", "Runde 2"]
    total = book["Gesamt"]
    header = [cell.value for cell in total[1]]
    assert header[:6] == ["Platz", "Startnummer", "Name", "Runde 1", "Runde 2", "Punkte"]
    rows = list(total.iter_rows(min_row=2, values_only=True))
    assert all(isinstance(row[5], int) for row in rows)
    assert sum(row[5] for row in rows) == 0
    # A name that looks like a formula stays text.
    cells = [row[2] for row in total.iter_rows(min_row=2)]
    formula = next(cell for cell in cells if cell.value == "=SUMME(A1)")
    assert formula.data_type == "s"
