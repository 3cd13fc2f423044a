"""Entering a Schafkopf game: every check names the field and the rule, in German and English,
and nothing is saved or lost. Rules: docs/rules/schafkopf.md ("Checks the scorepad
enforces", "Result", "Stoß and Retour", the Ramsch and passed-deal settings).
"""

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.models import Revision

from .helpers import post_round, text
from .schafkopf_helpers import create_schafkopf, errors, game, is_checked, play, scores

pytestmark = pytest.mark.django_db

# (case, preset or custom fields, game fields, German message, English message)
REFUSED = [
    (
        "partner is the declarer",
        {},
        game("rufspiel", 0, 0, called="E", augen=70),
        "Partner: muss bei einem Rufspiel ein anderer Spieler als der Spielmacher sein",
        "Partner: in a Rufspiel the partner must be a player other than the declarer",
    ),
    (
        "Rufspiel without partner",
        {},
        game("rufspiel", 0, called="E", augen=70),
        "Partner: Bei einem Rufspiel bitte wählen, wer die gerufene Sau hatte.",
        "Partner: in a Rufspiel, choose who had the called Sau.",
    ),
    (
        "Solo with a partner",
        {},
        game("solo", 0, 2, suit="E", augen=70),
        "Partner: nur bei einem Rufspiel (Solo, Wenz, Tout und Sie spielt man allein).",
        "Partner: only in a Rufspiel (Solo, Wenz, Tout and Sie are played alone).",
    ),
    (
        "no declarer",
        {},
        game("wenz", outcome="won"),
        "Spielmacher: Bitte wählen, wer gespielt hat.",
        "Declarer: please choose who played.",
    ),
    (
        "Rufspiel without its Sau",
        {},
        game("rufspiel", 0, 2, augen=70),
        "Gerufene Sau: Bei einem Rufspiel bitte wählen, welche Sau gerufen wurde.",
        "Called Sau: in a Rufspiel, choose which Sau was called.",
    ),
    (
        "Sau called in a Solo",
        {},
        game("solo", 0, suit="E", called="G", augen=70),
        "Gerufene Sau: Nur bei einem Rufspiel wird eine Sau gerufen.",
        "Called Sau: only a Rufspiel calls a Sau.",
    ),
    (
        "the Herz-Sau cannot be called",
        {},
        game("rufspiel", 0, 2, called="H", augen=70),
        "Gerufene Sau: keine der angebotenen Möglichkeiten.",
        "Called Sau: not one of the offered choices.",
    ),
    (
        "Solo without suit",
        {},
        game("solo", 0, augen=70),
        "Solofarbe: Bei einem Solo bitte die Trumpffarbe wählen.",
        "Solo suit: in a Solo, choose the trump suit.",
    ),
    (
        "119 Augen",
        {},
        game("rufspiel", 0, 2, called="E", augen=119),
        "Augen: 119 ist unmöglich – die kleinste zählende Karte, der Unter, hat 2 Augen",
        "Augen: 119 is impossible – the cheapest card that counts, the Unter, has 2 Augen",
    ),
    (
        "1 Auge",
        {},
        game("rufspiel", 0, 2, called="E", augen=1),
        "Augen: 1 ist unmöglich",
        "Augen: 1 is impossible",
    ),
    (
        "121 Augen",
        {},
        game("rufspiel", 0, 2, called="E", augen=121),
        "Augen: höchstens 120.",
        "Augen: must be at most 120.",
    ),
    (
        "neither Augen nor result",
        {},
        game("rufspiel", 0, 2, called="E"),
        "Ergebnis: Bitte die Augen der Spieler eintragen oder das Ergebnis antippen",
        "Result: enter the Augen of the declaring party or tap the result",
    ),
    (
        "won with 60",
        {},
        game("rufspiel", 0, 2, called="E", augen=60, outcome="won"),
        "Ergebnis: passt nicht zu 60 Augen – die Spieler gewinnen mit 61 oder mehr.",
        "Result: does not match 60 Augen – the declaring party wins with 61 or more.",
    ),
    (
        "Schneider with 90",
        {},
        game("rufspiel", 0, 2, called="E", augen=90, outcome="won_schneider"),
        "Schneider: passt nicht zu 90 Augen – Schneider heißt 91 oder mehr für die Gewinner",
        "Schneider: does not match 90 Augen – Schneider means 91 or more for the winners",
    ),
    (
        "Schwarz with 100",
        {},
        game("rufspiel", 0, 2, called="E", augen=100, outcome="won_schwarz"),
        "Schwarz: verlangt 120 bzw. 0 Augen der Spieler",
        "Schwarz: requires 120 Augen for the declaring party when won, or 0 when lost",
    ),
    (
        "Retour without Stoß",
        {},
        game("rufspiel", 0, 2, called="E", augen=70, retour=True),
        "Retour: nur nach einem Stoß.",
        "Retour: only after a Stoß.",
    ),
    (
        "a won Tout without all Augen",
        {},
        game("solo_tout", 0, suit="E", augen=100, outcome="won"),
        "Ergebnis: Ein Tout ist nur mit allen 8 Stichen gewonnen, also mit allen 120 Augen",
        "Result: a Tout is won only with all 8 tricks, so with all 120 Augen",
    ),
    (
        "a Tout with 120 Augen and no result",
        {},
        game("wenz_tout", 0, augen=120),
        "Ergebnis: Bei einem Tout entscheiden die Stiche",
        "Result: a Tout is decided by the tricks",
    ),
    (
        "a lost Sie",
        {},
        game("sie", 0, outcome="lost"),
        "Ergebnis: Ein Sie ist immer gewonnen.",
        "Result: a Sie is always won.",
    ),
    (
        "2 Laufende",
        {"preset": "tarif-10-20-50"},
        game("rufspiel", 0, 2, called="E", augen=70, laufende=2),
        "Laufende: zählen bei diesem Spiel erst ab 3; bei weniger bitte 0 eintragen.",
        "Laufende: they count only from 3 on in this game; enter 0 for fewer.",
    ),
    (
        "5 Laufende in a Wenz",
        {"preset": "tarif-10-20-50"},
        game("wenz", 0, augen=70, laufende=5),
        "Laufende: von 0 bis 4 bei diesem Spiel.",
        "Laufende: from 0 to 4 in this game.",
    ),
    (
        "Laufende over the cap",
        {"preset": "tarif-10-20-50", "laufende_cap": 6},
        game("solo", 0, suit="E", augen=70, laufende=7),
        "Laufende: An diesem Tisch zählen höchstens 6.",
        "Laufende: at most 6 count at this table.",
    ),
    (
        "declarer of a thrown-in deal",
        {},
        game("thrown_in", 1),
        "Spielmacher: bitte leer lassen, wenn zusammengeworfen wurde.",
        "Declarer: leave it empty when the cards were thrown in.",
    ),
    (
        "Ramsch in a profile without Ramsch",
        {},
        game("ramsch", ramsch={0: 30, 1: 30, 2: 30, 3: 30}),
        "Spiel: keine der angebotenen Möglichkeiten.",
        "Game: not one of the offered choices.",
    ),
    (
        "Ramsch Augen not 120",
        {"passed_deal": "ramsch"},
        game("ramsch", ramsch={0: 30, 1: 30, 2: 30, 3: 20}),
        "Augen: Beim Ramsch müssen es zusammen 120 sein; eingetragen: 110.",
        "Augen: together they must be 120 in a Ramsch; entered: 110.",
    ),
    (
        "a Jungfrau with Augen",
        {"passed_deal": "ramsch"},
        game("ramsch", ramsch={0: 50, 1: 40, 2: 28, 3: 2}, jungfrau=[3]),
        "Jungfrau: Dora hat Augen – eine Jungfrau hat keinen Stich gemacht, also 0 Augen.",
        "Jungfrau: Dora has Augen – a Jungfrau took no trick, so she has 0 Augen.",
    ),
    (
        "119 Augen in a Ramsch",
        {"passed_deal": "ramsch"},
        game("ramsch", ramsch={0: 119, 1: 1, 2: 0, 3: 0}),
        "Augen von Anna: 119 ist unmöglich",
        "Augen of Anna: 119 is impossible",
    ),
    (
        "Ramsch Augen in a Rufspiel",
        {"passed_deal": "ramsch"},
        game("rufspiel", 0, 2, called="E", augen=70, ramsch={1: 40}),
        "Augen von Ben: nur beim Ramsch; bei Rufspiel bitte leer lassen.",
        "Augen of Ben: only in a Ramsch; leave it empty in Rufspiel.",
    ),
]


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize(
    ("create", "fields", "german", "english"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_refused_entry_names_field_and_rule(client, language, create, fields, german, english):
    """Rules, "Checks the scorepad enforces": "A clear message names the field and the rule
    for every rejected entry; nothing already saved is lost." Also: "Exactly one declarer; a
    partner exactly for Rufspiel, and partner ≠ declarer; the called Sau is one of E/G/S";
    "Augen of the declaring party 0..120 (1 and 119 are impossible …)"; "Schwarz requires 120
    or 0 Augen for the declaring party in the matching direction"; "Retour only after Stoß";
    "Tout is won only if the declarer takes all 8 tricks"; "Sie is always won"."""
    table, key = create_schafkopf(client, **create)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=80))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = post_round(client, key, 2, fields)
    assert response.status_code == 422
    assert (german if language == "de" else english) in errors(response)
    # Nothing saved, the first game kept, the typed values still in the form.
    assert Revision.objects.filter(round__table=table).count() == 1
    first = scores(table, 1)
    assert first[1] > 0 and first == [-first[1], first[1], -first[1], first[1]]
    html = response.content.decode()
    if "augen" in fields:
        assert f'name="augen" value="{fields["augen"]}"' in html
    offered = fields["contract"] != "ramsch" or create.get("passed_deal") == "ramsch"
    if offered:
        assert is_checked(html, "contract", fields["contract"])


def test_typed_values_stay_checked_after_a_refusal(client):
    _table, key = create_schafkopf(client)
    response = post_round(client, key, 1, game("rufspiel", 0, 0, called="S", augen=70, stoss=True))
    html = response.content.decode()
    assert is_checked(html, "contract", "rufspiel")
    assert is_checked(html, "called", "S")
    assert is_checked(html, "declarer", "0") and is_checked(html, "partner", "0")
    assert is_checked(html, "stoss")
    assert not is_checked(html, "retour")


def test_a_profile_without_stoss_and_with_klopfen_offers_what_it_plays(client):
    """Club profiles: "Stoß/Retour (source), Klopfen/Legen (each doubles)" are settings."""
    table, key = create_schafkopf(client, allow_stoss="no", allow_retour="no", allow_klopfen="yes")
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="stoss"' not in html and 'name="retour"' not in html
    assert 'name="klopfen"' in html
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=70, klopfen=2))
    assert scores(table, 1) == [4, -4, 4, -4]  # 1 × 2 × 2


def test_klopfen_in_a_ramsch_doubles_too(client):
    """docs/schafkopf.md: Ramsch price "doubled for every Jungfrau … and for every Klopfen"."""
    table, key = create_schafkopf(client, passed_deal="ramsch", allow_klopfen="yes")
    play(
        client, key, 1, game("ramsch", ramsch={0: 70, 1: 30, 2: 20, 3: 0}, jungfrau=[3], klopfen=1)
    )
    assert scores(table, 1) == [-12, 4, 4, 4]


def test_ramsch_most_augen_lose_and_a_jungfrau_doubles(client):
    """Club profiles: "Ramsch (most Augen loses; Jungfrau pays double)"."""
    table, key = create_schafkopf(client, passed_deal="ramsch")
    page = text(client.get(reverse("table", args=[key])))
    assert "Ramsch" in page and "zusammengeworfen" not in page
    play(client, key, 1, game("ramsch", ramsch={0: 50, 1: 40, 2: 30, 3: 0}, jungfrau=[3]))
    assert scores(table, 1) == [-6, 2, 2, 2]
    # The dealer still rotates after a Ramsch.
    assert "Geber Ben" in text(client.get(reverse("table", args=[key])))
    spielliste = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    assert "Ramsch · verloren: Anna · Jungfrau: Dora" in spielliste


@pytest.mark.parametrize(
    ("passed_deal", "next_dealer"), [("next_dealer", "Cem"), ("same_dealer", "Ben")]
)
def test_thrown_in_deal_passes_on_per_profile(client, passed_deal, next_dealer):
    """Rules: "If nobody announces, the cards are thrown in and the deal passes on
    [interpretation: … profile setting `passed_deal`: `next_dealer` (default) or
    `same_dealer`]"."""
    table, key = create_schafkopf(client, passed_deal=passed_deal)
    play(client, key, 1, game("solo", 2, suit="E", augen=70))  # Anna dealt
    play(client, key, 2, game("thrown_in"))  # Ben dealt, nobody played
    assert scores(table, 2) == [0, 0, 0, 0]
    page = text(client.get(reverse("table", args=[key])))
    assert "Spiel 3" in page
    assert f"Geber {next_dealer}" in page


def test_forced_game_offers_no_thrown_in(client):
    """Club profiles: "what happens when nobody plays: thrown in (source), Ramsch …, or a
    forced game"."""
    _table, key = create_schafkopf(client, passed_deal="forced")
    response = client.get(reverse("table", args=[key]))
    html = response.content.decode()
    assert 'value="thrown_in"' not in html and 'value="ramsch"' not in html
    page = text(response)
    assert "Sagen alle weiter, muss der Spieler mit dem Eichel-Ober spielen." in page


def test_schwarz_must_be_claimed_when_the_profile_says_so(client):
    """Rules: "setting `schwarz_must_be_claimed` … when true, the record/entry says whether
    it was claimed" — an unclaimed Schwarz is paid as Schneider."""
    table, key = create_schafkopf(client, schwarz_must_be_claimed="yes")
    play(client, key, 1, game("rufspiel", 0, 2, called="E", outcome="won_schwarz"))
    play(
        client,
        key,
        2,
        game("rufspiel", 0, 2, called="E", outcome="won_schwarz", schwarz_claimed="on"),
    )
    assert scores(table, 1) == [2, -2, 2, -2]
    assert scores(table, 2) == [3, -3, 3, -3]
    # The sheet says why the first one pays less than its "gewonnen Schwarz".
    sheet = text(client.get(reverse("pad_page", args=[key, "spielliste"])))
    unclaimed = "gewonnen Schwarz · Schwarz nicht angesagt: als Schneider bezahlt"
    claimed = "gewonnen Schwarz +3"  # game 2's line ends with its amounts
    assert unclaimed in sheet and claimed in sheet
    assert sheet.count("nicht angesagt") == sheet.count(unclaimed)


def test_a_double_tap_saves_one_game(client):
    _table, key = create_schafkopf(client)
    fields = game("wenz", 1, augen=70)
    first = post_round(client, key, 1, fields, submission="5b0c4a1e-8a39-4c35-9a7a-3b3f1f9d1c11")
    second = post_round(client, key, 1, fields, submission="5b0c4a1e-8a39-4c35-9a7a-3b3f1f9d1c11")
    assert first.status_code == second.status_code == 302
    assert Revision.objects.filter(round__number=1).count() == 1
