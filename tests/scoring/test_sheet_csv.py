"""The score sheet as CSV, for the club's annual tally in a spreadsheet: one row per round,
one column per player, the totals, the Endstand after deductions and the money. Read here as
a spreadsheet reads it: German with `;` and decimal commas, English with `,`."""

import pytest
from django.urls import reverse

from tests.spreadsheet import german_number, read_csv

from .helpers import create_schatzsuche, post_round, round_fields, viewer_key
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db


def download(client, key, language="de") -> list[list[str]]:
    client.cookies["django_language"] = language
    response = client.get(reverse("sheet_csv", args=[key]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return read_csv(response, language)


def test_schafkopf_sheet_has_games_totals_and_money_as_numbers(client):
    _table, key = create_schafkopf(client, money="0,10")
    play(client, key, 1, game("solo", 1, suit="E", outcome="won"))
    play(client, key, 2, game("rufspiel", 0, 2, called="E", augen=80))
    rows = download(client, key)
    assert rows[0] == [
        "Spiel",
        "Gespielt",
        "Anna (Einheiten)",
        "Ben (Einheiten)",
        "Cem (Einheiten)",
        "Dora (Einheiten)",
    ]
    assert rows[1][0] == "1" and "Eichel-Solo" in rows[1][1]
    first = [german_number(cell) for cell in rows[1][2:]]
    assert sum(first) == 0 and first[1] > 0 and all(n < 0 for n in first[:1] + first[2:])
    assert rows[3][0] == "Summe"
    totals = [german_number(cell) for cell in rows[3][2:]]
    assert totals == [sum(german_number(row[seat]) for row in rows[1:3]) for seat in range(2, 6)]
    # Money as a number of cents (10 cents a unit): a debt is a negative number, no € sign.
    assert rows[4][0] == "Geld (Cent)"
    assert [german_number(cell) for cell in rows[4][2:]] == [total * 10 for total in totals]
    assert any(cell.startswith("-") for cell in rows[4][2:])


def test_in_english_the_sheet_has_commas_and_english_units(client):
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, game("solo", 1, suit="E", outcome="won"))
    rows = download(client, key, "en")
    assert rows[0][2:] == ["Anna (cents)", "Ben (cents)", "Cem (cents)", "Dora (cents)"]
    assert [int(cell) for cell in rows[1][2:]] == [-50, 150, -50, -50]  # 50 cents a solo
    assert rows[-1] == ["Money (cents)", "", "-50", "150", "-50", "-50"]


def test_schatzsuche_sheet_leaves_the_open_round_out_and_adds_the_endstand(client):
    table, key = create_schatzsuche(client)
    for number in range(1, 11):
        penalties = [1, 0, 0] if number == 2 else None
        golden = (["HA", "SA", "C7"], "H10") if number == 10 else None
        fields = round_fields([0, 0, number], [0, 0, number], penalties=penalties, golden=golden)
        assert post_round(client, key, number, fields).status_code == 302
    rows = download(client, viewer_key(table))  # a viewer may download it too
    assert rows[0][2:] == ["Anna (Punkte)", "Ben (Punkte)", "Cem (Punkte)"]
    assert [row[0] for row in rows] == ["Runde", *map(str, range(1, 11)), "Summe", "Endstand"]
    assert german_number(rows[-1][2]) == german_number(rows[-2][2]) - 30


def test_a_negative_score_is_a_number_and_a_name_that_looks_like_a_formula_stays_text(client):
    _table, key = create_schatzsuche(client, players=("=HYPERLINK(1)", "-Ben", "Cem"))
    post_round(client, key, 1, round_fields([1, 0, 0], [0, 1, 0]))  # Anna missed her bid
    rows = download(client, key)
    assert rows[0][2:4] == ["'=HYPERLINK(1) (Punkte)", "'-Ben (Punkte)"]
    assert rows[1][2] == "-1" and german_number(rows[1][2]) == -1
