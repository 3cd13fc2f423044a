"""The app in English on a phone: every page of a table of each game reads English (German
game terms that English players use too, like Augen or Rufspiel, aside), dates included."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields
from tests.scoring.schafkopf_helpers import create_schafkopf, game, play
from tests.scoring.scharfe_schoten_helpers import create_table, play_round
from tests.scoring.stichwahl_pad_helpers import create_stichwahl, play_hand

from .conftest import check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GERMAN = re.compile(
    r"\b(Spieler|Runde|Runden|speichern|gespeichert|Geber|Teilen|Regeln|Protokoll|Spielliste|"
    r"gewonnen|verloren|Summe|Endstand|Ansage|Ansagen|Durchgang|Stiche|Eingetragen|Verlauf|"
    r"Nov\.|Dez\.|Mrz\.|Handy|Punkte|Geld|Karten|und|oder|nicht|noch)\b"
)


def tables():
    client = Client()
    _t, schafkopf = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, schafkopf, 1, game("rufspiel", 1, 3, called="E", augen=70))
    _t, schatzsuche = create_schatzsuche(client)
    post_round(client, schatzsuche, 1, round_fields([1, 0, 0], [1, 0, 0]))
    _t, scharfe = create_table(client)
    play_round(client, scharfe, 1, ["RY", "GB", "YR", "BG"], ["R12", "G12", "Y12", "B12"])
    _t, stichwahl = create_stichwahl(client)
    play_hand(client, stichwahl, 1, [7, 10, 12], [3, 1, 0])
    return {
        "schafkopf": (schafkopf, ["p/spielliste/", "p/statistik/", "p/regeln/"]),
        "schatzsuche": (schatzsuche, ["p/regeln/"]),
        "scharfe_schoten": (scharfe, ["p/regeln/"]),
        "stichwahl": (stichwahl, ["p/regeln/"]),
    }


def test_every_page_of_every_game_reads_english(phone):
    page = phone(locale="en-US")
    for game_name, (key, extra) in tables().items():
        for path in ["", "share/", "audit/", "rounds/1/", *extra]:
            page.goto(f"/t/{key}/{path}")
            expect(page.locator("main")).to_be_visible()
            seen = page.locator("body").inner_text()
            leaks = sorted(set(GERMAN.findall(seen)))
            assert not leaks, f"{game_name} /{path}: German words {leaks}"
            check_fits(page, f"{game_name} /{path} in English")
    page.goto("/")
    for game_name in ("schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"):
        page.goto(f"/new/{game_name}/")
        leaks = sorted(set(GERMAN.findall(page.locator("body").inner_text())))
        assert not leaks, f"new {game_name}: German words {leaks}"
