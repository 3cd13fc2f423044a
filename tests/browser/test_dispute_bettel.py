"""A Bettel dispute with a revoke, entered card by card on a 360 px phone (issue 23, "What
users get" 5): the arbiter types the dealt hands, taps the cards (Ben's EO on Gras is greyed
out, the Ober belonging to Eichel in a Bettel, but recorded), sees the revoke named, sees
that Anna's first trick lost the Bettel, replays to that trick and applies the verdict."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Revision
from tests.scoring.schafkopf_helpers import game, play
from tests.scoring.test_dispute_house import BETTEL, BETTEL_LOST_DE, BETTEL_REVOKE_DE, house_table

from .test_dispute_phone import fits_the_phone, page_problems, tap_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def entered_bettel():
    """A stammtisch table (Dora deals game 1) on which Anna's Bettel was entered as won."""
    table, key = house_table(first_dealer=3)
    play(Client(), key, 1, game("bettel", 0, outcome="won"))
    return table, key


def shoot(shots, page, name, problems):
    """A screenshot to look at. Playwright hides the caret with an inline style, which the
    page's CSP refuses with a console error: that error is the screenshot's, not the page's."""
    shots(page, name)
    problems[:] = [problem for problem in problems if "inline style" not in problem]


def test_a_bettel_with_a_revoke_entered_card_by_card_on_a_phone(phone, entered_bettel, shots):
    table, key = entered_bettel
    page = phone()
    problems = page_problems(page)

    page.goto(reverse("round", args=[key, 1]))
    page.get_by_role("link", name="Streitfall eröffnen: Karte für Karte").click()
    page.get_by_label("Worum geht der Streit?").fill("Anna hat doch einen Stich gemacht!")
    page.get_by_label("Schiedsrichter").fill("Vera")
    page.get_by_role("button", name="Streitfall eröffnen").click()
    expect(page.get_by_role("heading", name="Streitfall: Spiel 1")).to_be_visible()
    expect(page.locator("#deal")).to_contain_text("Bettel")
    expect(page.locator("#board h2")).to_contain_text("0 von 8 Stichen")

    page.get_by_role("link", name="Karten eingeben").click()
    page.get_by_text("Karten stattdessen eintippen").click()
    for seat, hand in enumerate(BETTEL["hands"]):
        page.locator(f"#id_hand_{seat}").fill(" ".join(hand))
    page.get_by_role("button", name="Karten speichern").click()
    expect(page.locator("#deal")).to_contain_text("bekannt")
    expect(page.locator("#board .board-facts")).to_contain_text(
        "Anna hat noch keinen Stich gemacht."
    )

    plays = BETTEL["plays"]
    for number, card in enumerate(plays[:11], start=1):
        tap_card(page, number, card)
    # Trick 3, Ben to play on Cem's GU: no trumps in a Bettel, so his Ober are Eichel and
    # Gras cards; he holds GK, so EO is greyed out and GK is not.
    expect(page.locator("#board .prompt")).to_have_text("Stich 3: Ben gibt zu.")
    expect(page.locator("#board button[value='EO']")).to_have_class(
        "tap card g-schafkopf s-E illegal"
    )
    expect(page.locator("#board button[value='GK']")).not_to_have_class("illegal")
    fits_the_phone(page)
    shoot(shots, page, "bettel-revoke-greyed", problems)
    tap_card(page, 12, "EO")
    expect(page.locator("#verdict .violations")).to_contain_text(BETTEL_REVOKE_DE)

    for number, card in enumerate(plays[12:], start=13):
        tap_card(page, number, card)
    # Anna had to follow Ben's E10 with EK: her first trick, and the Bettel is lost.
    expect(page.locator("#board .board-facts")).to_contain_text(
        "verloren in Stich 6, dem ersten Stich von Anna"
    )
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("1 Regel verletzt")
    expect(verdict).to_contain_text(re.compile(r"Entschieden in\s*Stich 6"))
    expect(verdict.locator(".deciding")).to_have_text(BETTEL_LOST_DE)
    expect(page.locator("#apply")).to_contain_text("Ergebnis: gewonnen → verloren")
    fits_the_phone(page)
    shoot(shots, page, "bettel-verdict", problems)

    page.get_by_role("link", name="Stich für Stich nachspielen").click()
    expect(page.locator("#replay .where")).to_have_text("Ausgangslage")
    page.get_by_role("link", name="Zu Stich 6: der Stich, der das Spiel entschied →").click()
    expect(page.locator("#replay .where")).to_have_text("Stich 6 von 6")
    expect(page.locator("#replay .trick-step .deciding")).to_have_text(BETTEL_LOST_DE)
    assert page.url.endswith("?step=6")
    fits_the_phone(page)
    shoot(shots, page, "bettel-replay-lost-trick", problems)
    page.get_by_role("link", name="← zurück", exact=True).click()
    expect(page.locator("#replay .where")).to_have_text("Stich 5 von 6")
    expect(page.locator("#replay")).to_contain_text("Anna hat noch keinen Stich gemacht.")

    page.get_by_role("link", name="Zurück zum Spielfeld").click()
    page.get_by_label("Notiz für den Verlauf").fill("Anna musste mit EK stechen")
    page.get_by_role("button", name="Urteil in den Spielblock übernehmen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    expect(page.locator(".history")).to_contain_text("Streitfall von Vera")
    fits_the_phone(page)
    current = Revision.objects.get(round__table=table, is_current=True)
    assert (current.source, current.scores) == ("dispute", [-60, 20, 20, 20])
    assert (current.data["contract"], current.data["won"]) == ("bettel", False)
    assert problems == []
