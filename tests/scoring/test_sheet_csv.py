"""The score sheet as CSV, for the club's annual tally in a spreadsheet: one row per round,
one column per player, the totals, the Endstand after deductions and the money."""

import csv
import io

import pytest
from django.urls import reverse

from .helpers import create_schatzsuche, post_round, round_fields, viewer_key
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db


def download(client, key) -> list[list[str]]:
    response = client.get(reverse("sheet_csv", args=[key]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_schafkopf_sheet_has_games_totals_and_money(client):
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, game("solo", 1, suit="E", outcome="won"))
    play(client, key, 2, game("rufspiel", 0, 2, called="E", augen=80))
    rows = download(client, key)
    assert rows[0] == ["Spiel", "Gespielt", "Anna", "Ben", "Cem", "Dora"]
    assert rows[1][0] == "1" and "Eichel-Solo" in rows[1][1]
    assert [int(n) for n in rows[1][2:]] == [-50, 150, -50, -50]  # 50 cents a solo
    assert rows[3][0] == "Summe"
    assert [int(n) for n in rows[3][2:]] == [
        sum(int(row[seat]) for row in rows[1:3]) for seat in range(2, 6)
    ]
    ben = int(rows[3][3])  # the tariff counts in cents
    assert rows[4][0] == "Geld" and rows[4][3] == f"{ben // 100},{ben % 100:02d}\u00a0€"


def test_schatzsuche_sheet_leaves_the_open_round_out_and_adds_the_endstand(client):
    table, key = create_schatzsuche(client)
    for number in range(1, 11):
        penalties = [1, 0, 0] if number == 2 else None
        golden = (["HA", "SA", "C7"], "H10") if number == 10 else None
        fields = round_fields([0, 0, number], [0, 0, number], penalties=penalties, golden=golden)
        assert post_round(client, key, number, fields).status_code == 302
    rows = download(client, viewer_key(table))  # a viewer may download it too
    assert [row[0] for row in rows] == ["Runde", *map(str, range(1, 11)), "Summe", "Endstand"]
    assert int(rows[-1][2]) == int(rows[-2][2]) - 30


def test_a_name_that_looks_like_a_formula_stays_text(client):
    _table, key = create_schatzsuche(client, players=("=HYPERLINK(1)", "Ben", "Cem"))
    post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]))
    assert download(client, key)[0][2] == "'=HYPERLINK(1)"
