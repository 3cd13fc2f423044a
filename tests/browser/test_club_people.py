"""The club's year in the browser (issue 29): on a 360 px phone the organizer types a player
of the club in another spelling at the second evening ("Magdalena Fruehholz"), is asked
whether she is "Magdalena Frühholz", answers no in a hurry and so makes a second club player;
the club page then names the two as maybe one person, the organizer merges them, and two
series over the same two evenings ("Alle Abende", "Bester Abend") rank her once, with the
sums of a hand count of the games.

Set SCREENSHOTS=/some/dir to keep the screens."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, organizer, solo
from tournaments import services

from .conftest import check_fits
from .test_club_series import play, register_by_ticking
from .test_tournament_screens import keep, logged_in_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAGDALENA, VARIANT = "Magdalena Frühholz", "Magdalena Fruehholz"
CLUB = [MAGDALENA, "Ben Huber", "Cem Wimmer", "Dora Gruber"]


def ranking(page) -> dict[str, int]:
    return {
        row.locator(".name").inner_text(): int(
            row.locator(".points").inner_text().replace("−", "-")
        )
        for row in page.locator(".series-ranking tbody tr").all()
    }


def new_series(page, club, name, best_of=""):
    page.goto(f"/clubs/{club.pk}/")
    page.get_by_role("link", name="Neue Serie (Liga, Vereinsmeisterschaft)").click()
    page.get_by_label("Name der Serie (z. B. Liga 2025)").fill(name)
    page.get_by_label("Beste Abende, die je Spieler zählen (leer: alle)").fill(best_of)
    page.get_by_label("Abend 1").check()
    page.get_by_label("Abend 2").check()
    page.get_by_role("button", name="Speichern").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()


def test_one_person_in_two_series_after_a_spelling_variant_and_a_merge(phone, live_server):
    user = organizer()
    club = services.create_club(user, "Schafkopfclub Au")
    services.add_members(club, CLUB)
    evenings = [
        make_tournament(user, game="schafkopf", name=f"Abend {n}", club=club, rounds=1,
                        games_per_round=2)
        for n in (1, 2)
    ]  # fmt: skip
    page = logged_in_phone(phone, live_server, user)

    register_by_ticking(page, evenings[0], CLUB)
    one = play(evenings[0], [solo(0), solo(1, outcome="lost")])
    # Hand count: seat 0 won a solo (+15, the others −5), seat 1 lost one (−15, others +5).
    first = {one[0]: 15 + 5, one[1]: -5 - 15, one[2]: -5 + 5, one[3]: -5 + 5}

    # Evening 2: she is typed in another spelling, the others ticked.
    register_by_ticking(page, evenings[1], CLUB[1:])
    page.get_by_label("Spieler, einer pro Zeile").fill(VARIANT)
    page.get_by_label("Neue Namen in den Verein aufnehmen").check()
    page.get_by_role("button", name="Anmelden", exact=True).click()
    expect(page.locator(".msg-warning").first).to_contain_text("Noch nichts angemeldet")
    expect(page.get_by_label("Spieler, einer pro Zeile")).to_have_value(VARIANT)
    expect(page.get_by_label(f"ja: {MAGDALENA} (Nr. 1)")).to_be_visible()
    keep(page, "people-spelling-question-360")
    check_fits(page, "spelling question")
    page.get_by_label("nein: eine andere Person").check()  # in a hurry
    page.get_by_role("button", name="Anmelden", exact=True).click()
    expect(page.locator(".msg-success")).to_contain_text(f"Angemeldet: 4 {VARIANT}")
    two = play(evenings[1], [solo(two_seat := 0), solo(two_seat)])
    second = {name: (30 if seat == two_seat else -10) for seat, name in enumerate(two)}

    new_series(page, club, "Alle Abende")
    new_series(page, club, "Bester Abend", best_of="1")
    assert VARIANT in ranking(page), "before the merge she is ranked twice"

    # The club page names the two as maybe one person; merge them on her page.
    page.goto(f"/clubs/{club.pk}/")
    doubles = page.locator("section", has_text="Vielleicht eine Person")
    expect(doubles).to_contain_text(VARIANT)
    keep(page, "people-club-360")
    check_fits(page, "club page")
    doubles.get_by_role("link", name=MAGDALENA).click()
    page.get_by_label("Dieselbe Person wie").select_option(label=VARIANT)
    page.get_by_role("button", name=f"Mit {MAGDALENA} zusammenführen").click()
    expect(page.locator(".msg-success")).to_contain_text("zusammengeführt")
    expect(page.locator(".member-changes")).to_contain_text(
        f"{VARIANT} zusammengeführt mit {MAGDALENA}"
    )
    expect(page.locator("main, body").first).to_contain_text("Abend 2")
    keep(page, "people-member-360")
    check_fits(page, "member page")

    def points(name):
        """Her evenings under either spelling are one person's."""
        spelled = {MAGDALENA, VARIANT} if name == MAGDALENA else {name}
        return [sum(day.get(n, 0) for n in spelled) for day in (first, second)]

    everyone = {name: sum(points(name)) for name in CLUB}
    best = {name: max(points(name)) for name in CLUB}
    page.goto(f"/clubs/{club.pk}/")
    page.get_by_role("link", name="Alle Abende").click()
    assert ranking(page) == everyone
    keep(page, "people-series-all-360")
    check_fits(page, "series all evenings")
    page.goto(f"/clubs/{club.pk}/")
    page.get_by_role("link", name="Bester Abend").click()
    assert ranking(page) == best
    expect(page.locator(".series-ranking")).not_to_contain_text(VARIANT)
    keep(page, "people-series-best-360")
    check_fits(page, "series best evening")


def test_a_stammtisch_joins_the_club_on_a_phone(phone, live_server):
    from django.test import Client

    from tests.groups.helpers import start_group

    user = organizer()
    club = services.create_club(user, "Schafkopfclub Au")
    services.add_members(club, CLUB)
    group = start_group(Client(), roster=(VARIANT, "Ben Huber", "Xaver Zenz"))
    page = logged_in_phone(phone, live_server, user)
    page.goto(f"/clubs/{club.pk}/")
    page.get_by_role("link", name="Stammtisch verbinden").click()
    page.get_by_label("Schreiber-Link des Stammtischs").fill(
        f"{live_server.url}/g/{group.scorer_key}/"
    )
    page.get_by_role("button", name="Weiter").click()
    # Her spelling is matched to her, a new name is offered as a new club player.
    expect(page.get_by_label(VARIANT)).to_have_value(str(club.members.get(name=MAGDALENA).pk))
    expect(page.get_by_label("Xaver Zenz")).to_have_value("new")
    keep(page, "people-stammtisch-match-360")
    check_fits(page, "Stammtisch matching")
    page.get_by_role("button", name="Verbinden").click()
    expect(page.locator(".msg-success")).to_contain_text("Stammtisch")
    roster = {p.name: p.member.name for p in group.players.all()}
    assert roster == {MAGDALENA: MAGDALENA, "Ben Huber": "Ben Huber", "Xaver Zenz": "Xaver Zenz"}
