"""Every player's column and total fits a 360 px phone, for the most players a game allows and
long names: no table wider than the screen, no clipped total, no page that scrolls sideways.

Set SCREENSHOTS=/some/dir to keep a full-page screenshot of every page checked.
"""

import os
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields, text
from tests.scoring.schafkopf_helpers import create_schafkopf, game, play
from tests.scoring.scharfe_schoten_helpers import create_table, play_round
from tests.scoring.skat_pad_helpers import create_skat, pass_deal, play_game
from tests.scoring.stichwahl_pad_helpers import create_stichwahl, play_hand

from .conftest import check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = (
    "Maximilian-Alexander",
    "Anna-Katharina",
    "Bartholomäus",
    "Wolfgang-Amadeus",
    "Hans-Christian",
)


def assert_fits(page, path, label):
    page.goto(path)
    expect(page.locator("main")).to_be_visible()
    if directory := os.environ.get("SCREENSHOTS"):
        name = re.sub(r"\W+", "-", label).strip("-")
        page.screenshot(path=os.path.join(directory, f"{name}.png"), full_page=True)
    check_fits(page, label)


def names_visible(page, names):
    """Every player's name is on the page, in full or shortened with the full one as title."""
    for name in names:
        header = page.locator(f'thead th[title="{name}"], thead th:text-is("{name}")')
        assert header.count() >= 1, f"no column for {name}"


def test_schafkopf_five_long_names_block_spielliste_statistik(phone):
    client = Client()
    _table, key = create_schafkopf(client, players=LONG_NAMES, preset="tarif-10-20-50")
    for number in range(1, 9):
        dealer = (number - 1) % 5
        declarer, partner = (dealer + 1) % 5, (dealer + 3) % 5
        if number == 4:
            fields = game("sie", declarer)
        elif number % 2:
            fields = game("rufspiel", declarer, partner, called="E", augen=35, laufende=3)
        else:
            fields = game("solo", declarer, suit="H", outcome="lost_schwarz")
        play(client, key, number, fields)
    page = phone()
    assert_fits(page, f"/t/{key}/", "schafkopf block")
    names_visible(page, LONG_NAMES)
    assert_fits(page, f"/t/{key}/p/spielliste/", "schafkopf spielliste")
    assert_fits(page, f"/t/{key}/p/statistik/", "schafkopf statistik")
    for name in LONG_NAMES:
        expect(page.locator("main")).to_contain_text(name[:8])


def test_schatzsuche_finished_with_a_penalty(phone):
    client = Client()
    players = LONG_NAMES[:3]
    _table, key = create_schatzsuche(client, players=players)
    for number in range(1, 11):
        penalties = [0, 1, 0] if number == 5 else None
        golden = (["HA", "SA", "C7"], "H10") if number == 10 else None
        fields = round_fields([number, 0, 0], [number, 0, 0], penalties=penalties, golden=golden)
        response = post_round(client, key, number, fields)
        assert response.status_code == 302, (number, text(response)[-1500:])
    page = phone()
    assert_fits(page, f"/t/{key}/", "schatzsuche finished")
    names_visible(page, players)
    expect(page.locator("tfoot .final")).to_be_visible()


def test_scharfe_schoten_four_long_names(phone):
    client = Client()
    players = LONG_NAMES[:4]
    _table, key = create_table(client, players=players)
    play_round(client, key, 1, ["RY", "GB", "YR", "BG"], ["R12", "G12", "Y12", "B12"])
    page = phone()
    assert_fits(page, f"/t/{key}/", "scharfe schoten block")
    names_visible(page, players)


def test_stichwahl_four_long_names(phone):
    client = Client()
    players = LONG_NAMES[:4]
    _table, key = create_stichwahl(client, players=players)
    play_hand(client, key, 1, [7, 10, 8, 4], [3, 1, 0, 2])
    page = phone()
    assert_fits(page, f"/t/{key}/", "stichwahl block")
    names_visible(page, players)


def test_skat_four_long_names(phone):
    client = Client()
    players = LONG_NAMES[:4]
    _table, key = create_skat(client, players, first_dealer=3)
    play_game(client, key, 1, "0", "grand", mit=4, augen=89, hand=True, schneider_announced=True)
    pass_deal(client, key, 2)
    play_game(client, key, 3, "3", "null", outcome="won", ouvert=True, hand=True)
    play_game(client, key, 4, "1", "kreuz", mit=-11, outcome="won_schwarz")
    page = phone()
    assert_fits(page, f"/t/{key}/", "skat block")
    names_visible(page, players)
    expect(page.locator("tfoot .skat-total")).to_be_visible()
