"""A phone entering Schafkopf games offline still says which games are Bock (issue 23; docs/
rules/schafkopf.md, "Bock rounds"): the Bock games still to come from the games the server
has are named by the live fragment (data-bock), and the form of a game ahead shows the same
"Bock" mark as the server's form. Preset `stammtisch`: a 60 : 60 game starts a Bock round of
4 games (×2, queued). Screenshots go to $OFFLINE_SHOTS (default: the test's tmp_path)."""

import re

import pytest
from playwright.sync_api import expect

from .test_offline import ready_for_offline
from .test_schafkopf_stammtisch import PLAYERS, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GEIER = [("contract", "Geier"), ("declarer", "Ben"), ("outcome", "gewonnen")]


def save(page, number, taps):
    for group, name in taps:
        tap(page, group, name)
    page.get_by_role("button", name=f"Spiel {number} speichern").click()


def test_a_game_ahead_entered_offline_says_bock(phone, shots):
    page = phone()
    page.goto("/new/schafkopf/")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.locator("label", has_text="Stammtisch: 10/20/50").locator("input").check()
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    save(page, 1, [("contract", "Rufspiel"), ("called", "Eichel"), ("declarer", "Anna"),
                   ("partner", "Cem"), ("augen", "60")])  # fmt: skip
    expect(page.get_by_role("heading", name="Spiel 2")).to_be_visible()
    expect(page.locator("#round-info .sk-bock-next")).to_contain_text("Bock")
    ready_for_offline(page)

    page.context.set_offline(True)
    save(page, 2, GEIER)
    expect(page.get_by_role("button", name="Spiel 3 speichern")).to_be_visible()
    # Game 3 is a Bock game from game 1's 60 : 60, whatever game 2 was.
    mark = page.locator("#entry .sk-bock-next")
    expect(mark).to_be_visible()
    expect(mark.locator(".sk-bock-tag")).to_have_text("Bock")
    expect(mark).to_contain_text("Dieses Spiel zählt mindestens 2-fach.")
    # The server still prices it once the games before it are in.
    expect(page.get_by_text(re.compile("Was das Spiel kostet, mit Bockspielen"))).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, "bock-offline-game-3")

    for number in (3, 4, 5):
        save(page, number, GEIER)
        expect(page.get_by_role("button", name=f"Spiel {number + 1} speichern")).to_be_visible()
    # The round of 4 ended with game 5.
    expect(page.locator("#entry .sk-bock-next")).to_be_hidden()
    shots(page, "bock-offline-game-6")

    page.context.set_offline(False)
    expect(page.locator("#net")).to_have_text("online")
    expect(page.locator("#round-5.sk-bock-row")).to_be_visible()
    # The server's own form of game 6: no Bock either.
    expect(page.get_by_role("heading", name="Spiel 6")).to_be_visible()
    expect(page.locator(".sk-bock-next:visible")).to_have_count(0)


SPLIT = [("contract", "Rufspiel"), ("called", "Eichel"), ("declarer", "Anna"),
         ("partner", "Cem"), ("augen", "60")]  # fmt: skip
SCHWARZ = [("contract", "Geier"), ("declarer", "Ben"), ("outcome", "gewonnen Schwarz")]


def test_bock_games_started_by_games_typed_offline_are_marked_before_they_are_sent(phone, shots):
    """Issue 28, item 7: a 60 : 60 typed offline (game 1) makes games 2–5 Bock games, a won
    Schwarz typed offline (game 3) queues games 6–9 after them: the forms ahead say so as the
    server will (the phone looks the typed games up in the server's description of the
    table's Bock triggers), and the server's sheet agrees once they are sent."""
    page = phone()
    page.goto("/new/schafkopf/")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    page.locator("label", has_text="Stammtisch: 10/20/50").locator("input").check()
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    ready_for_offline(page)

    page.context.set_offline(True)
    save(page, 1, SPLIT)
    mark = page.locator("#entry .sk-bock-next")
    for number in range(2, 11):
        expect(page.get_by_role("button", name=f"Spiel {number} speichern")).to_be_visible()
        if number <= 9:
            expect(mark).to_be_visible()
            expect(mark).to_contain_text("Dieses Spiel zählt mindestens 2-fach.")
        else:
            expect(mark).to_be_hidden()
        if number == 2:
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            shots(page, "bock-typed-offline-game-2")
        save(page, number, SCHWARZ if number == 3 else GEIER)
    expect(page.locator("#outbox .outbox-item")).to_have_count(10)

    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_be_hidden(timeout=60_000)
    expect(page.get_by_role("heading", name="Spiel 11")).to_be_visible(timeout=60_000)
    for number in range(1, 11):
        row = page.locator(f"#round-{number}")
        if 2 <= number <= 9:
            expect(row).to_have_class(re.compile("sk-bock-row"))
        else:
            expect(row).not_to_have_class(re.compile("sk-bock-row"))
    shots(page, "bock-typed-offline-sent")
