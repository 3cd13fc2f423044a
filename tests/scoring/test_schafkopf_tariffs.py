"""Schafkopf tariffs through the scorepad: the rules file's cells for each shipped preset.

Rules: docs/rules/schafkopf.md ("Tariff", the presets table, "Result"). Seats: Anna 0,
Ben 1, Cem 2, Dora 3; every amount is computed by the engine's ``settle`` on the table's
frozen profile, the test only enters the game as a phone would.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.models import Revision

from .helpers import post_round, text
from .schafkopf_helpers import create_schafkopf, errors, game, play, scores

pytestmark = pytest.mark.django_db


def settled(client, preset, fields, **create):
    table, key = create_schafkopf(client, preset=preset, **create)
    play(client, key, 1, fields)
    return scores(table, 1)


KURZANLEITUNG = [
    # "Rufspiel: 1 unit; + 1 unit if Schneider; + 2 units instead if Schwarz."
    ("rufspiel won", game("rufspiel", 0, 2, called="E", augen=67), [1, -1, 1, -1]),
    ("rufspiel lost", game("rufspiel", 0, 2, called="G", augen=60), [-1, 1, -1, 1]),
    ("rufspiel Schneider", game("rufspiel", 0, 2, called="S", augen=91), [2, -2, 2, -2]),
    ("rufspiel lost Schneider", game("rufspiel", 1, 3, called="E", augen=30), [2, -2, 2, -2]),
    ("rufspiel Schwarz", game("rufspiel", 0, 2, called="E", outcome="won_schwarz"), [3, -3, 3, -3]),
    # "Solo and Wenz: 6 units. Schneider/Schwarz add nothing"; "+18 / −6 −6 −6".
    ("solo won", game("solo", 1, suit="E", outcome="won"), [-6, 18, -6, -6]),
    ("solo Schneider", game("solo", 1, suit="G", augen=100), [-6, 18, -6, -6]),
    ("solo lost Schwarz", game("solo", 1, suit="H", outcome="lost_schwarz"), [6, -18, 6, 6]),
    ("wenz lost", game("wenz", 3, augen=55), [6, 6, 6, -18]),
    # "Solo-Tout, Wenz-Tout: 2 × 6 = 12 units."
    ("solo-tout won", game("solo_tout", 2, suit="S", outcome="won"), [-12, -12, 36, -12]),
    ("wenz-tout lost", game("wenz_tout", 0, augen=118), [-36, 12, 12, 12]),
    # "Sie: 4 × 6 = 24 units".
    ("sie", game("sie", 3), [-24, -24, -24, 72]),
    # "Stoß doubles, Retour doubles again (× 4 in total)."
    ("rufspiel Stoß", game("rufspiel", 0, 2, called="E", augen=70, stoss=True), [2, -2, 2, -2]),
    (
        "rufspiel Stoß Retour",
        game("rufspiel", 0, 2, called="E", augen=70, stoss=True, retour=True),
        [4, -4, 4, -4],
    ),
    ("solo Stoß", game("solo", 1, suit="E", outcome="won", stoss=True), [-12, 36, -12, -12]),
]


@pytest.mark.parametrize(
    ("fields", "expected"), [c[1:] for c in KURZANLEITUNG], ids=[c[0] for c in KURZANLEITUNG]
)
def test_kurzanleitung_tariff(client, fields, expected):
    """Rules, "Tariff (profile `kurzanleitung`)": "Rufspiel — each of the two losers pays the
    tariff, each of the two winners receives it (+T, +T, −T, −T). Solo/Wenz/Tout/Sie — the
    declarer receives T from each opponent (+3T, −T, −T, −T) or pays T to each"."""
    amounts = settled(client, "kurzanleitung", fields)
    assert amounts == expected
    assert sum(amounts) == 0  # "Every game is zero-sum"


TARIF = [
    # Rufspiel 20; Laufende "10 each, all of them once at least 3".
    (
        "rufspiel 3 Laufende",
        game("rufspiel", 0, 2, called="E", augen=70, laufende=3),
        [50, -50, 50, -50],
    ),
    (
        "rufspiel Schneider 4 Laufende",
        game("rufspiel", 0, 2, called="E", augen=95, laufende=4),
        [70, -70, 70, -70],
    ),
    # Laufende "count whether the holders win or lose": they raise what the losers pay.
    (
        "rufspiel lost 3 Laufende",
        game("rufspiel", 0, 2, called="E", augen=50, laufende=3),
        [-50, 50, -50, 50],
    ),
    # Solo 50; Schneider +10 and Schwarz +20 "all contracts".
    ("solo Schwarz", game("solo", 1, suit="S", outcome="won_schwarz"), [-70, 210, -70, -70]),
    (
        "solo Schneider 5 Laufende",
        game("solo", 1, suit="E", augen=92, laufende=5),
        [-110, 330, -110, -110],
    ),
    # Laufende in Wenz from 2.
    ("wenz 2 Laufende", game("wenz", 3, augen=80, laufende=2), [-70, -70, -70, 210]),
    # "Tout | 2 × (50 + Laufende); no Schneider/Schwarz".
    (
        "solo-tout 3 Laufende",
        game("solo_tout", 2, suit="H", outcome="won", laufende=3),
        [-160, -160, 480, -160],
    ),
    # "Sie | 4 × (50 + 8 Laufende = 130) = 520".
    ("sie", game("sie", 0), [1560, -520, -520, -520]),
    # "Stoß / Retour | ×2 / ×4 of everything".
    (
        "rufspiel Stoß 3 Laufende",
        game("rufspiel", 0, 2, called="E", augen=70, laufende=3, stoss=True),
        [100, -100, 100, -100],
    ),
]


@pytest.mark.parametrize(("fields", "expected"), [c[1:] for c in TARIF], ids=[c[0] for c in TARIF])
def test_tarif_10_20_50_in_cents_with_laufende(client, fields, expected):
    """Rules, presets table, column `tarif-10-20-50` (money, in cents): Rufspiel 20, Solo/Wenz
    50, Schneider +10 and Schwarz +20 on all contracts, Laufende 10 each from 3 (Wenz: 2)."""
    amounts = settled(client, "tarif-10-20-50", fields)
    assert amounts == expected
    assert sum(amounts) == 0


TURNIER = [
    ("rufspiel", game("rufspiel", 0, 2, called="G", augen=61), [1, -1, 1, -1]),
    # "Schneider | Rufspiel 2 instead of 1; Solo/Wenz 6 instead of 5".
    (
        "rufspiel Schneider",
        game("rufspiel", 0, 2, called="G", outcome="won_schneider"),
        [2, -2, 2, -2],
    ),
    ("solo Schneider", game("solo", 1, suit="E", augen=91), [-6, 18, -6, -6]),
    # "Schwarz (replaces Schneider) | Rufspiel 3; Solo/Wenz 7".
    (
        "rufspiel Schwarz",
        game("rufspiel", 0, 2, called="G", augen=0, outcome="lost_schwarz"),
        [-3, 3, -3, 3],
    ),
    ("wenz Schwarz", game("wenz", 1, outcome="won_schwarz"), [-7, 21, -7, -7]),
    ("solo", game("solo", 1, suit="E", augen=61), [-5, 15, -5, -5]),
    # "Tout | 2 × 5 = 10", "Sie | 4 × 5 = 20", "Stoß / Retour | ×2 / ×4".
    ("wenz-tout", game("wenz_tout", 3, outcome="won"), [-10, -10, -10, 30]),
    ("sie", game("sie", 2), [-20, -20, 60, -20]),
    (
        "solo Retour",
        game("solo", 1, suit="E", augen=70, stoss=True, retour=True),
        [-20, 60, -20, -20],
    ),
]


@pytest.mark.parametrize(
    ("fields", "expected"), [c[1:] for c in TURNIER], ids=[c[0] for c in TURNIER]
)
def test_turnier_1_15_tournament_points(client, fields, expected):
    """Rules, presets table, column `turnier-1-15` (tournament points): Rufspiel 1,
    Solo/Wenz 5, Schneider +1 and Schwarz +2 on all contracts."""
    amounts = settled(client, "turnier-1-15", fields)
    assert amounts == expected
    assert sum(amounts) == 0


@pytest.mark.parametrize(
    ("outcome", "augen"),
    [
        ("won", 61),
        ("won", 90),
        ("won_schneider", 91),
        ("won_schneider", 120),
        ("lost", 60),
        ("lost", 31),
        ("lost_schneider", 30),
        ("lost_schneider", 0),
    ],
)
def test_quick_outcome_buttons_score_like_the_augen(client, outcome, augen):
    """Rules, "Result": "The declaring party wins with 61 or more Augen; the opponents win with
    60. Schneider: declaring party ≥ 91 (won Schneider) or ≤ 30 (lost Schneider)." The result
    button and the Augen give the same amounts, and together they are accepted."""
    by_button = settled(
        client, "kurzanleitung", game("rufspiel", 0, 2, called="E", outcome=outcome)
    )
    by_augen = settled(client, "kurzanleitung", game("rufspiel", 0, 2, called="E", augen=augen))
    both = settled(
        client, "kurzanleitung", game("rufspiel", 0, 2, called="E", augen=augen, outcome=outcome)
    )
    assert by_button == by_augen == both


def test_schwarz_counts_tricks_so_120_augen_alone_is_schneider(client):
    """Rules: "Schwarz: one party took all 8 tricks (tricks, not Augen, count)" — 120 Augen
    typed alone are won Schneider; the Schwarz button makes it Schwarz."""
    assert settled(client, "kurzanleitung", game("rufspiel", 0, 2, called="E", augen=120)) == [
        2, -2, 2, -2,
    ]  # fmt: skip
    schwarz = game("rufspiel", 0, 2, called="E", augen=120, outcome="won_schwarz")
    assert settled(client, "kurzanleitung", schwarz) == [3, -3, 3, -3]


def test_a_tout_short_of_120_augen_is_lost(client):
    """Rules: "Tout is won only if the declarer takes all 8 tricks; otherwise lost"."""
    assert settled(client, "kurzanleitung", game("solo_tout", 1, suit="E", augen=110)) == [
        12, -36, 12, 12,
    ]  # fmt: skip


def test_money_per_unit_in_the_users_language(client):
    """Rules: "the scorepad shows each player's running balance in units and in money"
    ("money value of one unit set per game session, e.g. 0,10 €")."""
    table, key = create_schafkopf(client, money="0,10")
    assert table.profile["cents_per_unit"] == 10
    play(client, key, 1, game("solo", 1, suit="E", outcome="won"))  # Ben +18
    play(client, key, 2, game("rufspiel", 0, 2, called="E", augen=80))  # Anna, Cem +1
    page = text(client.get(reverse("table", args=[key])))
    assert "Ben +17 1,70 €" in page
    assert "Anna −5 −0,50 €" in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = text(client.get(reverse("table", args=[key])))
    assert "Ben +17 €1.70" in english
    assert "Anna −5 −€0.50" in english


def test_cents_are_money_without_asking(client):
    """Presets: "`tarif-10-20-50` in cents" — its amounts are money as they stand."""
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, game("solo", 1, suit="E", augen=95, laufende=4))  # 50+10+40 = 100
    page = text(client.get(reverse("table", args=[key])))
    assert "Ben +300 3,00 €" in page
    assert "Anna −100 −1,00 €" in page


def test_tournament_points_are_no_money(client):
    _table, key = create_schafkopf(client, preset="turnier-1-15")
    play(client, key, 1, game("solo", 1, suit="E", augen=70))
    page = text(client.get(reverse("table", args=[key])))
    assert "Ben +15" in page and "€" not in page


def test_every_saved_game_of_an_evening_is_zero_sum(client):
    """Rules: "Every game is zero-sum"."""
    table, key = create_schafkopf(client, preset="tarif-10-20-50", money="")
    evening = [
        game("rufspiel", 0, 3, called="S", augen=44, laufende=3, stoss=True),
        game("wenz", 2, outcome="lost_schneider", laufende=2),
        game("solo", 3, suit="H", augen=119 - 1),
        game("thrown_in"),
        game("sie", 1),
        game("wenz_tout", 0, outcome="won", stoss=True, retour=True),
    ]
    for number, fields in enumerate(evening, start=1):
        play(client, key, number, fields)
    saved = Revision.objects.filter(round__table=table, is_current=True)
    assert saved.count() == len(evening)
    assert all(sum(revision.scores) == 0 for revision in saved)


@pytest.mark.parametrize("laufende", [0, 5])
def test_a_sie_always_counts_its_eight_laufende(client, laufende):
    """Rules: a Sie holds all 4 Ober and all 4 Unter, so `tarif-10-20-50` pays
    "4 × (50 + 8 Laufende = 130) = 520": fewer typed in is refused, not paid less."""
    table, key = create_schafkopf(client, preset="tarif-10-20-50")
    response = post_round(client, key, 1, game("sie", 0, laufende=laufende))
    assert response.status_code == 422
    assert "Laufende: Ein Sie hat alle vier Ober und alle vier Unter" in errors(response)
    play(client, key, 1, game("sie", 0, laufende=8))
    assert scores(table, 1) == [1560, -520, -520, -520]
