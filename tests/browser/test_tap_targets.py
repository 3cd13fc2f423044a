"""Fingers, not mouse pointers: every tab and every round of the sheet is a target of at least
44 px, and a long name does not push its player's input out of line with the others."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tabs_and_rounds_are_big_enough_to_tap_and_inputs_stay_level(phone):
    client = Client()
    _table, key = create_schatzsuche(client, players=("Maximilian-Alexander", "Ben", "Cem"))
    post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]))
    page = phone()
    page.goto(f"/t/{key}/")
    tabs = page.locator(".top-nav a")
    expect(tabs.first).to_be_visible()
    for box in [tab.bounding_box() for tab in tabs.all()]:
        assert box["height"] >= 44, box

    # Tapping anywhere in round 1's row (here: Cem's cell) opens that round.
    row = page.locator("#round-1")
    row.scroll_into_view_if_needed()
    row_box = row.bounding_box()
    assert row_box["height"] >= 44
    cell = row.locator("td").last.bounding_box()
    target = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('a')?.getAttribute('href')",
        [cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2],
    )
    assert target == f"/t/{key}/rounds/1/"
    page.mouse.click(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    expect(page).to_have_url(f"/t/{key}/rounds/1/")

    # Round 2's bids: the long name's label wraps, its input stays level with the others.
    page.goto(f"/t/{key}/")
    bids = page.locator("input[name^=bid_]")
    bids.first.scroll_into_view_if_needed()
    tops = {round(bid.bounding_box()["y"]) for bid in bids.all()}
    assert len(tops) == 1, tops
