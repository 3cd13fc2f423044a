"""Every kind of page passes the automated WCAG 2.2 AA check (axe-core, tests/browser/
accessibility.py) on a 360×740 phone, German: the home page, each game's new-table form, each
game's sheet with a few rounds and its other pages, a round, a dispute, a Stammtisch's pages,
a tournament's organizer and public pages, the accounts pages, the 404 and offline pages.

Pages are visited as a user reaches them (a scorer's link, the organizer logged in through
the login form, the public links); the check runs when the page is ready (its scripts done).
All pages are checked before the test fails, and the failure lists every violation of every
page: the rule, the element and what axe says to change.
"""

from __future__ import annotations

import itertools
import math

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from scoring.models import Access
from scoring.pads import get_pad
from scoring.tables import summarize
from tests.groups.helpers import enter, start_evening, start_group
from tests.groups.helpers import game as group_game
from tests.scoring.dispute_deals import REVOKE
from tests.scoring.dispute_helpers import (
    actions_of,
    open_dispute,
    paste,
    post_setup,
    simulated,
    tap_all,
    type_hands,
)
from tests.scoring.helpers import create_schatzsuche, post_round, round_fields, viewer_key
from tests.scoring.schafkopf_helpers import create_schafkopf, game, play
from tests.scoring.scharfe_schoten_helpers import create_table, play_round
from tests.scoring.skat_group_helpers import skat_evening, start_skat_group
from tests.scoring.skat_pad_helpers import create_skat, pass_deal, play_game
from tests.scoring.stichwahl_pad_helpers import create_stichwahl, play_hand
from tests.tournaments.helpers import (
    PASSWORD,
    enter_game,
    make_tournament,
    organizer,
    published_round,
    register,
    rufspiel,
    scorer_key_of,
    solo,
    tables_of,
)
from tests.tournaments.skat_helpers import passed_game, skat_game, skat_tournament
from tournaments import services

from .accessibility import describe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = ("schafkopf", "scharfe_schoten", "schatzsuche", "skat", "stichwahl")


def scorepad_pages(client) -> list[tuple[str, str]]:
    """Each game's table with a few rounds: its sheet, round, audit, share and own pages."""
    pages = [("home", "/"), *((f"new table: {game}", f"/new/{game}/") for game in GAMES)]
    schafkopf, key = create_schafkopf(client, preset="stammtisch")
    play(client, key, 1, game("rufspiel", 0, 2, called="E", augen=60))  # Bock follows
    play(client, key, 2, game("solo", 1, suit="H", outcome="won"))
    play(client, key, 3, game("thrown_in"))
    play(client, key, 4, game("wenz", 3, augen=40))
    tables = {"schafkopf": (schafkopf, key)}
    tables["scharfe_schoten"] = create_table(client)
    for number in (1, 2):
        play_round(client, tables["scharfe_schoten"][1], number, ["RY"] * 4, ["R3 G3 Y3 B3"] * 4)
    tables["schatzsuche"] = create_schatzsuche(client)
    for number in (1, 2, 3):
        fields = round_fields([0, 0, number], [0, 0, number])
        assert post_round(client, tables["schatzsuche"][1], number, fields).status_code == 302
    tables["stichwahl"] = create_stichwahl(client)
    play_hand(client, tables["stichwahl"][1], 1, [7, 10, 12], [3, 1, 0])
    # Skat at 4 (the dealer sits out): a game won, a passed-out deal, a Grand lost.
    tables["skat"] = create_skat(client, ("Anna", "Ben", "Cem", "Dora"))
    play_game(client, tables["skat"][1], 1, 1, "kreuz", mit=2, outcome="won")
    pass_deal(client, tables["skat"][1], 2)
    play_game(client, tables["skat"][1], 3, 3, "grand", outcome="lost")
    for name, (table, key) in tables.items():
        pages += [
            (f"{name}: sheet", reverse("table", args=[key])),
            (f"{name}: sheet (viewer)", reverse("table", args=[viewer_key(table)])),
            (f"{name}: round 1", reverse("round", args=[key, 1])),
            (f"{name}: history", reverse("audit", args=[key])),
            (f"{name}: share", reverse("share", args=[key])),
        ]
        pages += [
            (f"{name}: {slug}", reverse("pad_page", args=[key, slug]))
            for slug, _label in get_pad(name).nav_pages
        ]
    _table, key = create_schafkopf(client)  # a dispute about a game of the guide's rules
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    dispute = open_dispute(client, key, 1, note="Dora hatte Eichel!")
    assert paste(client, key, dispute, REVOKE).status_code == 302
    fresh = open_dispute(client, key, 1, note="Wer hatte den Eichel-Ober?")
    pages += [
        ("dispute: setup", reverse("dispute_setup", args=[key, fresh.pk])),
        ("dispute: hands", reverse("dispute_hands", args=[key, fresh.pk]) + "?seat=1"),
        ("dispute: round", reverse("dispute_round", args=[key, 1])),
        ("dispute", reverse("dispute", args=[key, dispute.pk])),
        ("dispute: replay", reverse("dispute_replay", args=[key, dispute.pk])),
        ("dispute: read-only link", reverse("dispute_shared", args=[dispute.share_key])),
    ]
    return pages + schatzsuche_dispute_pages(client) + skat_dispute_pages(client)


def schatzsuche_dispute_pages(client) -> list[tuple[str, str]]:
    """A Schatzsuche dispute after its first card: the board shows the cards the next player
    may not play (struck through) and Karo cards in their orange."""
    for seed in range(200):
        table, key = create_schatzsuche(client)
        post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
        post_round(client, key, 2, round_fields([1, 1, 0], [1, 1, 0]))
        record = simulated("schatzsuche", f"axe:{seed}", table.player_names, round_number=3)
        if record["dealer"] != summarize(table).info["dealer"]:
            continue
        fields = round_fields(record["bids"], [3, 0, 0], trump=record["trump_card"][0])
        post_round(client, key, 3, fields)
        dispute = open_dispute(client, key, 3)
        bids = {f"bid_{seat}": bid for seat, bid in enumerate(record["bids"])}
        setup = {"trump_card": record["trump_card"], **bids}
        assert post_setup(client, key, dispute, setup).status_code == 302
        assert type_hands(client, key, dispute, record["hands"]).status_code == 302
        tap_all(client, key, dispute, actions_of("schatzsuche", record)[:1])
        path = reverse("dispute", args=[key, dispute.pk])
        board = client.get(path).content.decode()
        if 'class="tap card g-schatzsuche' in board and " illegal" in board and "s-D" in board:
            return [("schatzsuche dispute: cards against the rules", path)]
    raise AssertionError("no Schatzsuche deal with a card against the rules after the lead")


def skat_dispute_pages(client) -> list[tuple[str, str]]:
    """A Skat dispute being set up, and one with the bot's game pasted in (its verdict)."""
    _table, key = create_skat(client)
    play_game(client, key, 1, 1, "kreuz", outcome="lost")
    fresh = open_dispute(client, key, 1, note="Wer hatte den Kreuz-Buben?")
    dispute = open_dispute(client, key, 1, note="Ben hat falsch gezählt")
    record = next(
        record
        for seed in range(200)
        if (record := simulated("skat", f"axe:{seed}", ["Ben", "Cem", "Anna"]))["contract"]["type"]
        in ("kreuz", "pik", "herz", "karo", "grand")
    )
    assert paste(client, key, dispute, record).status_code == 302
    return [
        ("skat dispute: setup", reverse("dispute_setup", args=[key, fresh.pk])),
        ("skat dispute: hands", reverse("dispute_hands", args=[key, fresh.pk]) + "?seat=1"),
        ("skat dispute: round", reverse("dispute_round", args=[key, 1])),
        ("skat dispute", reverse("dispute", args=[key, dispute.pk])),
        ("skat dispute: replay", reverse("dispute_replay", args=[key, dispute.pk])),
        ("skat dispute: read-only link", reverse("dispute_shared", args=[dispute.share_key])),
    ]


def group_pages(client) -> list[tuple[str, str]]:
    group = start_group(client, roster=("Anna", "Ben", "Cem", "Dora", "Emil"))
    evening = start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"], day="2025-03-07")
    enter(evening, group_game("solo", 1, won=True), group_game("rufspiel", 2, 3, dealer=1))
    key = group.scorer_key
    anna = group.players.get(name="Anna")
    table_key = evening.table.accesses.get(role=Access.Role.SCORER).key
    return [
        ("group: new", reverse("group_games")),
        ("group: new schafkopf", reverse("group_new", args=["schafkopf"])),
        ("group", reverse("group", args=[key])),
        ("group (viewer)", reverse("group", args=[group.viewer_key])),
        ("group: share", reverse("group_share", args=[key])),
        ("group: roster", reverse("group_roster", args=[key])),
        ("group: evening", reverse("evening_new", args=[key])),
        ("group: evening table", reverse("table", args=[table_key])),
        ("group: evening settle-up", reverse("evening_settle", args=[key, evening.pk])),
        ("group: season", reverse("season", args=[key, 2025])),
        ("group: all seasons", reverse("season_all", args=[key])),
        ("group: season player", reverse("season_player", args=[key, 2025, anna.pk])),
        ("group: season settle-up", reverse("season_settle", args=[key, 2025])),
        *skat_group_pages(client),
    ]


def skat_group_pages(client) -> list[tuple[str, str]]:
    group = start_skat_group(client)
    _evening, table_key = skat_evening(client, group, ["Anna", "Ben", "Cem", "Dora"], "2025-03-14")
    play_game(client, table_key, 1, 1, "herz", outcome="won")
    pass_deal(client, table_key, 2)
    return [
        ("skat group: new", reverse("group_new", args=["skat"])),
        ("skat group", reverse("group", args=[group.scorer_key])),
        ("skat group: evening table", reverse("table", args=[table_key])),
        ("skat group: season", reverse("season", args=[group.scorer_key, 2025])),
    ]


def tournament_pages() -> list[tuple[str, str]]:
    user = organizer()
    club = services.create_club(user, "Schafkopffreunde")
    services.add_members(club, ["Anna", "Ben", "Cem", "Dora"])
    tournament = make_tournament(user, game="schafkopf", club=club, rounds=2)
    register(tournament, 8)
    round_ = published_round(tournament)
    first = tables_of(round_)[0]
    for number, fields in enumerate([solo(0), rufspiel(1, 2), solo(3, "lost"), rufspiel(0, 3)]):
        enter_game(first, number + 1, fields)
    series = services.Series.objects.create(club=club, name="Liga")
    series.tournaments.add(tournament)
    pk = tournament.pk
    player = tournament.players.first()
    return [
        ("tournaments", reverse("tournament_list")),
        ("club", reverse("club", args=[club.pk])),
        ("club: member", reverse("member", args=[club.pk, club.members.first().pk])),
        ("tournament: new", reverse("tournament_new", args=["schafkopf"])),
        ("tournament", reverse("tournament", args=[pk])),
        ("tournament: settings", reverse("tournament_settings", args=[pk])),
        ("tournament: players", reverse("tournament_players", args=[pk])),
        ("tournament: player", reverse("player_edit", args=[pk, player.pk])),
        ("tournament: round", reverse("tournament_round", args=[pk, 1])),
        ("tournament: round sheets", reverse("round_sheets", args=[pk, 1])),
        ("tournament: seating", reverse("round_seating", args=[pk, 1])),
        ("tournament: table", reverse("tournament_table", args=[pk, 1, 1])),
        ("tournament: paper sheet", reverse("table_paper", args=[pk, 1, 1])),
        ("tournament: standings", reverse("standings", args=[pk])),
        ("tournament: results", reverse("results", args=[pk])),
        ("tournament: prizes", reverse("prizes", args=[pk])),
        ("tournament: payouts", reverse("payouts", args=[pk])),
        ("tournament: audit", reverse("tournament_audit", args=[pk])),
        ("series: new", reverse("series_new", args=[club.pk])),
        ("series", reverse("series", args=[series.pk])),
        ("series: print", reverse("series_print", args=[series.pk])),
        ("tournament table (scorer link)", reverse("table", args=[scorer_key_of(first)])),
        ("public standings (projector)", reverse("public_standings", args=[tournament.public_key])),
        ("public seating", reverse("public_seating", args=[tournament.public_key])),
        ("public series", reverse("public_series", args=[series.public_key])),
        *skat_tournament_pages(user),
    ]


def skat_tournament_pages(user) -> list[tuple[str, str]]:
    """A Skat league day: its teams, its Verlustspielgeld cash list and its standings."""
    tournament = skat_tournament(user, rounds=2)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    skat_game(first, 0, True, 48)
    skat_game(first, 1, False, -120)
    passed_game(first)
    skat_game(second, 2, True, 96)
    pk = tournament.pk
    return [
        ("skat tournament: new", reverse("tournament_new", args=["skat"])),
        ("skat tournament", reverse("tournament", args=[pk])),
        ("skat tournament: teams", reverse("teams", args=[pk])),
        ("skat tournament: cash list", reverse("loss_fees", args=[pk])),
        ("skat tournament: standings", reverse("standings", args=[pk])),
        ("skat tournament: public teams", reverse("public_teams", args=[tournament.public_key])),
        ("skat tournament: table", reverse("tournament_table", args=[pk, 1, 1])),
    ]


def settle(page) -> None:
    """The page's own work done (pages kept for offline, an evening's offline table fetched),
    so the next page's requests do not meet it in SQLite."""
    page.wait_for_load_state("load")
    try:
        page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=5000)
        if page.locator("form[data-evening-start]").count():
            page.wait_for_selector("body[data-start-ready]", state="attached", timeout=5000)
    except PlaywrightTimeout:
        pass  # a page that keeps nothing for offline


def test_every_page_passes_the_wcag_2_2_aa_check(phone, client, axe):
    visitor_pages = scorepad_pages(client) + group_pages(client)
    organizer_pages = tournament_pages()
    page = phone()
    found: list[str] = []
    checked: list[str] = []

    def check(label: str, path: str, status: int = 200) -> None:
        response = page.goto(path)
        assert response is not None and response.status == status, f"{label}: {path}"
        settle(page)
        checked.append(label)
        violations = axe.found(page)
        if violations:
            found.append(describe(f"{label} ({path})", violations))

    for label, path in visitor_pages:
        check(label, path)
    # A form sent with mistakes: the messages and the fields marked.
    page.goto(reverse("table_new", args=["schafkopf"]))
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.locator(".form-errors")).to_be_visible()
    found += [describe("new table with mistakes", v) for v in [axe.found(page)] if v]
    check("not found", "/t/no-such-table/", status=404)
    check("offline", reverse("offline_page"))
    check("signup", reverse("signup"))
    check("login", reverse("login"))
    page.get_by_label("Benutzername").fill("leitung")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url("**/tournaments/")
    for label, path in organizer_pages:
        check(label, path)
    assert len(checked) == len(visitor_pages) + 4 + len(organizer_pages)
    assert not found, "\n\n".join(found)


def lab(rgb: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a computed CSS colour "rgb(r, g, b)"."""
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_five_player_colours_read_well_and_stay_apart(phone, client, axe, shots):
    """Issue 29 §5.6: each player's colour (names, balances, the chart's lines) at least 4.5:1
    on the page (axe's colour-contrast rule, WCAG 2.2 AA), and the five easy to tell apart
    (CIE76 ΔE of at least 25 between any two)."""
    _table, key = create_schafkopf(
        client, players=("Anna", "Ben", "Cem", "Dora", "Emil"), preset="tarif-10-20-50"
    )
    for number, dealer in enumerate(range(5), start=1):
        declarer = (dealer + 1) % 5
        play(client, key, number, game("solo", declarer, suit="E", outcome="won"))
    page = phone()
    for path in (
        reverse("table", args=[key]),
        reverse("pad_page", args=[key, "spielliste"]),
        reverse("pad_page", args=[key, "statistik"]),
    ):
        page.goto(path)
        settle(page)
        axe(page, path)
        shots(page, "player-colours-" + path.rstrip("/").rsplit("/", 1)[-1])
    lines = page.eval_on_selector_all(
        "svg.chart .line", "lines => lines.map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(lines)) == 5, lines
    colours = [lab(colour) for colour in lines]
    for one, other in itertools.combinations(range(5), 2):
        distance = math.dist(colours[one], colours[other])
        assert distance >= 25, f"players {one + 1} and {other + 1}: ΔE {distance:.1f}"
