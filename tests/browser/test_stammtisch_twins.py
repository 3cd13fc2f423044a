"""One evening started twice (docs/groups.md, "Two tables with the same people"), on two
360 px phones: the first starts it offline and types games, the second starts it online
(the server knows nothing of the first yet); the first reconnects. Its phone is told of the
other table, every typed game is stored once, and either phone's group page shows both
tables as possible twins. Starting it a third time online asks first, naming the table."""

import re
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.groups.models import Evening
from scoring.models import Access, Revision
from tests.groups.helpers import start_group

from .conftest import check_fits
from .test_schafkopf_stammtisch import tap
from .test_stammtisch import OFFLINE_GAMES, SIX, start_evening

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/stammtisch-shots")
DAY = "2026-11-27"
OFFLINE_SEATS = ["Dora", "Cem", "Anna", "Emil"]  # the names OFFLINE_GAMES tap
ONLINE_SEATS = ["Anna", "Emil", "Dora", "Cem"]  # the same people, another order


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def started(evening) -> str:
    return timezone.localtime(evening.table.created_at).strftime("%H:%M")


def test_an_evening_started_on_two_phones_one_offline(phone, client):
    group = start_group(client, name="Krone", roster=SIX)
    key = group.scorer_key
    offline, online = phone(), phone()

    # Phone one: no connection at the pub; the table started and two games typed.
    scorer = start_evening(offline, key, OFFLINE_SEATS, day=DAY, offline=True)
    games = OFFLINE_GAMES[:2]
    for number, taps in enumerate(games, start=1):
        for name, choice in taps:
            tap(offline, name, choice)
        offline.get_by_role("button", name=f"Spiel {number} speichern").click()
        expect(offline.locator("#outbox .outbox-item")).to_have_count(number + 1)

    # Phone two, online: the server knows no table of that day, so it starts without a word.
    first = start_evening(online, key, ONLINE_SEATS, day=DAY)
    expect(online.locator("body")).not_to_contain_text("gibt es schon einen Tisch")
    assert Evening.objects.filter(group=group).count() == 1

    # Phone one reconnects: its table is made with the games behind it, and it is told.
    offline.context.set_offline(False)
    expect(offline.get_by_role("heading", name="Spiel 3")).to_be_visible(timeout=30_000)
    expect(offline.locator("#outbox")).to_be_hidden()
    flash = offline.locator("#offline-flash")
    expect(flash).to_contain_text(
        f"Am 27.11. gibt es schon einen Tisch mit Anna, Emil, Dora, Cem (begonnen {started(first)})"
        "."
        " Zwei Tische an einem Abend? Auf der Seite der Runde: beide behalten oder einen streichen."
    )
    check_fits(offline, "warned after sending")
    shot(offline, "twin-1-offline-phone-told")

    # Either phone's group page shows both tables as possible twins, each naming the other.
    # (The database is read once no page holds a live stream open: SQLite's shared memory.)
    online.goto(f"/g/{key}/")
    offline.goto(f"/g/{key}/")
    # Every typed game stored once, at the table it was typed at; the other table has none.
    second = Evening.objects.get(table__accesses__key=scorer)
    assert second.table.player_names == OFFLINE_SEATS
    assert second.table.rounds.count() == len(games)
    assert Revision.objects.filter(round__table=second.table).count() == len(games)
    assert not Revision.objects.filter(round__table=first.table).exists()
    assert Evening.objects.filter(group=group).count() == 2
    first_key = Access.objects.get(table=first.table, role="scorer").key
    for page, name in ((online, "online"), (offline, "offline")):
        notes = page.locator(".evenings li.twin .conflict")
        expect(notes).to_have_count(2)
        expect(notes.nth(0)).to_contain_text(f"Der Tisch von {started(first)} an diesem Tag")
        expect(notes.nth(1)).to_contain_text(f"Der Tisch von {started(second)} an diesem Tag")
        expect(notes.nth(0).get_by_role("button", name="Diesen Tisch streichen")).to_be_visible()
        check_fits(page, f"group page with twins ({name})")
        shot(page, f"twin-2-group-page-{name}")

    # Started a third time online, the form asks first and keeps what was chosen.
    online.get_by_role("link", name="Tisch für heute Abend beginnen").click()
    online.wait_for_selector("body[data-offline-ready]", state="attached")
    for seat, name in enumerate(reversed(ONLINE_SEATS)):
        online.locator(f"#id_seat_{seat}").select_option(label=name)
    online.locator("#id_played_on").fill(DAY)
    online.get_by_role("button", name="Spiel beginnen").click()
    ask = online.locator(".twin-ask")
    expect(ask).to_contain_text(
        f"Am Fr, 27.11.2026 gibt es schon einen Tisch mit diesen Leuten (begonnen {started(first)})"
    )
    expect(ask).to_contain_text("Anna, Emil, Dora, Cem.")
    expect(online.locator("#id_seat_0 option:checked")).to_have_text("Cem")
    expect(online.locator("#id_played_on")).to_have_value(DAY)
    check_fits(online, "asked before a third table")
    shot(online, "twin-3-asked")
    # The page's own request for offline pages done (it writes and rolls back) before more.
    online.wait_for_selector("body[data-start-ready]", state="attached")
    online.get_by_role("link", name=f"Tisch von {started(first)} öffnen").click()
    expect(online).to_have_url(re.compile(f"/t/{first_key}/$"))
    online.goto(f"/g/{key}/")
    assert Evening.objects.filter(group=group).count() == 2  # nothing made by the question

    # Phone one strikes the empty table of phone two: its own, with the games, counts.
    empty = offline.locator(".evenings li.twin").nth(1)
    expect(empty).to_contain_text("0 Spiele")
    empty.get_by_role("button", name="Diesen Tisch streichen").click()
    expect(offline.locator(".msg")).to_contain_text("Der Tisch ist gestrichen")
    expect(offline.locator(".evenings li.twin")).to_have_count(0)
    expect(offline.locator("section", has_text="Gestrichene Tische")).to_contain_text(
        ", ".join(ONLINE_SEATS)
    )
    check_fits(offline, "struck")
    shot(offline, "twin-4-struck")
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.struck and not second.struck
    assert second.table.rounds.count() == len(games)

    # Really a second table tonight: asked, and started anyway with everything chosen.
    online.get_by_role("link", name="Tisch für heute Abend beginnen").click()
    online.wait_for_selector("body[data-start-ready]", state="attached")
    for seat, name in enumerate(OFFLINE_SEATS):
        online.locator(f"#id_seat_{seat}").select_option(label=name)
    online.locator("#id_played_on").fill(DAY)
    online.get_by_role("button", name="Spiel beginnen").click()
    expect(online.locator(".twin-ask")).to_contain_text(f"(begonnen {started(second)})")
    online.wait_for_selector("body[data-start-ready]", state="attached")
    online.get_by_role("button", name="Trotzdem zweiten Tisch beginnen").click()
    expect(online.get_by_role("heading", name="Spiel 1")).to_be_visible()
    expect(online.locator("body")).not_to_contain_text("gibt es schon einen Tisch")
    online.wait_for_selector("body[data-offline-ready]", state="attached")
    online.goto(f"/g/{key}/")
    expect(online.locator(".evenings li")).to_have_count(3)  # two counted, one struck
    expect(online.locator(".evenings li.twin")).to_have_count(0)
    third = Evening.objects.exclude(pk__in=[first.pk, second.pk]).get(group=group)
    assert third.second_table and third.table.player_names == OFFLINE_SEATS
