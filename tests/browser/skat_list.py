"""What the two-phone Skat list tests share: opening a table, tapping a game, and the
Seeger-Fabian list counted by hand (docs/rules/skat.md): +list points, +50 per won and −50
per lost game for the declarer, and for each game he lost +40 (table of 3) or +30 (table of
4) for every other player."""

import re

from playwright.sync_api import expect

from scoring.models import Access

from .test_offline import ready_for_offline

BASE = {"Karo": 9, "Herz": 10, "Pik": 11, "Kreuz": 12}
SUITS = list(BASE)
GRAND = 24
NULL = 23
NULL_HAND = 35
BUSY_MS = 30_000  # one save or one live update on a test machine shared with other runs
SENDING_MS = 120_000
OTHERS_BONUS = {3: 40, 4: 30}


def table_on_two_phones(phone, players: list[str]):
    """Phone A opens a table of ``players`` and is ready to go offline, phone B watches it:
    both pages and the Table."""
    a, b = phone(), phone()
    key, table = open_table(a, players)
    b.goto(f"/t/{key}/")
    ready_for_offline(a)
    return a, b, table


def open_table(page, players: list[str]):
    """Creates a table of ``players`` on ``page``; its key and the Table."""
    page.goto("/new/skat/")
    for seat, name in enumerate(players, start=1):
        label = re.compile(f"^Spieler {seat}( |$)")  # player 4's label says it is optional
        page.get_by_role("textbox", name=label).fill(name)
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name=re.compile("^Spiel 1"))).to_be_visible()
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    return key, Access.objects.get(key=key).table


def save(page, number: int, taps: list, last: int) -> None:
    """Taps a game's chips (group, name) or toggles ("toggle", name) and saves it."""
    for group, name in taps:
        if group == "toggle":
            page.get_by_role("checkbox", name=name, exact=True).check()
        else:
            page.locator(f"#group-{group}").get_by_role("radio", name=name, exact=True).check()
    page.get_by_role("button", name=f"Spiel {number} speichern").click()
    if number < last:
        next_button = page.get_by_role("button", name=f"Spiel {number + 1} speichern")
        expect(next_button).to_be_visible(timeout=BUSY_MS)


def seeger_box(games: list[tuple[int | None, int]], players: int) -> dict[str, list[int]]:
    """Each seat's list points, games won and lost, ±50, bonus for the others' lost games
    and total, from (declarer or None for a passed deal, signed list points) per game."""
    box = {row: [0] * players for row in ("list", "won", "lost", "fifty", "others", "total")}
    for declarer, points in games:
        if declarer is None:
            continue
        box["list"][declarer] += points
        box["won" if points > 0 else "lost"][declarer] += 1
        if points < 0:
            for seat in range(players):
                box["others"][seat] += OTHERS_BONUS[players] if seat != declarer else 0
    for seat in range(players):
        box["fifty"][seat] = 50 * (box["won"][seat] - box["lost"][seat])
        box["total"][seat] = box["list"][seat] + box["fifty"][seat] + box["others"][seat]
    return box


def seeger_by_hand(games: list[tuple[int | None, int]], players: int = 3) -> list[int]:
    return seeger_box(games, players)["total"]


def minus(value: int) -> str:
    """A total as the sheet prints it: a real minus sign, no plus (as on the printed list)."""
    return f"−{-value}" if value < 0 else str(value)
