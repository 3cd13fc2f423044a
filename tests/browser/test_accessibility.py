"""The automated WCAG 2.2 AA check (axe-core, tests/browser/accessibility.py) on a 360×740
phone, German: the players' colours."""

from __future__ import annotations

import itertools
import math

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.scoring.schafkopf_helpers import create_schafkopf, game, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def settle(page) -> None:
    """The page's own work done (pages kept for offline, an evening's offline table fetched),
    so the next page's requests do not meet it in SQLite."""
    page.wait_for_load_state("load")
    try:
        page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=5000)
        if page.locator("form[data-evening-start]").count():
            page.wait_for_selector("body[data-start-ready]", state="attached", timeout=5000)
    except PlaywrightTimeout:
        pass  # a page that keeps nothing for offline


def lab(rgb: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a computed CSS colour "rgb(r, g, b)"."""
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_five_player_colours_read_well_and_stay_apart(phone, client, axe, shots):
    """Issue 29 §5.6: each player's colour (names, balances, the chart's lines) at least 4.5:1
    on the page (axe's colour-contrast rule, WCAG 2.2 AA), and the five easy to tell apart
    (CIE76 ΔE of at least 25 between any two)."""
    _table, key = create_schafkopf(
        client, players=("Anna", "Ben", "Cem", "Dora", "Emil"), preset="tarif-10-20-50"
    )
    for number, dealer in enumerate(range(5), start=1):
        declarer = (dealer + 1) % 5
        play(client, key, number, game("solo", declarer, suit="E", outcome="won"))
    page = phone()
    for path in (
        reverse("table", args=[key]),
        reverse("pad_page", args=[key, "spielliste"]),
        reverse("pad_page", args=[key, "statistik"]),
    ):
        page.goto(path)
        settle(page)
        axe(page, path)
        shots(page, "player-colours-" + path.rstrip("/").rsplit("/", 1)[-1])
    lines = page.eval_on_selector_all(
        "svg.chart .line", "lines => lines.map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(lines)) == 5, lines
    colours = [lab(colour) for colour in lines]
    for one, other in itertools.combinations(range(5), 2):
        distance = math.dist(colours[one], colours[other])
        assert distance >= 25, f"players {one + 1} and {other + 1}: ΔE {distance:.1f}"
