"""A phone creates a Schatzsuche table and enters a round; a second phone on the viewer link
sees it appear without reloading (issue: "within 5 seconds without reloading")."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import start_schatzsuche, viewer_link

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_round_entered_on_one_phone_appears_on_the_viewer_phone(phone):
    scorer = phone()
    scorer.goto("/")
    scorer.get_by_role("link", name="Schatzsuche").click()
    for seat, name in enumerate(["Anna", "Ben", "Cem"], start=1):
        scorer.get_by_role("textbox", name=f"Spieler {seat}").fill(name)
    # The first-dealer choice now shows the typed names.
    scorer.get_by_role("radio", name="Ben").check()
    scorer.get_by_role("button", name="Spiel beginnen").click()
    expect(scorer.get_by_role("heading", name=re.compile("Runde 1 von 10"))).to_be_visible()

    # The page fits a 360 px phone: nothing scrolls sideways.
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    # So does the table's house rules page, whose answers are long sentences.
    scorer.get_by_role("link", name="Regeln").click()
    expect(scorer.get_by_role("heading", name="Regeln dieses Tisches")).to_be_visible()
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    scorer.go_back()

    viewer_url = viewer_link(scorer)

    viewer = phone()
    viewer.goto(viewer_url)
    expect(viewer.get_by_text("Noch keine Runde gespeichert.")).to_be_visible()

    scorer.locator("#id_bid_0").fill("0")
    scorer.locator("#id_bid_1").fill("1")
    scorer.locator("#id_bid_2").fill("0")
    scorer.locator("#id_tricks_0").fill("0")
    scorer.locator("#id_tricks_1").fill("1")
    scorer.locator("#id_tricks_2").fill("0")
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    expect(scorer.get_by_role("heading", name=re.compile("Runde 2 von 10"))).to_be_visible()

    # No reload on the viewer: the live region polls and swaps in the new round.
    expect(viewer.locator("#round-1")).to_be_visible()
    expect(viewer.locator("#round-1")).to_contain_text("1→1 · +1")
    expect(viewer.get_by_role("heading", name=re.compile("Runde 2 von 10"))).to_be_visible()
    assert viewer.evaluate("document.documentElement.scrollWidth") <= 360


def test_invalid_entry_keeps_what_was_typed_and_names_the_field(phone):
    scorer = phone()
    start_schatzsuche(scorer)
    scorer.locator("#id_bid_0").fill("3")
    scorer.locator("#id_bid_1").fill("0")
    scorer.locator("#id_bid_2").fill("0")
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.get_by_role("alert")).to_contain_text("Ansage von Anna: höchstens 1.")
    expect(scorer.locator("#id_bid_0")).to_have_value("3")
