"""A Stammtisch's year in the browser (issue 24): six players start their group on a 360 px
phone and play three evenings (different seatings, a guest, a rename between evenings, the
third started and played while the phone is offline); the season page agrees with a hand
count from the three sheets, the settle-up's transfers are the fewest and sum to each
player's balance; every page fits the phone, and the season page a 1920×1080 projector. The
first two evenings' games are entered as the pad stores them (tests/groups/helpers), the
offline evening's by tapping the pad's form; the group's pages are all tapped through.
"""

import re
from collections import defaultdict
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.groups.models import Evening, Group
from scoring.models import Access, Revision
from tests.groups.helpers import enter, game, start_group
from tests.groups.test_groups import brute_force_fewest

from .conftest import PHONE, check_fits
from .test_schafkopf_stammtisch import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = ["Anna", "Bartholomäus", "Cem", "Dora", "Emil", "Franziska-Sophie"]
PROJECTOR = {"width": 1920, "height": 1080}
SHOTS = Path("/tmp/stammtisch-shots")


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png", full_page=True)


def start_evening(page, key, seating, *, day, guest=None, offline=False):
    """Tonight's table: roster picks per seat (``None``: the guest types his name).
    ``offline``: the connection goes once the evening's page is ready for it."""
    page.goto(f"/g/{key}/")
    if offline:  # the group's page is kept too (a phone's first page may be left before)
        page.wait_for_selector("body[data-offline-ready]", state="attached")
    page.get_by_role("link", name="Tisch für heute Abend beginnen").click()
    check_fits(page, "evening form")
    if offline:
        page.wait_for_selector("body[data-start-ready][data-offline-ready]", state="attached")
        page.context.set_offline(True)
    for seat, name in enumerate(seating):
        select = page.locator(f"#id_seat_{seat}")
        if name is None:
            select.select_option("")
            page.locator(f"#id_guest_{seat}").fill(guest)
        else:
            select.select_option(label=name)
    page.locator("#id_played_on").fill(day)
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.locator("body")).to_contain_text("Spiel 1")
    if offline:
        return page.url.rstrip("/").split("/")[-1]
    # The page's own requests done (kept, forms ahead read) before this test writes beside it.
    page.wait_for_selector("body[data-offline-ready]", state="attached")
    return Evening.objects.get(table__accesses__key=page.url.rstrip("/").split("/")[-1])


# The third evening, tapped into the pad offline: Dora, Cem, Anna, Emil.
OFFLINE_GAMES = [
    [("contract", "Rufspiel"), ("called", "Eichel"), ("declarer", "Dora"), ("partner", "Anna"),
     ("augen", "70")],
    [("contract", "Wenz"), ("declarer", "Cem"), ("augen", "50")],
    [("contract", "Solo"), ("suit", "Herz"), ("declarer", "Emil"), ("outcome", "gewonnen")],
    [("contract", "Rufspiel"), ("called", "Gras"), ("declarer", "Anna"), ("partner", "Cem"),
     ("augen", "91")],
]  # fmt: skip


def play_offline_evening(page, key) -> Evening:
    """Evening three: started with no connection, four games tapped in, then sent."""
    scorer_key = start_evening(page, key, ["Dora", "Cem", "Anna", "Emil"], day="2025-02-21",
                               offline=True)  # fmt: skip
    assert not Access.objects.filter(key=scorer_key).exists()
    assert page.evaluate("document.body.dataset.copy") == "cache"
    expect(page.locator("#offline-flash")).to_contain_text("Auf diesem Handy begonnen")
    expect(page.locator("#outbox")).to_contain_text("Beginn des Tisches")
    expect(page.locator("#outbox")).to_contain_text("Platz 4")
    expect(page.locator("#outbox")).to_contain_text("Emil")
    expect(page.locator("h1")).to_contain_text("Krone")
    check_fits(page, "table started offline")
    shot(page, "3a-started-offline")
    for number, taps in enumerate(OFFLINE_GAMES, start=1):
        expect(page.get_by_role("heading", name=f"Spiel {number}")).to_be_visible()
        for group, name in taps:
            tap(page, group, name)
        page.get_by_role("button", name=f"Spiel {number} speichern").click()
        expect(page.locator("#outbox .outbox-item")).to_have_count(number + 1)
    expect(page.locator("#net")).to_contain_text("5 Einträge warten aufs Senden")
    check_fits(page, "games entered offline")
    shot(page, "3b-games-offline")
    # A reload without a connection keeps all of it.
    page.reload()
    expect(page.locator("#outbox .outbox-item")).to_have_count(5)
    # The group's page (its kept copy) lists the table waiting to be sent, and leads back.
    page.goto(f"/g/{key}/")
    waiting = page.locator("#evenings-waiting li")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("21.02.2025")
    expect(waiting).to_contain_text("Dora, Cem, Anna, Emil")
    expect(waiting).to_contain_text("auf diesem Handy begonnen, wartet aufs Senden")
    check_fits(page, "group page offline")
    shot(page, "3c-group-offline")
    waiting.get_by_role("link").click()
    expect(page.locator("#outbox .outbox-item")).to_have_count(5)

    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Spiel 5")).to_be_visible(timeout=30_000)
    expect(page.locator("#net")).to_have_text("online")
    expect(page.locator("#outbox")).to_be_hidden()
    assert page.evaluate("document.body.dataset.copy") == "network"
    shot(page, "3d-sent")
    evening = Evening.objects.get(table__accesses__key=scorer_key)
    assert evening.table.player_names == ["Dora", "Cem", "Anna", "Emil"]
    assert str(evening.played_on) == "2025-02-21"
    assert evening.table.rounds.count() == len(OFFLINE_GAMES)
    return evening


def test_an_evening_started_offline_becomes_a_table_with_its_links(phone, client):
    """The offline evening alone: also run against production (tests/browser/production)."""
    group = start_group(client, name="Krone", roster=SIX)
    page = phone()
    evening = play_offline_evening(page, group.scorer_key)
    # By hand, tarif-10-20-50: Rufspiel 20 (+10 Schneider), Wenz and Solo 50, no Laufende:
    # Dora +20 +50 -50 -30, Cem -20 -150 -50 +30, Anna +20 +50 -50 +30, Emil -20 +50 +150 -30.
    assert [sum(column) for column in zip(*sheet_scores(evening), strict=True)] == [
        -10,
        -190,
        50,
        150,
    ]
    # The group's page lists it as any evening, and its link opens from the share page.
    page.goto(f"/g/{group.scorer_key}/")
    expect(page.locator("body")).to_contain_text("21.02.2025")


def test_a_table_started_offline_can_be_discarded_with_its_games(phone, client):
    group = start_group(client, name="Krone", roster=SIX)
    page = phone()
    key = start_evening(page, group.scorer_key, ["Dora", "Cem", "Anna", "Emil"],
                        day="2025-02-21", offline=True)  # fmt: skip
    for group_name, choice in OFFLINE_GAMES[0]:
        tap(page, group_name, choice)
    page.get_by_role("button", name="Spiel 1 speichern").click()
    expect(page.locator("#outbox .outbox-item")).to_have_count(2)
    start = page.locator("#outbox .outbox-item", has_text="Beginn des Tisches")
    page.once("dialog", lambda dialog: dialog.accept())
    start.get_by_role("button", name="Verwerfen").click()
    # Back on the group's page: nothing waits, and the table's page is gone from the phone.
    expect(page).to_have_url(re.compile(f"/g/{group.scorer_key}/$"))
    expect(page.locator("#net")).not_to_contain_text("warte")
    expect(page.locator("#evenings-waiting li")).to_have_count(0)
    page.context.set_offline(False)
    page.goto(f"/t/{key}/")
    expect(page.locator("h1")).not_to_contain_text("Krone")
    assert not Access.objects.filter(key=key).exists()
    assert not Evening.objects.filter(group=group).exists()


def test_offline_the_phone_names_the_seat_the_server_would_refuse(phone, client):
    group = start_group(client, name="Krone", roster=SIX)
    page = phone()
    page.goto(f"/g/{group.scorer_key}/")
    page.wait_for_selector("body[data-offline-ready]", state="attached")
    page.get_by_role("link", name="Tisch für heute Abend beginnen").click()
    page.wait_for_selector("body[data-start-ready][data-offline-ready]", state="attached")
    page.context.set_offline(True)
    for seat, name in enumerate(["Anna", "Cem", "Anna", None]):
        page.locator(f"#id_seat_{seat}").select_option(label=name or "–")
    page.get_by_role("button", name="Spiel beginnen").click()
    problems = page.locator(".form-errors")
    expect(problems).to_contain_text("Noch nicht begonnen. Bitte prüfen:")
    expect(problems).to_contain_text("Platz 3: Anna sitzt schon auf Platz 1.")
    expect(problems).to_contain_text("Spieler: Dieses Spiel braucht mindestens 4.")
    check_fits(page, "offline evening refused")
    shot(page, "7-offline-refused")
    assert "/evening/" in page.url
    # Corrected, it starts.
    page.locator("#id_seat_2").select_option(label="Dora")
    page.locator("#id_seat_3").select_option(label="Emil")
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    expect(page.locator("#outbox")).to_contain_text("Beginn des Tisches")


def sheet_scores(evening) -> list[list[int]]:
    current = Revision.objects.filter(round__table=evening.table, is_current=True)
    return [revision.scores for revision in current.order_by("round__number")]


def test_a_stammtisch_plays_three_evenings(phone, live_server):
    page = phone()
    page.goto("/")
    page.get_by_role("link", name="Stammtisch gründen").click()
    page.get_by_role("link", name="Schafkopf").click()
    page.get_by_label("Name der Runde").fill("Krone")
    page.get_by_label("Spieler (ein Name pro Zeile)").fill("\n".join(SIX))
    page.locator("input[name=money]").fill("0,10")
    check_fits(page, "new group")
    page.get_by_role("button", name="Stammtisch gründen").click()
    expect(page.get_by_role("heading", name="Krone")).to_be_visible()
    group = Group.objects.get(name="Krone")
    key = group.scorer_key
    check_fits(page, "group page")

    sheets = []  # (seat names, each game's scores) as the sheets hold them
    one = start_evening(page, key, ["Anna", "Bartholomäus", "Cem", "Dora"], day="2025-02-07")
    shot(page, "1-table")
    sheets.append((one, enter(one, game("solo", 0), game("rufspiel", 1, 2, dealer=1),
                              game("wenz", 3, won=False, dealer=2))))  # fmt: skip

    # Between evenings Bartholomäus becomes Bartl: the same person.
    page.goto(f"/g/{key}/roster/")
    page.get_by_label("Name von Bartholomäus").fill("Bartl")
    page.get_by_label("Name von Bartholomäus").press("Enter")
    expect(page.locator(".msg")).to_contain_text("Bartholomäus heißt jetzt überall Bartl.")
    check_fits(page, "roster")
    shot(page, "2-roster")

    two = start_evening(page, key, ["Emil", "Bartl", None, "Franziska-Sophie"],
                        day="2025-02-14", guest="Gustl")  # fmt: skip
    sheets.append((two, enter(two, game("solo", 1), game("solo", 2, won=False, dealer=1),
                              game("rufspiel", 0, 3, schneider=True, dealer=2))))  # fmt: skip
    three = play_offline_evening(page, key)
    sheets.append((three, sheet_scores(three)))

    # The hand count, from the three sheets: each seat's games by the name it has now.
    balance, evenings = defaultdict(int), defaultdict(int)
    for evening, scores in sheets:
        evening.table.refresh_from_db()
        for seat, name in enumerate(evening.table.player_names):
            evenings[name] += 1
            balance[name] += sum(game_scores[seat] for game_scores in scores)
    assert "Bartholomäus" not in balance and evenings["Bartl"] == 2

    page.goto(f"/g/{key}/")
    page.get_by_role("link", name="Saison 2025").click()
    shot(page, "4-season")
    check_fits(page, "season")
    for name, units in balance.items():
        row = page.locator(f"table.season tr[data-player='{name}']").first
        shown = row.locator("td[data-fact=units]").inner_text().replace("−", "-")
        assert int(shown) == units, name
        assert int(row.locator("td[data-fact=evenings]").inner_text()) == evenings[name]
        money = row.locator("td[data-fact=money]").inner_text()
        assert money.replace("\xa0", " ").replace("−", "-") == euros(units * 10), name
    # A figure leads to the evenings behind it.
    page.locator("tr[data-player='Bartl'] td[data-fact=evenings] a").click()
    expect(page.locator("tbody tr")).to_have_count(2)
    check_fits(page, "evenings behind a figure")

    # The last evening's settle-up: the fewest transfers, summing to each balance (cents).
    page.goto(f"/g/{key}/e/{three.pk}/")
    check_fits(page, "settle-up")
    names = three.table.player_names
    owed = {name: sum(s[seat] for s in sheets[2][1]) * 10 for seat, name in enumerate(names)}
    transfers = page.locator(".transfers li")
    settled = dict.fromkeys(owed, 0)
    for index in range(transfers.count()):
        payer, payee = transfers.nth(index).locator("strong").all_inner_texts()
        cents = int(re.sub(r"\D", "", transfers.nth(index).locator(".sum").inner_text()))
        settled[payer] -= cents
        settled[payee] += cents
    assert settled == owed
    assert transfers.count() == brute_force_fewest(list(owed.values()))
    transfers.first.get_by_role("button", name="als bezahlt markieren").click()
    expect(page.locator(".transfers li.paid")).to_have_count(1)
    shot(page, "5-settle-up")

    # The season on the club room's projector.
    projector = page.context.browser.new_context(viewport=PROJECTOR, locale="de-DE",
                                                 base_url=live_server.url)  # fmt: skip
    wall = projector.new_page()
    wall.goto(f"/g/{group.viewer_key}/season/2025/")
    assert wall.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    expect(wall.locator("table.season").first).to_contain_text("Gustl")
    shot(wall, "6-projector")
    projector.close()


def euros(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100},{abs(cents) % 100:02d} €"


def test_the_first_dealer_choices_name_only_the_seats_of_a_table_of_four(phone, client, shots):
    """At a table of four the evening's first-dealer choices are the four people chosen, not a
    "Spieler 5"; a fifth person brings the fifth choice."""
    group = start_group(client, name="Krone", roster=SIX)
    page = phone()
    page.goto(f"/g/{group.scorer_key}/evening/")
    for seat, name in enumerate(["Anna", "Cem", "Dora", "Emil"]):
        page.locator(f"#id_seat_{seat}").select_option(label=name)
    page.locator("#id_seat_4").select_option("")
    choices = page.locator("#id_first_dealer label")
    expect(choices.filter(visible=True)).to_have_text(["Anna", "Cem", "Dora", "Emil"])
    expect(page.get_by_text("Spieler 5")).to_be_hidden()
    check_fits(page, "evening form, table of four")
    shots(page, "evening-first-dealer-four")
    page.locator("#id_seat_4").select_option(label="Franziska-Sophie")
    expect(choices.filter(visible=True)).to_have_text(
        ["Anna", "Cem", "Dora", "Emil", "Franziska-Sophie"]
    )
    page.get_by_text("Franziska-Sophie", exact=True).last.click()
    page.locator("#id_seat_4").select_option("")  # the fifth leaves: seat 1 deals first
    expect(page.locator("#id_first_dealer_0")).to_be_checked()
    page.locator("#id_played_on").fill("2025-03-07")
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.locator("body")).to_contain_text("Spiel 1")
    evening = Evening.objects.get(group=group)
    assert evening.table.player_names == ["Anna", "Cem", "Dora", "Emil"]


def test_a_new_stammtisch_offers_the_preset_and_its_rules_on_asking_without_javascript(
    browser, live_server, shots
):
    """Issue 29 §5.5: at 360 px the form shows the presets, each with what it means in one
    line; the ~100 house-rule choices wait behind "Hausregeln anpassen", which opens and is
    sent without JavaScript."""
    context = browser.new_context(
        viewport=PHONE, locale="de-DE", base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.goto("/g/new/schafkopf/")
    shown = "[...document.querySelectorAll('input:not([type=hidden]), select, textarea')]"
    visible = f"{shown}.filter(e => e.checkVisibility()).length"
    assert page.evaluate(visible) < 15
    expect(page.get_by_text("Stammtisch: 10/20/50 mit Geier, Farbwenz, Bettel")).to_be_visible()
    check_fits(page, "new group, rules closed")
    shots(page, "new-group-preset")
    page.get_by_text("Hausregeln anpassen").click()
    assert page.evaluate(visible) > 90
    page.get_by_label("Name der Runde").fill("Linde")
    page.get_by_label("Spieler (ein Name pro Zeile)").fill("\n".join(SIX))
    page.locator("label", has_text="Stammtisch: 10/20/50").locator("input").check()
    page.locator("input[name=base_solo]").fill("60")
    page.get_by_role("button", name="Stammtisch gründen").click()
    expect(page.get_by_role("heading", name="Linde")).to_be_visible()
    group = Group.objects.get(name="Linde")
    assert (group.profile_name, group.profile["base_solo"]) == ("stammtisch+custom", 60)
    context.close()
