"""Bock rounds and the Stock on the sheet (issue 23, "What users get" 3 and 4).

Rules: docs/rules/schafkopf.md, "Bock rounds" ("Each trigger of a game adds one Bock round:
as many games as the table has players, from the next deal on"; "A correction or a voided
game that adds or removes a trigger reprices every game after it") and "The Stock" ("every
player of the deal pays `stock_fee` into the Stock"; "One that loses pays as much as the
Stock holds into it"; "the players' totals plus the Stock are zero after every game"; at the
end `split` "gives each player of the table an equal share"). Preset ``stammtisch``: Rufspiel
20, Solo/Wenz/Geier 50, Bock after 60 : 60 and Schwarz (×2, queued), Stock fee 20.
Seats: Anna 0, Ben 1, Cem 2, Dora 3.
"""

import re

import pytest
from django.urls import reverse

from scoring.models import Revision
from scoring.tables import summarize
from tests.spreadsheet import german_number, read_csv

from .helpers import post_round, text
from .schafkopf_helpers import create_schafkopf, game, play, scores

pytestmark = pytest.mark.django_db

SPLIT = game("rufspiel", 0, 2, called="E", augen=60)  # 60 : 60, lost: −20 +20 −20 +20


def sheet(client, key) -> str:
    return text(client.get(reverse("table", args=[key])))


def test_the_next_form_says_bock_and_the_sheet_marks_bock_games(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, SPLIT)
    assert scores(table, 1) == [-20, 20, -20, 20]
    page = sheet(client, key)
    # Before anything is entered: this game counts double, four Bock games to come.
    assert "Bock Dieses Spiel zählt 2-fach." in page
    assert "4 Bockspiele kommen noch ||||" in page
    play(client, key, 2, game("geier", 1, outcome="won"))
    # Geier 50 from each, doubled: the server stores what the evening made of it.
    assert scores(table, 2) == [-100, 300, -100, -100]
    html = client.get(reverse("table", args=[key])).content.decode()
    assert re.search(r'id="round-2" class="sk-bock-row".*?sk-bock-tag', html, re.S)
    assert "3 Bockspiele kommen noch |||" in text(client.get(reverse("table", args=[key])))


def test_presets_without_bock_are_priced_as_before(client):
    table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, SPLIT)
    play(client, key, 2, game("solo", 1, suit="E", outcome="won"))
    assert scores(table, 2) == [-50, 150, -50, -50]
    assert summarize(table).totals == [-70, 170, -70, -30]
    assert "Bock" not in sheet(client, key)


def test_a_correction_that_removes_the_trigger_reprices_the_bock_games_and_says_why(client):
    table, key = create_schafkopf(client, preset="stammtisch", money="")
    play(client, key, 1, SPLIT)
    play(client, key, 2, game("geier", 1, outcome="won"))
    play(client, key, 3, game("rufspiel", 3, 1, called="G", augen=61))
    assert summarize(table).totals == [-160, 360, -160, -40]
    # Game 1 had 70 Augen, not 60: no Bock round, games 2 and 3 count once.
    fields = game("rufspiel", 0, 2, called="E", augen=70)
    play(client, key, 1, fields, base=1, reason="70 Augen, nicht 60")
    summary = summarize(table)
    assert [row.scores for row in summary.rows] == [
        [20, -20, 20, -20],
        [-50, 150, -50, -50],
        [-20, 20, -20, 20],
    ]
    assert summary.totals == [-50, 150, -50, -50]
    # The revisions keep what they were saved with; game 2's history says why it changed.
    assert Revision.objects.get(round__table=table, round__number=2).scores == [
        -100,
        300,
        -100,
        -100,
    ]
    page = text(client.get(reverse("round", args=[key, 2])))
    assert "Neu berechnet" in page
    assert "Gespeichert mit ×2, jetzt ×1: Bock durch Spiel 1 (ein Spiel 60 : 60) entfallen." in page
    assert "gespeichert −100 +300 −100 −100 jetzt −50 +150 −50 −50" in page
    # Game 1 itself and a game that did not change have no such note.
    assert "Neu berechnet" not in text(client.get(reverse("round", args=[key, 1])))
    # The CSV follows the sheet.
    rows = read_csv(client.get(reverse("sheet_csv", args=[key])), "de")
    assert [german_number(cell) for cell in rows[2][2:6]] == [-50, 150, -50, -50]


def test_a_correction_that_adds_a_trigger_prices_the_next_games_as_bock(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=70))
    play(client, key, 2, game("wenz", 1, outcome="won"))
    play(client, key, 1, SPLIT, base=1, reason="es war 60 : 60")
    assert summarize(table).rows[1].scores == [-100, 300, -100, -100]
    page = text(client.get(reverse("round", args=[key, 2])))
    assert "Bock durch Spiel 1 (ein Spiel 60 : 60) dazugekommen" in page


def test_thrown_in_deals_feed_the_stock_and_a_won_game_takes_it(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, game("thrown_in"))
    # "a thrown-in deal (−20 each, Stock 80)"
    assert scores(table, 1) == [-20, -20, -20, -20]
    # "a Rufspiel lost by seats 1 and 3 (they pay 40 each into it, Stock 160)"
    play(client, key, 2, game("rufspiel", 1, 3, called="S", augen=40))
    assert scores(table, 2) == [20, -60, 20, -60]
    # "a won Wenz takes the 160"
    play(client, key, 3, game("wenz", 2, outcome="won"))
    assert scores(table, 3) == [-50, -50, 310, -50]
    summary = summarize(table)
    assert [row.evening.stock for row in summary.rows] == [80, 160, 0]
    for row in summary.rows:  # totals plus Stock are zero after every game
        assert sum(row.totals) + row.evening.stock == 0
    assert summary.totals == [-50, -130, 310, -130]
    html = client.get(reverse("table", args=[key])).content.decode()
    assert '<th scope="col" class="sk-stock">Stock</th>' in html


def test_the_end_of_the_evening_shares_the_stock_out_and_the_csv_has_its_column(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, game("thrown_in"))
    play(client, key, 2, game("thrown_in"))
    play(client, key, 3, game("solo", 0, suit="H", augen=70))
    play(client, key, 4, game("thrown_in"))
    summary = summarize(table)
    # Stock 160 won by Anna's Solo, then 80 again: 20 for each at the end.
    assert summary.stock == 80 and summary.stock_share == 20 and summary.stock_left == 0
    # Anna −40 + 150 + 160 − 20; the others −40 − 50 − 20.
    assert summary.totals == [250, -110, -110, -110]
    assert summary.final_totals == [270, -90, -90, -90]
    page = sheet(client, key)
    assert "Der Stock von 80 wird verteilt: 20 für jeden, 0 bleiben darin." in page
    assert "Endstand +270 −90 −90 −90 € 2,70 € −0,90 € −0,90 € −0,90 €" in page
    rows = read_csv(client.get(reverse("sheet_csv", args=[key])), "de")
    assert rows[0][-1] == "Stock (Cent)"
    assert [german_number(row[-1]) for row in rows[1:5]] == [80, 160, 0, 80]
    assert rows[5][0] == "Summe" and german_number(rows[5][-1]) == 80
    assert rows[6][0] == "Endstand"
    assert [german_number(cell) for cell in rows[6][2:]] == [270, -90, -90, -90, 0]
    assert rows[7][0] == "Geld (Cent)"
    assert [german_number(cell) for cell in rows[7][2:]] == [270, -90, -90, -90]


def test_an_offline_entry_is_priced_by_the_server(client):
    """A game sent from the outbox (JSON) gets the Bock the server knows of."""
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, SPLIT)
    response = post_round(
        client, key, 2, game("geier", 1, outcome="won"), HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 201
    assert scores(table, 2) == [-100, 300, -100, -100]
    # A form kept for offline entry does not price the game: the server does when it arrives.
    ahead = text(client.get(reverse("table_ahead", args=[key]) + "?after=2"))
    assert "Was das Spiel kostet, mit Bockspielen und Stock, rechnet der Server aus" in ahead
