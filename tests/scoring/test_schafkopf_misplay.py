"""A misplay (Fehlspiel) on the Schafkopf sheet, under ``misplay: offender_pays``.

docs/rules/schafkopf.md, "Misplay: … `offender_pays` scores a game with a violation as
lost by the offender's party at its plain value (Schneider/Schwarz only if already reached),
the offender paying his partner's share too (partner 0)"; presets table: "misplay (see
Result) | `as_played` | `as_played` | `offender_pays`"; tournaments.md: "a misplay ends the
game and the offender pays alone". The amounts are the engine's ``penalty_settle``.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.models import Revision
from scoring.rules.schafkopf import PROFILES, counted_laufende, penalty_settle

from .helpers import post_round, text, viewer_key
from .schafkopf_helpers import FIVE, create_schafkopf, errors, game, is_checked, play, scores

pytestmark = pytest.mark.django_db

TURNIER = PROFILES["turnier-1-15"]
RUFSPIEL = {"called": "E"}


def misplayed(contract, declarer, partner=None, *, by, reached="", **fields):
    """The POST fields of a game that ended with ``by``'s misplay."""
    return game(contract, declarer, partner, misplay=by, misplay_reached=reached, **fields)


def engine_penalty(contract, declarer, partner, offender, reached="", **terms):
    """The engine's amounts (turnier-1-15) for the same game, with its own arguments."""
    schneider, schwarz = {"": (False, False), "schneider": (True, False)}.get(reached, (True, True))
    return penalty_settle(
        TURNIER, contract, declarer, partner, offender, schneider=schneider, schwarz=schwarz,
        **terms,
    )  # fmt: skip


# (case, POST fields, engine arguments, amounts by the rule)
CASES = [
    (
        "Rufspiel, the partner misplays: he pays both shares",
        misplayed("rufspiel", 0, 2, by=2, **RUFSPIEL),
        ("rufspiel", 0, 2, 2),
        [0, 1, -2, 1],
    ),
    (
        "Rufspiel, the declarer misplays",
        misplayed("rufspiel", 0, 2, by=0, **RUFSPIEL),
        ("rufspiel", 0, 2, 0),
        [-2, 1, 0, 1],
    ),
    (
        "Rufspiel, an opponent misplays: the declaring party wins",
        misplayed("rufspiel", 0, 2, by=3, **RUFSPIEL),
        ("rufspiel", 0, 2, 3),
        [1, 0, 1, -2],
    ),
    (
        "Rufspiel, Schneider already reached by the declaring party",
        misplayed("rufspiel", 0, 2, by=1, reached="schneider", **RUFSPIEL),
        ("rufspiel", 0, 2, 1, "schneider"),
        [2, -4, 2, 0],
    ),
    (
        "Rufspiel on the declarer's own Sau: he plays and pays alone",
        misplayed("rufspiel", 1, by=1, called="G"),
        ("rufspiel", 1, None, 1),
        [1, -3, 1, 1],
    ),
    (
        "Solo, the declarer misplays",
        misplayed("solo", 1, by=1, suit="G"),
        ("solo", 1, None, 1),
        [5, -15, 5, 5],
    ),
    (
        "Solo, an opponent misplays: he pays the other opponents' shares",
        misplayed("solo", 1, by=3, suit="G"),
        ("solo", 1, None, 3),
        [0, 15, 0, -15],
    ),
    (
        "Solo, Schwarz already reached by the opponents",
        misplayed("solo", 1, by=1, suit="H", reached="schwarz"),
        ("solo", 1, None, 1, "schwarz"),
        [7, -21, 7, 7],
    ),
    (
        "Wenz, an opponent misplays after Stoß",
        misplayed("wenz", 2, by=0, stoss=True),
        ("wenz", 2, None, 0),
        [-30, 0, 30, 0],
    ),
    (
        "Solo-Tout, the declarer misplays",
        misplayed("solo_tout", 3, by=3, suit="E"),
        ("solo_tout", 3, None, 3),
        [10, 10, 10, -30],
    ),
    (
        "Wenz-Tout, an opponent misplays",
        misplayed("wenz_tout", 0, by=1),
        ("wenz_tout", 0, None, 1),
        [30, -30, 0, 0],
    ),
    (
        "Sie the hand did not allow",
        misplayed("sie", 2, by=2),
        ("sie", 2, None, 2),
        [20, 20, -60, 20],
    ),
]


@pytest.mark.parametrize(
    ("fields", "engine", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_misplay_in_each_contract_is_scored_by_penalty_settle(client, fields, engine, expected):
    """schafkopf.md, "Misplay": "lost by the offender's party at its plain value
    (Schneider/Schwarz only if already reached), the offender paying his partner's share too
    (partner 0)". Turnier values: Rufspiel 1, Solo/Wenz 5, Schneider +1, Schwarz +2, Tout
    2 × 5, Sie 4 × 5; Stoß doubles."""
    table, key = create_schafkopf(client, preset="turnier-1-15")
    play(client, key, 1, fields)
    amounts = scores(table, 1)
    contract, declarer, partner, offender, *reached = engine
    terms = {"stoss": bool(fields.get("stoss")), "suit": fields.get("suit")}
    laufende = counted_laufende(TURNIER, contract, 8) if contract == "sie" else 0
    assert amounts == expected
    assert amounts == engine_penalty(
        contract, declarer, partner, offender, *reached, laufende=laufende, **terms
    )
    assert sum(amounts) == 0
    data = Revision.objects.get(round__table=table, is_current=True).data
    assert data["misplay"] == offender and data["result"] is None and data["augen"] is None


def test_five_players_the_sitting_out_dealer_pays_nothing(client):
    """tournaments.md: "tables of 5 where the dealer sits out each game (the sitting-out
    player scores 0 for that game)" — also when somebody else misplays."""
    table, key = create_schafkopf(client, players=FIVE, preset="turnier-1-15")
    # Anna deals and sits out; Cem's Rufspiel with Emil, Emil misplays.
    play(client, key, 1, misplayed("rufspiel", 2, 4, by=4, called="S"))
    assert scores(table, 1) == [0, 1, 0, 1, -2]
    # The dealer cannot be the offender: he is not playing.
    response = post_round(client, key, 2, misplayed("solo", 2, by=1, suit="E"))
    assert response.status_code == 422
    assert "Fehlspiel von: muss einer der vier Mitspieler dieses Spiels sein." in errors(response)


def test_schwarz_must_be_claimed_also_in_a_misplay(client):
    """schafkopf.md: Schwarz "muss verlangt werden" where `schwarz_must_be_claimed` — an
    unclaimed Schwarz is paid as Schneider, as in a game played out."""
    table, key = create_schafkopf(client, preset="turnier-1-15", schwarz_must_be_claimed="yes")
    play(client, key, 1, misplayed("solo", 1, by=1, suit="E", reached="schwarz"))
    assert scores(table, 1) == [6, -18, 6, 6]  # 5 + Schneider 1
    claimed = misplayed("solo", 1, by=1, suit="E", reached="schwarz", schwarz_claimed="on")
    play(client, key, 2, claimed)
    assert scores(table, 2) == [7, -21, 7, 7]  # 5 + Schwarz 2


# --- the form and its checks ------------------------------------------------------------------
def test_the_entry_form_offers_the_misplay_only_where_the_rules_score_it(client):
    """Presets table: only `turnier-1-15` has `offender_pays`; the others score as played, so
    their form shows no trace of a misplay."""
    _table, key = create_schafkopf(client, preset="turnier-1-15")
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="misplay"' in html and 'name="misplay_reached"' in html
    assert "Fehlspiel? (Turnierregel)" in html
    for preset in ("kurzanleitung", "tarif-10-20-50"):
        _table, key = create_schafkopf(client, preset=preset)
        html = client.get(reverse("table", args=[key])).content.decode()
        assert "misplay" not in html and "Fehlspiel" not in html


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_table_without_the_rule_refuses_a_posted_misplay(client, language):
    table, key = create_schafkopf(client)  # kurzanleitung: misplay as_played
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = post_round(client, key, 1, misplayed("solo", 1, by=1, suit="E", outcome="lost"))
    assert response.status_code == 422
    message = {
        "de": "Fehlspiel: An diesem Tisch wird jedes Spiel so gewertet, wie es gespielt wurde",
        "en": "Misplay: this table scores every game as played (its rules have no misplay",
    }[language]
    assert message in errors(response)
    assert not Revision.objects.filter(round__table=table).exists()


# (case, custom rules, POST fields, German, English)
REFUSED = [
    (
        "offender not at the table",
        {},
        misplayed("solo", 1, by=7, suit="E"),
        "Fehlspiel von: muss einer der vier Mitspieler dieses Spiels sein.",
        "Misplay by: must be one of the four players of this game.",
    ),
    (
        "misplay in a thrown-in deal",
        {},
        game("thrown_in", misplay=2),
        "Fehlspiel von: Die Karten wurden zusammengeworfen und nichts gespielt",
        "Misplay by: the cards were thrown in and nothing was played, so nobody misplayed",
    ),
    (
        "misplay in a Ramsch",
        {"passed_deal": "ramsch"},
        game("ramsch", ramsch={0: 30, 1: 30, 2: 30, 3: 30}, misplay=1),
        "Fehlspiel von: Ein Ramsch kann nicht als Fehlspiel gewertet werden",
        "Misplay by: a Ramsch cannot be scored as a misplay",
    ),
    (
        "a result tapped besides the misplay",
        {},
        misplayed("solo", 1, by=1, suit="E", outcome="won"),
        "Ergebnis: Bei einem Fehlspiel bitte leer lassen",
        "Result: leave it empty with a misplay",
    ),
    (
        "Augen typed besides the misplay",
        {},
        misplayed("solo", 1, by=1, suit="E", augen=70),
        "Augen: Bei einem Fehlspiel bitte leer lassen",
        "Augen: leave them empty with a misplay",
    ),
    (
        "Schneider reached without a misplay",
        {},
        game("solo", 1, suit="E", outcome="won", misplay_reached="schneider"),
        "Schon erreicht von der anderen Partei: nur bei einem Fehlspiel",
        "Already reached by the other party: only with a misplay",
    ),
    (
        "Schneider in a Tout",
        {},
        misplayed("solo_tout", 1, by=1, suit="E", reached="schneider"),
        "Schon erreicht von der anderen Partei: Schneider und Schwarz zählen an diesem Tisch "
        "bei Solo-Tout nicht",
        "Already reached by the other party: Schneider and Schwarz add nothing to a Solo-Tout",
    ),
    (
        "Schneider in a Solo where only the Rufspiel counts it",
        {"schneider_scope": "rufspiel"},
        misplayed("solo", 1, by=1, suit="E", reached="schneider"),
        "Schneider und Schwarz zählen an diesem Tisch bei Solo nicht",
        "Schneider and Schwarz add nothing to a Solo at this table",
    ),
    (
        "Rufspiel without partner, somebody else misplayed",
        {},
        misplayed("rufspiel", 0, by=3, called="E"),
        "Partner: Bei einem Rufspiel bitte wählen, wer die gerufene Sau hatte.",
        "Partner: in a Rufspiel, choose who had the called Sau.",
    ),
]


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize(
    ("rules", "fields", "german", "english"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_refused_misplay_names_field_and_rule(client, language, rules, fields, german, english):
    """Rules, "Checks the scorepad enforces": "A clear message names the field and the rule
    for every rejected entry; nothing already saved is lost." The offender is one of the
    game's players; a misplay decides a game with a declarer (the offender's party loses),
    so it has no result or Augen of its own and no Schneider where the tariff has none."""
    table, key = create_schafkopf(client, preset="turnier-1-15", **rules)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=80))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = post_round(client, key, 2, fields)
    assert response.status_code == 422
    assert (german if language == "de" else english) in errors(response)
    assert Revision.objects.filter(round__table=table).count() == 1
    html = response.content.decode()
    if fields.get("misplay") in (1, 3):
        assert is_checked(html, "misplay", str(fields["misplay"]))


def test_correcting_a_misplay_shows_it_chosen_and_names_the_change(client):
    """History and audit: "Fehlspiel: Ben", and a correction names what changed."""
    table, key = create_schafkopf(client, preset="turnier-1-15")
    play(client, key, 1, misplayed("solo", 1, by=1, suit="G", reached="schneider"))
    form = client.get(reverse("round", args=[key, 1])).content.decode()
    assert is_checked(form, "misplay", "1") and is_checked(form, "misplay_reached", "schneider")
    assert "Fehlspiel Ben" in text(client.get(reverse("round", args=[key, 1])))
    assert "Fehlspiel: Ben" in text(client.get(reverse("audit", args=[key])))
    play(client, key, 1, game("solo", 1, suit="G", augen=70), base=1, reason="doch bedient")
    assert "Fehlspiel: Ben → –" in text(client.get(reverse("round", args=[key, 1])))
    assert "Fehlspiel: Ben → –" in text(client.get(reverse("audit", args=[key])))
    assert scores(table, 1) == [-5, 15, -5, -5]


# --- the sheet, the Spielliste and the statistics ----------------------------------------------
def evening(client):
    """Anna's Rufspiel with Cem won; Ben's Gras-Solo ended by Dora's misplay; Cem's Wenz lost
    by Cem's own misplay."""
    table, key = create_schafkopf(client, preset="turnier-1-15")
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=67))
    play(client, key, 2, misplayed("solo", 1, by=3, suit="G"))
    play(client, key, 3, misplayed("wenz", 2, by=2))
    return table, key


def test_sheet_and_spielliste_mark_the_misplay(client):
    """Spielliste: "one row per game, +/− per player, won solos marked (circled)" — a Solo
    ended by an opponent's misplay was not won at the table, so it is not circled; the line
    says who misplayed and the offender's amount is marked."""
    table, key = evening(client)
    sheet = client.get(reverse("table", args=[key])).content.decode()
    assert sheet.count('class="sk-misplay-tag">Fehlspiel<') == 2
    assert '<span class="sk-offender">−15</span>' in sheet
    assert "sk-circled" not in sheet
    assert "Beim Fehlspiel ist der Betrag des Verursachers mit ! markiert." in text_of(sheet)
    for link in (key, viewer_key(table)):
        page = text(client.get(reverse("pad_page", args=[link, "spielliste"])))
        assert "2 Gras-Solo · Ben · Fehlspiel Dora · gewonnen 0 +15 0 −15" in page
        assert "3 Wenz · Cem · Fehlspiel Cem · verloren +5 +5 −15 +5" in page
        assert "Summe +6 +19 −14 −11" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    assert "Gras-Solo · Ben · Misplay Dora · won" in page


def test_statistics_count_a_misplay_apart(client):
    """Decision (scoring/pads/schafkopf/summary.py): a misplayed game counts as played by
    everybody and as a misplay of its offender, not as declared, won or lost."""
    table, key = evening(client)
    page = text(client.get(reverse("pad_page", args=[viewer_key(table), "statistik"])))
    assert "3 Spiele gespeichert · 2 Fehlspiele" in page
    assert "Spiele mitgespielt 3 3 3 3" in page
    assert "Selbst gespielt 1 0 0 0" in page
    assert "Nach Spiel (gewonnen/gespielt) Rufspiel 1/1 – – –" in page
    assert "Fehlspiele 0 0 1 1" in page
    assert "Als Gegenspieler gewonnen 0/0 0/1 0/0 0/1" in page
    assert "Bestes Spiel +5 +15 +1 +5" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = text(client.get(reverse("pad_page", args=[key, "statistik"])))
    assert "3 games saved · 2 misplays" in page and "Misplays 0 0 1 1" in page


def text_of(html: str) -> str:
    class Page:
        content = html.encode()

    return text(Page)
