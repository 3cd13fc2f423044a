"""A short game of Stichwahl played to its end through the UI on a 360 px phone
(docs/rules/stichwahl.md, "Scoring and end")."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem"]


def enter_hand(page, number, piles, unused):
    for name, pile, count in zip(PLAYERS, piles, unused, strict=True):
        page.get_by_label(f"Punktestapel von {name}").fill(str(pile))
        page.get_by_label(f"Ungenutzte Bonuskarten von {name}").fill(str(count))
    page.get_by_role("button", name=f"Durchgang {number} speichern").click()
    expect(page.get_by_text(f"Durchgang {number} gespeichert.")).to_be_visible()


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_short_game_to_its_end_on_a_phone(phone):
    """ "Hands are played until, after a hand, somebody has 30 or more in total and the
    highest total is held by exactly one player"; points = pile + ⌊unused / 2⌋."""
    page = phone()
    page.goto("/")
    page.get_by_role("link", name="Stichwahl").click()
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}").fill(name)
    page.get_by_role("radio", name="Ben").check()  # Ben last saw a whale
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name=re.compile("Durchgang 1"))).to_be_visible()
    expect(page.locator("#round-info")).to_contain_text(re.compile(r"Spielt aus\s*Ben"))
    assert fits_the_phone(page)

    # The rulebook's example while typing: 7 cards and 3 unused bonus cards → 8.
    page.get_by_label("Punktestapel von Anna").fill("7")
    page.get_by_label("Ungenutzte Bonuskarten von Anna").fill("3")
    expect(page.locator("#points-0")).to_have_text("8")

    enter_hand(page, 1, [7, 12, 10], [3, 2, 1])  # 8, 13, 10
    expect(page.locator("#round-info")).to_contain_text(re.compile(r"Spielt aus\s*Cem"))
    enter_hand(page, 2, [10, 9, 8], [4, 1, 2])  # 12, 9, 9 → 20, 22, 19
    expect(page.locator("#round-info")).to_contain_text(re.compile(r"Spielt aus\s*Anna"))
    enter_hand(page, 3, [11, 5, 4], [1, 0, 2])  # 11, 5, 5 → 31, 27, 24

    expect(page.locator("#round-info")).to_contain_text(
        re.compile(r"Spiel beendet\.\s*Sieger:\s*Anna")
    )
    totals = page.locator(".sheet tfoot td")
    expect(totals).to_have_text(["31", "27", "24"])
    expect(page.locator(".sheet tfoot td.winner")).to_have_text("31")
    expect(page.locator("#round-3")).to_contain_text("11·1→11")
    expect(page.locator("#entry")).to_have_count(0)  # no further hand can be entered
    expect(page.locator(".chart-box")).to_be_visible()
    assert fits_the_phone(page)
