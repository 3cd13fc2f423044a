"""The app in English on a phone: every page of a table of each game reads English (German
game terms that English players use too, like Augen, Rufspiel, Hand, mit/ohne or Ramsch,
aside), dates included."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields
from tests.scoring.schafkopf_helpers import create_schafkopf, game, play
from tests.scoring.scharfe_schoten_helpers import create_table, play_round
from tests.scoring.skat_pad_helpers import create_skat, play_game
from tests.scoring.stichwahl_pad_helpers import create_stichwahl, play_hand

from .conftest import check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GERMAN = re.compile(
    r"\b(Spieler|Runde|Runden|speichern|gespeichert|Geber|Teilen|Regeln|Protokoll|Spielliste|"
    r"gewonnen|verloren|Summe|Endstand|Ansage|Ansagen|Durchgang|Stiche|Eingetragen|Verlauf|"
    r"Nov\.|Dez\.|Mrz\.|Handy|Punkte|Geld|Karten|und|oder|nicht|noch|"
    r"Alleinspieler|Spitzen|eingepasst|gepasst|Listenpunkte|Verlustspielgeld|Gereizt|Spiel|Spiele)\b"
)

# The Skat list to print is an A4 page: on a phone it scrolls inside its frame on purpose
# (tests/browser/test_skat_print.py), the page itself still fits.
PAPER = {("skat", "p/liste/")}


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
    _t, skat = create_skat(client, ("Anna", "Ben", "Cem", "Dora"), preset="stammtisch-skat")
    play_game(client, skat, 1, 1, "grand", mit=2, outcome="won_schneider", hand=True)
    play_game(client, skat, 2, 0, "null", outcome="lost")
    play_game(client, skat, 3, 0, "herz", mit=-1, outcome="lost", kontra=True)
    return {
        "skat": (skat, ["p/statistik/", "p/liste/", "p/regeln/"]),
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
            if (game_name, path) in PAPER:
                assert page.evaluate("document.documentElement.scrollWidth") <= 360
            else:
                check_fits(page, f"{game_name} /{path} in English")
    page.goto("/")
    for game_name in ("skat", "schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"):
        page.goto(f"/new/{game_name}/")
        leaks = sorted(set(GERMAN.findall(page.locator("body").inner_text())))
        assert not leaks, f"new {game_name}: German words {leaks}"
