"""Scharfe Schoten on a 360 px phone: a short game of three through the UI, and hidden
predictions entered on three phones, revealed on all of them without reloading."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLOURS = {"R": "Rot", "G": "Grün", "Y": "Gelb", "B": "Schwarz"}


def start_game(page, names, start, hidden=False):
    page.goto("/")
    page.get_by_role("link", name="Scharfe Schoten").click()
    for seat, name in enumerate(names, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}").fill(name)
    page.get_by_role("radio", name=start).check()
    if hidden:
        page.get_by_label(re.compile("Verdeckte Ansagen")).check()
    page.get_by_role("button", name="Spiel beginnen").click()


def enter_predictions(page, predictions):
    for seat, (most, fewest) in enumerate(predictions):
        page.locator(f"#id_most_{seat}").select_option(most)
        page.locator(f"#id_fewest_{seat}").select_option(fewest)


def enter_cards(page, collected):
    for seat, spec in enumerate(collected):
        for part in spec.split():
            page.locator(f"#id_count_{seat}_{part[0]}").fill(part[1:])


def save(page, number):
    page.get_by_role("button", name=f"Runde {number} speichern").click()
    expect(page.get_by_text(f"Runde {number} gespeichert.")).to_be_visible()


def test_a_short_game_of_three_on_a_phone(phone):
    page = phone()
    start_game(page, ["Anna", "Ben", "Cem"], "Ben")
    expect(page.get_by_role("heading", name=re.compile("Runde 1 von 3"))).to_be_visible()
    expect(page.locator(".facts dd").first).to_have_text("Ben")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Round 1 in one go, with the number cards: the help line appears while typing.
    for colour, value in zip("RGYB", (2, 10, 1, 9), strict=True):
        page.locator(f"#id_number_{colour}").fill(str(value))
    expect(page.locator("[data-order-preview]")).to_have_text(
        "Grün 10 > Schwarz 9 > Rot 2 > Gelb 1"
    )
    enter_predictions(page, ["RY", "YR", "RG"])
    enter_cards(page, ["R8 G4", "R4 G4 Y6 B6", "G4 Y6 B6"])
    expect(page.locator('output[data-sum-colour="R"]')).to_have_text("12/12")
    save(page, 1)
    expect(page.locator("#round-1")).to_contain_text("+16")

    # Round 2 in two steps: predictions before playing, the cards after; a typo first.
    expect(page.locator(".facts dd").first).to_have_text("Cem")
    enter_predictions(page, ["GB", "RY", "YR"])
    save(page, 2)
    expect(page.get_by_role("heading", name=re.compile("Runde 2 von 3"))).to_be_visible()
    enter_cards(page, ["", "R12 G12", "Y11 B12"])
    expect(page.locator('output[data-sum-colour="Y"]')).to_have_text("11/12")
    page.get_by_role("button", name="Runde 2 speichern").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "Gelb: Die Anzahlen der Spieler ergeben 11, aber alle 12 Karten in Gelb landen"
    )
    expect(page.locator("#id_count_2_Y")).to_have_value("11")
    page.locator("#id_count_2_Y").fill("12")
    save(page, 2)

    # Round 3 with tricks won as a check (three players: 4 cards per trick).
    expect(page.locator(".facts dd").first).to_have_text("Anna")
    enter_predictions(page, ["RY", "GB", "YR"])
    enter_cards(page, ["R4 G4 Y4 B4"] * 3)
    page.get_by_text("Gewonnene Stiche (optional, zur Kontrolle)").click()
    for seat in range(3):
        page.locator(f"#id_tricks_{seat}").fill("4")
    save(page, 3)

    # 16 + 6 + 6, 8 + 18 + 6, 0 + 18 + 6: Ben wins.
    expect(page.get_by_text("Spiel beendet.")).to_be_visible()
    expect(page.locator(".finished")).to_contain_text("Ben")
    expect(page.get_by_role("row", name="Σ 28 32 24")).to_be_visible()
    expect(page.locator(".sheet tfoot .winner")).to_have_text(re.compile(r"32"))
    expect(page.locator(".legend")).to_contain_text("Ben +32")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_hidden_predictions_on_three_phones(phone):
    anna = phone()
    start_game(anna, ["Anna", "Ben", "Cem"], "Anna", hidden=True)
    sheet_url = anna.url
    phones = {"Anna": anna, "Ben": phone(), "Cem": phone()}
    for name, page in phones.items():
        page.goto(sheet_url)
        page.get_by_role("link", name="Meine Ansage abgeben").first.click()
        page.get_by_role("button", name=name).click()
        expect(page.get_by_text(f"Dieses Handy gehört {name}")).to_be_visible()
    choices = {"Anna": ("R", "Y"), "Ben": ("B", "G"), "Cem": ("G", "R")}
    for name in ("Anna", "Ben"):
        page = phones[name]
        most, fewest = choices[name]
        page.locator(".ss-chips").nth(0).get_by_text(COLOURS[most]).click()
        page.locator(".ss-chips").nth(1).get_by_text(COLOURS[fewest]).click()
        page.get_by_role("button", name="Ansage abgeben").click()
        expect(page.get_by_text("Deine Ansage ist gespeichert.")).to_be_visible()
    # Cem's phone sees the count, not the colours; Anna's own phone sees hers only.
    cem = phones["Cem"]
    expect(cem.locator("#ss-status")).to_contain_text("2 von 3 Ansagen abgegeben")
    assert "Schwarz" not in cem.locator("#ss-status").inner_text()
    expect(anna.locator("#my-prediction")).to_contain_text("Deine Ansage ist abgegeben: ↑ Rot")
    assert anna.evaluate("document.documentElement.scrollWidth") <= 360

    most, fewest = choices["Cem"]
    cem.locator(".ss-chips").nth(0).get_by_text(COLOURS[most]).click()
    cem.locator(".ss-chips").nth(1).get_by_text(COLOURS[fewest]).click()
    cem.get_by_role("button", name="Ansage abgeben").click()
    expect(cem.get_by_text("Deine Ansage ist gespeichert.")).to_be_visible()
    # Ben's phone was left alone: the table's stream announces the reveal.
    ben = phones["Ben"]
    expect(ben.locator("#ss-status")).to_contain_text("Alle Ansagen sind da")
    expect(ben.get_by_role("row", name="Cem Grün Rot")).to_be_visible()
    expect(ben.locator("#my-prediction")).not_to_contain_text("Ansage ändern")
    anna.goto(sheet_url)
    expect(anna.locator("#round-1")).to_contain_text("Sw")
    expect(anna.locator("#id_most_1")).to_have_value("B")
