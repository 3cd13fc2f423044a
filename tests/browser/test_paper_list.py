"""The paper fallback as the paper holds it (issue 29 §3): the organizer types two tables'
8-game paper lists (what was played, each player's points), one on a 360 px phone and one
on a laptop; the standings then show what a count by hand of the lists gives."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.helpers import make_tournament, organizer
from tournaments import services

from .conftest import check_fits
from .test_tournament_screens import keep, logged_in_phone, names

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
# Two tables' paper lists (turnier-1-15: Rufspiel 1 each, Solo and Wenz 5 from each opponent).
LISTS = [
    [
        ("Rufspiel", [1, -1, 1, -1]),
        ("Solo", [-5, 15, -5, -5]),
        ("", [2, 2, -2, -2]),
        ("Solo", [5, 5, -15, 5]),
        ("Rufspiel", [-2, 2, 2, -2]),
        ("Wenz", [-5, -5, -5, 15]),
        ("", [3, -3, -3, 3]),
        ("Rufspiel", [1, 1, -1, -1]),
    ],
    [
        ("Wenz", [15, -5, -5, -5]),
        ("Rufspiel", [-1, 1, -1, 1]),
        ("", [-2, -2, 2, 2]),
        ("Solo", [-5, -5, 15, -5]),
        ("Rufspiel", [3, -3, 3, -3]),
        ("", [1, -1, -1, 1]),
        ("Solo", [5, 5, 5, -15]),
        ("Rufspiel", [-1, 1, 1, -1]),
    ],
]


def type_list(page, games):
    for number, (played, points) in enumerate(games, start=1):
        if played:
            page.select_option(f'select[name="g{number}_played"]', label=played)
        for seat, value in enumerate(points):
            page.fill(f'input[name="g{number}_p{seat}"]', str(value))


def test_two_paper_lists_typed_on_a_phone_and_a_laptop_give_the_standings(phone, live_server):
    user = organizer()
    tournament = make_tournament(user, game="schafkopf", games_per_round=8)
    services.register_players(tournament, [(name, None) for name in names(8)])
    round_ = services.draw_round(tournament, seed="paper")
    services.publish_round(round_)
    tables = [tt.table for tt in round_.tables.order_by("number")]
    page = logged_in_phone(phone, live_server, user)
    for number, games in enumerate(LISTS, start=1):
        if number == 2:
            page.set_viewport_size(LAPTOP)
        page.goto(f"/tournaments/{tournament.pk}/rounds/1/tables/{number}/paper/")
        if number == 1:
            keep(page, "paper-1-empty")
            check_fits(page, "paper list at 360 px")
        # A slip first: the sum of game 3 is off; the message names it, the typing stays.
        wrong = [*games[:2], (games[2][0], [games[2][1][0] + 1, *games[2][1][1:]])]
        type_list(page, wrong)
        keep(page, f"paper-{number}-typed")
        page.get_by_role("button", name="Spiele speichern").click()
        expect(page.locator(".msg-error")).to_contain_text("Spiel 3: Die Punkte ergeben +1")
        expect(page.locator('input[name="g2_p1"]')).to_have_value(str(games[1][1][1]))
        keep(page, f"paper-{number}-error")
        type_list(page, games)
        page.get_by_role("button", name="Spiele speichern").click()
        expect(page.locator(".msg-success")).to_contain_text("Spiele 1 bis 8 vom Papier übertragen")
        keep(page, f"paper-{number}-saved")
        if number == 1:
            check_fits(page, "paper list saved at 360 px")
    by_hand = {}
    for table, games in zip(tables, LISTS, strict=True):
        for seat, name in enumerate(table.player_names):
            by_hand[name] = sum(points[seat] for _played, points in games)
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    keep(page, "paper-standings")
    shown = {}
    for row in page.locator("table tbody tr").all():
        name = row.locator("td.name").inner_text().split("\n")[0].strip()
        shown[name] = int(row.locator("td.points").inner_text().replace("−", "-"))
    assert shown == by_hand
