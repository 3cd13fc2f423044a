"""A `stammtisch` evening of 12 games on two phones (issue 23, "Tests"): Geier, Farbwenz and
Bettel, a 60 : 60 game that starts a Bock round, a correction that removes that trigger (the
Bock games after it are repriced), a thrown-in deal into the Stock and a game that wins it.
The sheet, the CSV, the chart and the money are checked against the values worked out by hand
below (docs/rules/schafkopf.md, "Prices of the house contracts", "Bock rounds", "The Stock";
`stammtisch`: Rufspiel 20, Solo/Wenz/Geier/Farbwenz 50, Bettel 20, Bock ×2 for 4 games)."""

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from tests.spreadsheet import german_number

from .conftest import check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Anna", "Ben", "Cem", "Dora")
# (phone, taps, the game's amounts as first saved): Anna 0, Ben 1, Cem 2, Dora 3.
GAMES = [
    (0, [("contract", "Rufspiel"), ("called", "Eichel"), ("declarer", "Anna"),
         ("partner", "Cem"), ("augen", "60")], [-20, 20, -20, 20]),  # 60 : 60 → Bock 2–5
    (1, [("contract", "Geier"), ("declarer", "Ben"), ("outcome", "gewonnen")],
     [-100, 300, -100, -100]),  # Bock: 2 × 50
    (0, [("contract", "Farbwenz"), ("suit", "Gras"), ("declarer", "Cem"),
         ("outcome", "gewonnen")], [-100, -100, 300, -100]),
    (1, [("contract", "Bettel"), ("declarer", "Dora"), ("outcome", "verloren")],
     [40, 40, 40, -120]),  # Bock: 2 × 20
    (0, [("contract", "Rufspiel"), ("called", "Schellen"), ("declarer", "Ben"),
         ("partner", "Dora"), ("augen", "70")], [-40, 40, -40, 40]),
    (0, [("contract", "zusammengeworfen")], [-20, -20, -20, -20]),  # 80 into the Stock
    (0, [("contract", "Solo"), ("suit", "Herz"), ("declarer", "Anna"),
         ("outcome", "gewonnen")], [230, -50, -50, -50]),  # 150 + the Stock of 80
    (0, [("contract", "Rufspiel"), ("called", "Eichel"), ("declarer", "Anna"),
         ("partner", "Ben"), ("augen", "80")], [20, 20, -20, -20]),
    (0, [("contract", "Wenz"), ("declarer", "Cem"), ("augen", "50")], [50, 50, -150, 50]),
    (0, [("contract", "Rufspiel"), ("called", "Gras"), ("declarer", "Dora"),
         ("partner", "Cem"), ("augen", "65")], [-20, -20, 20, 20]),
    (0, [("contract", "Geier"), ("declarer", "Dora"), ("outcome", "gewonnen")],
     [-50, -50, -50, 150]),
    (0, [("contract", "Bettel"), ("declarer", "Ben"), ("outcome", "gewonnen")],
     [-20, 60, -20, -20]),
]  # fmt: skip
# Game 1 had 70 Augen: Anna and Cem won, no Bock round; games 2–5 count once.
CORRECTED = {
    1: [20, -20, 20, -20],
    2: [-50, 150, -50, -50],
    3: [-50, -50, 150, -50],
    4: [20, 20, 20, -60],
    5: [-20, 20, -20, 20],
}
TOTALS = [110, 110, -170, -50]
INTO_STOCK = {
    6: "+80",
    7: "−80",
}  # the Stock column's detail: paid in, taken out  # the Stock is empty after game 7


def tap(page, group, name):
    if group == "augen":
        page.get_by_label(re.compile("oder ihre Augen")).fill(name)
    else:
        page.locator(f"#group-{group}").get_by_role("radio", name=name, exact=True).check()


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def test_a_stammtisch_evening_on_two_phones(phone, live_server, shots):
    first = phone()
    first.goto("/new/schafkopf/")
    for seat, name in enumerate(PLAYERS, start=1):
        first.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    first.locator("label", has_text="Stammtisch: 10/20/50").locator("input").check()
    first.get_by_role("button", name="Spiel beginnen").click()
    expect(first.get_by_role("heading", name="Spiel 1")).to_be_visible()
    second = phone()
    second.goto(first.url)
    phones = [first, second]

    for number, (which, taps, amounts) in enumerate(GAMES, start=1):
        page = phones[which]
        expect(page.get_by_role("heading", name=f"Spiel {number}")).to_be_visible()
        if 2 <= number <= 5:
            # The Bock game says so before anything is entered.
            expect(page.locator("#round-info .sk-bock-next")).to_contain_text("Bock")
        for group, name in taps:
            tap(page, group, name)
        page.get_by_role("button", name=f"Spiel {number} speichern").click()
        expect(page.get_by_role("heading", name=f"Spiel {number + 1}")).to_be_visible()
        row = page.locator(f"#round-{number} .detail")
        expect(row).to_have_text(
            [signed(amount) for amount in amounts] + [INTO_STOCK.get(number, "")]
        )
        if number == 2:
            expect(page.locator("#round-info")).to_contain_text("3 Bockspiele kommen noch |||")
        if number == 6:
            expect(page.locator(f"#round-{number} td.sk-stock .total")).to_have_text("80")
    shots(first, "stammtisch-before-correction")

    # Game 1 was 70 Augen: the correction removes the Bock round of games 2–5.
    first.locator("#round-1 th a").click()
    first.get_by_text("Spiel 1 korrigieren").click()
    first.get_by_label(re.compile("oder ihre Augen")).fill("70")
    first.get_by_label("Grund der Korrektur").fill("70 Augen, nicht 60")
    first.get_by_role("button", name="Spiel 1 speichern").click()
    expect(first.get_by_role("heading", name="Spiel 13")).to_be_visible()
    for number, amounts in CORRECTED.items():
        expect(first.locator(f"#round-{number} .detail")).to_have_text(
            [signed(amount) for amount in amounts] + [""]
        )
    expect(first.locator(".sk-bock-tag")).to_have_count(0)
    sums = first.locator(".sk-sheet tfoot td.sum")
    expect(sums).to_have_text([signed(total) for total in TOTALS] + ["0"])
    # Money at the end (1 cent a unit), the Stock empty.
    expect(first.locator(".sk-settle")).to_contain_text("Der Stock ist leer.")
    expect(
        first.locator(".sk-settle").get_by_role("row", name="€ 1,10 € 1,10 € −1,70 € −0,50 €")
    ).to_be_visible()
    expect(second.locator(".sk-sheet tfoot td.sum")).to_have_text(
        [signed(total) for total in TOTALS] + ["0"]
    )
    check_fits(first, "stammtisch sheet")
    shots(first, "stammtisch-sheet")

    # Game 2's history says why it changed.
    first.locator("#round-2 th a").click()
    expect(first.locator(".sk-repriced")).to_contain_text(
        "Bock durch Spiel 1 (ein Spiel 60 : 60) entfallen"
    )
    check_fits(first, "stammtisch round 2")
    shots(first, "stammtisch-round-2")
    first.go_back()

    # The CSV: every game as repriced, the Stock and Bock columns, the totals.
    table_url = re.match(r".*/t/[^/]+/", first.url).group(0)
    body = first.request.get(table_url + "sheet.csv").body().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body), delimiter=";"))
    assert rows[0][-2:] == ["Stock (Cent)", "Bock (Faktor)"]
    expected = {n: CORRECTED.get(n, amounts) for n, (_p, _t, amounts) in enumerate(GAMES, 1)}
    for row in rows[1:13]:
        assert [german_number(cell) for cell in row[2:6]] == expected[int(row[0])]
    assert [german_number(cell) for cell in rows[13][2:]] == [*TOTALS, 0]
    assert rows[-1][0] == "Geld (Cent)"
    assert [german_number(cell) for cell in rows[-1][2:]] == TOTALS

    # The chart on the statistics page ends at the totals.
    first.get_by_role("link", name="Statistik").click()
    expect(first.locator(".chart-box svg")).to_be_visible()
    expect(first.locator(".sk-stats tfoot td.sum")).to_have_text(
        [signed(total) for total in TOTALS]
    )
