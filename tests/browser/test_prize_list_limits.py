"""A prize list above the pot, typed on a 360 px phone (issue 29 §4.8): the page says which
line is too much and by how much, and keeps what was typed."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, organizer, register

from .conftest import check_fits
from .test_tournament_screens import logged_in_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_prizes_above_the_pot_are_refused_with_the_line_named(phone, live_server, shots):
    user = organizer()
    tournament = make_tournament(user)
    register(tournament, 8)
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/tournaments/{tournament.pk}/prizes/")
    page.get_by_label("Startgeld pro Spieler (€)").fill("10")
    prizes = page.get_by_label("Preise, ein Platz pro Zeile")
    prizes.fill("1: 60 %\n2: 60 %")
    page.get_by_role("button", name="Speichern").click()
    errors = page.locator(".form-errors")
    expect(errors).to_contain_text("Zeile 2: Die Anteile ergeben zusammen 120 %")
    expect(prizes).to_have_value("1: 60 %\n2: 60 %")
    shots(page, "prizes-shares-above-the-pot-360")
    check_fits(page, "prize list with errors")
    prizes.fill("1: 5000 €")
    page.get_by_role("button", name="Speichern").click()
    expect(errors).to_contain_text(
        "Zeile 1: Die Preise ergeben zusammen 5.000,00 €, mehr als die Kasse von 80,00 € "
        "(8 Spieler × Startgeld)."
    )
    shots(page, "prizes-amount-above-the-pot-360")
    assert not tournament.prizes.exists()
