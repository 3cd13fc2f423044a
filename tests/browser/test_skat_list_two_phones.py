"""A whole Skat list of 36 games at a table of 3 through the pad on two phones (docs/skat.md):
phone A enters the first games while phone B watches them arrive, then A loses its
connection and keeps entering with the forms of the games ahead (one per dealer), sends them
when it is back, and B enters the last games. Both phones end with the Seeger-Fabian list
counted here by hand."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from .skat_list import (
    BASE,
    BUSY_MS,
    SENDING_MS,
    SUITS,
    minus,
    save,
    seeger_by_hand,
    table_on_two_phones,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem"]


def plan(number: int, dealer: int) -> tuple[list, int | None, int]:
    """Game ``number``'s taps, its declarer and his list points, counted by hand:
    a suit game mit 1 won (base × 2), a Grand mit 2 lost (24 × 3, twice: −144), a passed-out
    deal, a Null won (23), a suit game ohne 2 won Schneider (base × 4)."""
    declarer = (dealer + 1 + number) % 3
    suit = SUITS[number % 4]
    kind = number % 5
    who = ("declarer", PLAYERS[declarer])
    if kind == 0:
        return [who, ("game", suit), ("outcome", "gewonnen")], declarer, BASE[suit] * 2
    if kind == 1:
        taps = [who, ("game", "Grand"), ("matadors", "2"), ("outcome", "verloren")]
        return taps, declarer, -144
    if kind == 2:
        return [("declarer", "Eingepasst")], None, 0
    if kind == 3:
        return [who, ("game", "Null"), ("outcome", "gewonnen")], declarer, 23
    taps = [who, ("game", suit), ("mit", "ohne"), ("matadors", "2")]
    return [*taps, ("outcome", "gewonnen Schneider")], declarer, BASE[suit] * 4


def test_a_list_of_36_games_on_two_phones_one_of_them_offline_for_a_while(phone):
    a, b, table = table_on_two_phones(phone, PLAYERS)
    first = table.options["first_dealer"]
    games = []

    def play(page, number):
        taps, declarer, points = plan(number, (first + number - 1) % 3)
        save(page, number, taps, 36)
        games.append((declarer, points))

    for number in range(1, 13):
        play(a, number)
    expect(b.get_by_role("heading", name=re.compile("^Spiel 13"))).to_be_visible(timeout=BUSY_MS)

    a.context.set_offline(True)
    for number in range(13, 31):
        if number == 14:  # a game ahead names its dealer and seats from the rotation
            dealer = PLAYERS[(first + number - 1) % 3]
            expect(a.locator("#ahead-slot .facts")).to_contain_text(f"Geber{dealer}")
        play(a, number)
    expect(a.locator("#net")).to_contain_text("18 Einträge warten aufs Senden")
    assert Revision.objects.filter(round__table=table).count() == 12
    a.context.set_offline(False)
    expect(a.locator("#outbox")).to_be_hidden(timeout=SENDING_MS)
    expect(b.get_by_role("heading", name=re.compile("^Spiel 31"))).to_be_visible(timeout=SENDING_MS)

    for number in range(31, 37):
        play(b, number)

    expected = [minus(total) for total in seeger_by_hand(games)]
    for page in (a, b):
        page.reload()
        expect(page.locator(".skat-sheet tfoot .skat-total td")).to_have_text(expected)
        expect(page.locator("main")).to_contain_text("36 von 36 Spielen der Liste; 7 eingepasst.")
        expect(page.locator("#entry")).to_have_count(0)  # the list is complete
    assert [
        r.round.number for r in Revision.objects.filter(round__table=table).order_by("pk")
    ] == list(range(1, 37))
