"""Schafkopf scorepad checks: docs/rules/schafkopf.md, "Checks the scorepad enforces"."""

import pytest

from scoring.rules.schafkopf import PROFILES, EntryProblem, check_entry
from scoring.rules.schafkopf.entry import check_ramsch_entry

KURZ = PROFILES["kurzanleitung"]


def problems(**entry):
    entry = {"contract": "rufspiel", "declarer": 0, "partner": 2, "won": True, **entry}
    return [(p.field, p.rule) for p in check_entry(KURZ, **entry)]


def test_a_plain_entry_passes():
    assert problems(augen=75) == []
    assert problems(contract="solo", partner=None, suit="E", augen=61) == []
    assert problems(contract="sie", partner=None) == []


def test_exactly_one_declarer_and_a_partner_only_for_rufspiel():
    """ "Exactly one declarer; a partner exactly for Rufspiel, and partner ≠ declarer"."""
    assert problems(declarer=None) == [("declarer", "declarer_missing")]
    assert problems(declarer=4) == [("declarer", "seat_invalid")]
    assert problems(partner=None) == [("partner", "partner_missing")]
    assert problems(partner=0) == [("partner", "partner_is_declarer")]
    assert problems(contract="wenz", partner=1) == [("partner", "partner_not_allowed")]


def test_the_called_sau_is_one_of_e_g_s():
    """ "the called Sau is one of E/G/S"."""
    assert problems(called="G") == []
    assert problems(called="H") == [("called", "called_invalid")]
    assert problems(contract="solo", partner=None, called="E") == [("called", "called_not_allowed")]


@pytest.mark.parametrize(
    ("augen", "rule"),
    [
        (121, "augen_out_of_range"),
        (-1, "augen_out_of_range"),
        (1, "augen_impossible"),
        (119, "augen_impossible"),
    ],
)
def test_augen_range(augen, rule):
    """ "Augen of the declaring party 0..120 (1 and 119 are impossible: the smallest card worth
    anything is 2)"."""
    assert problems(augen=augen, won=None) == [("augen", rule)]


def test_outcome_must_match_the_augen():
    """ "or an outcome (won/lost, Schneider, Schwarz) that is consistent with them"."""
    assert problems(augen=60, won=True) == [("won", "won_inconsistent")]
    assert problems(augen=61, won=False) == [("won", "won_inconsistent")]
    assert problems(augen=95) == [("schneider", "schneider_inconsistent")]  # paid unasked
    assert problems(augen=95, schneider=True) == []
    assert problems(augen=30, won=False) == [("schneider", "schneider_inconsistent")]
    assert problems(augen=None, won=None) == [("won", "outcome_missing")]
    assert problems(contract="sie", partner=None, won=False) == [("won", "won_inconsistent")]


def test_schwarz_needs_120_or_0_in_the_matching_direction():
    """ "Schwarz requires 120 or 0 Augen for the declaring party in the matching direction"."""
    assert problems(augen=120, schneider=True, schwarz=True) == []
    assert problems(augen=0, won=False, schneider=True, schwarz=True) == []
    assert problems(augen=110, schneider=True, schwarz=True) == [
        ("schwarz", "schwarz_inconsistent")
    ]
    assert problems(augen=0, won=True, schwarz=True) == [
        ("won", "won_inconsistent"),
        ("schwarz", "schwarz_inconsistent"),
    ]


def test_tout_only_for_solo_and_wenz():
    """ "Tout only for Solo/Wenz"."""
    assert problems(tout=True) == [("tout", "tout_not_allowed")]
    assert problems(contract="wenz", partner=None, tout=True, augen=120) == []
    assert problems(contract="wenz", partner=None, tout=True, augen=100) == [
        ("won", "won_inconsistent")
    ]
    assert problems(contract="solo", partner=None, tout=True, won=False, augen=110) == []


def test_retour_only_after_stoss():
    """ "Retour only after Stoß"."""
    assert problems(augen=70, retour=True) == [("retour", "retour_without_stoss")]
    assert problems(augen=70, stoss=True, retour=True) == []
    no_stoss = {**KURZ, "allow_stoss": False}
    found = check_entry(no_stoss, contract="wenz", declarer=1, won=True, stoss=True)
    assert found == [EntryProblem("stoss", "stoss_not_allowed")]


def test_laufende_and_klopfen_entries():
    assert problems(augen=70, laufende=2) == [("laufende", "laufende_below_threshold")]
    assert problems(augen=70, laufende=15) == [("laufende", "laufende_out_of_range")]
    assert problems(contract="wenz", partner=None, augen=70, laufende=5) == [
        ("laufende", "laufende_out_of_range")
    ]
    assert problems(augen=70, klopfen=1) == [("klopfen", "klopfen_not_allowed")]
    assert problems(augen=70, klopfen=5) == [("klopfen", "klopfen_out_of_range")]


def test_unknown_contract_and_herz_solo_needs_its_suit():
    assert problems(contract="bettel") == [("contract", "unknown_contract")]
    herz = {**KURZ, "base_herz_solo": 8}
    found = check_entry(herz, contract="solo", declarer=0, won=True)
    assert found == [EntryProblem("suit", "suit_missing")]


def test_ramsch_entry():
    ramsch = {**KURZ, "passed_deal": "ramsch"}
    assert check_ramsch_entry(ramsch, [50, 40, 30, 0], [3]) == []
    assert check_ramsch_entry(KURZ, [50, 40, 30, 0]) == [
        EntryProblem("contract", "ramsch_not_allowed")
    ]
    assert check_ramsch_entry(ramsch, [50, 40, 30, 10]) == [
        EntryProblem("augen_per_seat", "augen_sum")
    ]
    assert check_ramsch_entry(ramsch, [50, 40, 28, 2], [3]) == [
        EntryProblem("jungfrau_seats", "jungfrau_with_augen")
    ]


def sheet_problems(**entry):
    return [(p.field, p.rule) for p in check_entry(KURZ, sheet=True, **entry)]


def test_the_sheet_records_the_called_sau_and_the_solo_suit():
    """The engine settles a Rufspiel without its Sau and a Solo without its suit (Herz at
    the Solo price); the scorepad's sheet records both, as on paper."""
    rufspiel = {"contract": "rufspiel", "declarer": 0, "partner": 2, "augen": 75}
    assert problems(**rufspiel) == []
    assert sheet_problems(**rufspiel) == [("called", "called_missing")]
    assert sheet_problems(**rufspiel, called="S") == []
    solo = {"contract": "solo", "declarer": 1}
    assert problems(**solo, partner=None) == []
    assert sheet_problems(**solo, won=True) == [("suit", "suit_missing")]
    assert sheet_problems(**solo, tout=True, augen=120) == [
        ("suit", "suit_missing"),
        ("won", "tout_needs_result"),
    ]
    assert sheet_problems(**solo, won=True, suit="H") == []
    # A Herz-Solo with its own price misses its suit already for settling: said once.
    herz = {**KURZ, "base_herz_solo": 8}
    found = check_entry(herz, sheet=True, **solo, won=True)
    assert found == [EntryProblem("suit", "suit_missing")]


def test_the_sheet_needs_a_touts_result_when_120_augen_cannot_tell_it():
    """A Tout "is won only with all 8 tricks": 120 Augen do not show whether the other side
    took a trick (without Augen), so the result must be tapped."""
    tout = {"contract": "wenz", "declarer": 0, "tout": True, "augen": 120, "won": None}
    assert problems(**tout, partner=None) == []
    assert sheet_problems(**tout) == [("won", "tout_needs_result")]
    assert sheet_problems(**{**tout, "won": True}) == []
    assert sheet_problems(**{**tout, "won": False}) == []
    assert sheet_problems(**{**tout, "augen": 100}) == []  # lost: the engine can tell
    # Only once the rest holds: an entry refused anyway is not asked for more.
    assert sheet_problems(**tout, klopfen=1) == [("klopfen", "klopfen_not_allowed")]


def test_the_sheet_counts_a_sies_laufende_as_all_eight_ober_and_unter():
    """A Sie holds all four Ober and all four Unter (decision 3: its Laufende are those
    eight, as far as the profile counts them), unless a dispute found fewer."""
    tarif = PROFILES["tarif-10-20-50"]
    sie = {"contract": "sie", "declarer": 3, "won": True}
    assert check_entry(tarif, sheet=True, **sie, laufende=8) == []
    assert check_entry(tarif, sheet=True, **sie, laufende=5) == [
        EntryProblem("laufende", "laufende_sie", {"count": 8})
    ]
    capped = {**tarif, "laufende_cap": 6}
    assert check_entry(capped, sheet=True, **sie, laufende=6) == []
    assert check_entry(capped, sheet=True, **sie, laufende=8) == [
        EntryProblem("laufende", "laufende_sie", {"count": 6}),
        EntryProblem("laufende", "laufende_over_cap"),
    ]
    # What the sheet already holds for this game stands (a Sie the hand did not allow).
    assert check_entry(tarif, sheet=True, **sie, laufende=0, laufende_on_sheet=0) == []
    assert check_entry(tarif, **sie, laufende=5) == []  # settling asks nothing of them
