"""The team competition: the organizer puts registered players into named teams of at most
four (each player in one team at most, the database refuses more); the team standings sum
the players' points, beside the individual standings and on the projector."""

import re

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import Team, TeamMember
from tournaments.standings import compute
from tournaments.teams import team_standings

from .helpers import logged_in, published_round, register, tables_of
from .skat_helpers import skat_game, skat_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(client):
    """8 players, round 1 published: at table 1 seat 0 wins a game of 48, at table 2 seat 2
    loses one of -72 (its three opponents get 30 each)."""
    tournament = skat_tournament(logged_in(client), rounds=1)
    players = register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    skat_game(first, 0, True, 48)
    skat_game(second, 2, False, -72)
    return tournament, players


def post_team(client, tournament, name, players, team=None):
    data = {"name": name}
    for place, player in enumerate(players, start=1):
        data[f"player_{place}"] = "" if player is None else str(player.pk)
    url = (
        reverse("team_edit", args=[tournament.pk, team.pk])
        if team
        else reverse("teams", args=[tournament.pk])
    )
    return client.post(url, data)


def errors_of(response) -> list[str]:
    html = response.content.decode()
    block = re.search(r'<div class="form-errors".*?</div>', html, re.S)
    return re.findall(r"<li>(?:<a[^>]*>)?(.*?)(?:</a>)?</li>", block.group(0)) if block else []


def test_the_organizer_makes_teams_and_sees_them_ranked_by_their_players_points(client, league):
    tournament, players = league
    assert post_team(client, tournament, "Herz Dame", players[:4]).status_code == 302
    assert post_team(client, tournament, "Kreuz Bube", players[4:]).status_code == 302
    points = {row.player_id: row.total for row in compute(tournament).rows}
    sums = {
        "Herz Dame": sum(points[p.pk] for p in players[:4]),
        "Kreuz Bube": sum(points[p.pk] for p in players[4:]),
    }
    ranking = team_standings(tournament)
    assert {row.name: row.points for row in ranking.rows} == sums
    assert [row.points for row in ranking.rows] == sorted(sums.values(), reverse=True)
    assert [row.rank for row in ranking.rows] == [1, 2]
    page = client.get(reverse("teams", args=[tournament.pk])).content.decode()
    assert "Mannschaftswertung" in page
    for name in sums:
        assert name in page
    public = client.get(reverse("public_teams", args=[tournament.public_key])).content.decode()
    assert "Herz Dame" in public and "Kreuz Bube" in public
    assert players[0].name in public


def test_a_team_sums_exactly_its_players(client, league):
    tournament, players = league
    winner = next(row for row in compute(tournament).rows if row.total > 0 and row.count("won"))
    loser = next(row for row in compute(tournament).rows if row.count("lost"))
    by_pk = {p.pk: p for p in players}
    post_team(client, tournament, "Eins", [by_pk[winner.player_id], by_pk[loser.player_id]])
    (team,) = team_standings(tournament).rows
    assert team.points == winner.total + loser.total
    assert [member.name for member in team.members] == [winner.name, loser.name]


def test_changing_and_deleting_a_team(client, league):
    tournament, players = league
    post_team(client, tournament, "Pik", players[:2])
    team = Team.objects.get(name="Pik")
    assert post_team(client, tournament, "Pik As", players[2:4], team=team).status_code == 302
    team.refresh_from_db()
    assert team.name == "Pik As"
    assert [m.player_id for m in team.members.all()] == [p.pk for p in players[2:4]]
    # The players let go are free for another team.
    assert post_team(client, tournament, "Karo", players[:2]).status_code == 302
    client.post(reverse("team_delete", args=[tournament.pk, team.pk]))
    assert not Team.objects.filter(pk=team.pk).exists()


def test_a_player_in_another_team_is_refused_naming_the_field_and_the_rule(client, league):
    tournament, players = league
    post_team(client, tournament, "Herz", players[:2])
    response = post_team(client, tournament, "Karo", [players[2], players[1]])
    assert response.status_code == 422
    assert errors_of(response) == [
        f"Spieler 2: {players[1].name} spielt schon für die Mannschaft „Herz“; ein Spieler "
        "ist in höchstens einer Mannschaft."
    ]
    assert not Team.objects.filter(name="Karo").exists()


@pytest.mark.parametrize(
    ("name", "picks", "message"),
    [
        ("", [0], "Mannschaftsname: Bitte einen Namen eingeben."),
        ("   ", [0], "Mannschaftsname: Bitte einen Namen eingeben."),
        ("x" * 61, [0], "Mannschaftsname: höchstens 60 Zeichen."),
        (
            "Leer",
            [None, None],
            "Spieler: Bitte mindestens einen Spieler für die Mannschaft wählen.",
        ),
        ("Doppelt", [0, 0], "Spieler 2: Anna ist doppelt gewählt; ein Spieler hat einen Platz"),
    ],
)
def test_bad_teams_are_refused_with_a_clear_message(client, league, name, picks, message):
    tournament, players = league
    chosen = [None if i is None else players[i] for i in picks]
    response = post_team(client, tournament, name, chosen)
    assert response.status_code == 422
    assert any(error.startswith(message) for error in errors_of(response)), errors_of(response)
    assert not Team.objects.exists()


def test_a_taken_name_and_a_stranger_are_refused(client, league):
    tournament, players = league
    post_team(client, tournament, "Herz", players[:1])
    response = post_team(client, tournament, "herz", players[1:2])
    assert errors_of(response) == ["Mannschaftsname: „herz“ hat schon eine andere Mannschaft."]
    other = skat_tournament(tournament.organizers.get(), name="Anderes Turnier")
    stranger = register(other, 1)[0]
    response = post_team(client, tournament, "Kreuz", [stranger])
    assert errors_of(response) == [
        "Spieler 1: Bitte einen für dieses Turnier angemeldeten Spieler wählen."
    ]


def test_the_database_keeps_a_player_in_one_team_and_a_team_at_four(league):
    tournament, players = league
    first = Team.objects.create(tournament=tournament, name="A")
    second = Team.objects.create(tournament=tournament, name="B")
    for place, player in enumerate(players[:4], start=1):
        TeamMember.objects.create(team=first, tournament=tournament, player=player, place=place)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=first, tournament=tournament, player=players[4], place=5)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamMember.objects.create(team=second, tournament=tournament, player=players[0], place=1)


def test_teams_are_the_organizers_only(client, league):
    tournament, _players = league
    logged_in(client, "fremd")
    assert client.get(reverse("teams", args=[tournament.pk])).status_code == 404


fuzz_values = st.one_of(
    st.text(max_size=70),
    st.integers(-3, 2**70).map(str),
    st.sampled_from(["", " ", "1e3", "٣", "\x00", "99999999999999999999999"]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=fuzz_values,
    picks=st.lists(st.one_of(fuzz_values, st.integers(0, 7)), max_size=6),
)
def test_fuzzed_team_forms_never_fail(client, league, name, picks):
    tournament, players = league
    data = {"name": name}
    for place, pick in enumerate(picks, start=1):
        data[f"player_{place}"] = str(players[pick].pk) if isinstance(pick, int) else pick
    response = client.post(reverse("teams", args=[tournament.pk]), data)
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert errors_of(response)  # a message says what to fix
    assert all(team.members.count() <= 4 for team in Team.objects.all())
