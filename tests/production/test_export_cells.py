"""No cell of any download is a formula (issue 29 §4.1): every CSV and XLSX export, walked from
the URL conf, with names typed to be run by a spreadsheet — in the header, the rows and the
sheet titles."""

import csv
import io
import re

import openpyxl
import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.groups.helpers import enter, game, start_evening, start_group
from tests.scoring.helpers import create_schatzsuche, post_round, round_fields
from tests.tournaments.helpers import enter_game, logged_in, make_tournament, solo, tables_of
from tests.tournaments.skat_helpers import skat_game, skat_tournament
from tournaments import services

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://evil.example/x")',
    "+1+2",
    "-2+3",
    "@SUM(A1)",
    "=cmd|' /C calc'!A0",
]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A number as a spreadsheet in either language reads it (ASCII minus, either decimal mark).
NUMBER = re.compile(r"-?[0-9]+([.,][0-9]+)?")


def export_url_names() -> set[str]:
    """Every URL of the URL conf that downloads a CSV or an XLSX."""
    names = set()

    def walk(patterns):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns)
            elif isinstance(pattern, URLPattern) and str(pattern.pattern).endswith(
                (".csv", ".xlsx")
            ):
                names.add(pattern.name)

    walk(get_resolver().url_patterns)
    return names


def assert_no_formula(response, url: str) -> int:
    """Checks every cell; returns how many it read."""
    assert response.status_code == 200, url
    cells = 0
    if response["Content-Type"].startswith("text/csv"):
        body = response.content.decode("utf-8-sig")
        delimiter = ";" if body.split("\n", 1)[0].count(";") else ","
        for row in csv.reader(io.StringIO(body), delimiter=delimiter):
            for cell in row:
                cells += 1
                if cell.startswith(FORMULA_STARTS):
                    assert NUMBER.fullmatch(cell), (url, cell)
        return cells
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    for sheet in book.worksheets:
        assert not sheet.title.startswith(FORMULA_STARTS), (url, sheet.title)
        for row in sheet.iter_rows():
            for cell in row:
                cells += 1
                assert cell.data_type != "f", (url, sheet.title, cell.coordinate, cell.value)
    return cells


def hostile_table(client):
    _table, key = create_schatzsuche(client, players=HOSTILE[:3], author=HOSTILE[3])
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author=HOSTILE[4])
    post_round(client, key, 1, round_fields([1, 1, 0], [1, 0, 0]), base=1, reason=HOSTILE[0])
    return {
        "sheet_csv": reverse("sheet_csv", args=[key]),
        "sheet_xlsx": reverse("sheet_xlsx", args=[key]),
        "audit": reverse("audit", args=[key]) + "?format=csv",
    }


def hostile_tournament(client):
    user = logged_in(client)
    club = services.create_club(user, HOSTILE[1])
    services.add_members(club, HOSTILE[:4])
    tournament = make_tournament(
        user, game="schafkopf", name=HOSTILE[0], club=club, rounds=1, games_per_round=1
    )
    services.register_members(tournament, list(club.members.order_by("number")))
    round_ = services.draw_round(tournament, seed="x")
    services.publish_round(round_)
    enter_game(tables_of(round_)[0], 1, solo(0), author=HOSTILE[2])
    prizes = {"entry_fee": "10", "per_point": "0,10", "prizes": "1: 50 %\n2: 5 €"}
    assert client.post(reverse("prizes", args=[tournament.pk]), prizes).status_code == 302
    series = services.Series.objects.create(club=club, name=HOSTILE[0])
    series.tournaments.add(tournament)
    pk = tournament.pk
    return {
        "standings_csv": reverse("standings_csv", args=[pk]),
        "standings_csv_round": reverse("standings_csv", args=[pk]) + "?round=1",
        "standings_xlsx": reverse("standings_xlsx", args=[pk]),
        "payouts_xlsx": reverse("payouts_xlsx", args=[pk]),
        "tournament_audit": reverse("tournament_audit", args=[pk]) + "?format=csv",
        "series_csv": reverse("series_csv", args=[series.pk]),
        "series_xlsx": reverse("series_xlsx", args=[series.pk]),
        **hostile_skat_tournament(user),
    }


def hostile_skat_tournament(user):
    """A Skat tournament's cash list (Verlustspielgeld) with hostile names."""
    tournament = skat_tournament(user, name=HOSTILE[4], rounds=1, table_size=3)
    services.register_players(tournament, [(name, None) for name in HOSTILE[:3]])
    round_ = services.draw_round(tournament, seed="x")
    services.publish_round(round_)
    skat_game(tables_of(round_)[0], 0, False, -48)
    return {"loss_fees_csv": reverse("loss_fees_csv", args=[tournament.pk])}


def hostile_group(client):
    group = start_group(client, name=HOSTILE[0], roster=HOSTILE[1:5])
    evening = start_evening(client, group, HOSTILE[1:5])
    enter(evening, game("solo", 0), game("rufspiel", 1, 3, won=False, dealer=1))
    key = group.viewer_key
    return {
        "season_xlsx": reverse("season_xlsx", args=[key, 2025]),
        "evening_settle_xlsx": reverse("evening_settle_xlsx", args=[key, evening.pk]),
    }


@pytest.mark.parametrize("language", ["de", "en"])
def test_no_cell_of_any_export_is_a_formula(client, language):
    urls = {
        **hostile_table(client),
        **hostile_group(client),
        **hostile_tournament(client),
    }
    client.cookies["django_language"] = language  # German files split cells by ";"
    walked = {name.removesuffix("_round") for name in urls}
    missing = export_url_names() - walked
    assert not missing, f"exports this test does not open yet: {missing}"
    for name, url in urls.items():
        assert assert_no_formula(client.get(url), url) > 3, name


def test_the_table_sheet_header_keeps_a_formula_name_as_text(client):
    """The reported case: the player's name in row 1 of the table's XLSX."""
    _table, key = create_schatzsuche(client, players=(HOSTILE[0], "Ben", "Cem"))
    response = client.get(reverse("sheet_xlsx", args=[key]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    named = [cell for cell in sheet[1] if str(cell.value).startswith(HOSTILE[0])]
    assert named and all(cell.data_type == "s" for cell in named)
