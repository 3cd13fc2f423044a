"""Printing the Block: the chart stays with its heading and legend, and the colour keys (the
legend's swatches, Scharfe Schoten's colour dots) still carry their colour on paper, where
browsers drop background colours."""

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from tests.scoring.schafkopf_helpers import create_schafkopf, game, play
from tests.scoring.scharfe_schoten_helpers import create_table, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def printed(page, path) -> PdfReader:
    page.goto(path)
    page.emulate_media(media="print")
    return PdfReader(io.BytesIO(page.pdf(format="A4")))


def colours_drawn(pdf: PdfReader) -> set[tuple[int, int, int]]:
    """Every RGB colour the PDF fills or strokes with, as 0..255 triples."""
    found = set()
    for sheet in pdf.pages:
        stream = sheet.get_contents().get_data().decode("latin-1")
        for r, g, b in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG|sc|SC|scn|SCN)\b", stream):
            found.add(tuple(round(float(part) * 255) for part in (r, g, b)))
    return found


def near(colour, wanted, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


# On A4 with the default margins, 28 to 35 games left the heading alone at the bottom of a page
# and the chart on the next before the chart was kept in one piece.
@pytest.mark.parametrize("games", [26, 30, 33, 37])
def test_the_chart_heading_is_printed_on_the_page_of_its_chart(browser, live_server, games):
    client = Client()
    _table, key = create_schafkopf(client)
    for number in range(1, games + 1):
        declarer, partner = number % 4, (number + 2) % 4
        play(client, key, number, game("rufspiel", declarer, partner, called="E", augen=70))
    context = browser.new_context(base_url=live_server.url, locale="de-DE")
    pdf = printed(context.new_page(), f"/t/{key}/")
    pages = [sheet.extract_text() for sheet in pdf.pages]
    with_heading = [text for text in pages if "Verlauf der Gesamtpunkte" in text]
    assert len(with_heading) == 1
    # The legend (each name with its total) comes right after the chart, on the same page.
    assert all(re.search(rf"{name}\s*[+−]?\d", with_heading[0]) for name in ("Anna", "Dora"))
    context.close()


def test_colour_keys_keep_their_colours_on_paper(browser, live_server):
    client = Client()
    _table, key = create_table(client)
    play_round(client, key, 1, ["RY", "GB", "YR", "BG"], ["R12", "G12", "Y12", "B12"])
    context = browser.new_context(base_url=live_server.url, locale="de-DE")
    drawn = colours_drawn(printed(context.new_page(), f"/t/{key}/"))
    for red_green_yellow in [(0xC6, 0x28, 0x28), (0x2E, 0x7D, 0x32), (0xF4, 0xC2, 0x0D)]:
        assert any(near(colour, red_green_yellow) for colour in drawn), red_green_yellow
    context.close()
