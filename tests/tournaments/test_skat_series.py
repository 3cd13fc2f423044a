"""Issue 30 "Tournaments and leagues" for Skat: a series of Skat evenings breaks ties in
points like the evenings do (more games won as declarer, then fewer lost, then lot), on the
page and in its CSV/XLSX, in a constant number of queries; the tie-break the organizer
chooses in the setup is the one that ranks; the organizer's progress counts the games the
pad's list counts (a passed-out deal only under ``passed_counts_as_game``).

Each evening here seats the same three club players at one table of 3 (Seeger-Fabian: a won
game is its list points + 50, a lost one its list points - 50 and +40 to each other seat)."""

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from scoring.rules.skat.profiles import PROFILES
from tests.form_defaults import form_defaults
from tests.scoring.helpers import text
from tests.spreadsheet import read_csv
from tournaments import services
from tournaments.models import Series, Tournament
from tournaments.progress import unfinished_tables
from tournaments.series import rank_series
from tournaments.standings import compute

from .helpers import logged_in, published_round, register, tables_of
from .skat_helpers import passed_game, skat_game, skat_tournament

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna Ahrens", "Bernd Bauer", "Carla Claus"]


@pytest.fixture
def club(client):
    club = services.create_club(logged_in(client), "Skatfreunde")
    services.add_members(club, PLAYERS)
    return club


def evening(club, name: str, games: list[tuple[str, bool, int]]) -> Tournament:
    """An evening of the three at one table of 3; ``games``: (declarer's name, won, list
    points) in order."""
    tournament = skat_tournament(
        club.organizers.get(), name=name, club=club, rounds=1, table_size=3, remainder="exact"
    )
    services.register_members(tournament, list(club.members.order_by("number")))
    (table,) = tables_of(published_round(tournament, seed=name))
    for declarer, won, points in games:
        skat_game(table, table.player_names.index(declarer), won, points)
    return tournament


def series_of(client, club, evenings, tie_break="solos_lot") -> Series:
    form = {"name": "Skatliga", "tie_break": tie_break, "tournaments": [e.pk for e in evenings]}
    assert client.post(reverse("series_new", args=[club.pk]), form).status_code == 302
    return club.series.get()


def ranked(series) -> list[tuple]:
    return [
        (row.name, row.points, *row.shown_counts, row.decided_by)
        for row in rank_series(series).rows
    ]


def won_twice_against_once(club):
    # Anna: 24 + 50 = 74 on each evening: 148, two games won. Bernd: 98 + 50 = 148 on the
    # first, one game won. Carla: 0.
    return [
        evening(club, "1. Spieltag", [("Anna Ahrens", True, 24), ("Bernd Bauer", True, 98)]),
        evening(club, "2. Spieltag", [("Anna Ahrens", True, 24)]),
    ]


def test_a_tie_over_two_evenings_goes_to_more_games_won(client, club):
    series = series_of(client, club, won_twice_against_once(club))
    assert ranked(series) == [
        ("Anna Ahrens", 148, 2, 0, "won"),
        ("Bernd Bauer", 148, 1, 0, "won"),
        ("Carla Claus", 0, 0, 0, ""),
    ]


def test_a_tie_in_points_and_games_won_goes_to_fewer_games_lost(client, club):
    # 1st evening: Anna wins 168 (218), Bernd 30 (80). 2nd: Anna loses a game of 24 (-48 on
    # the list, -98), Bernd and Carla get 40 each. Anna 120, won 1, lost 1; Bernd 120, won 1,
    # lost 0; Carla 40.
    evenings = [
        evening(club, "1. Spieltag", [("Anna Ahrens", True, 168), ("Bernd Bauer", True, 30)]),
        evening(club, "2. Spieltag", [("Anna Ahrens", False, -48)]),
    ]
    series = series_of(client, club, evenings)
    assert ranked(series) == [
        ("Bernd Bauer", 120, 1, 0, "lost"),
        ("Anna Ahrens", 120, 1, 1, "lost"),
        ("Carla Claus", 40, 0, 0, ""),
    ]


def test_with_the_lot_the_series_ignores_the_games(client, club):
    series = series_of(client, club, won_twice_against_once(club), tie_break="lot")
    rows = rank_series(series).rows
    assert rank_series(series).tie_keys == ()
    tied = [row for row in rows if row.points == 148]
    assert [row.decided_by for row in tied] == ["lot", "lot"]
    assert tied == sorted(tied, key=lambda row: row.lot)


def test_the_page_shows_the_columns_and_marks_of_the_standings(client, club):
    series = series_of(client, club, won_twice_against_once(club))
    html = client.get(reverse("series", args=[series.pk])).content.decode()
    assert '<abbr title="Gewonnene Spiele als Alleinspieler">Gew.</abbr>' in html
    assert '<abbr title="Verlorene Spiele als Alleinspieler">Verl.</abbr>' in html
    mark = 'title="Gleichstand entschieden durch mehr gewonnene Spiele als Alleinspieler">G<'
    assert html.count(mark) == 2
    assert "dann weniger verlorene (V), dann das Los (L)" in text(
        client.get(reverse("series", args=[series.pk]))
    )
    # Anna's row: her points, then 2 games won and 0 lost.
    anna = re.search(r"<tr><td class=\"rank\">1.*?</tr>", html).group(0)
    assert "Anna Ahrens" in anna
    assert re.findall(r'<td class="solos-col">(\d+)</td>', anna) == ["2", "0"]
    public = client.get(reverse("public_series", args=[series.public_key]))
    assert public.content.decode().count(mark) == 2


def test_the_exports_carry_games_won_lost_and_how_the_tie_was_broken(client, club):
    series = series_of(client, club, won_twice_against_once(club))
    rows = read_csv(client.get(reverse("series_csv", args=[series.pk])), "de")
    header, lines = rows[0], rows[1:]
    won = header.index("Gewonnene Spiele als Alleinspieler")
    lost = header.index("Verlorene Spiele als Alleinspieler")
    broken = header.index("Gleichstand entschieden durch")
    table = {line[2]: (line[won], line[lost], line[broken]) for line in lines}
    assert table == {
        "Anna Ahrens": ("2", "0", "mehr gewonnene Spiele als Alleinspieler"),
        "Bernd Bauer": ("1", "0", "mehr gewonnene Spiele als Alleinspieler"),
        "Carla Claus": ("0", "0", ""),
    }
    book = load_workbook(io.BytesIO(client.get(reverse("series_xlsx", args=[series.pk])).content))
    sheet = book.worksheets[0]
    assert [cell.value for cell in sheet[1]] == header
    cells = {row[2]: (row[won], row[lost]) for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert cells == {"Anna Ahrens": (2, 0), "Bernd Bauer": (1, 0), "Carla Claus": (0, 0)}


def test_a_skat_series_ranks_in_the_same_queries_for_more_evenings(client, club):
    evenings = [
        evening(club, f"{n}. Spieltag", [("Anna Ahrens", n % 2 == 0, 24)]) for n in (1, 2, 3)
    ]
    series = Series.objects.create(club=club, name="Skatliga")

    def queries(count: int) -> tuple[int, int]:
        """Of the first ranking (every evening summed up and stored) and of the next."""
        Tournament.objects.update(series_totals=None)
        series.tournaments.set(evenings[:count])
        counted = []
        for _time in range(2):
            with CaptureQueriesContext(connection) as captured:
                rank_series(series)
            counted.append(len(captured))
        return tuple(counted)

    assert queries(1) == queries(3)


def setup_with(client, tie_break: str) -> Tournament:
    """A Skat tournament made with the setup form (its defaults, ISkO) and ``tie_break``."""
    url = reverse("tournament_new", args=["skat"])
    data = form_defaults(client.get(url).content.decode())
    data.update(name=f"Spieltag {tie_break}", rounds="1", tie_break=tie_break)
    response = client.post(url, data)
    assert response.status_code == 302, text(response)[:2000]
    return Tournament.objects.get(name=f"Spieltag {tie_break}")


def test_the_setup_offers_the_profiles_tie_break(client):
    logged_in(client)
    html = client.get(reverse("tournament_new", args=["skat"])).content.decode()
    # ISkO breaks ties by games won, then lost: that is preselected.
    assert re.search(r'<option value="solos_lot" selected>mehr gewonnene Spiele', html)


@pytest.mark.parametrize(
    ("choice", "profile_says", "keys"),
    [("solos_lot", "won_then_lost", ("won", "lost")), ("lot", "lot", ())],
)
def test_the_tie_break_chosen_in_the_setup_is_the_one_applied(client, choice, profile_says, keys):
    logged_in(client)
    tournament = setup_with(client, choice)
    assert tournament.profile["tie_break"] == profile_says
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    # The tables' lists name their winner by the same rule as the standings.
    assert table.profile["tie_break"] == profile_says
    # Two equal in points (74 + 74 against 148): only the games won tell them apart.
    skat_game(table, 0, True, 24)
    skat_game(table, 1, True, 98)
    skat_game(table, 0, True, 24)
    standings = compute(tournament)
    assert standings.tie_keys == keys
    tied = standings.rows[:2]
    if keys:
        assert [row.name for row in tied] == table.player_names[:2]
        assert [row.decided_by for row in tied] == ["won", "won"]
    else:
        assert [row.decided_by for row in tied] == ["lot", "lot"]
        assert tied == sorted(tied, key=lambda row: row.lot)


def test_a_profile_changed_behind_the_form_does_not_overrule_the_tournament(client):
    tournament = skat_tournament(logged_in(client), rounds=1)
    tournament.profile = {**tournament.profile, "tie_break": "lot"}
    tournament.save()
    assert compute(tournament).tie_keys == ("won", "lost")


def progress_page(client, tournament) -> str:
    return text(client.get(reverse("round_progress", args=[tournament.pk, 1])))


@pytest.mark.parametrize(("passed_counts", "entered"), [(True, 3), (False, 2)])
def test_the_progress_counts_the_games_of_the_list(client, passed_counts, entered):
    profile = {**PROFILES["isko"], "passed_counts_as_game": passed_counts}
    tournament = skat_tournament(
        logged_in(client), rounds=1, table_size=3, remainder="exact", profile=profile
    )
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    skat_game(table, 0, True, 24)
    passed_game(table)
    skat_game(table, 1, False, -48)
    # Two games played and one passed out: the list's count (36 games at a table of 3).
    assert f"{entered}/36" in progress_page(client, tournament)


def test_a_list_short_of_its_games_without_the_passed_deals_is_not_over(client):
    # Lists of 2 games; a passed-out deal does not count: 2 saved, 1 of them passed.
    profile = {**PROFILES["isko"], "passed_counts_as_game": False, "games_per_list_3": 2}
    tournament = skat_tournament(
        logged_in(client), rounds=1, table_size=3, remainder="exact", profile=profile
    )
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    skat_game(table, 0, True, 24)
    passed_game(table)
    assert [tt.table_id for tt in unfinished_tables(tournament)] == [table.pk]
    assert "1/2" in progress_page(client, tournament)
    skat_game(table, 2, True, 48)
    assert unfinished_tables(tournament) == []
