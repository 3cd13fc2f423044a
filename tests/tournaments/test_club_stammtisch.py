"""A Stammtisch of a club (issue 29 §1): linked by its scorer link, its roster players are
the club's members (a spelling variant matched after the organizer confirms it), a player
joining the roster later is a member, a rename on either side renames the other, and one
person's page shows his evenings and his tournaments. Groups without a club are unchanged."""

import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.groups.models import Player as GroupPlayer
from tests.groups.helpers import enter, game, start_evening, start_group
from tests.scoring.helpers import text
from tournaments import services

from .helpers import logged_in, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(client):
    club = services.create_club(logged_in(client), "Schafkopffreunde")
    services.add_members(club, ["Magdalena Frühholz", "Ben Huber"])
    return club


def link(client, club, group, answers=None):
    url = reverse("club_group_link", args=[club.pk])
    link_url = f"http://testserver/g/{group.scorer_key}/"
    asked = client.post(url, {"link": link_url})
    assert asked.status_code == 200
    form = asked.context["match_form"]
    data = {"link": link_url, "match": "1"}
    data |= {name: field.initial for name, field in form.fields.items()}
    data |= answers or {}
    return asked, client.post(url, data)


def test_a_linked_stammtisch_roster_is_the_clubs_members(client, club):
    group = start_group(client, roster=("Magdalena Fruehholz", "Ben Huber", "Cem", "Dora"))
    evening = start_evening(
        client, group, ["Magdalena Fruehholz", "Ben Huber", "Cem", "Dora"], day="2025-03-07"
    )
    enter(evening, game("solo", declarer=0))
    field = f"player-{group.players.get(name='Magdalena Fruehholz').pk}"
    asked, linked = link(client, club, group)
    page = asked.content.decode()
    # The likely spelling is preselected, and the organizer sees it before linking.
    magdalena = club.members.get(name="Magdalena Frühholz")
    assert asked.context["match_form"].fields[field].initial == str(magdalena.pk)
    assert "Magdalena Fruehholz" in page
    assert linked.status_code == 302
    group.refresh_from_db()
    assert group.club == club
    roster = {p.name: p.member for p in group.players.all()}
    members = {m.name: m for m in club.members.all()}
    assert set(members) == {"Magdalena Frühholz", "Ben Huber", "Cem", "Dora"}
    assert roster == {name: members[name] for name in members}
    evening.table.refresh_from_db()
    assert "Magdalena Frühholz" in evening.table.player_names, "one name on the sheet too"

    # A new roster player in the group is a club member; a rename there renames him.
    client.post(reverse("group_roster", args=[group.scorer_key]), {"names": "Emil Maier"})
    emil = GroupPlayer.objects.get(group=group, name="Emil Maier")
    assert emil.member.club == club and emil.member.name == "Emil Maier"
    client.post(
        reverse("player_rename", args=[group.scorer_key, emil.pk]), {"name": "Emil Obermaier"}
    )
    assert club.members.get(pk=emil.member.pk).name == "Emil Obermaier"

    # Renaming the member renames the roster player (and his sheets).
    ben = members["Ben Huber"]
    url = reverse("member", args=[club.pk, ben.pk])
    assert client.post(url, {"action": "rename", "name": "Benedikt Huber"}).status_code == 302
    assert group.players.filter(name="Benedikt Huber", member=ben).exists()
    evening.table.refresh_from_db()
    assert "Benedikt Huber" in evening.table.player_names

    # One person's page: his evening and his tournament.
    tournament = make_tournament(club.organizers.get(), game="schafkopf", name="Abend 1", club=club)
    services.register_members(tournament, [magdalena])
    page = client.get(reverse("member", args=[club.pk, magdalena.pk])).content.decode()
    assert "Stammtisch Krone" in page and "07.03.2025" in page and "Abend 1" in page


def test_only_the_scorer_link_links_and_groups_work_without_a_club(client, club):
    group = start_group(client)
    url = reverse("club_group_link", args=[club.pk])
    refused = client.post(url, {"link": f"/g/{group.viewer_key}/"})
    assert refused.status_code == 422
    assert "kein Schreiber-Link eines Stammtischs" in refused.content.decode()
    # Unlinked, the roster is the group's own: nobody joins a club.
    client.post(reverse("group_roster", args=[group.scorer_key]), {"names": "Emil"})
    assert group.players.get(name="Emil").member is None
    assert club.members.count() == 2


def test_two_roster_players_cannot_be_one_member(client, club):
    group = start_group(client, roster=("Ben", "Benni", "Cem"))
    ben = club.members.get(name="Ben Huber")
    answers = {f"player-{p.pk}": str(ben.pk) for p in group.players.filter(name__startswith="B")}
    _asked, refused = link(client, club, group, answers)
    assert refused.status_code == 422
    assert "können nicht beide Ben Huber sein" in refused.content.decode()
    group.refresh_from_db()
    assert group.club is None


FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
junk = st.one_of(
    st.text(max_size=320),
    st.sampled_from(["", " ", "\x00", "new", "-1", "9" * 30, "/g/../", "/g/x/"]),
    st.lists(st.text(max_size=4), min_size=2, max_size=3),
)


def test_new_for_a_name_the_club_has_is_refused_naming_the_player(client, club):
    """A second Stammtisch whose roster has "Ben", answered "new" although the club has a Ben
    (the first Stammtisch's): one person, one record; it was a 500 (found by the fuzz)."""
    first = start_group(client, name="Montag", roster=("Ben", "Cem"))
    assert link(client, club, first)[1].status_code == 302
    second = start_group(client, name="Donnerstag", roster=("Ben", "Dora"))
    ben = second.players.get(name="Ben")
    _asked, answer = link(client, club, second, {f"player-{ben.pk}": "new"})
    assert answer.status_code == 422
    assert "Ben: Der Verein hat schon einen Spieler dieses Namens" in text(answer)
    assert club.members.filter(name="Ben").count() == 1
    second.refresh_from_db()
    assert second.club_id is None


@FUZZ
@given(link_text=junk, answer=junk, scorer=st.booleans())
def test_the_link_forms_never_fail(client, club, link_text, answer, scorer):
    group = start_group(client, name=f"Runde {uuid.uuid4().hex[:6]}", roster=("Ben", "Cem"))
    url = reverse("club_group_link", args=[club.pk])
    link_value = f"/g/{group.scorer_key}/" if scorer else link_text
    data = {"link": link_value, "match": "1"}
    data |= {f"player-{p.pk}": answer for p in group.players.all()}
    for posted in ({"link": link_text}, data):
        assert client.post(url, posted).status_code in (200, 302, 422)


def test_a_roster_rename_to_another_club_players_name_is_refused(client, club):
    group = start_group(client, roster=("Ben Huber", "Cem", "Dora"))
    link(client, club, group)
    services.add_members(club, ["Zora Zenz"])
    cem = group.players.get(name="Cem")
    url = reverse("player_rename", args=[group.scorer_key, cem.pk])
    refused = client.post(url, {"name": "Zora Zenz"})
    assert refused.status_code == 422
    cem.refresh_from_db()
    assert cem.name == "Cem" and cem.member.name == "Cem"


@pytest.mark.django_db(transaction=True)
def test_the_name_lengths_migrate_back_and_forth():
    executor = MigrationExecutor(connection)
    executor.migrate([("scoring", "0007_analysis")])
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
