"""Skat statistics per player (scoring/pads/skat/stats.py), counted by hand."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.pads.skat.stats import statistics
from scoring.rules.skat import PROFILES
from tests.scoring.skat_pad_helpers import create_skat, pass_deal, play_game

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


# --- the page, with games entered like a phone ----------------------------------------------


def stat_cells(page: str, stat: str) -> list[str]:
    row = re.search(rf'<tr[^>]*data-stat="{stat}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    return [
        " ".join(re.sub(r"<[^>]+>", " ", cell).split())
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


@pytest.mark.django_db
def test_the_statistics_page_shows_what_was_entered():
    client = Client()
    _table, key = create_skat(client)
    # By hand: Kreuz mit 1 (2 × 12 = 24) won by Anna; Grand mit 1 lost by Ben (−2 × 48 = −96);
    # passed out; Null (23) won by Anna; Herz mit 1 lost by Cem (−2 × 20 = −40).
    play_game(client, key, 1, 0, "kreuz", augen=70)
    play_game(client, key, 2, 1, "grand", augen=50)
    pass_deal(client, key, 3)
    play_game(client, key, 4, 0, "null", outcome="won")
    play_game(client, key, 5, 2, "herz", augen=40)
    page = client.get(reverse("pad_page", args=[key, "statistik"])).content.decode()
    assert "Statistik" in page or "Statistics" in page
    assert stat_cells(page, "declared") == ["2", "1", "1"]
    assert stat_cells(page, "won") == ["2 100 %", "0 0 %", "0 0 %"]
    assert stat_cells(page, "lost") == ["0", "1", "1"]
    assert (stat_cells(page, "suit"), stat_cells(page, "grand")) == (
        ["1", "0", "1"],
        ["0", "1", "0"],
    )
    assert stat_cells(page, "null") == ["1", "0", "0"]
    assert stat_cells(page, "fee") == ["0,00 €", "0,50 €", "0,50 €"]
    # Anna 24 + 23 + 2 × 50 + 2 × 40 = 227; Ben −96 − 50 + 40 = −106; Cem −40 − 50 + 40 = −50.
    assert stat_cells(page, "total") == ["227", "−106", "−50"]


@pytest.mark.django_db
def test_the_statistics_and_list_pages_only_show():
    client = Client()
    _table, key = create_skat(client)
    for page in ("statistik", "liste"):
        url = reverse("pad_page", args=[key, page])
        assert client.get(url).status_code == 200
        assert client.post(url, {"x": "1"}).status_code == 405
