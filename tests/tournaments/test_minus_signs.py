"""Points below zero carry a real minus sign (U+2212) in the standings and in a table's Σ row,
as on the score sheet (the scorepad's ``minus`` filter), never a hyphen (issue 22)."""

import re

import pytest
from django.urls import reverse

from tests.scoring.helpers import text

from .helpers import enter_game, solo

pytestmark = pytest.mark.django_db


@pytest.fixture
def solo_won(schafkopf_round):
    """Table 1's soloist won (+15); each of the three others lost 5."""
    tournament, _round, (first, _second) = schafkopf_round
    enter_game(first, 1, solo(3))
    return tournament


def cells(html, css_class):
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(rf'<td class="{css_class}">(.*?)</td>', html, re.S)
    ]


@pytest.mark.parametrize("page", ["standings", "results", "public_standings"])
def test_standings_show_a_real_minus_sign(client, solo_won, page):
    key = solo_won.public_key if page == "public_standings" else solo_won.pk
    html = client.get(reverse(page, args=[key])).content.decode()
    points = cells(html, "points")
    assert points.count("−5") == 3 and "15" in points
    assert not any("-" in p for p in points)


def test_the_points_of_each_round_show_a_real_minus_sign(client, solo_won):
    html = client.get(reverse("standings", args=[solo_won.pk])).content.decode()
    rounds = cells(html, "round-col")
    assert rounds.count("−5") == 3 and not any("-" in p for p in rounds)


def test_the_table_pages_sum_shows_a_real_minus_sign(client, solo_won):
    page = text(client.get(reverse("tournament_table", args=[solo_won.pk, 1, 1])))
    sums = page.split("Σ")[1].split("Protokoll")[0].split()
    assert sums.count("−5") == 3 and "15" in sums
    assert "-5" not in page
