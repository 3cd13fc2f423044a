"""The club's player database (issue 24, "A club"): registering picks the club's players,
start numbers stay per tournament, a removed player keeps his results under "Spieler N"."""

import pytest
from django.urls import reverse

from scoring.models import Revision, Seat
from tournaments import services
from tournaments.models import Member, Player
from tournaments.standings import compute

from .helpers import enter_game, logged_in, make_tournament, organizer, rufspiel, tables_of

pytestmark = pytest.mark.django_db

CLUB_PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi", "Gustl", "Hanna"]


@pytest.fixture
def club(client):
    user = logged_in(client)
    club = services.create_club(user, "Schafkopfclub Au")
    services.add_members(club, CLUB_PLAYERS)
    return club


def club_tournament(club, name="Abend 1", **fields):
    user = club.organizers.get()
    return make_tournament(user, game="schafkopf", name=name, club=club, **fields)


def test_registration_picks_the_clubs_players_with_start_numbers_per_tournament(client, club):
    first, second = club_tournament(club), club_tournament(club, "Abend 2")
    services.register_players(first, [("Zenzi", 5)])
    members = {m.name: m for m in club.members.all()}
    url = reverse("tournament_players", args=[first.pk])
    page = client.get(url).content.decode()
    assert "Anna" in page and 'name="members"' in page

    response = client.post(url, {"pick": "1", "members": [members["Anna"].pk, members["Cem"].pk]})
    assert response.status_code == 302
    client.post(
        reverse("tournament_players", args=[second.pk]),
        {"pick": "1", "members": [members["Cem"].pk]},
    )
    by_name = {p.name: p for p in first.players.all()}
    assert by_name["Anna"].member == members["Anna"] and by_name["Cem"].member == members["Cem"]
    # Start numbers are the tournament's: Cem is 7 here (after Zenzi's 5, Anna's 6), 1 there.
    assert (by_name["Anna"].start_number, by_name["Cem"].start_number) == (6, 7)
    assert second.players.get().start_number == 1
    # A typed new name is the tournament's guest (issue 29); picked ones are not offered again.
    assert not club.members.filter(name="Zenzi").exists()
    assert first.players.get(name="Zenzi").member is None
    offered = set(client.get(url).context["pick_form"].fields["members"].queryset)
    assert members["Ben"] in offered and not {members["Anna"], members["Cem"]} & offered


def test_a_typed_name_of_a_club_player_is_that_player(client, club):
    tournament = club_tournament(club)
    client.post(reverse("tournament_players", args=[tournament.pk]), {"entries": "dora\nXaver"})
    dora = tournament.players.get(name="Dora")
    assert dora.member == club.members.get(name="Dora")
    # Xaver walked in: a guest of the evening, not a club player.
    assert tournament.players.get(name="Xaver").member is None
    assert club.members.count() == len(CLUB_PLAYERS)


def test_another_organizers_club_is_not_found(client, club):
    other = organizer("fremd")
    client.force_login(other)
    assert client.get(reverse("club", args=[club.pk])).status_code == 404


def test_removing_a_player_keeps_his_results_under_a_number(client, club):
    tournament = club_tournament(club, games_per_round=1)
    services.register_members(tournament, list(club.members.order_by("number")))
    round_ = services.draw_round(tournament, seed="club")
    services.publish_round(round_)
    table = tables_of(round_)[0]
    names = table.player_names
    gone = club.members.get(name=names[0])
    enter_game(table, 1, rufspiel(0, 2), author=names[0])
    before = {row.name: row.total for row in compute(tournament).rows}

    response = client.post(reverse("member_remove", args=[club.pk, gone.pk]))
    assert response.status_code == 302
    gone.refresh_from_db()
    new = f"Spieler {gone.number}"
    assert gone.name == new and gone.removed_at is not None
    after = {row.name: row.total for row in compute(tournament).rows}
    assert names[0] not in after and after[new] == before[names[0]]
    # The scorepad and its audit trail forget the name too.
    assert Seat.objects.get(table=table, position=0).name == new
    assert not Revision.objects.filter(author=names[0]).exists()
    assert Player.objects.get(member=gone).name == new
    # He is no longer offered for registration.
    later = club_tournament(club, "Abend 2")
    offered = client.get(reverse("tournament_players", args=[later.pk])).context["pick_form"]
    shown = [str(member) for member in offered.fields["members"].queryset]
    assert names[0] not in shown and new not in shown and len(shown) == 7
    assert Member.objects.filter(club=club, removed_at__isnull=True).count() == 7
