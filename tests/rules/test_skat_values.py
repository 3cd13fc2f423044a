"""Skat's game values (docs/rules/skat.md, "Result of a suit game or Grand"): reference
tables computed by hand (base × level), never from the engine's output."""

import pytest

from scoring.rules.skat import (
    BID_VALUES,
    PROFILES,
    check_entry,
    level_of,
    matadors_of,
    outcome_from_augen,
    overbid_value,
    score_entry,
    score_game,
)
from scoring.rules.skat.cards import mask_of

ISKO = PROFILES["isko"]


def test_the_bid_values_start_as_every_club_player_says_them():
    # "18, 20, 22, 23, 24, 27, 30, …": Karo 2×9, Herz 2×10, Pik 2×11, Null 23, Kreuz 2×12,
    # Karo 3×9, Herz 3×10, Pik 3×11, Null Hand 35, Karo 4×9 and Kreuz 3×12 ...
    assert BID_VALUES[:12] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44)
    assert 46 in BID_VALUES and 59 in BID_VALUES  # Null ouvert, Null ouvert Hand
    assert 19 not in BID_VALUES and 21 not in BID_VALUES and 25 not in BID_VALUES
    # the highest: Kreuz mit 11, every level (11 + 7 = 18) = 216; Grand mit 4 (4 + 7) = 264
    assert BID_VALUES[-1] == 264 and 216 in BID_VALUES


# (game, matadors, levels set, level by hand, value by hand)
VALUE_TABLE = [
    ("karo", 1, {}, 2, 18),
    ("herz", -2, {}, 3, 30),
    ("pik", 1, {"hand": True}, 3, 33),
    ("kreuz", 4, {"schneider": True}, 6, 72),
    ("grand", 1, {}, 2, 48),
    ("grand", -4, {"hand": True, "schneider": True}, 7, 168),
    ("grand", -4, {"hand": True, "schneider": True, "schneider_announced": True}, 8, 192),
    ("karo", 1, {"schwarz": True}, 4, 36),  # Schwarz reached counts Schneider too
    ("herz", 3, {"hand": True, "schwarz_announced": True}, 9, 90),  # 3+1+1+S+SA+Sw+SwA
    # Ouvert counts all five: 11 + 1 + Hand + Schneider + announced + Schwarz + announced + Ouvert
    ("kreuz", 11, {"hand": True, "ouvert": True}, 18, 216),
    ("grand", 4, {"hand": True, "ouvert": True}, 11, 264),
    ("pik", -11, {}, 12, 132),
]


@pytest.mark.parametrize(("game", "matadors", "levels", "level", "value"), VALUE_TABLE)
def test_value_is_base_times_level(game, matadors, levels, level, value):
    won = score_game(game, won=True, matadors=matadors, **levels)
    assert (won.level, won.value, won.list_points) == (level, value, value)
    lost = score_game(game, won=False, matadors=matadors, **levels)
    assert (lost.value, lost.list_points) == (value, -2 * value)


def test_no_level_counts_twice():
    assert level_of(2, schneider=True, schneider_announced=True) == 5  # 2+1+S+SA
    assert level_of(2, hand=True, schwarz=True, schwarz_announced=True, schneider=True) == 8


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"),
    [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)],
)
def test_null_values_are_fixed(hand, ouvert, value):
    assert score_game("null", won=True, hand=hand, ouvert=ouvert).list_points == value
    assert score_game("null", won=False, hand=hand, ouvert=ouvert).list_points == -2 * value


def test_the_worked_example_of_the_rules():
    """Grand Hand mit 4, Schneider announced, lost with the opponents at 31 (declarer 89):
    4 + 1 + 1 + 1 + 1 = 8, value 192, −384."""
    score = score_entry(
        ISKO, declarer=0, game="grand", hand=True, schneider_announced=True, matadors=4, augen=89
    )
    assert (score.won, score.level, score.value, score.list_points) == (False, 8, 192, -384)


MATADOR_TABLE = [
    # (declarer's twelve cards including the Skat, game, matadors)
    (["CJ"], "grand", 1),
    (["CJ", "SJ"], "grand", 2),
    (["CJ", "SJ", "HJ", "DJ"], "grand", 4),
    (["CJ", "HJ"], "grand", 1),
    (["SJ"], "grand", -1),
    (["HJ"], "grand", -2),
    (["DJ"], "grand", -3),
    ([], "grand", -4),
    (["CJ", "SJ", "HJ", "DJ", "HA"], "grand", 4),  # Grand: only the Buben count
    (["CJ", "SJ", "HJ", "DJ", "HA"], "herz", 5),
    (["CJ", "SJ", "HJ", "DJ", "HA", "H10", "HK", "HQ", "H9", "H8", "H7"], "herz", 11),
    (["CJ", "SJ", "HJ", "DJ", "HA", "H10", "HK", "HQ", "H9", "H8"], "herz", 10),
    (["D7"], "karo", -10),  # ohne CJ..D8: ten missing
    (["C7", "S7", "H7"], "karo", -11),  # ohne 11: not one trump
    (["SJ", "HJ"], "kreuz", -1),
    (["DJ", "CA"], "kreuz", -3),
    (["HJ", "DJ", "SA"], "pik", -2),
]


@pytest.mark.parametrize(("cards", "game", "matadors"), MATADOR_TABLE)
def test_matadors_mit_and_ohne(cards, game, matadors):
    assert matadors_of(mask_of(cards), game) == matadors


@pytest.mark.parametrize(
    ("augen", "won", "schneider"),
    [(61, True, False), (60, False, False), (89, True, False), (90, True, True),
     (31, False, False), (30, False, True), (0, False, True), (120, True, True)],
)  # fmt: skip
def test_won_and_schneider_boundaries(augen, won, schneider):
    outcome = outcome_from_augen(augen)
    assert (outcome.won, outcome.schneider) == (won, schneider)


def test_schneider_announced_needs_90_and_schwarz_announced_every_trick():
    assert not outcome_from_augen(89, schneider_announced=True).won
    assert outcome_from_augen(90, schneider_announced=True).won
    assert not outcome_from_augen(120, schwarz_announced=True).won  # 120 Augen, a trick lost
    assert outcome_from_augen(120, schwarz=True, schwarz_announced=True).won


@pytest.mark.parametrize(
    ("game", "matadors", "bid", "value"),
    [("karo", 1, 24, 27), ("herz", 1, 30, 30), ("kreuz", 2, 46, 48), ("pik", -1, 23, 33)],
)
def test_an_overbid_game_is_lost_at_the_next_multiple_of_its_base(game, matadors, bid, value):
    score = score_game(game, won=True, matadors=matadors, bid=bid)
    assert score.overbid and not score.won
    assert (score.value, score.list_points) == (value, -2 * value)
    assert overbid_value(game, bid) == value


def test_a_game_worth_the_bid_is_no_overbid():
    score = score_game("grand", won=True, matadors=1, bid=48)
    assert not score.overbid and score.list_points == 48


def test_kontra_and_re_double_and_quadruple():
    settings = PROFILES["stammtisch-skat"]
    base = {"declarer": 1, "game": "herz", "matadors": 1, "augen": 70}
    assert score_entry(settings, **base).list_points == 20
    assert score_entry(settings, kontra=True, **base).list_points == 40
    assert score_entry(settings, kontra=True, re=True, **base).list_points == 80
    assert score_entry(settings, kontra=True, **{**base, "augen": 50}).list_points == -80


def _rules(**entry):
    fields = {"declarer": 0, "game": "karo", "matadors": 1, "augen": 70, **entry}
    return [(p.field, p.rule) for p in check_entry(ISKO, **fields)]


def test_the_scorepad_checks_name_field_and_rule():
    assert _rules() == []
    assert _rules(matadors=12) == [("matadors", "matadors_out_of_range")]
    assert _rules(game="grand", matadors=5) == [("matadors", "matadors_out_of_range")]
    assert _rules(matadors=0) == [("matadors", "matadors_out_of_range")]
    assert _rules(schneider_announced=True) == [("schneider_announced", "announced_without_hand")]
    assert _rules(ouvert=True, hand=True, schneider_announced=True) == [
        ("schwarz_announced", "ouvert_includes_schwarz")
    ]
    assert _rules(ouvert=True) == [("ouvert", "ouvert_without_hand")]
    assert _rules(augen=121) == [("augen", "augen_out_of_range")]
    assert _rules(bid=19) == [("bid", "bid_not_a_value")]
    assert _rules(game="null", matadors=None, augen=None, won=True, bid=24) == [
        ("game", "null_below_bid")
    ]
    assert _rules(declarer=3, sitting_out=None) == [("declarer", "seat_invalid")]
    assert _rules(declarer=3, players=4, sitting_out=3) == [("declarer", "seat_invalid")]
    assert _rules(kontra=True) == [("kontra", "no_kontra_in_profile")]
    assert _rules(augen=60, schwarz=True) == [("schwarz", "schwarz_needs_all_tricks")]
    assert _rules(augen=None) == [("augen", "augen_or_won_required")]


def test_a_problem_reads_in_german():
    (problem,) = check_entry(ISKO, declarer=0, game="karo", matadors=12, augen=70)
    assert "11" in problem.message("en") and problem.message("de") != problem.message("en")


def test_won_lost_entry_as_the_paper_list_holds_it():
    score = score_entry(ISKO, declarer=2, game="pik", matadors=-2, won=False, schneider=True)
    assert (score.level, score.value, score.list_points) == (4, 44, -88)  # 2+1+S
