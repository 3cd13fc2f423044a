"""A Schafkopf club tournament on phones: the organizer registers 8 players, draws and
publishes round 1; a player opens table 1 from its sheet's QR link on his phone and enters
the games; a second player confirms on his own phone; the organizer's projector page shows
the new standings without reloading.

tournaments.md: "Table sheets: ... a QR code that opens that table's scorepad on a phone, with
the right to enter results for that table only." — "Confirmation: a round's table result is
locked when the table confirms it (ideally a second player at the table ...)" — "Standings:
live ranking after every entered game".
"""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from .conftest import decode_qr

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi", "Gustl", "Hanna"]


def tap(page, group, name):
    page.locator(f"#group-{group}").get_by_role("radio", name=name, exact=True).check()


def test_organizer_draws_a_table_enters_and_a_second_player_confirms(phone):
    get_user_model().objects.create_user("leitung", password="kartenspiel-2024")
    organizer = phone()
    organizer.goto("/accounts/login/")
    organizer.get_by_label("Benutzername").fill("leitung")
    organizer.get_by_label("Passwort").fill("kartenspiel-2024")
    organizer.get_by_role("button", name="Anmelden").click()
    expect(organizer.get_by_role("heading", name="Deine Turniere")).to_be_visible()

    organizer.get_by_role("link", name="Schafkopf").click()
    organizer.get_by_label("Name", exact=True).fill("Vereinsmeisterschaft")
    organizer.get_by_label("Runden").fill("2")
    organizer.get_by_label("Spiele pro Runde und Tisch").fill("2")
    expect(organizer.get_by_label("Regelprofil")).to_have_value("turnier-1-15")
    organizer.get_by_role("button", name="Turnier anlegen").click()

    organizer.get_by_label("Spieler, einer pro Zeile").fill("\n".join(PLAYERS))
    organizer.get_by_role("button", name="Anmelden").click()
    expect(
        organizer.get_by_role("heading", name="Teilnehmerliste: 8 aktive Spieler")
    ).to_be_visible()

    organizer.get_by_role("link", name="Übersicht").click()
    organizer.get_by_role("button", name="Runde 1 auslosen").click()
    expect(organizer.get_by_text("Vorschau, nicht veröffentlicht")).to_be_visible()
    organizer.get_by_role("button", name="Runde 1 veröffentlichen").click()
    expect(organizer.get_by_text("Runde 1 ist veröffentlicht")).to_be_visible()
    assert organizer.evaluate("document.documentElement.scrollWidth") <= 360

    organizer.get_by_role("link", name="Tischzettel zum Drucken").click()
    sheet = organizer.locator(".table-sheet").first
    expect(sheet.locator("svg")).to_be_visible()  # the QR code
    table_url = sheet.locator(".sheet-url").inner_text()
    assert decode_qr(sheet.locator(".sheet-qr svg")) == table_url
    seats = sheet.locator(".seats .name").all_inner_texts()
    assert len(seats) == 4 and set(seats) <= set(PLAYERS)

    # The projector page, open before any game is entered.
    projector = organizer.context.new_page()
    projector.goto("/tournaments/")
    projector.get_by_role("link", name="Vereinsmeisterschaft").click()
    public_url = projector.locator("a.url").inner_text()
    projector.goto(public_url)
    expect(projector.get_by_role("heading", name=re.compile("Aktueller Stand"))).to_be_visible()

    # A player scans the QR code: the table's own score sheet, with the tournament box.
    scorer = phone()
    scorer.goto(table_url)
    expect(scorer.locator(".tournament-panel")).to_contain_text(
        "Vereinsmeisterschaft · Runde 1 · Tisch 1 · 0 von 2 Spielen"
    )
    # Game 1: seat 2 calls the Eichel-Sau, seat 3 had it; won (+1 each).
    tap(scorer, "contract", "Rufspiel")
    tap(scorer, "called", "Eichel")
    tap(scorer, "declarer", seats[1])
    tap(scorer, "partner", seats[2])
    scorer.get_by_role("radio", name="gewonnen", exact=True).check()
    scorer.get_by_label("Eingetragen von").fill(seats[1])
    scorer.get_by_role("button", name="Spiel 1 speichern").click()
    expect(scorer.get_by_role("heading", name="Spiel 2")).to_be_visible()
    # Game 2: seat 4's Herz-Solo, won (+15 / −5 each).
    tap(scorer, "contract", "Solo")
    tap(scorer, "suit", "Herz")
    tap(scorer, "declarer", seats[3])
    scorer.get_by_role("radio", name="gewonnen", exact=True).check()
    scorer.get_by_role("button", name="Spiel 2 speichern").click()
    panel = scorer.locator(".tournament-panel")
    expect(panel).to_contain_text("2 von 2 Spielen")
    # The phone that entered the games cannot confirm them.
    expect(panel).to_contain_text("Auf diesem Handy wurden Spiele eingetragen")
    expect(panel.get_by_role("button", name="Ergebnis bestätigen")).to_have_count(0)
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360

    # The projector shows the new standings by itself (it polls every 10 s).
    # Before any game everyone stands at 0, so the first row can already carry the soloist's
    # name (ties sort by name): wait for the points, not the name.
    first_row = projector.locator(".standings tbody tr").first
    expect(first_row.locator(".points")).to_have_text("14", timeout=15_000)
    expect(first_row).to_contain_text(seats[3])

    # A second player confirms on his own phone; the one who entered is not offered.
    confirmer = phone()
    confirmer.goto(table_url)
    box = confirmer.locator(".tournament-panel")
    expect(box.get_by_role("radio", name=seats[1], exact=True)).to_have_count(0)
    box.get_by_role("radio", name=seats[2], exact=True).check()
    box.get_by_role("button", name="Ergebnis bestätigen").click()
    expect(confirmer.get_by_text(f"Ergebnis von Tisch 1 von {seats[2]} bestätigt")).to_be_visible()
    expect(
        confirmer.get_by_text(re.compile(f"Bestätigt und gesperrt von {seats[2]}"))
    ).to_be_visible()

    # The organizer's round page shows the table confirmed.
    organizer.get_by_role("link", name="← Runde 1").click()
    expect(organizer.locator("#progress")).to_contain_text(f"bestätigt von {seats[2]}")
