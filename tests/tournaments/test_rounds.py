"""Drawing, publishing, table sheets and the live progress of a round.

tournaments.md: "The organizer sees the draw before publishing it and can redraw." —
"Table sheets: a printable sheet per table (names, seats, start numbers) with a QR code that
opens that table's scorepad on a phone, with the right to enter results for that table only."
— "the organizer sees every table's progress (games entered of the required number) live."
"""

import re

import pytest
from django.urls import reverse

from scoring.models import Table
from tests.scoring.helpers import text
from tournaments import services
from tournaments.models import DrawnSeat, Tournament

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    published_round,
    register,
    rufspiel,
    scorer_key_of,
    tables_of,
)

pytestmark = pytest.mark.django_db


def seating(round_):
    return [[seat.player_id for seat in seats] for _table, seats in services.seating_of(round_)]


def test_draw_is_a_preview_until_published_and_can_be_redrawn(client):
    tournament = make_tournament(logged_in(client), game="schafkopf")
    register(tournament, 9)
    response = client.post(reverse("round_draw", args=[tournament.pk]))
    round_ = tournament.draws.get()
    assert response.url == reverse("tournament_round", args=[tournament.pk, 1])
    page = text(client.get(response.url))
    assert "Vorschau, nicht veröffentlicht" in page
    # 9 players at tables of 4: one table of 5 where the dealer sits out.
    assert sorted(len(t) for t in seating(round_)) == [4, 5]
    assert not Table.objects.exists()
    first_seed = round_.seed

    client.post(reverse("round_draw", args=[tournament.pk]))
    redrawn = tournament.draws.get()
    assert redrawn.number == 1 and redrawn.seed != first_seed

    client.post(reverse("round_publish", args=[tournament.pk, 1]))
    redrawn.refresh_from_db()
    assert redrawn.is_published
    assert Table.objects.count() == 2
    # A published round is never redrawn: drawing again makes round 2 (while round 1's
    # tables are not confirmed, after "anyway").
    client.post(reverse("round_draw", args=[tournament.pk]), {"anyway": "1"})
    assert list(tournament.draws.values_list("number", flat=True)) == [1, 2]


def test_the_stored_seed_reproduces_the_seating():
    """ "reproducible (a stored seed per round: the same seed gives the same seating)" """
    from .helpers import organizer

    tournament = make_tournament(organizer(), game="schafkopf")
    register(tournament, 16)
    published_round(tournament, seed="runde-1")
    drawn = services.draw_round(tournament, seed="runde-2")
    stored = seating(drawn)
    again = services.draw_round(tournament, seed=drawn.seed)
    assert seating(again) == stored
    other = services.draw_round(tournament, seed="anders")
    assert seating(other) != stored


def test_publishing_creates_one_scorepad_table_per_table_with_the_frozen_profile():
    from .helpers import organizer

    tournament = make_tournament(organizer(), game="schafkopf", games_per_round=32)
    register(tournament, 8)
    round_ = published_round(tournament)
    tables = tables_of(round_)
    assert len(tables) == 2
    for (tournament_table, seats), table in zip(services.seating_of(round_), tables, strict=True):
        assert table.player_names == [seat.player.name for seat in seats]
        assert table.profile == tournament.profile and table.profile_name == "turnier-1-15"
        assert table.options["games_required"] == 32
        assert table.title == f"Vereinsmeisterschaft · Runde 1, Tisch {tournament_table.number}"
    # Changing the tournament's profile later does not touch the tables' frozen copies.
    tournament.profile = {"base_solo": 99}
    tournament.save()
    assert tables_of(round_)[0].profile["base_solo"] == 5


def test_complete_games_have_no_games_required():
    """Schatzsuche: one complete game (10 rounds) per table; the pad ends it itself."""
    from .helpers import organizer

    tournament = make_tournament(organizer())
    register(tournament, 6)
    table = tables_of(published_round(tournament))[0]
    assert "games_required" not in table.options


def test_second_round_avoids_the_table_mates_of_the_first(client):
    tournament = make_tournament(logged_in(client), game="schafkopf")
    register(tournament, 16)
    published_round(tournament, seed="a")
    client.post(reverse("round_draw", args=[tournament.pk]), {"anyway": "1"})
    second = tournament.draws.get(number=2)
    assert second.repeated_pairs == 0
    page = text(client.get(reverse("tournament_round", args=[tournament.pk, 2])))
    assert "0 Spielerpaare sitzen erneut zusammen." in page
    assert f"Startwert {second.seed}" in page


def players_at_tables_of_5(round_):
    return {player for seats in seating(round_) if len(seats) == 5 for player in seats}


@pytest.mark.parametrize(("count", "again"), [(13, 0), (14, 6), (9, 1)])
def test_who_sat_at_a_table_of_5_gets_a_table_of_4_next_round(count, again):
    """Issue 22: a player who sat out each fifth game gets a table of 4 in the next round
    when the numbers allow it. 13 players (4, 4, 5): all five do; 14 (4, 5, 5): four of the
    ten, the other six sit at a table of 5 again; 9 (4, 5): four of the five."""
    from .helpers import organizer

    tournament = make_tournament(organizer(), game="schafkopf")
    register(tournament, count)
    first = published_round(tournament, seed="runde-1")
    second = services.draw_round(tournament, seed="runde-2")
    assert len(players_at_tables_of_5(first) & players_at_tables_of_5(second)) == again
    # Still reproducible from the stored seed.
    stored = seating(second)
    assert seating(services.draw_round(tournament, seed=second.seed)) == stored


def test_draw_refuses_clearly_when_the_players_do_not_fit(client):
    tournament = make_tournament(logged_in(client), game="schafkopf")
    register(tournament, 6)
    response = client.post(reverse("round_draw", args=[tournament.pk]))
    assert "6 aktive Spieler können nicht an Tischen zu 4 und 5 sitzen" in text(
        client.get(response.url)
    )
    assert not DrawnSeat.objects.exists()


def test_no_more_rounds_than_set_up(client):
    tournament = make_tournament(logged_in(client), rounds=1)
    register(tournament, 3)
    published_round(tournament)
    response = client.post(reverse("round_draw", args=[tournament.pk]))
    assert "Alle 1 Runden sind ausgelost" in text(client.get(response.url))


def test_table_sheets_show_seats_start_numbers_and_the_tables_scorer_qr(client):
    tournament = make_tournament(logged_in(client), game="schafkopf")
    register(tournament, 9)
    round_ = published_round(tournament)
    response = client.get(reverse("round_sheets", args=[tournament.pk, 1]) + "?per_page=2")
    html = response.content.decode()
    page = text(response)
    assert "per-page-2" in html
    for tournament_table, seats in services.seating_of(round_):
        key = scorer_key_of(tournament_table.table)
        assert f"http://testserver/t/{key}/" in html
        assert f"Runde 1 · Tisch {tournament_table.number}" in page
        for seat in seats:
            assert f"{seat.position + 1} {seat.player.start_number} {seat.player.name}" in page
    assert html.count("<svg") >= 2
    assert "Fünf an diesem Tisch: Der Geber setzt jedes Spiel aus" in page
    assert "style=" not in html.split("<main>")[1].replace('style="', "").split("<svg")[0]


def test_the_qr_link_enters_results_for_its_own_table_only(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=2)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    phone = client.__class__()
    key = scorer_key_of(first)
    page = text(phone.get(reverse("table", args=[key])))
    assert "Vereinsmeisterschaft · Runde 1 · Tisch 1 · 0 von 2 Spielen" in page
    fields = {"base": 0, "submission": "5d3c1e1a-1c1c-4c1c-8c1c-1c1c1c1c1c1c", **rufspiel(1, 2)}
    assert phone.post(reverse("round_save", args=[key, 1]), fields).status_code == 302
    assert first.rounds.count() == 1 and second.rounds.count() == 0
    # The table link is no key to the tournament's pages.
    assert phone.get(reverse("tournament", args=[tournament.pk])).status_code == 302


def test_progress_is_live_and_answers_304_while_nothing_changed(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=3)
    register(tournament, 8)
    round_ = published_round(tournament)
    url = reverse("round_progress", args=[tournament.pk, 1])
    first = client.get(url)
    assert "0/3" in text(first)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    enter_game(tables_of(round_)[0], 1, rufspiel(1, 2))
    changed = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200
    assert "1/3" in text(changed) and "läuft" in text(changed)
    dashboard = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert f'hx-get="{url}"' in dashboard


@pytest.mark.parametrize(
    ("game", "size", "remainder", "players", "expected"),
    [
        ("schafkopf", 4, "larger", 9, [4, 5]),
        ("schatzsuche", 3, "exact", 6, [3, 3]),
        ("scharfe_schoten", 4, "smaller", 7, [4, 3]),
        ("stichwahl", 3, "larger", 7, [3, 4]),
    ],
)
def test_every_game_runs_as_a_tournament(client, game, size, remainder, players, expected):
    """tournaments.md: "every game of the app can be run as a tournament (Schatzsuche and
    Scharfe Schoten at 3-player tables, Scharfe Schoten/Stichwahl at 3 or 4)"."""
    logged_in(client)
    fields = {
        "name": f"Cup {game}",
        "rounds": 2,
        "games_per_round": 8,
        "table_size": size,
        "remainder": remainder,
        "tie_break": "lot",
    }
    page = client.get(reverse("tournament_new", args=[game])).content.decode()
    fields["profile"] = re.search(
        r'<select name="profile"[^>]*>.*?<option value="([^"]+)" selected>', page, re.S
    ).group(1)
    response = client.post(reverse("tournament_new", args=[game]), fields)
    assert response.status_code == 302, text(response)[:2000]
    tournament = Tournament.objects.get(name=f"Cup {game}")
    register(tournament, players)
    round_ = published_round(tournament)
    assert [len(table.player_names) for table in tables_of(round_)] == expected
    for table in tables_of(round_):
        sheet = client.get(reverse("table", args=[scorer_key_of(table)]))
        assert sheet.status_code == 200
        assert f"Cup {game} · Runde 1 · Tisch" in text(sheet)
    standings = text(client.get(reverse("standings", args=[tournament.pk])))
    assert "Anna" in standings
