"""A Schafkopf evening on a 360 px phone: a Rufspiel, a Solo with Stoß, a thrown-in deal and a
refused entry fixed on the spot; the balances, the money and the Spielliste add up. Without
JavaScript every field is shown and the server names what does not fit."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, viewer_link

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page, group, name):
    page.locator(f"#group-{group}").get_by_role("radio", name=name, exact=True).check()


def start_table(page, players=("Anna", "Ben", "Cem", "Dora"), money="0,10"):
    page.goto("/new/schafkopf/")
    for seat, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.get_by_role("textbox", name=re.compile("Geld pro Einheit")).fill(money)
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()


def test_an_evening_on_a_phone(phone):
    page = phone()
    page.goto("/")
    page.get_by_role("link", name="Schafkopf").click()
    for seat, name in enumerate(["Anna", "Ben", "Cem", "Dora"], start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.get_by_role("textbox", name=re.compile("Geld pro Einheit")).fill("0,10")
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    # Before a game is chosen only the game chips show.
    expect(page.locator("#group-declarer")).to_be_hidden()

    # Game 1: Anna calls the Eichel-Sau, Cem had it; 70 Augen.
    tap(page, "contract", "Rufspiel")
    expect(page.locator("#group-partner")).to_be_visible()
    expect(page.locator("#group-suit")).to_be_hidden()
    tap(page, "called", "Eichel")
    tap(page, "declarer", "Anna")
    tap(page, "partner", "Cem")
    page.get_by_label(re.compile("oder ihre Augen")).fill("70")
    page.get_by_role("button", name="Spiel 1 speichern").click()
    expect(page.get_by_role("heading", name="Spiel 2")).to_be_visible()
    expect(page.locator("#round-1")).to_contain_text("+1")

    # Game 2: Ben's Herz-Solo, won, with Stoß: +36 / −12.
    tap(page, "contract", "Solo")
    expect(page.locator("#group-partner")).to_be_hidden()
    tap(page, "suit", "Herz")
    tap(page, "declarer", "Ben")
    page.get_by_role("radio", name="gewonnen", exact=True).check()
    page.get_by_role("checkbox", name="Stoß (×2)").check()
    page.get_by_role("button", name="Spiel 2 speichern").click()
    expect(page.get_by_role("heading", name="Spiel 3")).to_be_visible()

    # Game 3: nobody played; the deal passes on (Cem dealt game 3, Dora deals game 4).
    expect(page.locator("#round-info")).to_contain_text("Geber Cem")
    tap(page, "contract", "zusammengeworfen")
    expect(page.locator("#group-declarer")).to_be_hidden()
    page.get_by_role("button", name="Spiel 3 speichern").click()
    expect(page.get_by_role("heading", name="Spiel 4")).to_be_visible()
    expect(page.locator("#round-info")).to_contain_text("Geber Dora")
    expect(page.locator("#round-info")).to_contain_text("Vorhand Anna")

    # Game 4: Dora's Wenz; 119 Augen are refused with the rule, the entry stays.
    tap(page, "contract", "Wenz")
    tap(page, "declarer", "Dora")
    page.get_by_label(re.compile("oder ihre Augen")).fill("119")
    page.get_by_role("button", name="Spiel 4 speichern").click()
    expect(page.get_by_role("alert")).to_contain_text("Augen: 119 ist unmöglich")
    expect(page.get_by_label(re.compile("oder ihre Augen"))).to_have_value("119")
    expect(page.locator("#group-declarer").get_by_role("radio", name="Dora")).to_be_checked()
    page.get_by_label(re.compile("oder ihre Augen")).fill("50")
    page.get_by_role("button", name="Spiel 4 speichern").click()
    expect(page.get_by_role("heading", name="Spiel 5")).to_be_visible()

    # Anna +1 −12 +6, Ben −1 +36 +6, Cem +1 −12 +6, Dora −1 −12 −18; 0,10 € each.
    balances = page.locator(".sk-balances")
    expect(balances).to_contain_text("Anna −5 −0,50 €")
    expect(balances).to_contain_text("Ben +41 4,10 €")
    expect(balances).to_contain_text("Cem −5 −0,50 €")
    expect(balances).to_contain_text("Dora −31 −3,10 €")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.get_by_role("link", name="Spielliste").click()
    expect(page.get_by_role("row", name="Summe −5 +41 −5 −31")).to_be_visible()
    expect(page.get_by_role("row", name="Geld −0,50 € 4,10 € −0,50 € −3,10 €")).to_be_visible()
    expect(page.locator(".sk-circled")).to_have_text("+36")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_viewer_phone_sees_the_game_appear(phone):
    scorer = phone()
    start_table(scorer)
    viewer_url = viewer_link(scorer)
    viewer = phone()
    viewer.goto(viewer_url)
    expect(viewer.get_by_text("Noch kein Spiel gespeichert.")).to_be_visible()
    tap(scorer, "contract", "Sie")
    tap(scorer, "declarer", "Cem")
    scorer.get_by_role("button", name="Spiel 1 speichern").click()
    expect(viewer.locator("#round-1")).to_contain_text("+72")
    expect(viewer.locator(".sk-balances")).to_contain_text("Cem +72 7,20 €")


def test_without_javascript_every_field_shows_and_the_server_checks(browser, live_server):
    context = browser.new_context(
        viewport=PHONE, locale="de-DE", base_url=live_server.url, java_script_enabled=False
    )
    try:
        page = context.new_page()
        start_table(page, money="")
        for group in ("called", "suit", "declarer", "partner"):
            expect(page.locator(f"#group-{group}")).to_be_visible()
        tap(page, "contract", "Solo")
        tap(page, "suit", "Eichel")
        tap(page, "declarer", "Ben")
        tap(page, "partner", "Cem")
        page.get_by_role("radio", name="verloren", exact=True).check()
        page.get_by_role("button", name="Spiel 1 speichern").click()
        expect(page.get_by_role("alert")).to_contain_text(
            "Partner: nur bei einem Rufspiel (Solo, Wenz, Tout und Sie spielt man allein)."
        )
        # The partner was meant: make it the Rufspiel it was, and take back the Solo suit.
        tap(page, "contract", "Rufspiel")
        tap(page, "called", "Gras")
        tap(page, "suit", "keine")
        page.get_by_role("button", name="Spiel 1 speichern").click()
        expect(page.get_by_role("heading", name="Spiel 2")).to_be_visible()
        expect(page.locator("#round-1")).to_contain_text("−1")
    finally:
        context.close()
