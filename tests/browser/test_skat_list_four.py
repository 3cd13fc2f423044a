"""A whole Skat list of 48 games at a table of 4 through the pad on two phones (docs/skat.md):
the dealer sits out each game. Phone A enters the first games while phone B watches, then A
loses its connection for 20 games (the forms of the games ahead, one per dealer), sends them
when it is back, and B enters the last games. Both phones end with the list and the
Seeger-Fabian box (+30 for every game another player lost) counted here by hand."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from .skat_list import (
    BASE,
    BUSY_MS,
    GRAND,
    NULL,
    NULL_HAND,
    SENDING_MS,
    SUITS,
    minus,
    save,
    seeger_box,
    table_on_two_phones,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
GAMES = 48
OFFLINE = range(17, 37)


def plan(number: int, dealer: int) -> tuple[list, int | None, int]:
    """Game ``number``'s taps, its declarer (never the dealer, who sits out) and his list
    points, counted by hand from the base values and levels (mit/ohne n, +1 game, +1 per Hand,
    Schneider); a lost game counts twice, negative."""
    declarer = (dealer + 1 + number % 3) % 4
    suit = SUITS[(number // 8) % 4]  # each suit in turn, for every kind of game
    who = ("declarer", PLAYERS[declarer])
    kind = number % 8
    if kind == 0:  # mit 1, game 2
        return [who, ("game", suit), ("outcome", "gewonnen")], declarer, BASE[suit] * 2
    if kind == 1:  # mit 2, game 3, lost
        taps = [who, ("game", "Grand"), ("matadors", "2"), ("outcome", "verloren")]
        return taps, declarer, -2 * GRAND * 3
    if kind == 2:
        return [("declarer", "Eingepasst")], None, 0
    if kind == 3:
        return [who, ("game", "Null"), ("outcome", "gewonnen")], declarer, NULL
    if kind == 4:  # ohne 2, game 3, Schneider 4
        taps = [who, ("game", suit), ("mit", "ohne"), ("matadors", "2")]
        return [*taps, ("outcome", "gewonnen Schneider")], declarer, BASE[suit] * 4
    if kind == 5:  # mit 1, game 2, Hand 3
        taps = [who, ("game", suit), ("toggle", "Hand"), ("outcome", "gewonnen")]
        return taps, declarer, BASE[suit] * 3
    if kind == 6:
        taps = [who, ("game", "Null"), ("toggle", "Hand"), ("outcome", "verloren")]
        return taps, declarer, -2 * NULL_HAND
    taps = [who, ("game", "Grand"), ("mit", "ohne"), ("matadors", "1")]  # ohne 1, game 2
    return [*taps, ("outcome", "gewonnen Schneider")], declarer, GRAND * 3


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def fee(lost: int) -> str:
    """ISkO's Verlustspielgeld: 0.50 € for each of the first 3 lost games, 1 € from the 4th."""
    cents = 50 * min(lost, 3) + 100 * max(lost - 3, 0)
    return f"{cents // 100},{cents % 100:02d}"


def test_a_list_of_48_games_at_four_on_two_phones_one_of_them_offline_for_a_while(phone):
    a, b, table = table_on_two_phones(phone, PLAYERS)
    first = table.options["first_dealer"]
    games, dealers = [], []

    def play(page, number):
        dealer = (first + number - 1) % 4
        dealers.append(dealer)
        expect(page.locator("#entry .skat-sits-out").last).to_have_text(
            f"{PLAYERS[dealer]} gibt und setzt dieses Spiel aus."
        )
        taps, declarer, points = plan(number, dealer)
        save(page, number, taps, GAMES)
        games.append((declarer, points))

    for number in range(1, OFFLINE.start):
        play(a, number)
    heading = b.get_by_role("heading", name=re.compile(f"^Spiel {OFFLINE.start}"))
    expect(heading).to_be_visible(timeout=BUSY_MS)

    a.context.set_offline(True)
    for number in OFFLINE:
        play(a, number)
    expect(a.locator("#net")).to_contain_text(f"{len(OFFLINE)} Einträge warten aufs Senden")
    assert Revision.objects.filter(round__table=table).count() == OFFLINE.start - 1
    a.context.set_offline(False)
    expect(a.locator("#outbox")).to_be_hidden(timeout=SENDING_MS)
    heading = b.get_by_role("heading", name=re.compile(f"^Spiel {OFFLINE.stop}"))
    expect(heading).to_be_visible(timeout=SENDING_MS)

    for number in range(OFFLINE.stop, GAMES + 1):
        play(b, number)

    box = seeger_box(games, 4)
    rows = {
        "Liste": [minus(n) for n in box["list"]],
        "gew./verl.": [f"{w}/{lost}" for w, lost in zip(box["won"], box["lost"], strict=True)],
        "±50": [signed(n) for n in box["fifty"]],
        "+30": [signed(n) for n in box["others"]],
        "VSG €": [fee(lost) for lost in box["lost"]],
        "Σ": [minus(n) for n in box["total"]],
    }
    passed = sum(declarer is None for declarer, _points in games)
    for page in (a, b):
        page.reload()
        foot = page.locator(".skat-sheet tfoot tr")
        expect(foot).to_have_count(len(rows))
        for index, (head, cells) in enumerate(rows.items()):
            expect(foot.nth(index).locator("th")).to_have_text(head)
            expect(foot.nth(index).locator("td")).to_have_text(cells)
        expect(page.locator(".skat-sheet tbody tr")).to_have_count(GAMES)
        # Every game's list points in its row, the dealer's cell "setzt aus", the
        # declarer's his list points so far.
        so_far = [0] * 4
        for number, (declarer, points) in enumerate(games, start=1):
            dealer = dealers[number - 1]
            row = page.locator(f"#round-{number}")
            expect(row.locator("td.skat-out")).to_have_count(1)
            expect(row.locator("td").nth(dealer)).to_have_text("setzt aus")
            if declarer is not None:
                so_far[declarer] += points
                expect(row.locator(".skat-points")).to_have_text(signed(points))
                expect(row.locator("td").nth(declarer)).to_have_text(minus(so_far[declarer]))
        summary = f"{GAMES} von {GAMES} Spielen der Liste; {passed} eingepasst."
        expect(page.locator("main")).to_contain_text(summary)
        expect(page.locator("#entry")).to_have_count(0)  # the list is complete
    assert [
        r.round.number for r in Revision.objects.filter(round__table=table).order_by("pk")
    ] == list(range(1, GAMES + 1))
