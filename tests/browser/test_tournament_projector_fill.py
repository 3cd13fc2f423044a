"""The projector fills the screen (issue 29 §3.2): a club evening of 22 players (three rounds,
long names) is on a 1920×1080 screen at once, in columns, in type of at least 28 px (the
guarantee: the screen's height / 38.5, so 18.7 px at 720 lines), the tie marks S / L in bold
at three quarters of that; "Wer sitzt wo?" likewise. Nothing scrolls, pages or is cut off.

Set SCREENSHOTS=/some/dir to keep a screenshot of every screen checked.
"""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, organizer
from tournaments import services

from .conftest import WAIT_MS
from .test_tournament_office_phone import three_rounds_played
from .test_tournament_screens import keep, names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
LINES = 38.5  # the smallest type is the screen's height / LINES


def on_screen(browser, live_server, path, screen):
    context = browser.new_context(viewport=screen, locale="de-DE", base_url=live_server.url)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.goto(path)
    expect(page.locator(".projector-page").first).to_be_visible()
    return page


def what_is_shown(page, table):
    """Per body row of the columns shown: its cells' text, font size, and whether the row
    and each cell's text are wholly on the screen."""
    return page.evaluate(
        """(table) => [...document.querySelectorAll(`.projector-page table.${table} tbody tr`)]
               .filter(row => row.getClientRects().length > 0)
               .map(row => {
                   const box = row.getBoundingClientRect();
                   const inside = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0
                       && box.right <= innerWidth;
                   // A name shortened with "…": its text on one line in the cell's type is
                   // wider than the cell's inside (other cells widen the table instead).
                   const cut = [...row.cells].filter(cell => cell.getClientRects().length)
                       .filter(cell => getComputedStyle(cell).textOverflow === 'ellipsis')
                       .filter(cell => {
                           const style = getComputedStyle(cell);
                           const line = document.createElement('span');
                           line.style.cssText = 'position:absolute;white-space:nowrap';
                           line.style.fontFamily = style.fontFamily;
                           line.style.fontSize = style.fontSize;
                           line.style.fontWeight = style.fontWeight;
                           line.textContent = cell.innerText;
                           document.body.appendChild(line);
                           const width = line.getBoundingClientRect().width;
                           line.remove();
                           return width > cell.clientWidth - parseFloat(style.paddingLeft)
                               - parseFloat(style.paddingRight) - 1;
                       }).map(cell => cell.innerText);
                   return {cells: [...row.cells].map(cell => cell.innerText.trim()),
                           font: parseFloat(getComputedStyle(row.cells[0]).fontSize),
                           inside, cut};
               })""",
        table,
    )


def assert_fills(page, table, expected_names, screen, name_column):
    rows = what_is_shown(page, table)
    shown = [row["cells"][name_column] for row in rows]
    assert sorted(shown) == sorted(expected_names)
    assert all(row["inside"] for row in rows), [r["cells"] for r in rows if not r["inside"]]
    assert [row["cut"] for row in rows if row["cut"]] == []
    smallest = min(row["font"] for row in rows)
    assert smallest >= screen["height"] / LINES, smallest
    if screen["height"] == 1080:
        assert smallest >= 28
    assert page.locator(".projector-page").count() == 1
    assert page.evaluate("document.documentElement.scrollHeight") <= screen["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    lefts = page.evaluate(
        "[...document.querySelectorAll('.projector-page table')]"
        ".map(t => Math.round(t.getBoundingClientRect().left))"
    )
    assert len(set(lefts)) >= 2  # in columns
    return smallest


@pytest.mark.parametrize("screen", SCREENS, ids=["1920x1080", "1280x720"])
def test_the_standings_of_22_fill_the_projector(browser, live_server, screen):
    _user, tournament = three_rounds_played()
    page = on_screen(browser, live_server, f"/tournaments/public/{tournament.public_key}/", screen)
    keep(page, f"projector-standings-{screen['width']}")
    font = assert_fills(page, "standings", names(22), screen, 2)
    # The tie marks: bold, three quarters of the type.
    marks = page.evaluate(
        """() => [...document.querySelectorAll('.projector-page .rank sup')].map(mark => {
               const style = getComputedStyle(mark);
               return [mark.textContent, parseFloat(style.fontSize), parseInt(style.fontWeight)];
           })"""
    )
    assert marks and {text for text, _size, _weight in marks} <= {"S", "L"}
    assert all(size >= 0.74 * font and weight >= 700 for _text, size, weight in marks), marks


@pytest.mark.parametrize("screen", SCREENS, ids=["1920x1080", "1280x720"])
def test_who_sits_where_of_22_fills_the_projector(browser, live_server, screen):
    tournament = make_tournament(organizer(), game="schafkopf", games_per_round=2)
    services.register_players(tournament, [(name, None) for name in names(22)])
    services.publish_round(services.draw_round(tournament, seed="wall"))
    path = f"/tournaments/public/{tournament.public_key}/seating/"
    page = on_screen(browser, live_server, path, screen)
    keep(page, f"projector-seating-{screen['width']}")
    assert_fills(page, "seating", names(22), screen, 0)
    # The type fills the height: the columns end in the lower fifth of the screen, or the
    # width is what limits them.
    bottom = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.projector-page table')]"
        ".map(t => t.getBoundingClientRect().bottom))"
    )
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.projector-page table')]"
        ".map(t => t.getBoundingClientRect().right))"
    )
    assert bottom >= 0.8 * screen["height"] or right >= 0.95 * screen["width"], (bottom, right)
