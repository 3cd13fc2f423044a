"""Schafkopf tariff: the preset table, the outcome thresholds, Ramsch, offender_pays and the
settings checks. Rules: docs/rules/schafkopf.md ("Result", "Tariff", "Club profiles").
"""

import pytest

from scoring.rules.core import RecordError
from scoring.rules.schafkopf import (
    PROFILES,
    SETTING_SPECS,
    Outcome,
    check_profile,
    check_setting,
    counted_laufende,
    game_value,
    outcome_from_augen,
    penalty_settle,
    settle,
    settle_ramsch,
)

KURZ, TARIF, TURNIER = (
    PROFILES[name] for name in ("kurzanleitung", "tarif-10-20-50", "turnier-1-15")
)


def test_won_solo_is_plus_18_minus_6_each_in_kurzanleitung():
    """ "a won Solo is +18 / −6 −6 −6 in `kurzanleitung`"."""
    assert settle(KURZ, "solo", 0, won=True, suit="E") == [18, -6, -6, -6]
    assert settle(KURZ, "wenz", 2, won=False) == [6, 6, -18, 6]


def test_rufspiel_winners_each_receive_from_each_loser():
    """ "Rufspiel — each of the two losers pays the tariff, each of the two winners receives it
    (+T, +T, −T, −T)"."""
    assert settle(KURZ, "rufspiel", 1, 3, won=True) == [-1, 1, -1, 1]
    assert settle(KURZ, "rufspiel", 1, 3, won=False) == [1, -1, 1, -1]


# (profile, contract, outcome and extras, T paid by each loser) — the cells of the preset table.
TABLE = [
    (KURZ, "rufspiel", {}, 1),
    (KURZ, "rufspiel", {"schneider": True}, 2),
    (KURZ, "rufspiel", {"schneider": True, "schwarz": True}, 3),
    (KURZ, "solo", {"schneider": True}, 6),  # Schneider/Schwarz in Rufspiel only
    (KURZ, "wenz", {"schneider": True, "schwarz": True}, 6),
    (KURZ, "solo_tout", {}, 12),
    (KURZ, "wenz_tout", {}, 12),
    (KURZ, "sie", {}, 24),
    (KURZ, "rufspiel", {"stoss": True}, 2),
    (KURZ, "solo", {"stoss": True, "retour": True}, 24),
    (KURZ, "rufspiel", {"laufende": 5}, 1),  # no Laufende in the source
    (TARIF, "rufspiel", {}, 20),
    (TARIF, "solo", {}, 50),
    (TARIF, "wenz", {}, 50),
    (TARIF, "solo", {"schneider": True}, 60),  # +10, all contracts
    (TARIF, "rufspiel", {"schneider": True}, 30),
    (TARIF, "wenz", {"schneider": True, "schwarz": True}, 70),  # +20 replaces Schneider
    (TARIF, "rufspiel", {"laufende": 3}, 50),  # 10 each
    (TARIF, "wenz", {"laufende": 2}, 70),
    (TARIF, "solo_tout", {"laufende": 4}, 180),  # 2 × (50 + Laufende)
    (TARIF, "solo_tout", {"schneider": True, "schwarz": True}, 100),  # no Schneider/Schwarz
    (TARIF, "sie", {"laufende": 8}, 520),  # 4 × (50 + 8 Laufende = 130)
    (TARIF, "solo", {"laufende": 3, "schneider": True, "stoss": True}, 180),  # ×2 of everything
    (TARIF, "rufspiel", {"stoss": True, "retour": True, "laufende": 4}, 240),
    (TURNIER, "rufspiel", {}, 1),
    (TURNIER, "rufspiel", {"schneider": True}, 2),
    (TURNIER, "rufspiel", {"schneider": True, "schwarz": True}, 3),
    (TURNIER, "solo", {}, 5),
    (TURNIER, "wenz", {"schneider": True}, 6),
    (TURNIER, "solo", {"schneider": True, "schwarz": True}, 7),
    (TURNIER, "wenz_tout", {}, 10),
    (TURNIER, "sie", {}, 20),
    (TURNIER, "solo", {"stoss": True, "retour": True}, 20),
]


@pytest.mark.parametrize(("profile", "contract", "extras", "tariff"), TABLE)
def test_preset_table_cells(profile, contract, extras, tariff):
    """The preset table in "Club profiles": each cell, paid by each loser to each winner."""
    partner = 2 if contract == "rufspiel" else None
    won = settle(profile, contract, 0, partner, won=True, suit="G", **extras)
    lost = settle(profile, contract, 0, partner, won=False, suit="G", **extras)
    if contract == "rufspiel":
        assert won == [tariff, -tariff, tariff, -tariff]
    else:
        assert won == [3 * tariff, -tariff, -tariff, -tariff]
    assert lost == [-score for score in won]


def test_presets_are_frozen_and_complete():
    """ "Presets that must ship, each a frozen, named profile"."""
    assert set(PROFILES) == {"kurzanleitung", "tarif-10-20-50", "turnier-1-15", "stammtisch"}
    for settings in PROFILES.values():
        check_profile(settings)
        with pytest.raises(TypeError):
            settings["base_solo"] = 1
    assert TURNIER["misplay"] == "offender_pays" and KURZ["misplay"] == "as_played"
    assert (KURZ["unit"], TARIF["unit"], TURNIER["unit"]) == ("unit", "cent", "point")


@pytest.mark.parametrize(
    ("augen", "won", "schneider"),
    [(61, True, False), (60, False, False), (91, True, True), (90, True, False),
     (31, False, False), (30, False, True), (0, False, True), (120, True, True)],
)  # fmt: skip
def test_augen_boundaries(augen, won, schneider):
    """ "The declaring party wins with 61 or more Augen" and "Schneider: declaring party ≥ 91
    (won Schneider) or ≤ 30 (lost Schneider)"."""
    assert outcome_from_augen(augen, 4) == Outcome(won, schneider, False)


def test_schwarz_counts_tricks_not_augen():
    """ "Schwarz: one party took all 8 tricks (tricks, not Augen, count)"."""
    assert outcome_from_augen(120, 8) == Outcome(True, True, True)
    assert outcome_from_augen(120, 7) == Outcome(True, True, False)  # a trick worth nothing
    assert outcome_from_augen(0, 0) == Outcome(False, True, True)
    assert outcome_from_augen(0, 1) == Outcome(False, True, False)


def test_tout_is_won_only_with_all_tricks_and_sie_always():
    """ "Tout is won only if the declarer takes all 8 tricks; otherwise lost. Sie is always won"."""
    assert outcome_from_augen(120, 7, "solo_tout").won is False
    assert outcome_from_augen(120, 8, "wenz_tout").won is True
    assert outcome_from_augen(0, 0, "sie").won is True
    with pytest.raises(ValueError):
        outcome_from_augen(121)


@pytest.mark.parametrize(
    ("contract", "run", "settings", "counted"),
    [
        ("rufspiel", 2, TARIF, 0),  # below the threshold of 3
        ("rufspiel", 3, TARIF, 3),  # once at least 3, all of them
        ("solo", 11, TARIF, 11),
        ("wenz", 2, TARIF, 2),  # Wenz: from 2
        ("wenz_tout", 1, TARIF, 0),
        ("solo", 14, {**TARIF, "laufende_cap": 6}, 6),  # capped
        ("ramsch", 5, TARIF, 0),
    ],
)
def test_counted_laufende(contract, run, settings, counted):
    """ "counted from a threshold (commonly 3; in Wenz 2), up to a cap (14 at most)"."""
    assert counted_laufende(settings, contract, run) == counted


def test_tout_basis_and_sie_value_settings():
    """ "Tout as × 2 (of base or of the full value), Sie as × 4 or a custom value"."""
    base = {**TARIF, "tout_basis": "base"}
    assert game_value(base, "solo_tout", laufende=3) == 2 * 50 + 30
    assert game_value(TARIF, "solo_tout", laufende=3) == 2 * (50 + 30)
    assert game_value({**KURZ, "tout_multiplier": 3}, "wenz_tout") == 18
    assert game_value({**KURZ, "sie_value": 100}, "sie") == 100
    assert game_value({**KURZ, "sie_multiplier": 8}, "sie") == 48


def test_optional_herz_solo_price():
    """ "base tariffs per contract (Rufspiel, Solo, Wenz; optionally a higher Herz-Solo)"."""
    settings = {**KURZ, "base_herz_solo": 8}
    assert settle(settings, "solo", 0, won=True, suit="H") == [24, -8, -8, -8]
    assert settle(settings, "solo", 0, won=True, suit="S") == [18, -6, -6, -6]
    assert game_value(settings, "solo_tout", suit="H") == 16


def test_klopfen_doubles_each_time_and_max_doublings_limits():
    """ "Klopfen/Legen (each doubles), optional limits"."""
    assert settle(KURZ, "rufspiel", 0, 1, won=True, klopfen=2) == [4, 4, -4, -4]
    limited = {**KURZ, "max_doublings": 2}
    assert settle(limited, "rufspiel", 0, 1, won=True, stoss=True, retour=True, klopfen=1) == [
        4, 4, -4, -4,
    ]  # fmt: skip


def test_rufspiel_without_partner_is_paid_like_a_solo():
    """Interpretation (docs/schafkopf.md): a declarer holding the called Sau himself plays alone."""
    assert settle(KURZ, "rufspiel", 0, None, won=True) == [3, -1, -1, -1]
    assert settle(KURZ, "rufspiel", 0, 0, won=False) == [-3, 1, 1, 1]


def test_five_player_table_sitting_out_scores_zero():
    """tournaments: "a tournament table may seat 5"; the dealer sits out."""
    assert settle(KURZ, "solo", 4, won=True, players=5, sitting_out=1) == [-6, 0, -6, -6, 18]
    with pytest.raises(ValueError):
        settle(KURZ, "solo", 1, won=True, players=5, sitting_out=1)


def test_ramsch_most_augen_loses_and_pays_everybody():
    """ "Ramsch (most Augen loses; Jungfrau pays double)" — interpretation: the loser pays the
    Ramsch price to each other player; every Jungfrau doubles it."""
    settings = {**KURZ, "passed_deal": "ramsch"}
    assert settle_ramsch(settings, [50, 40, 20, 10]) == [-3, 1, 1, 1]
    assert settle_ramsch(settings, [70, 30, 20, 0], [3]) == [-6, 2, 2, 2]
    assert settle_ramsch(settings, [80, 40, 0, 0], [2, 3]) == [-12, 4, 4, 4]
    no_double = {**settings, "ramsch_jungfrau_doubles": False}
    assert settle_ramsch(no_double, [70, 30, 20, 0], [3]) == [-3, 1, 1, 1]
    assert settle_ramsch(settings, [70, 30, 20, 0], [3], klopfen=1) == [-12, 4, 4, 4]


def test_ramsch_ties_make_several_losers():
    """Interpretation: every seat with the most Augen loses and pays each non-loser."""
    settings = {**KURZ, "passed_deal": "ramsch", "ramsch_price": 5}
    assert settle_ramsch(settings, [45, 45, 20, 10]) == [-10, -10, 10, 10]
    assert settle_ramsch(settings, [30, 30, 30, 30]) == [0, 0, 0, 0]
    assert settle_ramsch(settings, [40, 40, 40, 0], [3]) == [-10, -10, -10, 30]


def test_offender_pays_his_partners_share():
    """ "`offender_pays` scores a game with a violation as lost by the offender's party at its
    plain value ..., the offender paying his partner's share too (partner 0)"."""
    # Rufspiel 0+2 against 1+3; the declarer's partner revoked: his party loses, he pays 2T.
    assert penalty_settle(TURNIER, "rufspiel", 0, 2, 2) == [0, 1, -2, 1]
    # An opponent revoked: the declaring party wins; the offender pays his partner's share.
    assert penalty_settle(TURNIER, "rufspiel", 0, 2, 3) == [1, 0, 1, -2]
    # In a Solo an opponent pays for all three opponents; the declarer pays as usual.
    assert penalty_settle(TURNIER, "solo", 1, None, 0, suit="E") == [-15, 15, 0, 0]
    assert penalty_settle(TURNIER, "solo", 1, None, 1, suit="E") == [5, -15, 5, 5]
    # Schneider only if already reached: the caller passes it; it raises the plain value.
    assert penalty_settle(TURNIER, "wenz", 1, None, 3, schneider=True) == [0, 18, 0, -18]


def test_every_setting_is_checked():
    """Every setting of docs/schafkopf.md has a type and range; check_setting enforces them."""
    for key, value in KURZ.items():
        check_setting(key, value)
    bad = {
        "base_solo": -1,
        "laufende_from": 15,
        "laufende_from_wenz": 5,
        "laufende_cap": 0,
        "tout_multiplier": True,
        "sie_value": "24",
        "allow_stoss": 1,
        "passed_deal": "ramsch_light",
        "misplay": None,
        "base_rufspiel": None,  # not nullable
        "unit": "euro",
    }
    for key, value in bad.items():
        with pytest.raises(RecordError) as raised:
            check_setting(key, value)
        assert raised.value.key == f"settings.{key}"
    check_setting("sie_value", None)
    check_setting("max_doublings", 3)
    with pytest.raises(RecordError):
        check_setting("trump_duty", "always")
    assert set(SETTING_SPECS) == set(KURZ)


def test_check_profile_for_a_custom_profile():
    custom = {**TARIF, "base_herz_solo": 60, "schneider_scope": "rufspiel"}
    check_profile(custom)
    with pytest.raises(RecordError) as raised:
        check_profile({k: v for k, v in custom.items() if k != "misplay"})
    assert raised.value.key == "settings.misplay"
