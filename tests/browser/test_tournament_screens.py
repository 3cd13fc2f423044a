"""The tournament office on the screens it is used on (issue 22): the organizer's overview and
round page on a 360 px phone, and the public standings on a 1920×1080 projector, where every
player is shown (in columns across the width, and page by page when they do not fit).

Set SCREENSHOTS=/some/dir to keep a screenshot of every screen checked.
"""

import os
import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.tournaments.helpers import enter_game, make_tournament, organizer, rufspiel, solo
from tournaments import services

from .conftest import WAIT_MS, check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROJECTOR = {"width": 1920, "height": 1080}
TURN_MS = 10_000  # the projector turns to its next page this often
FIRST = ["Maximilian", "Anna-Katharina", "Bartholomäus", "Wolfgang", "Hans-Christian", "Kathi"]
LAST = ["Obermaier", "Huber-Schmidbauer", "Wimmer", "Brandstätter", "Zehetmair", "Gruber"]


def names(count):
    """Long names as real entry lists have them, each different."""
    return [f"{FIRST[n % 6]} {LAST[n // 6 % 6]} {n // 36 or ''}".strip() for n in range(count)]


def tournament_in_play(count, games=2):
    """A Schafkopf tournament of ``count`` players, round 1 published: table 1 has played
    a Rufspiel and a lost Solo (negative totals), table 2 one game, the others none."""
    user = organizer()
    tournament = make_tournament(user, game="schafkopf", games_per_round=games)
    services.register_players(tournament, [(name, None) for name in names(count)])
    round_ = services.draw_round(tournament, seed="projector")
    services.publish_round(round_)
    first, second, *_others = [tt.table for tt in round_.tables.order_by("number")]
    enter_game(first, 1, rufspiel(0, 2))
    enter_game(first, 2, solo(1, outcome="lost"))
    enter_game(second, 1, rufspiel(1, 3))
    return user, tournament


def logged_in_phone(phone, live_server, user):
    client = Client()
    client.force_login(user)
    page = phone()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page


def keep(page, name):
    if directory := os.environ.get("SCREENSHOTS"):
        page.screenshot(path=os.path.join(directory, f"{name}.png"), full_page=True)


def assert_status_column_shown(page):
    """Every table's status is on the screen, not cut off at its right edge."""
    cells = page.locator("#progress td.status")
    assert cells.count() > 0
    for box in (cells.nth(n).bounding_box() for n in range(cells.count())):
        assert box["width"] > 40 and box["x"] >= 0 and box["x"] + box["width"] <= 360, box


def test_overview_and_round_page_fit_a_phone(phone, live_server):
    user, tournament = tournament_in_play(22)
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/tournaments/{tournament.pk}/")
    expect(page.locator("#progress")).to_contain_text("läuft")
    keep(page, "overview-360")
    check_fits(page, "overview")
    assert_status_column_shown(page)

    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    expect(page.locator("#progress")).to_contain_text("läuft")
    keep(page, "round-360")
    check_fits(page, "round page")
    assert_status_column_shown(page)

    # Drawing round 2 asks first, naming the tables that are not confirmed, on a phone too.
    page.goto(f"/tournaments/{tournament.pk}/")
    page.get_by_role("button", name="Runde 2 auslosen").click()
    expect(page.get_by_role("heading", name="Runde 2 auslosen?")).to_be_visible()
    expect(page.locator(".unconfirmed li")).to_have_count(5)
    keep(page, "unconfirmed-360")
    check_fits(page, "draw anyway")
    page.get_by_role("button", name="Runde 2 trotzdem auslosen").click()
    expect(page.get_by_text("Vorschau, nicht veröffentlicht")).to_be_visible()
    keep(page, "preview-360")
    check_fits(page, "preview of round 2")


def projector(browser, live_server, tournament, *, clock=False):
    """The public page on a 1920×1080 screen; ``clock``: its timers run only when told."""
    context = browser.new_context(viewport=PROJECTOR, locale="de-DE", base_url=live_server.url)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    if clock:
        page.clock.install()
    page.goto(f"/tournaments/public/{tournament.public_key}/")
    expect(page.locator("#public-standings")).to_be_visible()
    return page


def names_on_screen(page):
    """The names the projector shows now: rendered, and wholly inside the screen."""
    return page.evaluate(
        """([width, height]) => [...document.querySelectorAll('.standings td.name')]
               .filter(cell => cell.getClientRects().length > 0)
               .filter(cell => {
                   const box = cell.getBoundingClientRect();
                   return box.top >= 0 && box.bottom <= height && box.left >= 0
                       && box.right <= width && box.width > 0;
               })
               .map(cell => cell.textContent.trim())""",
        [PROJECTOR["width"], PROJECTOR["height"]],
    )


def test_the_projector_shows_all_22_players_at_once(browser, live_server):
    _user, tournament = tournament_in_play(22)
    page = projector(browser, live_server, tournament)
    expect(page.locator(".standings td.name:visible").first).to_be_visible()
    keep(page, "projector-22")
    shown = names_on_screen(page)
    assert sorted(shown) == sorted(names(22))
    # In columns across the width, not one long table.
    lefts = page.evaluate(
        "[...document.querySelectorAll('.standings td.name')].filter(c => c.getClientRects()"
        ".length).map(c => Math.round(c.getBoundingClientRect().left))"
    )
    assert len(set(lefts)) >= 2
    # The standings show a real minus sign (U+2212) for points below zero.
    points = page.locator(".standings td.points").all_inner_texts()
    assert any(p.startswith("−") for p in points) and not any("-" in p for p in points)
    # Still all of them once new standings came in over the live stream.
    third = tournament.draws.get().tables.get(number=3).table
    enter_game(third, 1, solo(0))
    expect(page.locator(".projector-page td.points").first).to_have_text("15")
    assert sorted(names_on_screen(page)) == sorted(names(22))
    assert page.locator(".projector-page").count() == 1


def test_the_projector_pages_through_a_long_list_by_itself(browser, live_server):
    _user, tournament = tournament_in_play(130)
    page = projector(browser, live_server, tournament, clock=True)
    expect(page.locator(".standings td.name:visible").first).to_be_visible()
    keep(page, "projector-130-page-1")
    first = names_on_screen(page)
    assert 20 < len(first) < 130
    seen = set(first)
    for turn in range(2, 12):
        page.clock.run_for(TURN_MS)
        now = names_on_screen(page)
        assert now, f"nothing shown on page {turn}"
        if turn == 2:
            keep(page, "projector-130-page-2")
            assert not set(now) & set(first)
        seen |= set(now)
    assert seen == set(names(130))
    # No page needs the viewer to scroll, not even to the language choice at the bottom.
    assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    expect(page.locator(".pager")).to_have_text(re.compile(r"^Seite \d+ von \d+$"))
