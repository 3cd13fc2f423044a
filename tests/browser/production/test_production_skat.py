"""A Skat table of 4 on two phones in production (gunicorn + uvicorn + PostgreSQL behind Caddy,
collected static files): phone A enters games through the pad while phone B sees them pushed;
B loses its connection, enters the next games from the forms ahead, and they arrive once each
and in order when it is back. The dealer sits out every game and the list says so; a
passed-out deal scores nothing; the Seeger-Fabian totals are counted here by hand. The
statistics and the printed list pass the WCAG 2.2 AA check."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Access, Revision

from ..skat_list import minus
from ..test_offline import ready_for_offline

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
]

PLAYERS = ["Anna", "Ben", "Cem", "Dora"]
BUSY_MS = 30_000  # one save or one pushed game on a test machine shared with other runs

# Each game: who enters it, the taps after the declarer, and its list points counted by hand.
# The declarer is always Vorhand (the seat after the dealer, who sits out).
GAMES = [
    # Kreuz mit 2 won: base 12 × (2 + 1) = 36.
    ("A", [("game", "Kreuz"), ("matadors", "2"), ("outcome", "gewonnen")], 36),
    ("A", None, 0),  # all passed
    # Grand mit 1 lost: 24 × 2 = 48, lost counts twice: −96.
    ("A", [("game", "Grand"), ("outcome", "verloren")], -96),
    # Herz mit 1 won: 10 × 2 = 20.
    ("B", [("game", "Herz"), ("outcome", "gewonnen")], 20),
    # Null won: 23.
    ("B", [("game", "Null"), ("outcome", "gewonnen")], 23),
    # Pik ohne 2 won Schneider: 11 × (2 + 1 + 1) = 44.
    (
        "B",
        [("game", "Pik"), ("mit", "ohne"), ("matadors", "2"), ("outcome", "gewonnen Schneider")],
        44,
    ),
    # Karo mit 1 lost: 9 × 2 = 18, twice: −36.
    ("A", [("game", "Karo"), ("outcome", "verloren")], -36),
]


def seeger_by_hand(declarers: list[int | None]) -> list[int]:
    """Seeger-Fabian at a table of 4: the list points ±50 for the declarer, and +30 for each
    of the three others (the dealer who sat out included) when he lost."""
    totals = [0, 0, 0, 0]
    for declarer, (_phone, _taps, points) in zip(declarers, GAMES, strict=True):
        if declarer is None:
            continue
        totals[declarer] += points + (50 if points > 0 else -50)
        if points < 0:
            for seat in range(4):
                totals[seat] += 30 if seat != declarer else 0
    return totals


def save(page, number: int, declarer: str | None, taps: list | None) -> None:
    if taps is None:
        page.get_by_role("button", name="Eingepasst (alle gepasst)").click()
    else:
        group = page.locator("#group-declarer")
        group.get_by_role("radio", name=declarer, exact=True).check()
        for name, choice in taps:
            page.locator(f"#group-{name}").get_by_role("radio", name=choice, exact=True).check()
        page.get_by_role("button", name=f"Spiel {number} speichern").click()
    next_button = page.get_by_role("button", name=f"Spiel {number + 1} speichern")
    expect(next_button).to_be_visible(timeout=BUSY_MS)


def test_a_table_of_four_on_two_phones_one_offline_for_a_while(phone, production, axe, shots):
    a, b = phone(), phone()
    a.goto("/new/skat/")
    for seat, name in enumerate(PLAYERS, start=1):
        a.get_by_role("textbox", name=re.compile(rf"^Spieler {seat}\b")).fill(name)
    a.get_by_role("button", name="Spiel beginnen").click()
    expect(a.get_by_role("heading", name=re.compile("^Spiel 1"))).to_be_visible()
    key = a.url.rstrip("/").rsplit("/", 1)[-1]
    table = Access.objects.get(key=key).table
    first = table.options["first_dealer"]
    b.goto(f"/t/{key}/")
    ready_for_offline(b)
    loads = []  # B's page loads: pushed games come without one
    b.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)

    def dealer(number: int) -> int:
        return (first + number - 1) % 4

    # The dealer deals and sits out; the seat after him is Vorhand.
    info = a.locator("#round-info")
    expect(info).to_contain_text(
        re.compile(rf"Geber\s*{PLAYERS[dealer(1)]}\s*\(setzt dieses Spiel aus\)")
    )
    expect(info).to_contain_text(re.compile(rf"Vorhand\s*{PLAYERS[(dealer(1) + 1) % 4]}"))

    declarers: list[int | None] = []
    for number, (who, taps, _points) in enumerate(GAMES, start=1):
        page = a if who == "A" else b
        if number == 4:
            b.context.set_offline(True)
        if number == 5:  # a game ahead names its dealer, who sits out, from the rotation
            sits_out = f"{PLAYERS[dealer(5)]} gibt und setzt dieses Spiel aus."
            expect(b.locator("#entry")).to_contain_text(sits_out)
        declarer = None if taps is None else (dealer(number) + 1) % 4
        save(page, number, None if declarer is None else PLAYERS[declarer], taps)
        declarers.append(declarer)
        if number <= 3:  # pushed to B, which does not load the page again
            expect(b.locator(f"#round-{number}")).to_be_visible(timeout=BUSY_MS)
        if number == 3:
            assert loads == [], loads
            expect(b.locator("#round-2")).to_have_class(re.compile("skat-passed-row"))
            shots(b, "production-skat-1-pushed")
        if number == 6:
            expect(b.locator("#net")).to_contain_text("3 Einträge warten aufs Senden")
            assert Revision.objects.filter(round__table=table).count() == 3
            shots(b, "production-skat-2-offline")
            b.context.set_offline(False)
            expect(b.locator("#outbox")).to_be_hidden(timeout=BUSY_MS * 2)
            expect(a.locator("#round-6")).to_be_visible(timeout=BUSY_MS)
            expect(a.get_by_role("heading", name=re.compile("^Spiel 7"))).to_be_visible()

    stored = Revision.objects.filter(round__table=table).order_by("pk")
    assert [revision.round.number for revision in stored] == list(range(1, 8))
    expected = [minus(total) for total in seeger_by_hand(declarers)]
    for page in (a, b):
        page.reload()
        expect(page.locator(".skat-sheet tfoot .skat-total td")).to_have_text(expected)
        expect(page.locator("main")).to_contain_text(
            re.compile(r"7 von \d+ Spielen der Liste; 1 eingepasst\.")
        )
        # Each game's row marks the dealer's column: he sat out.
        for number in range(1, 8):
            out = page.locator(f"#round-{number} td").nth(dealer(number))
            expect(out).to_have_text("setzt aus")
    expect(b.locator("#round-2 .skat-points")).to_have_count(0)  # passed out: no points
    shots(a, "production-skat-3-list")

    for slug, heading in (("statistik", "^Statistik"), ("liste", "^Skatliste")):
        a.goto(f"/t/{key}/p/{slug}/")
        expect(a.get_by_role("heading", name=re.compile(heading), level=1)).to_be_visible()
        a.wait_for_load_state("load")
        axe(a, f"skat {slug} (production)")
        shots(a, f"production-skat-4-{slug}")
