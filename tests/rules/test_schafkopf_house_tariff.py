"""The house rules' settings and prices (docs/rules/schafkopf.md, "House rules" and the club
profile sections; issue 23).

Every value here is worked out by hand from the rules file; the shipped presets are held to
the prices the code gave before the house rules existed.
"""

import hashlib
import json
from itertools import product

import pytest

from scoring.rules.core import RecordError
from scoring.rules.schafkopf.tariff import (
    HOUSE_DEFAULTS,
    PROFILES,
    SETTING_SPECS,
    check_profile,
    check_setting,
    counted_laufende,
    current_profile,
    game_value,
    outcome_from_augen,
    profile_value,
    ramsch_multiplier,
    settle,
    settle_ramsch,
)

KURZ, TARIF, STAMM = PROFILES["kurzanleitung"], PROFILES["tarif-10-20-50"], PROFILES["stammtisch"]

# The three presets as they were stored before issue 23 (a table keeps its frozen copy).
_BEFORE_KURZ = {
    "unit": "unit", "cents_per_unit": None, "base_rufspiel": 1, "base_solo": 6, "base_wenz": 6,
    "base_herz_solo": None, "schneider_bonus": 1, "schwarz_bonus": 2,
    "schneider_scope": "rufspiel", "laufende_price": 0, "laufende_from": 3,
    "laufende_from_wenz": 2, "laufende_cap": 14, "tout_multiplier": 2, "tout_basis": "base",
    "sie_multiplier": 4, "sie_value": None, "allow_stoss": True, "allow_retour": True,
    "allow_klopfen": False, "max_doublings": None, "schwarz_must_be_claimed": False,
    "solo_needs_suit_card": True, "passed_deal": "next_dealer", "ramsch_price": 1,
    "ramsch_jungfrau_doubles": True, "misplay": "as_played",
}  # fmt: skip
STORED_BEFORE = {
    "kurzanleitung": _BEFORE_KURZ,
    "tarif-10-20-50": _BEFORE_KURZ
    | {"unit": "cent", "cents_per_unit": 1, "base_rufspiel": 20, "base_solo": 50,
       "base_wenz": 50, "schneider_bonus": 10, "schwarz_bonus": 20, "schneider_scope": "all",
       "laufende_price": 10, "tout_basis": "full", "ramsch_price": 20},
    "turnier-1-15": _BEFORE_KURZ
    | {"unit": "point", "base_solo": 5, "base_wenz": 5, "schneider_scope": "all",
       "misplay": "offender_pays"},
}  # fmt: skip
SOURCE_GAMES = ("rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "sie")

# sha256 of ``price_grid`` for each preset, computed with the code of commit e635323 (the
# last one before the house rules): any price of the source's games that moves changes it.
GRID_BEFORE = {
    "kurzanleitung": "da56ef4abb769c4e62fae9bc94d43dde21094cfa418369da63a38d049588d886",
    "tarif-10-20-50": "16b609e8dd702537274e11b0d940944f6677d3468bcec979327b30c67d24901d",
    "turnier-1-15": "28d6c08bb274eaa06b70bc1e715239d3ac38df61d0e0e91f8414f0ae3b7d67d6",
}


def price_grid(settings) -> str:
    """Every price the tariff gives a profile for the source's games and the Ramsch, as a
    digest: each contract, outcome, Laufende run, doubling and table size."""
    prices = []
    for contract, won, (schneider, schwarz), run, (stoss, retour), klopfen, suit, five in product(
        SOURCE_GAMES, (True, False), ((False, False), (True, False), (True, True)),
        (0, 2, 3, 5, 8, 14), ((False, False), (True, False), (True, True)), (0, 1, 3),
        ("E", "H"), (False, True),
    ):  # fmt: skip
        laufende = counted_laufende(settings, contract, run)
        partner = 1 if contract == "rufspiel" else None
        table = {"players": 5, "sitting_out": 4} if five else {}
        prices.append(
            settle(
                settings, contract, 0, partner, won=won, schneider=schneider, schwarz=schwarz,
                laufende=laufende, stoss=stoss, retour=retour, klopfen=klopfen, suit=suit,
                **table,
            )
        )  # fmt: skip
    for augen, jungfrauen, klopfen in product(
        ([50, 40, 30, 0], [70, 30, 20, 0], [80, 40, 0, 0], [45, 45, 20, 10], [30, 30, 30, 30]),
        ((), (3,), (2, 3)), (0, 2),
    ):  # fmt: skip
        jungfrauen = [seat for seat in jungfrauen if augen[seat] == 0]
        prices.append(settle_ramsch(settings, augen, jungfrauen, klopfen=klopfen))
    for augen, tricks, contract in product((0, 30, 31, 60, 61, 90, 91, 120), (None, 0, 4, 8),
                                           ("rufspiel", "solo", "sie")):  # fmt: skip
        outcome = outcome_from_augen(augen, tricks, contract)
        prices.append([outcome.won, outcome.schneider, outcome.schwarz])
    return hashlib.sha256(json.dumps(prices).encode()).hexdigest()


# --- the settings (§1–§5) -------------------------------------------------------------------
HOUSE_SETTINGS = (
    "deck", "contracts", "bettel_stichzwang", "davonlaufen_min", "contract_rank", "base_geier",
    "base_farbwenz", "base_farbgeier", "base_bettel", "bettel_ouvert_multiplier", "bock",
    "bock_factor", "bock_overlap", "bock_counts_thrown_in", "stock_fee", "stock_won_by",
    "stock_loser_pays", "stock_at_end", "ramsch_jungfrau",
)  # fmt: skip


def test_every_house_setting_is_a_setting_of_every_preset():
    for name, settings in PROFILES.items():
        check_profile(settings)
        assert set(settings) == set(SETTING_SPECS), name
    assert set(HOUSE_SETTINGS) <= set(SETTING_SPECS)
    assert "ramsch_jungfrau_doubles" not in SETTING_SPECS  # replaced by ramsch_jungfrau
    assert "stock" in SETTING_SPECS["passed_deal"][1]


@pytest.mark.parametrize("name", ["kurzanleitung", "tarif-10-20-50", "turnier-1-15"])
def test_the_shipped_presets_leave_the_house_rules_off(name):
    """ "off in the three shipped presets (so nothing already entered changes)"."""
    preset = PROFILES[name]
    assert {key: preset[key] for key in HOUSE_DEFAULTS} == dict(HOUSE_DEFAULTS)
    assert preset["deck"] == "lang" and preset["bock"] == []
    assert preset["contracts"] == list(SOURCE_GAMES)
    assert preset["passed_deal"] == "next_dealer" and preset["ramsch_jungfrau"] == "doubles"
    assert current_profile(STORED_BEFORE[name]) == dict(preset)


@pytest.mark.parametrize("name", ["kurzanleitung", "tarif-10-20-50", "turnier-1-15"])
def test_the_shipped_presets_price_every_game_as_before(name):
    """The digest of every source game's price equals the one the code before issue 23 gave;
    so does the digest of the profile a table stored back then."""
    assert price_grid(PROFILES[name]) == GRID_BEFORE[name]
    assert price_grid(STORED_BEFORE[name]) == GRID_BEFORE[name]


def test_stammtisch_is_the_money_tariff_with_the_house_rules_of_a_pub():
    """``stammtisch`` = ``tarif-10-20-50`` + Geier, Farbwenz and Bettel (at the Rufspiel
    price), Bock after 60:60 and Schwarz (queued), the Stock for thrown-in deals."""
    changed = {key for key in STAMM if STAMM[key] != TARIF[key]}
    assert changed == {"contracts", "bock", "passed_deal"}
    assert STAMM["contracts"] == [*SOURCE_GAMES, "geier", "farbwenz", "bettel"]
    assert STAMM["bock"] == ["split_60", "schwarz"] and STAMM["bock_overlap"] == "queue"
    assert STAMM["passed_deal"] == "stock" and STAMM["stock_fee"] is None
    assert game_value(STAMM, "bettel") == game_value(STAMM, "rufspiel") == 20


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("deck", "short"), ("contracts", []), ("contracts", ["solo", "solo"]),
        ("contracts", ["ramsch"]), ("contracts", "solo"), ("bock", ["rain"]),
        ("bock", "off"), ("bock", ["tout", "tout"]), ("bock_factor", 0),
        ("bock_overlap", "both"), ("davonlaufen_min", 9), ("base_geier", -1),
        ("bettel_ouvert_multiplier", 0), ("stock_won_by", "wenz"), ("stock_at_end", "keep"),
        ("ramsch_jungfrau", True), ("passed_deal", "pot"),
        ("contract_rank", [["sie"], ["rufspiel"]]),
        ("contract_rank", [*HOUSE_DEFAULTS["contract_rank"], ["sie"]]),
        ("contract_rank", [[], *HOUSE_DEFAULTS["contract_rank"]]),
        ("contract_rank", ["sie"]),
    ],
)  # fmt: skip
def test_house_settings_refuse_what_the_rules_do_not_allow(key, value):
    with pytest.raises(RecordError) as raised:
        check_setting(key, value)
    assert raised.value.key == f"settings.{key}"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("deck", "kurz"), ("contracts", ["bettel"]), ("bock", []),
        ("bock", ["split_60", "schwarz", "tout", "sie", "retour"]), ("davonlaufen_min", None),
        ("davonlaufen_min", 3), ("base_bettel", 0), ("stock_fee", None), ("stock_fee", 5),
        ("ramsch_jungfrau", "pays_jungfrau_double"), ("ramsch_jungfrau", "none"),
        ("contract_rank", [["sie", "solo_tout", "wenz_tout", "geier_tout", "farbwenz_tout",
                            "farbgeier_tout"], ["solo", "farbwenz", "farbgeier"],
                           ["wenz", "geier"], ["bettel_ouvert"], ["bettel"], ["rufspiel"]]),
    ],
)  # fmt: skip
def test_house_settings_take_what_the_rules_allow(key, value):
    check_setting(key, value)


def test_a_profile_stored_before_the_house_rules_reads_them_as_off():
    """A table's frozen profile from before issue 23 has none of the new settings and says
    ``ramsch_jungfrau_doubles``: it still loads and prices the same."""
    stored = STORED_BEFORE["tarif-10-20-50"]
    assert profile_value(stored, "bock") == []
    assert profile_value(stored, "deck") == "lang"
    assert profile_value(stored, "ramsch_jungfrau") == "doubles"
    assert profile_value({**stored, "ramsch_jungfrau_doubles": False}, "ramsch_jungfrau") == "none"
    upgraded = current_profile({**stored, "profile": "tarif-10-20-50"})
    check_profile(upgraded)
    assert upgraded["profile"] == "tarif-10-20-50" and "ramsch_jungfrau_doubles" not in upgraded


# --- prices of the house contracts (§2 "Tariff") --------------------------------------------
def test_geier_farbwenz_farbgeier_cost_a_solo_unless_they_have_a_base_of_their_own():
    """ "base_geier, base_farbwenz, base_farbgeier (default: base_solo), paid like a Solo"."""
    for contract in ("geier", "farbwenz", "farbgeier"):
        assert settle(KURZ, contract, 2, won=True, suit="G") == [-6, -6, 18, -6]
        assert settle(TARIF, contract, 1, won=False, suit="E") == [50, -150, 50, 50]
    own = {**TARIF, "base_geier": 30, "base_farbwenz": 40, "base_farbgeier": 45}
    assert game_value(own, "geier") == 30
    assert game_value(own, "farbwenz", suit="H") == 40  # no Herz price: that is the Solo's
    assert game_value({**own, "base_herz_solo": 70}, "farbgeier", suit="H") == 45
    assert game_value(own, "geier_tout") == 2 * 30


def test_house_touts_double_as_a_solo_tout_does():
    """ "Touts double as a Solo-Tout does": ``tout_multiplier`` × base, Laufende by
    ``tout_basis``, never Schneider or Schwarz."""
    assert game_value(KURZ, "geier_tout") == game_value(KURZ, "solo_tout") == 12
    assert game_value(KURZ, "farbwenz_tout", suit="S", laufende=3) == 12  # laufende_price 0
    # tarif-10-20-50: tout_basis full, 2 × (50 + 4 × 10)
    assert game_value(TARIF, "farbgeier_tout", suit="E", laufende=4, schwarz=True) == 180
    base_only = {**TARIF, "tout_basis": "base"}
    assert game_value(base_only, "geier_tout", laufende=4) == 2 * 50 + 40
    assert settle(TARIF, "geier_tout", 3, won=True, laufende=2) == [-140, -140, -140, 420]


def test_schneider_and_schwarz_of_the_house_games_follow_schneider_scope():
    # kurzanleitung: Schneider and Schwarz for the Rufspiel only
    assert game_value(KURZ, "geier", schneider=True) == 6
    assert game_value(KURZ, "farbwenz", schwarz=True, suit="G") == 6
    # tarif-10-20-50: for all games, Schwarz instead of Schneider
    assert game_value(TARIF, "geier", schneider=True) == 60
    assert game_value(TARIF, "farbgeier", schneider=True, schwarz=True, suit="S") == 70


def test_laufende_thresholds_geier_like_wenz_farbwenz_and_farbgeier_like_solo():
    """Geier uses ``laufende_from_wenz`` (2), Farbwenz and Farbgeier ``laufende_from`` (3);
    a Bettel has none."""
    assert counted_laufende(TARIF, "geier", 2) == 2
    assert counted_laufende(TARIF, "geier_tout", 1) == 0
    assert counted_laufende(TARIF, "farbwenz", 2) == 0
    assert counted_laufende(TARIF, "farbgeier_tout", 3) == 3
    assert counted_laufende(TARIF, "farbwenz", 11) == 11
    assert counted_laufende({**TARIF, "laufende_cap": 5}, "farbgeier", 9) == 5
    assert counted_laufende(TARIF, "bettel", 4) == counted_laufende(TARIF, "bettel_ouvert", 8) == 0
    # tarif-10-20-50 Geier with 3 Laufende: 50 + 30, each opponent pays it
    assert settle(TARIF, "geier", 0, won=True, laufende=3) == [240, -80, -80, -80]


def test_bettel_is_paid_by_each_opponent_at_its_base_and_ouvert_doubles_it():
    """ "base_bettel (default: the Rufspiel base) paid by each opponent; Bettel ouvert pays
    bettel_ouvert_multiplier × Bettel (default 2)"; no Schneider, Schwarz or Laufende."""
    assert settle(KURZ, "bettel", 1, won=True) == [-1, 3, -1, -1]
    assert settle(TARIF, "bettel", 1, won=False) == [20, -60, 20, 20]
    assert settle(TARIF, "bettel_ouvert", 0, won=True) == [120, -40, -40, -40]
    assert game_value(TARIF, "bettel", schneider=True, schwarz=True, laufende=3) == 20
    priced = {**TARIF, "base_bettel": 30, "bettel_ouvert_multiplier": 3}
    assert game_value(priced, "bettel") == 30 and game_value(priced, "bettel_ouvert") == 90
    # Stoß and Retour double a Bettel like any game: 4 × 20 from each opponent
    assert settle(TARIF, "bettel", 2, won=True, stoss=True, retour=True) == [-80, -80, 240, -80]


def test_bettel_is_won_with_no_trick_and_knows_no_schneider():
    assert _outcome(0, 0, "bettel") == (True, False, False)
    assert _outcome(10, 1, "bettel_ouvert") == (False, False, False)
    assert _outcome(0, 1, "bettel") == (False, False, False)  # a trick of no Augen loses too
    with pytest.raises(ValueError):
        outcome_from_augen(0, None, "bettel")


def test_the_short_deck_decides_tout_and_schwarz_by_its_six_tricks():
    assert _outcome(120, 6, "geier_tout", all_tricks=6) == (True, True, True)
    assert _outcome(110, 5, "solo_tout", all_tricks=6) == (False, False, False)
    assert _outcome(120, 6, "solo", all_tricks=6) == (True, True, True)
    assert _outcome(120, 6, "solo") == (True, True, False)  # six of the long deck's 8


def _outcome(augen, tricks, contract, **deck):
    outcome = outcome_from_augen(augen, tricks, contract, **deck)
    return outcome.won, outcome.schneider, outcome.schwarz


# --- Ramsch Jungfrau (§5) ----------------------------------------------------------------------
RAMSCH = {**KURZ, "passed_deal": "ramsch"}


def test_ramsch_jungfrau_doubles_the_whole_price_as_before():
    doubles = {**RAMSCH, "ramsch_jungfrau": "doubles"}
    assert settle_ramsch(doubles, [70, 30, 20, 0], [3]) == [-6, 2, 2, 2]
    assert settle_ramsch(doubles, [80, 40, 0, 0], [2, 3]) == [-12, 4, 4, 4]
    assert ramsch_multiplier(doubles, 2, 1) == 8


def test_ramsch_jungfrau_paid_double_pays_only_the_jungfrau_twice():
    """ "the loser pays a player who took no trick twice the price, the others once"."""
    paid = {**RAMSCH, "ramsch_jungfrau": "pays_jungfrau_double"}
    assert settle_ramsch(paid, [70, 30, 20, 0], [3]) == [-4, 1, 1, 2]
    assert settle_ramsch(paid, [80, 40, 0, 0], [2, 3]) == [-5, 1, 2, 2]
    assert settle_ramsch(paid, [70, 30, 20, 0], [3], klopfen=1) == [-8, 2, 2, 4]
    # two losers tied on the most Augen: each pays the Jungfrau 2 and the other winner 1
    assert settle_ramsch(paid, [50, 50, 20, 0], [3]) == [-3, -3, 2, 4]
    assert ramsch_multiplier(paid, 2, 1) == 2
    none = {**RAMSCH, "ramsch_jungfrau": "none"}
    assert settle_ramsch(none, [70, 30, 20, 0], [3]) == [-3, 1, 1, 1]


def test_a_stored_ramsch_profile_with_the_old_boolean_prices_the_same():
    old = {**STORED_BEFORE["kurzanleitung"], "passed_deal": "ramsch"}
    assert settle_ramsch(old, [80, 40, 0, 0], [2, 3]) == [-12, 4, 4, 4]
    old["ramsch_jungfrau_doubles"] = False
    assert settle_ramsch(old, [80, 40, 0, 0], [2, 3]) == [-3, 1, 1, 1]
