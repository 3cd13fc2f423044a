"""The organizer's standings and payout list on the screens they are used on (issue 29 §3):
on a 360 px phone every column is on the screen, nothing scrolls sideways; the payout list
printed has a line to sign for every player who gets (or pays) money.

Set SCREENSHOTS=/some/dir to keep a screenshot of every screen checked.
"""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import enter_game, make_tournament, organizer, rufspiel, solo
from tournaments import services

from .conftest import PHONE, check_fits
from .test_tournament_screens import keep, logged_in_phone, names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}


def three_rounds_played(count=22):
    """A Schafkopf evening of ``count`` long-named players, three rounds published, a few
    games at every table (points of two digits and below zero), prizes and money per point."""
    user = organizer()
    tournament = make_tournament(user, game="schafkopf", games_per_round=3)
    services.register_players(tournament, [(name, None) for name in names(count)])
    for number in (1, 2, 3):
        round_ = services.draw_round(tournament, seed=f"phone-{number}")
        services.publish_round(round_)
        for tournament_table in round_.tables.order_by("number"):
            table = tournament_table.table
            # Seats 1–3 deal (at a table of 5 the dealer sits out): seat 4 can always play.
            enter_game(table, 1, solo(1 + number % 2 * 2, "lost" if number == 2 else "won"))
            enter_game(table, 2, rufspiel(2, 3, "lost" if number == 3 else "won"))
            enter_game(table, 3, solo(3, suit="S"))
    services.set_prizes(
        tournament,
        entry_fee_cents=1000,
        cents_per_point=10,
        prizes=[(1, None, Decimal("40")), (2, None, Decimal("25")), (3, 2000, None)],
    )
    return user, tournament


def cells_outside(page, selector, width):
    """Header and body cells of ``selector`` not wholly inside 0…width (text and box)."""
    return page.evaluate(
        """([selector, width]) => [...document.querySelectorAll(`${selector} th, ${selector} td`)]
               .filter(cell => cell.getClientRects().length > 0)
               .filter(cell => {
                   const box = cell.getBoundingClientRect();
                   return box.left < 0 || box.right > width + 0.5
                       || cell.scrollWidth > cell.clientWidth + 1;
               })
               .map(cell => [cell.textContent.trim(), Math.round(cell.getBoundingClientRect().left),
                             Math.round(cell.getBoundingClientRect().right)])""",
        [selector, width],
    )


def assert_on_the_phone(page, selector, label):
    keep(page, label)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], label
    assert cells_outside(page, selector, PHONE["width"]) == [], label
    check_fits(page, label)


def test_standings_and_payouts_fit_a_phone(phone, live_server):
    user, tournament = three_rounds_played()
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    expect(page.get_by_role("columnheader", name="Punkte")).to_be_visible()
    for header in ("Platz", "Nr.", "Name", "Punkte", "Soli"):
        expect(page.get_by_role("columnheader", name=header, exact=True)).to_be_in_viewport()
    # Each round's points are under the name (the columns R1–R3 would not fit).
    first = page.locator("table.standings tbody tr").first
    expect(first.locator(".per-round")).to_be_visible()
    expect(first.locator(".per-round")).to_have_text(
        re.compile(r"^R1 −?\d+ · R2 −?\d+ · R3 −?\d+$")
    )
    assert_on_the_phone(page, "table.standings", "standings-360")
    # A round's standings, and the payout list.
    page.goto(f"/tournaments/{tournament.pk}/standings/?round=2")
    assert_on_the_phone(page, "table.standings", "standings-round-360")
    page.goto(f"/tournaments/{tournament.pk}/payouts/")
    expect(page.get_by_role("columnheader", name="Auszahlung")).to_be_in_viewport()
    assert_on_the_phone(page, "table.payouts", "payouts-360")


def signature_lines(page):
    """(payout as shown, width of the line to sign or 0) of every row of the printed list."""
    return page.evaluate(
        """() => [...document.querySelectorAll('table.payouts tbody tr')].map(row => {
               const line = row.querySelector('.sign .sign-line');
               const box = line && line.getBoundingClientRect();
               const drawn = line && getComputedStyle(line).borderBottomStyle === 'solid'
                   && parseFloat(getComputedStyle(line).borderBottomWidth) >= 1;
               return [row.querySelector('td.total').textContent.trim(),
                       drawn && box.height > 0 ? Math.round(box.width) : 0];
           })"""
    )


def test_everybody_who_gets_or_pays_money_signs_the_printed_list(browser, live_server):
    user, tournament = three_rounds_played()
    context = browser.new_context(viewport=LAPTOP, locale="de-DE", base_url=live_server.url)
    page = logged_in_phone(lambda: context.new_page(), live_server, user)
    page.emulate_media(media="print")
    page.goto(f"/tournaments/{tournament.pk}/payouts/")
    keep(page, "payouts-print")
    # Money per point: every player gets or pays something, each has a line to sign.
    lines = signature_lines(page)
    assert len(lines) == 22
    assert [payout for payout, width in lines if width < 150] == []
    assert any(payout.startswith("−") for payout, _width in lines)  # pays in: signs too
    # Prizes only (no money per point): the prize winners sign, nobody else has a line.
    tournament.cents_per_point = 0
    tournament.save(update_fields=["cents_per_point"])
    page.reload()
    keep(page, "payouts-prizes-only-print")
    lines = signature_lines(page)
    signing = [payout for payout, width in lines if width >= 150]
    assert signing == [payout for payout, _width in lines if payout != "0,00 €"]
    assert len(signing) == 3
    assert [width for payout, width in lines if payout == "0,00 €"] == [0] * 19
    expect(page.locator("table.payouts tbody tr").nth(5).locator(".sign")).to_have_text("–")
    context.close()
