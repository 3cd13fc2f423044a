"""A Skat league evening from setup to the prize list, through the pages an organizer and
the players use: setup (ISkO profile, tables of 4 and of 3), registration, draw and publish,
table sheets with the empty DSkV list, "Wer sitzt wo?", games entered on the Skat pad at the
tables, live and projector standings, teams, the Verlustspielgeld, the prize list."""

import re

import pytest
from django.urls import reverse

from scoring.models import Revision
from tests.form_defaults import form_defaults
from tests.scoring.helpers import text
from tests.scoring.skat_pad_helpers import game_fields, play_game
from tournaments import services
from tournaments.models import Tournament
from tournaments.series import rank_series
from tournaments.standings import compute

from .helpers import NAMES, logged_in, published_round, tables_of
from .skat_helpers import skat_game, skat_tournament

pytestmark = pytest.mark.django_db


def setup_skat(client) -> Tournament:
    url = reverse("tournament_new", args=["skat"])
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    # Tables of 4, of 3 where the count demands it: the preselected policy.
    assert re.search(r'<option value="smaller" selected>', html)
    assert "mehr gewonnene Spiele als Alleinspieler, dann weniger verlorene, dann Los" in html
    assert "Dreiertische nur, wo die Zahl der Spieler es verlangt" in html
    data = form_defaults(html)
    data.update(name="Skatliga 5. Spieltag", rounds="2")
    response = client.post(url, data)
    assert response.status_code == 302, text(response)[:3000]
    return Tournament.objects.get(name="Skatliga 5. Spieltag")


def test_a_skat_league_evening(client):
    logged_in(client)
    tournament = setup_skat(client)
    assert tournament.game == "skat" and tournament.profile_name == "isko"
    assert tournament.profile["games_per_list_4"] == 48
    overview = client.get(reverse("tournament", args=[tournament.pk]))
    assert overview.status_code == 200 and "Skat" in text(overview)

    names = NAMES[:13]
    response = client.post(
        reverse("tournament_players", args=[tournament.pk]), {"entries": "\n".join(names)}
    )
    assert response.status_code == 302
    assert list(tournament.players.values_list("start_number", flat=True)) == list(range(1, 14))

    assert client.post(reverse("round_draw", args=[tournament.pk]), {}).status_code == 302
    round_ = tournament.draws.get(number=1)
    sizes = [table.seats.count() for table in round_.tables.order_by("number")]
    assert sizes == [4, 3, 3, 3]
    client.post(reverse("round_publish", args=[tournament.pk, 1]))
    round_.refresh_from_db()
    assert round_.is_published

    sheets = client.get(reverse("round_sheets", args=[tournament.pk, 1]))
    html = sheets.content.decode()
    assert html.count("<svg") == 4  # a QR code per table
    assert "Eine Liste mit 48 Spielen" in text(sheets)
    assert "Eine Liste mit 36 Spielen" in text(sheets)
    lists = re.findall(r'<table class="paper-games skat-list">.*?</table>', html, re.S)
    assert [len(re.findall(r'<tr><td class="no">', t)) for t in lists] == [48, 36, 36, 36]
    assert all("Alleinspieler" in t and "Spielwert" in t for t in lists)

    seating = client.get(reverse("public_seating", args=[tournament.public_key]))
    assert seating.status_code == 200
    assert all(name in seating.content.decode() for name in names)

    # The players enter games on the pad, each table with its own link.
    four, *threes = tables_of(round_)
    key = services.scorer_key(four)
    play_game(client, key, 1, 1, "grand", outcome="won", author=four.player_names[1])
    play_game(client, key, 2, 2, "kreuz", outcome="lost", author=four.player_names[1])
    three_key = services.scorer_key(threes[0])
    play_game(client, three_key, 1, 0, "herz", outcome="won", author=threes[0].player_names[1])
    assert Revision.objects.filter(round__table__in=[four, threes[0]]).count() == 3

    # The organizer follows the tables: games entered of the list's length.
    progress = client.get(reverse("tournament_round", args=[tournament.pk, 1])).content.decode()
    games = re.findall(r'<td class="games">(\d+)/(\d+)<meter', progress)
    assert games == [("2", "48"), ("1", "36"), ("0", "36"), ("0", "36")]

    rows = {row.name: row for row in compute(tournament).rows}
    scores = {}
    for table in (four, threes[0]):
        totals = [0] * len(table.player_names)
        for revision in Revision.objects.filter(round__table=table, is_current=True):
            totals = [a + b for a, b in zip(totals, revision.scores, strict=True)]
        scores |= dict(zip(table.player_names, totals, strict=True))
    assert {name: rows[name].total for name in scores} == scores
    assert rows[four.player_names[2]].count("lost") == 1

    # A table whose phones failed: the organizer transfers its paper list with the pad's form.
    paper = reverse("table_paper", args=[tournament.pk, 1, 3])
    form = client.get(paper).context["form"]
    data = {"base": 0, "submission": form["submission"].value()}
    data |= game_fields(2, "pik", outcome="won")
    assert client.post(paper, data).status_code == 302
    transferred = Revision.objects.get(round__table=threes[1])
    assert transferred.data["declarer"] == 2 and transferred.data["won"] is True
    assert transferred.scores == [0, 0, transferred.data["list_points"] + 50]

    standings = client.get(reverse("standings", args=[tournament.pk]))
    assert "Seeger-Fabian" in text(standings)
    workbook = client.get(reverse("standings_xlsx", args=[tournament.pk]))
    assert workbook.status_code == 200 and workbook.content[:2] == b"PK"
    results = client.get(reverse("results", args=[tournament.pk]))
    assert compute(tournament).rows[0].name in text(results)
    projector = client.get(reverse("public_standings", args=[tournament.public_key]))
    assert projector.status_code == 200
    first = compute(tournament).rows[0]
    assert first.name in projector.content.decode()
    live = client.get(reverse("public_standings_live", args=[tournament.public_key]))
    assert live.status_code == 200 and first.name in live.content.decode()

    # Teams of the league, ranked by their players' points.
    players = list(tournament.players.order_by("start_number"))
    for team, members in (("Grand Hand", players[:4]), ("Null Ouvert", players[4:8])):
        data = {"name": team} | {
            f"player_{place}": str(player.pk) for place, player in enumerate(members, 1)
        }
        assert client.post(reverse("teams", args=[tournament.pk]), data).status_code == 302
    public_teams = client.get(reverse("public_teams", args=[tournament.public_key]))
    assert "Grand Hand" in text(public_teams) and "Null Ouvert" in text(public_teams)

    fees = client.get(reverse("loss_fees", args=[tournament.pk]))
    assert "0,50 €" in text(fees)  # one lost game: the isko fee

    prizes = reverse("prizes", args=[tournament.pk])
    form = {"entry_fee": "10,00", "per_point": "0,00", "prizes": "1: 50 %\n2: 30 %"}
    assert client.post(prizes, form).status_code == 302
    payouts = client.get(reverse("payouts", args=[tournament.pk]))
    assert "65,00 €" in text(payouts)  # 50 % of 13 x 10 €
    assert first.name in text(payouts)


def test_a_series_of_skat_evenings_sums_their_points(client):
    user = logged_in(client)
    club = services.create_club(user, "Skatfreunde")
    services.add_members(club, NAMES[:6])
    evenings = []
    for name in ("Spieltag 1", "Spieltag 2"):
        tournament = skat_tournament(user, name=name, club=club, rounds=1)
        services.register_members(tournament, list(club.members.order_by("number")))
        first, second = tables_of(published_round(tournament, seed=name))
        skat_game(first, 0, True, 48)
        skat_game(second, 1, False, -60)
        evenings.append(tournament)
    response = client.post(
        reverse("series_new", args=[club.pk]),
        {"name": "Liga", "tie_break": "lot", "tournaments": [t.pk for t in evenings]},
    )
    assert response.status_code == 302
    series = club.series.get()
    per_evening = [{row.member_id: row.total for row in compute(t).rows} for t in evenings]
    expected = {
        member: sum(evening.get(member, 0) for evening in per_evening) for member in per_evening[0]
    }
    ranking = {row.member_id: row.points for row in rank_series(series).rows}
    assert ranking == expected
    page = client.get(reverse("series", args=[series.pk]))
    assert page.status_code == 200 and "Liga" in text(page)
