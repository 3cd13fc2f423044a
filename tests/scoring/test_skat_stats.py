"""Skat statistics per player (scoring/pads/skat/stats.py), counted by hand."""

from scoring.pads.skat.stats import statistics
from scoring.rules.skat import PROFILES

ISKO = PROFILES["isko"]


def game(declarer, kind, won, points):
    return {"passed": False, "declarer": declarer, "game": kind, "won": won, "list_points": points}


PASSED = {"passed": True}
# Table of 3 (A, B, C). By hand: Kreuz mit 2 won = 3 × 12 = 36; Grand ohne 1 lost = −2 × 48;
# Null won 23; Herz mit 1 lost = −2 × 20; Pik mit 1 lost = −2 × 22.
EVENING = [
    game(0, "kreuz", True, 36),
    game(1, "grand", False, -96),
    PASSED,
    game(0, "null", True, 23),
    game(2, "herz", False, -40),
    game(0, "pik", False, -44),
]


def test_counts_per_player_by_hand():
    stats = statistics(["A", "B", "C"], EVENING, ISKO)
    a, b, c = stats.players
    assert (a.declared, a.won, a.lost, a.suit, a.grand, a.null) == (3, 2, 1, 2, 0, 1)
    assert (b.declared, b.won, b.lost, b.suit, b.grand, b.null) == (1, 0, 1, 0, 1, 0)
    assert (c.declared, c.won, c.lost, c.suit, c.grand, c.null) == (1, 0, 1, 1, 0, 0)
    assert (a.won_percent, b.won_percent, c.won_percent) == (67, 0, 0)


def test_seeger_fabian_by_hand():
    a, b, c = statistics(["A", "B", "C"], EVENING, ISKO).players
    # A: 36 + 23 − 44 = 15 points, +2×50 −1×50, B and C lost one each: +2×40 → 145.
    assert (a.line.points, a.line.bonus, a.line.opponent_bonus, a.total) == (15, 50, 80, 145)
    # B: −96 − 50 + 2×40 = −66; C: −40 − 50 + 80 = −10.
    assert (b.total, c.total) == (-66, -10)


def test_loss_fees_with_the_tables_settings():
    stats = statistics(["A", "B", "C"], EVENING, ISKO)
    assert [p.loss_fee_cents for p in stats.players] == [50, 50, 50]
    assert (stats.games, stats.passed, stats.fees_cents) == (6, 1, 150)
    # Four lost games: three at 0,50 €, the fourth at the higher 1,00 €.
    lost = [game(1, "karo", False, -18)] * 4
    settings = {**ISKO, "loss_fee_cents": 20}
    assert statistics(["A", "B", "C"], lost, settings).players[1].loss_fee_cents == 3 * 20 + 100


def test_passed_not_counted_when_the_settings_say_so():
    stats = statistics(["A", "B", "C"], EVENING, {**ISKO, "passed_counts_as_game": False})
    assert stats.games == 5


def test_table_of_four_ramsch_and_nobody_declared():
    ramsch = {"passed": True, "ramsch": {"scores": [0, -30, 0, 0]}}
    stats = statistics(["A", "B", "C", "D"], [ramsch, game(3, "grand", True, 72)], ISKO)
    d = stats.players[3]
    assert (d.declared, d.won, d.grand, d.won_percent, d.total) == (1, 1, 1, 100, 122)
    assert stats.players[1].total == -30
    assert stats.players[0].won_percent is None
