"""A Schafkopf table: starting it (presets, custom profiles, money), 4 or 5 players with the
dealer rotating, the Spielliste, statistics and rules pages, history and conflicts.
Rules: docs/rules/schafkopf.md ("Deal and order", "Club profiles", presets) and
docs/rules/tournaments.md (tables of 5).
"""

from types import MappingProxyType

import pytest
from django.urls import reverse

from scoring.models import Revision, Table
from scoring.rules.schafkopf import PROFILES

from .helpers import post_round, text, viewer_key
from .schafkopf_helpers import FIVE, create_schafkopf, game, play, scores

pytestmark = pytest.mark.django_db


# --- starting a table ---------------------------------------------------------------------
def test_default_table_plays_the_kurzanleitung(client):
    """Rules: "the profile `kurzanleitung` reproduces the source … and is the default"."""
    table, key = create_schafkopf(client, first_dealer=2)
    assert table.profile_name == "kurzanleitung"
    assert table.profile == dict(PROFILES["kurzanleitung"])
    page = text(client.get(reverse("table", args=[key])))
    # Rules: "The player left of the dealer speaks first and leads the first trick."
    assert "Spiel 1 Geber Cem Vorhand Dora spricht zuerst und kommt raus" in page
    assert "Reihenfolge Dora → Anna → Ben → Cem" in page


@pytest.mark.parametrize("preset", ["kurzanleitung", "tarif-10-20-50", "turnier-1-15"])
def test_each_preset_ships_as_a_frozen_copy(client, preset):
    """Rules: "Presets that must ship, each a frozen, named profile"."""
    table, _key = create_schafkopf(client, preset=preset)
    assert table.profile_name == preset
    assert table.profile == dict(PROFILES[preset])


def test_changing_a_preset_later_never_changes_an_old_table(client, monkeypatch):
    """Rules: "A session or tournament stores a frozen copy of its profile, so changing a
    profile later never rewrites old results"."""
    old_table, old_key = create_schafkopf(client)
    changed = MappingProxyType({**PROFILES["kurzanleitung"], "base_solo": 10})
    monkeypatch.setitem(PROFILES, "kurzanleitung", changed)
    new_table, new_key = create_schafkopf(client)
    play(client, old_key, 1, game("solo", 1, suit="E", outcome="won"))
    play(client, new_key, 1, game("solo", 1, suit="E", outcome="won"))
    assert scores(old_table, 1) == [-6, 18, -6, -6]
    assert scores(new_table, 1) == [-10, 30, -10, -10]
    rules_page = text(client.get(reverse("pad_page", args=[old_key, "regeln"])))
    assert "Solo: Tarif 6" in rules_page


def test_custom_profile_from_the_form(client):
    """Rules, "Club profiles": "base tariffs per contract (…; optionally a higher
    Herz-Solo)", "Schneider/Schwarz increments for Rufspiel only (source) or for all
    contracts", "Laufende …", "Klopfen/Legen (each doubles)"."""
    table, key = create_schafkopf(
        client,
        preset="kurzanleitung",
        money="0,05",
        base_solo="5",
        base_herz_solo="8",
        schneider_scope="all",
        laufende_price="1",
        laufende_from="2",
        allow_klopfen="yes",
        sie_value="50",
    )
    assert table.profile_name == "kurzanleitung+custom"
    expected = {
        **PROFILES["kurzanleitung"],
        "cents_per_unit": 5,
        "base_solo": 5,
        "base_herz_solo": 8,
        "schneider_scope": "all",
        "laufende_price": 1,
        "laufende_from": 2,
        "allow_klopfen": True,
        "sie_value": 50,
    }
    assert table.profile == expected
    # Herz-Solo won Schneider with 2 Laufende, knocked once: (8 + 1 + 2) × 2 = 22 each.
    play(client, key, 1, game("solo", 1, suit="H", augen=95, laufende=2, klopfen=1))
    assert scores(table, 1) == [-22, 66, -22, -22]
    play(client, key, 2, game("sie", 0))  # a fixed Sie value
    assert scores(table, 2) == [150, -50, -50, -50]
    rules_page = text(client.get(reverse("pad_page", args=[key, "regeln"])))
    assert "Eigene Regeln, auf Grundlage von Kurzanleitung" in rules_page
    assert "Herz-Solo: eigener Tarif (leer: wie ein Solo) 8" in rules_page
    assert "Schneider und Schwarz zählen bei allen Spielen" in rules_page
    assert "Geld pro Einheit 0,05 €" in rules_page
    assert "Klopfen erlaubt ja" in rules_page


def test_money_per_unit_in_english_is_written_the_english_way(client):
    client.cookies["django_language"] = "en"
    page = text(client.get(reverse("table_new", args=["schafkopf"])))
    assert "Money per unit in € (optional, e.g. 0.10)" in page
    table, _key = create_schafkopf(client, money="0.25")
    assert table.profile["cents_per_unit"] == 25


def test_money_alone_keeps_the_preset_name(client):
    table, _key = create_schafkopf(client, money="0,10")
    assert table.profile_name == "kurzanleitung"
    assert table.profile["cents_per_unit"] == 10


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"base_solo": "-1"}, "Solo: Tarif: mindestens 0."),
        ({"laufende_from": "15"}, "Laufende: zählen ab: höchstens 14."),
        (
            {"preset": "tarif-10-20-50", "laufende_cap": "2"},
            "Laufende: Höchstens 2 liegt unter der Schwelle von 3, so würden Laufende nie bezahlt.",
        ),
        (
            {"preset": "turnier-1-15", "money": "0,10"},
            "Geld pro Einheit: Um Turnierpunkte wird nicht um Geld gespielt.",
        ),
        (
            {"preset": "tarif-10-20-50", "money": "0,10"},
            "Geld pro Einheit: Der Tarif ist in Cent, eine Einheit ist also 0,01 €.",
        ),
        ({"money": "0,105"}, "Geld pro Einheit: höchstens zwei Nachkommastellen (ganze Cent)."),
        ({"money": "zehn"}, "Geld pro Einheit: ein Betrag in Euro wie 0,10."),
        ({"passed_deal": "bock"}, "Wenn alle weiter sagen: keine der angebotenen Möglichkeiten."),
        ({"preset": "skat"}, "Tarif: keine der angebotenen Möglichkeiten."),
        (
            {"player_3": "", "first_dealer": "3"},
            "Spieler 4: Bitte einen Namen eingeben (dieses Spiel braucht 4 Spieler).",
        ),
        (
            {"first_dealer": "4"},
            "Erster Geber: Spieler 5 hat keinen Namen; bitte einen der Spieler wählen.",
        ),
    ],
)
def test_custom_profile_is_checked_with_messages(client, fields, message):
    data = {
        "player_0": "Anna",
        "player_1": "Ben",
        "player_2": "Cem",
        "player_3": "Dora",
        "first_dealer": "0",
        "preset": "kurzanleitung",
        **fields,
    }
    response = client.post(reverse("table_new", args=["schafkopf"]), data)
    assert response.status_code == 422
    assert message in text(response)
    assert not Table.objects.exists()


# --- dealer, order and the fifth player -------------------------------------------------------
def test_dealer_rotates_clockwise_after_every_game(client):
    """Rules: "Dealer rotates clockwise after every deal"."""
    _table, key = create_schafkopf(client, first_dealer=3)
    dealers = []
    for number in range(1, 6):
        page = text(client.get(reverse("table", args=[key])))
        dealers.append(page.split("Geber ", 1)[1].split(" ", 1)[0])
        play(client, key, number, game("wenz", number % 4, augen=70))
    assert dealers == ["Dora", "Anna", "Ben", "Cem", "Dora"]


def test_five_players_the_dealer_sits_out_and_scores_zero(client):
    """tournaments.md: "tables of 5 where the dealer sits out each game (the sitting-out
    player scores 0 for that game)"."""
    table, key = create_schafkopf(client, players=FIVE, first_dealer=0)
    page = text(client.get(reverse("table", args=[key])))
    assert "Geber Anna (setzt dieses Spiel aus) Vorhand Ben" in page
    assert "Reihenfolge Ben → Cem → Dora → Emil" in page
    html = client.get(reverse("table", args=[key])).content.decode()
    next_form = html.split('id="entry"', 1)[1].split("</form>", 1)[0]
    assert 'name="declarer" value="0"' not in next_form  # Anna cannot play this game
    play(client, key, 1, game("solo", 1, suit="E", outcome="won"))
    assert scores(table, 1) == [0, 18, -6, -6, -6]
    play(client, key, 2, game("rufspiel", 0, 4, called="G", augen=40))  # Ben sits out
    assert scores(table, 2) == [-1, 0, 1, 1, -1]
    page = text(client.get(reverse("table", args=[key])))
    assert "Geber Cem (setzt dieses Spiel aus) Vorhand Dora" in page
    assert "Reihenfolge Dora → Emil → Anna → Ben" in page
    # The dealer of game 3 is not one of its players.
    refused = post_round(client, key, 3, game("wenz", 2, augen=70))
    assert refused.status_code == 422
    assert "Spielmacher: keine der angebotenen Möglichkeiten." in text(refused)


def test_five_player_ramsch_leaves_the_dealer_out(client):
    table, key = create_schafkopf(client, players=FIVE, first_dealer=4, passed_deal="ramsch")
    play(client, key, 1, game("ramsch", ramsch={0: 40, 1: 30, 2: 50, 3: 0}, jungfrau=[3]))
    assert scores(table, 1) == [2, 2, -6, 2, 0]


def test_a_fifth_player_can_be_the_first_dealer(client):
    table, key = create_schafkopf(client, players=FIVE, first_dealer=4)
    assert table.options == {"first_dealer": 4}
    assert "Geber Emil (setzt dieses Spiel aus) Vorhand Anna" in text(
        client.get(reverse("table", args=[key]))
    )


def test_a_correction_keeps_who_dealt(client):
    _table, key = create_schafkopf(client, passed_deal="same_dealer")
    play(client, key, 1, game("thrown_in"))  # Anna deals again
    play(client, key, 2, game("wenz", 1, augen=70))
    play(client, key, 1, game("solo", 1, suit="E", augen=70), base=1)
    assert Revision.objects.get(round__number=2, is_current=True).data["dealer"] == 0
    assert "Geber Ben" in text(client.get(reverse("table", args=[key])))


# --- pages ----------------------------------------------------------------------------------
def play_evening(client, key):
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=67))  # +1 −1 +1 −1
    play(client, key, 2, game("solo", 1, suit="G", outcome="won_schneider", stoss=True))
    play(client, key, 3, game("thrown_in"))
    play(client, key, 4, game("wenz", 3, augen=40))  # Dora loses: +6 +6 +6 −18


def test_spielliste_like_the_paper_sheet(client):
    """Issue: "one row per game, +/− per player, won solos marked (circled), totals";
    the viewer link sees it too."""
    table, key = create_schafkopf(client, money="0,10")
    play_evening(client, key)
    for link in (key, viewer_key(table)):
        response = client.get(reverse("pad_page", args=[link, "spielliste"]))
        assert response.status_code == 200
        page = text(response)
        assert "1 Rufspiel mit der Eichel-Sau · Anna + Cem · gewonnen · 67 Augen +1 −1 +1 −1" in (
            page
        )
        assert "2 Gras-Solo · Ben · gewonnen Schneider · Stoß −12 +36 −12 −12" in page
        assert "3 zusammengeworfen 0 0 0 0" in page
        assert "4 Wenz · Dora · verloren · 40 Augen +6 +6 +6 −18" in page
        assert "Summe −5 +41 −5 −31" in page
        assert "Geld −0,50 € 4,10 € −0,50 € −3,10 €" in page
        html = response.content.decode()
        # Only the won solo is circled: Ben's +36, not Dora's lost Wenz.
        assert html.count('class="sk-circled"') == 1
        assert '<span class="sk-circled">+36</span>' in html


def test_statistics_per_player(client):
    """Issue: "games played, declared, won, by contract; balance chart over the evening"."""
    table, key = create_schafkopf(client)
    play_evening(client, key)
    response = client.get(reverse("pad_page", args=[viewer_key(table), "statistik"]))
    assert response.status_code == 200
    page = text(response)
    assert "4 Spiele gespeichert · 1 zusammengeworfen" in page
    assert "Spiele mitgespielt 3 3 3 3" in page
    assert "Selbst gespielt 1 1 0 1" in page
    assert "… davon gewonnen 1 100 % 1 100 % 0 0 0 %" in page
    assert "Nach Spiel (gewonnen/gespielt) Rufspiel 1/1 – – – Solo – 1/1 – – Wenz – – – 0/1" in page
    assert "Als Partner gewonnen 0/0 0/0 1/1 0/0" in page
    assert "Als Gegenspieler gewonnen 1/2 1/2 1/2 0/2" in page
    assert "Bestes Spiel +6 +36 +6 −1" in page
    assert "Schlechtestes Spiel −12 −1 −12 −18" in page
    assert "Stand −5 +41 −5 −31" in page
    html = response.content.decode()
    assert '<svg class="chart"' in html
    assert html.count("<polyline") == 4


def test_rules_page_shows_the_profile_read_only(client):
    table, key = create_schafkopf(client, preset="tarif-10-20-50")
    page = text(client.get(reverse("pad_page", args=[viewer_key(table), "regeln"])))
    assert "Tarif 10/20/50: in Cent, mit Laufenden" in page
    assert "Laufende: Tarif je Laufendem (0: nicht bezahlt) 10" in page
    assert "Wenn alle weiter sagen zusammenwerfen, der Nächste gibt" in page
    assert client.post(reverse("pad_page", args=[key, "regeln"])).status_code == 405


def test_pages_in_english(client):
    _table, key = create_schafkopf(client)
    play_evening(client, key)
    client.cookies["django_language"] = "en"
    page = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    assert "Rufspiel with the Eichel-Sau · Anna + Cem · won · 67 Augen" in page
    assert "Gras-Solo · Ben · won Schneider · Stoß" in page


# --- history and conflicts --------------------------------------------------------------------
def test_history_names_what_a_correction_changed(client):
    _table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=67))
    play(
        client,
        key,
        1,
        game("rufspiel", 1, 2, called="E", augen=58),
        base=1,
        reason="Ben hat gespielt",
    )
    page = text(client.get(reverse("round", args=[key, 1])))
    assert "Spielmacher: Anna → Ben" in page
    assert "Augen Spieler: 67 → 58" in page
    assert "Ergebnis: gewonnen → verloren" in page
    assert "Spiel Rufspiel mit der Eichel-Sau" in page  # the first entry, listed in full


def test_conflict_shows_the_newer_game_and_keeps_mine(client):
    """Framework: a game saved on another phone meanwhile is shown; my entry stays."""
    _table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=67))
    response = post_round(client, key, 1, game("solo", 3, suit="S", augen=88))
    assert response.status_code == 409
    page = text(response)
    assert "Spiel Rufspiel mit der Eichel-Sau Spielmacher Anna Partner Cem" in page
    assert "Augen Spieler 67 Ergebnis gewonnen" in page
    assert 'name="augen" value="88"' in response.content.decode()


def test_viewer_sees_the_sheet_but_no_form(client):
    table, key = create_schafkopf(client)
    play(client, key, 1, game("wenz", 1, augen=70))
    response = client.get(reverse("table", args=[viewer_key(table)]))
    html = response.content.decode()
    assert 'name="contract"' not in html
    assert "Ben +18" in text(response)
    assert post_round(client, viewer_key(table), 2, game("wenz", 1, augen=70)).status_code == 403


def test_spielliste_names_laufende_only_where_the_table_pays_for_them(client):
    """The Kurzanleitung counts no Laufende: a Sie's eight are not worth mentioning there."""
    _table, key = create_schafkopf(client, preset="kurzanleitung")
    play(client, key, 1, game("sie", 3))
    line = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    assert "Sie · Dora · gewonnen" in line and "Laufende" not in line
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, game("sie", 3))
    assert "8 Laufende" in text(client.get(reverse("pad_page", args=[key, "spielliste"])))


def test_zero_augen_saved_as_not_schwarz_asks_whether_it_was_schwarz(client):
    """0 Augen with a trick is Schneider, not Schwarz (Schwarz counts tricks); the sheet
    saves what was entered and asks, so a wrong entry is caught at the table."""
    _table, key = create_schafkopf(client)
    response = play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=0))
    page = text(client.get(response.url))
    assert "Spiel 1: 0 Augen, gespeichert als nicht schwarz. War es schwarz" in page
    response = play(client, key, 2, game("rufspiel", 0, 2, called="E", outcome="lost_schwarz"))
    assert "War es schwarz" not in text(client.get(response.url))
