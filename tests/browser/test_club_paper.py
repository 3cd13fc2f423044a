"""The paper fallback printed (issue 24): with one table sheet per A4 page, each page holds the
table's seats, its QR code and the whole empty game list (32 games, Σ) for when its phones
fail."""

import io
import os
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.tournaments.helpers import make_tournament, organizer
from tournaments import services

from .test_tournament_screens import keep, logged_in_phone, names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_printed_sheet_holds_its_whole_game_list(phone, live_server):
    user = organizer()
    tournament = make_tournament(user, game="schafkopf", games_per_round=32)
    services.register_players(tournament, [(name, None) for name in names(9)])  # a table of 5
    services.publish_round(services.draw_round(tournament, seed="paper"))
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/sheets/")
    keep(page, "sheets-360")
    page.emulate_media(media="print")
    printed = page.pdf(format="A4")
    if os.environ.get("SCREENSHOTS"):
        Path(os.environ["SCREENSHOTS"], "sheets.pdf").write_bytes(printed)
    pdf = PdfReader(io.BytesIO(printed))
    texts = [sheet.extract_text() for sheet in pdf.pages]
    assert len(texts) == 2, [text[:80] for text in texts]
    for number, text in enumerate(texts, start=1):
        assert f"Runde 1 · Tisch {number}" in text
        assert "Spielliste, falls die Handys ausfallen" in text
        assert "32" in text.split("Spielliste")[1] and "Σ" in text
