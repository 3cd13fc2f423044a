"""The Skat list printed: a full list of 48 games at a table of 4 (and 36 at 3) on exactly
one A4 page, with the Seeger-Fabian box at its bottom."""

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from tests.scoring.skat_pad_helpers import create_skat, pass_deal, play_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def printed(page, path) -> PdfReader:
    page.goto(path)
    page.emulate_media(media="print")
    return PdfReader(io.BytesIO(page.pdf(format="A4")))


def fill_list(client, key, players: int, games: int):
    """``games`` games: the player after the dealer declares (the dealer sits out at 4),
    every fifth game lost, every seventh deal passed out."""
    for number in range(1, games + 1):
        if number % 7 == 0:
            pass_deal(client, key, number)
            continue
        declarer = number % players  # the first dealer is seat 0: game n's dealer is n − 1
        augen = 40 if number % 5 == 0 else 80
        play_game(client, key, number, declarer, "pik", augen=augen)


@pytest.mark.parametrize(
    "names", [("Anna", "Ben", "Cem", "Dora"), ("Anna", "Ben", "Cem")], ids=["48 games", "36"]
)
def test_a_full_list_prints_on_one_a4_page(browser, live_server, names):
    client = Client()
    _table, key = create_skat(client, players=names)
    games = 48 if len(names) == 4 else 36
    fill_list(client, key, len(names), games)
    context = browser.new_context(base_url=live_server.url, locale="de-DE")
    pdf = printed(context.new_page(), f"/t/{key}/p/liste/")
    assert len(pdf.pages) == 1
    page = pdf.pages[0].extract_text()
    # The last game and the box at the bottom are on the page; the hint for the screen is not.
    assert str(games) in page.split()
    for label in ("Verlustspielgeld", "Gesamt (Seeger-Fabian)", "Verlorene Spiele der anderen"):
        assert label in page, label
    assert "Browser" not in page  # the hint about printing stays on the screen
    context.close()


def test_an_empty_list_prints_its_48_lines_to_fill_by_hand(browser, live_server):
    client = Client()
    _table, key = create_skat(client, players=("Anna", "Ben", "Cem", "Dora"))
    context = browser.new_context(base_url=live_server.url, locale="de-DE")
    pdf = printed(context.new_page(), f"/t/{key}/p/liste/")
    assert len(pdf.pages) == 1
    assert "48" in pdf.pages[0].extract_text().split()
    context.close()


def test_statistics_and_list_fit_a_phone_and_pass_axe(live_server, phone, axe):
    client = Client()
    _table, key = create_skat(client, players=("Anna-Lena", "Benedikt", "Cem", "Dorothea"))
    fill_list(client, key, 4, 12)
    page = phone()
    page.goto(f"/t/{key}/p/statistik/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # What the user reads: the header row of each player and the Seeger-Fabian line.
    assert page.locator("tr[data-stat=total] td").count() == 4
    assert page.get_by_text("Verlustspielgeld des Tisches").is_visible()
    axe(page, "skat statistics")
    page.get_by_role("link", name="Liste zum Drucken").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the list scrolls inside
    assert page.locator("table.skat-print tbody tr").count() == 48
    axe(page, "skat printable list")
