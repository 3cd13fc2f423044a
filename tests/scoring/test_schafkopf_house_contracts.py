"""House rules at the table (issue 23, "What users get" 1 and 2): starting a table with them,
the rules page, and entering Geier, Farbwenz, Farbgeier, Bettel and the short deck.

Rules: docs/rules/schafkopf.md, "House rules", "Prices of the house contracts", "Presets"
(``stammtisch``: ``tarif-10-20-50`` plus Geier, Farbwenz and Bettel at the Rufspiel price).
Seats: Anna 0, Ben 1, Cem 2, Dora 3. Each entry posts only what its taps send: the game, a
suit where it has one, the declarer and the result (4–7 taps with "save").
"""

import re

import pytest
from django.urls import reverse

from scoring.rules.schafkopf import PROFILES

from .helpers import post_round, text
from .schafkopf_helpers import create_schafkopf, errors, game, play, scores

pytestmark = pytest.mark.django_db


def test_stammtisch_is_a_preset_and_its_rules_page_lists_what_it_plays(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    assert table.profile_name == "stammtisch"
    assert table.profile == dict(PROFILES["stammtisch"])
    page = text(client.get(reverse("pad_page", args=[key, "regeln"])))
    assert "Stammtisch: 10/20/50 mit Geier, Farbwenz, Bettel, Bock und Stock" in page
    assert "Welche Spiele? Spiele außer Rufspiel, Solo, Wenz, Tout und Sie Geier, Farbwenz" in page
    assert "Bettel: Tarif (leer: wie ein Rufspiel) 20" in page
    assert "Eine Bockrunde folgt auf ein Spiel 60 : 60; ein Spiel Schwarz" in page
    assert "Wenn alle weiter sagen zusammengeworfen, jeder zahlt in den Stock" in page
    assert "Stock: jeder zahlt ein (leer: den Rufspiel-Preis) 20" in page


def test_the_creation_form_groups_the_house_rules(client):
    page = text(client.get(reverse("table_new", args=["schafkopf"])))
    for legend in ("Welche Spiele?", "Kurze Karte", "Preise pro Spiel", "Bock", "Stock"):
        assert legend in page
    assert "Stammtisch: 10/20/50" in page


def test_own_house_rules_tick_games_and_drop_the_bock(client):
    table, _key = create_schafkopf(
        client, preset="stammtisch", contracts=["farbgeier", "bettel_ouvert"], bock=["none"]
    )
    assert table.profile_name == "stammtisch+custom"
    guide = ["rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "sie"]
    assert table.profile["contracts"] == [*guide, "farbgeier", "bettel_ouvert"]
    assert table.profile["bock"] == []
    # Ticking nothing but "as preset" keeps the preset.
    table, _key = create_schafkopf(client, preset="stammtisch", contracts=[""], bock=[""])
    assert table.profile_name == "stammtisch"


def test_the_form_offers_only_what_the_table_plays(client):
    _table, key = create_schafkopf(client, preset="stammtisch")
    page = client.get(reverse("table", args=[key])).content.decode()
    for offered in ("geier", "farbwenz", "bettel", "thrown_in"):
        assert f'name="contract" value="{offered}"' in page
    for missing in ("farbgeier", "geier_tout", "bettel_ouvert", "ramsch"):
        assert f'name="contract" value="{missing}"' not in page
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    page = client.get(reverse("table", args=[key])).content.decode()
    assert 'value="geier"' not in page
    response = post_round(client, key, 1, game("geier", 1, outcome="won"))
    assert response.status_code == 422
    assert "Spiel: keine der angebotenen Möglichkeiten." in errors(response)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        # Geier like a Wenz: game, declarer, result (+ save: 4 taps); 50 from each.
        (game("geier", 1, outcome="won"), [-50, 150, -50, -50]),
        # Farbwenz like a Solo with a suit: game, suit, declarer, result (5 taps);
        # Schneider counts for every game in 10/20/50: 50 + 10.
        (game("farbwenz", 2, suit="G", outcome="won_schneider"), [-60, -60, 180, -60]),
        # … or by the Augen: 40 is lost.
        (game("farbwenz", 3, suit="E", augen=40), [50, 50, 50, -150]),
        # Geier with 3 Laufende (counted from 2 like the Wenz): 50 + 30 = 80.
        (game("geier", 0, outcome="won", laufende=3), [240, -80, -80, -80]),
        # Bettel: declarer and won/lost (4 taps), at the Rufspiel price of 20.
        (game("bettel", 0, outcome="lost"), [-60, 20, 20, 20]),
        (game("bettel", 3, outcome="won", stoss=True), [-40, -40, -40, 120]),
    ],
    ids=["geier", "farbwenz schneider", "farbwenz by augen", "geier laufende", "bettel", "stoss"],
)
def test_house_games_are_entered_in_a_few_taps(client, fields, expected):
    table, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, fields)
    assert scores(table, 1) == expected


def test_farbgeier_and_bettel_ouvert_where_a_table_plays_them(client):
    table, key = create_schafkopf(
        client, preset="stammtisch", contracts=["farbgeier", "bettel_ouvert"]
    )
    play(client, key, 1, game("farbgeier", 1, suit="S", outcome="won"))
    assert scores(table, 1) == [-50, 150, -50, -50]
    # "a Bettel ouvert is 40" (twice the Bettel).
    play(client, key, 2, game("bettel_ouvert", 2, outcome="lost"))
    assert scores(table, 2) == [40, 40, -120, 40]
    sheet = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    assert "Schellen-Farbgeier · Ben · gewonnen" in sheet
    assert "Bettel ouvert · Cem · verloren" in sheet


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            game("bettel", 0, augen=30),
            "Augen: Ein Bettel wird nicht nach Augen gezählt – der Spieler gewinnt, wenn er "
            "keinen Stich macht",
        ),
        (
            game("bettel", 0, outcome="won_schneider"),
            "Ergebnis: Ein Bettel kennt kein Schneider und kein Schwarz",
        ),
        (
            game("bettel", 0, outcome="won", laufende=3),
            "Laufende: Ein Bettel hat keine Trümpfe, also keine Laufenden",
        ),
        (game("bettel", 0), "Ergebnis: Bitte die Augen der Spieler eintragen"),
        (
            game("farbwenz", 1, outcome="won"),
            "Solofarbe: Bei einem Farbwenz bitte die Trumpffarbe wählen.",
        ),
        (game("geier", 1, outcome="won", laufende=5), "Laufende: von 0 bis 4 bei diesem Spiel."),
        (game("geier", 1, suit="E", outcome="won"), "Solofarbe: Nur ein Solo, Farbwenz oder"),
    ],
    ids=[
        "bettel augen",
        "bettel schneider",
        "bettel laufende",
        "bettel no result",
        "farbwenz no suit",
        "geier laufende",
        "geier suit",
    ],
)
def test_refusals_name_the_field_and_the_rule(client, fields, message):
    _table, key = create_schafkopf(client, preset="stammtisch")
    response = post_round(client, key, 1, fields)
    assert response.status_code == 422
    assert message in errors(response)


def test_the_short_deck_counts_six_tricks_and_offers_no_sie(client):
    table, key = create_schafkopf(client, preset="tarif-10-20-50", deck="kurz")
    assert table.profile["deck"] == "kurz"
    page = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="contract" value="sie"' not in page
    response = post_round(client, key, 1, game("solo_tout", 1, suit="E", augen=110))
    assert response.status_code == 302  # fewer than 120 Augen: the Tout is lost
    response = post_round(client, key, 2, game("solo_tout", 1, suit="E", augen=110, outcome="won"))
    assert "Ein Tout ist nur mit allen 6 Stichen gewonnen, also mit allen 120 Augen" in errors(
        response
    )
    # The short deck has 12 trumps in a Rufspiel: 13 Laufende cannot be.
    fields = game("rufspiel", 0, 1, called="E", augen=70, laufende=13)
    assert "Laufende: von 0 bis 12 bei diesem Spiel." in errors(post_round(client, key, 2, fields))
    # Augen still run to 120.
    play(client, key, 2, game("rufspiel", 0, 1, called="E", augen=120, outcome="won_schwarz"))


@pytest.mark.parametrize("url", ["/new/schafkopf/", "/g/new/schafkopf/"])
def test_the_creation_forms_show_the_preset_and_keep_the_rules_behind_adjust(client, url):
    """Issue 29 §5.5: a preset is usually all a table needs: the presets (each with what it
    means in one line) come first, the ~100 house-rule choices behind "Hausregeln anpassen"
    (a <details>, closed, so it opens without JavaScript); a mistake in one opens it."""
    html = client.get(url).content.decode()
    before, details = html.split('<details class="rules">', 1)
    details = details.split("</details>", 1)[0]
    assert "<summary>Hausregeln anpassen</summary>" in details
    assert 'name="preset"' in before and 'name="money"' in before
    assert "Stammtisch: 10/20/50 mit Geier, Farbwenz, Bettel, Bock und Stock" in before
    assert 'name="preset"' not in details
    for rule in ("contracts", "base_solo", "bock", "passed_deal", "stock_fee"):
        assert f'name="{rule}"' in details and f'name="{rule}"' not in before
    assert len(re.findall(r"<input|<select", details)) > 90
    assert len(re.findall(r"<input(?! type=\"hidden\")|<select", before)) < 30
    data = {"name": "Krone", "roster": "Anna\nBen\nCem\nDora", "preset": "stammtisch"}
    data |= {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem", "player_3": "Dora"}
    refused = client.post(url, data | {"base_solo": "-5", "first_dealer": "0"})
    assert refused.status_code == 422
    assert '<details class="rules" open>' in refused.content.decode()
