"""tournaments.md: "the organizer sees every table's progress (games entered of the required
number) live" — also for the games that end by their own rules: Schatzsuche after 10
rounds, Scharfe Schoten after one round per player; Stichwahl runs until 30 points, so its
dashboard says so instead of a share done."""

import re

import pytest
from django.urls import reverse

from tests.scoring.helpers import text
from tests.scoring.stichwahl_pad_helpers import hand_fields

from .helpers import enter_game, logged_in, make_tournament, published_round, register, tables_of

pytestmark = pytest.mark.django_db


def schatzsuche_round(number: int) -> dict:
    """Round ``number`` (``number`` cards each): seat 0 takes every trick."""
    fields = {f"bid_{seat}": 0 for seat in range(3)}
    fields.update({"tricks_0": number, "tricks_1": 0, "tricks_2": 0})
    return fields


def progress(client, tournament) -> tuple[str, str]:
    response = client.get(reverse("round_progress", args=[tournament.pk, 1]))
    return text(response), response.content.decode()


def test_schatzsuche_shows_rounds_of_ten_and_the_share_done(client):
    tournament = make_tournament(logged_in(client), game="schatzsuche")
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    for number in (1, 2, 3):
        enter_game(table, number, schatzsuche_round(number))
    page, html = progress(client, tournament)
    assert "3/10" in page and "läuft" in page
    assert re.search(r'<meter min="0" max="100" value="30">', html)


def test_scharfe_schoten_plays_one_round_per_player(client):
    tournament = make_tournament(
        logged_in(client), game="scharfe_schoten", table_size=4, remainder="smaller"
    )
    register(tournament, 7)  # a table of 4 and one of 3
    published_round(tournament)
    page, html = progress(client, tournament)
    assert "0/4" in page and "0/3" in page
    assert html.count('<meter min="0" max="100" value="0">') == 2


def test_stichwahl_is_open_ended_until_30_points(client):
    tournament = make_tournament(logged_in(client), game="stichwahl")
    register(tournament, 3)
    (table,) = tables_of(published_round(tournament))
    enter_game(table, 1, hand_fields([7, 10, 12], [3, 1, 0]))
    page, html = progress(client, tournament)
    assert "1 · offen: läuft bis 30 Punkte" in page
    assert "<meter" not in html  # no share done that would stay at 0 %
    assert "0 %" not in page
