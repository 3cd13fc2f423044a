""" "Wer sitzt wo?" (issue 24) on the screens it is used on: the organizer's list for the wall
on a 360 px phone, and the public page on a 1920×1080 projector, where every player of a
60-player round is shown in columns, page by page in type of at least 28 px.

Set SCREENSHOTS=/some/dir to keep a screenshot of every screen checked.
"""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, organizer
from tournaments import services

from .conftest import WAIT_MS, check_fits
from .test_tournament_screens import PROJECTOR, keep, logged_in_phone, names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def drawn(count):
    user = organizer()
    tournament = make_tournament(user, game="schafkopf", games_per_round=2)
    services.register_players(tournament, [(name, None) for name in names(count)])
    round_ = services.draw_round(tournament, seed="wall")
    services.publish_round(round_)
    return user, tournament, round_


def shown_rows(page, width, height):
    """(name, table, seat) of each row wholly on the screen."""
    return page.evaluate(
        """([width, height]) => [...document.querySelectorAll('.seating tbody tr')]
               .filter(row => row.getClientRects().length > 0)
               .filter(row => {
                   const box = row.getBoundingClientRect();
                   return box.top >= 0 && box.bottom <= height && box.left >= 0
                       && box.right <= width && box.width > 0;
               })
               .map(row => [...row.cells].map(cell => cell.textContent.trim()))""",
        [width, height],
    )


def test_the_wall_list_fits_a_phone(phone, live_server):
    user, tournament, _round = drawn(22)
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    page.get_by_role("link", name="Wer sitzt wo? (zum Aushängen)").click()
    expect(page.get_by_role("heading", name="Wer sitzt wo? Runde 1")).to_be_visible()
    keep(page, "seating-360")
    check_fits(page, "seating list")
    rows = page.locator(".seating tbody tr").all_inner_texts()
    listed = [row.split("\t")[0] for row in rows]
    assert listed == sorted(names(22), key=str.casefold)


def test_the_projector_shows_every_player_with_table_and_seat(browser, live_server):
    """60 players do not fit one screen in type of 28 px (issue 29 §3.2): they come page by
    page, every 10 s, each page in columns, nothing to scroll."""
    _user, tournament, round_ = drawn(60)
    context = browser.new_context(viewport=PROJECTOR, locale="de-DE", base_url=live_server.url)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.clock.install()
    page.goto(f"/tournaments/public/{tournament.public_key}/seating/")
    expect(page.locator(".projector-page").first).to_be_visible()
    keep(page, "seating-projector-60")
    pages = page.locator(".projector-page").count()
    assert 1 < pages <= 3
    rows = []
    for _turn in range(pages):
        rows += shown_rows(page, PROJECTOR["width"], PROJECTOR["height"])
        lefts = {
            round(box["x"])
            for box in (t.bounding_box() for t in page.locator(".projector-page table").all())
            if box
        }
        assert len(lefts) >= 2  # in columns across the screen
        assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
        page.clock.run_for(10_000)
    assert sorted(name for name, *_rest in rows) == sorted(names(60))
    expected = {
        seat.player.name: (str(seat.tournament_table.number), str(seat.position + 1))
        for seat in round_.seats.select_related("player", "tournament_table")
    }
    assert {name: (table, seat) for name, _no, table, seat in rows} == expected
    context.close()
