"""A club's season in the browser (issue 24): the organizer registers the club's players by
ticking them on a 360 px phone, one of them withdraws from the second evening, the second
evening has a prize list; the two evenings make a series whose ranking agrees with a hand
count of the games, on the phone, on the projector (1920×1080) and in its XLSX.
"""

import io
import re

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.tournaments.helpers import enter_game, make_tournament, organizer, solo, tables_of
from tournaments import services
from tournaments.models import Tournament

from .conftest import WAIT_MS, check_fits
from .test_tournament_screens import PROJECTOR, keep, logged_in_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB = ["Anna Obermaier", "Ben Huber", "Cem Wimmer", "Dora Gruber", "Emil Zehetmair"]


def register_by_ticking(page, tournament, names):
    page.goto(f"/tournaments/{tournament.pk}/players/")
    for name in names:
        page.get_by_label(name).check()
    page.get_by_role("button", name="Angehakte Spieler anmelden").click()
    expect(page.locator(".msg-success")).to_contain_text("Angemeldet")


def play(tournament, games):
    """Draw and publish the one round, enter ``games`` at its one table; its seat names."""
    round_ = services.draw_round(Tournament.objects.get(pk=tournament.pk), seed="abend")
    services.publish_round(round_)
    (table,) = tables_of(round_)
    for number, fields in enumerate(games, start=1):
        enter_game(table, number, fields)
    return table.player_names


def test_a_club_runs_a_two_evening_series(phone, browser, live_server, tmp_path):
    user = organizer()
    club = services.create_club(user, "Schafkopfclub Au")
    services.add_members(club, CLUB)
    evenings = [
        make_tournament(user, game="schafkopf", name=f"Abend {n}", club=club, rounds=1,
                        games_per_round=2)
        for n in (1, 2)
    ]  # fmt: skip
    page = logged_in_phone(phone, live_server, user)

    # Evening 1: four of the club's players; a won solo and a lost one.
    register_by_ticking(page, evenings[0], CLUB[:4])
    check_fits(page, "entry list")
    one = play(evenings[0], [solo(0), solo(1, outcome="lost")])
    # Hand count: seat 0 won a solo (+15, the others −5), seat 1 lost one (−15, the others +5).
    first = {one[0]: 15 + 5, one[1]: -5 - 15, one[2]: -5 + 5, one[3]: -5 + 5}

    # Evening 2: all five tick in; Dora withdraws before the draw.
    register_by_ticking(page, evenings[1], CLUB)
    page.locator("tr", has_text="Dora Gruber").get_by_role("button", name="Zurückziehen").click()
    expect(page.locator("tr.withdrawn")).to_contain_text("Dora Gruber")
    two_names = play(evenings[1], [solo(2), solo(2)])
    second = {name: (30 if seat == 2 else -10) for seat, name in enumerate(two_names)}

    # Its prize list: 10 € from each of the five registered, 60 % and 40 % of the pot.
    page.goto(f"/tournaments/{evenings[1].pk}/prizes/")
    page.get_by_label("Startgeld pro Spieler (€)").fill("10")
    page.get_by_label("Preise, ein Platz pro Zeile").fill("1: 60 %\n2: 40 %")
    page.get_by_role("button", name="Speichern").click()
    expect(page.locator(".msg-success")).to_contain_text("Preisliste gespeichert")
    page.get_by_role("link", name="Auszahlungsliste zum Drucken").click()
    keep(page, "payouts-360")
    check_fits(page, "payout list")
    rows = page.locator(".payouts tbody tr")
    expect(rows.first).to_contain_text(two_names[2])
    expect(rows.first.locator(".total")).to_have_text("30,00 €")
    expect(rows.nth(1).locator(".total")).to_have_text("20,00 €")
    expect(page.locator(".payouts thead")).to_contain_text("Unterschrift")

    # The series of both evenings, every evening counting.
    page.goto(f"/clubs/{club.pk}/")
    page.get_by_role("link", name="Neue Serie (Liga, Vereinsmeisterschaft)").click()
    page.get_by_label("Name der Serie (z. B. Liga 2025)").fill("Vereinsmeisterschaft 2025")
    page.get_by_label("Abend 1").check()
    page.get_by_label("Abend 2").check()
    page.get_by_role("button", name="Speichern").click()
    expect(page.get_by_role("heading", name="Vereinsmeisterschaft 2025")).to_be_visible()
    keep(page, "series-360")
    check_fits(page, "series")

    expected = {name: first.get(name, 0) + second.get(name, 0) for name in CLUB}
    shown = {
        row.locator(".name").inner_text(): int(
            row.locator(".points").inner_text().replace("−", "-")
        )
        for row in page.locator(".series-ranking tbody tr").all()
    }
    assert shown == expected
    assert "Dora Gruber" in shown  # withdrawn from evening 2, her evening 1 counts
    dora = page.locator("tr", has_text="Dora Gruber")
    expect(dora.locator("td.round-col").nth(1)).to_have_text("–")

    with page.expect_download() as download:
        page.get_by_role("link", name="Als XLSX herunterladen").click()
    assert download.value.suggested_filename == "vereinsmeisterschaft-2025.xlsx"
    book = load_workbook(io.BytesIO(download.value.path().read_bytes()))
    sheet = book.active
    header = [cell.value for cell in sheet[1]]
    points = header.index("Punkte")
    from_file = {row[2].value: row[points].value for row in sheet.iter_rows(min_row=2)}
    assert from_file == expected
    assert all(row[points].data_type == "n" for row in sheet.iter_rows(min_row=2))

    # The projector: every player on the screen.
    key = club.series.get().public_key
    context = browser.new_context(viewport=PROJECTOR, locale="de-DE", base_url=live_server.url)
    context.set_default_timeout(WAIT_MS)
    projector = context.new_page()
    projector.goto(f"/series/public/{key}/")
    expect(
        projector.get_by_role("heading", name=re.compile("Wertung nach 2 Abenden"))
    ).to_be_visible()
    keep(projector, "series-projector")
    names = projector.evaluate(
        """([width, height]) => [...document.querySelectorAll('.series-ranking td.name')]
               .filter(cell => cell.getClientRects().length > 0)
               .filter(cell => {
                   const box = cell.getBoundingClientRect();
                   return box.top >= 0 && box.bottom <= height && box.right <= width;
               })
               .map(cell => cell.textContent.trim())""",
        [PROJECTOR["width"], PROJECTOR["height"]],
    )
    assert sorted(names) == sorted(CLUB)
    context.close()
