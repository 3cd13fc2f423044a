"""Link keys a phone chooses, and the tokens of a start sent later (issue 29 §4.4–5): a chosen
key is as random as the server's and new among all links of every kind (tables, groups,
tournaments' public standings …); a start's token belongs to the group it was made for."""

from __future__ import annotations

import base64
import secrets
import uuid

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.groups.models import Evening, Group
from scoring.keys import is_random_key
from scoring.models import Access, Table, new_key
from tests.scoring.helpers import create_schatzsuche
from tests.tournaments.helpers import logged_in, make_tournament

from .helpers import start_group
from .test_offline_start import JSON, seating

pytestmark = pytest.mark.django_db


def started_with(client, group, **keys):
    url = reverse("evening_new", args=[group.scorer_key])
    return client.post(url, seating(group, **keys), **JSON)


@pytest.mark.parametrize(
    "weak",
    [
        "c" * 24,  # the reported key
        "ab" * 12,
        "ABCDEFGHIJKLMNOPQRSTUVWX",  # a constant step
        "AAAAAAAAAAAAAAAAAAAAAAAB",
        "abcdefgh" * 3,
        new_key()[:23] + "~",  # not the app's alphabet
        new_key() + "AAAA",  # 21 bytes, more than the server's keys carry
        secrets.token_urlsafe(16),  # 128 bits
        "dGVzdA",  # base64 of "test"
    ],
)
def test_a_start_sent_later_with_a_weak_key_is_refused(client, weak):
    group = start_group(client)
    response = started_with(client, group, scorer_key=weak, viewer_key=new_key())
    assert response.status_code == 422
    assert "kein Zufallsschlüssel" in response.json()["message"]
    assert not Evening.objects.exists() and not Access.objects.filter(key=weak).exists()
    assert client.get(f"/t/{weak}/").status_code == 404


def test_a_chosen_key_may_not_be_a_groups_a_tables_or_a_tournaments_link(client):
    group = start_group(client)
    _table, table_key = create_schatzsuche(client)
    tournament = make_tournament(logged_in(client, "orga"))
    taken = [group.scorer_key, group.viewer_key, table_key, tournament.public_key]
    for key in taken:
        assert is_random_key(key), "the server's own keys pass the check"
        response = started_with(client, group, scorer_key=key, viewer_key=new_key())
        assert response.status_code == 422, key
        assert "gehört schon zu einem anderen Tisch" in response.json()["message"]
    assert not Evening.objects.exists()
    # The group's link still opens the group, not a table.
    assert client.get(f"/t/{group.scorer_key}/").status_code == 404
    assert client.get(reverse("group", args=[group.scorer_key])).status_code == 200


def test_the_servers_own_keys_always_pass():
    """As a phone's keys (evening.js: 18 bytes of crypto.getRandomValues, URL-safe base64)."""
    assert all(is_random_key(new_key()) for _ in range(20000))


def test_another_groups_token_starts_its_own_evening_and_never_returns_the_first(client):
    first, second = start_group(client, name="A"), start_group(client, name="B")
    token = str(uuid.uuid4())
    a = started_with(client, first, submission=token)
    assert a.status_code == 201
    b = client.post(
        reverse("evening_new", args=[second.scorer_key]), seating(second, submission=token), **JSON
    )
    assert b.status_code == 201
    assert b.json()["url"] != a.json()["url"], "B got A's scorer link"
    assert Evening.objects.get(table__accesses__key=b.json()["url"].split("/")[2]).group == second
    assert Evening.objects.get(table__accesses__key=a.json()["url"].split("/")[2]).group == first
    # Sent again to A (a lost answer): still A's one evening.
    again = started_with(client, first, submission=token)
    assert again.json()["url"] == a.json()["url"]
    assert first.evenings.count() == 1 and second.evenings.count() == 1


def test_a_stand_alone_tables_token_does_not_attach_that_table_to_a_group(client):
    token = uuid.uuid4()
    table, key = create_schatzsuche(client, submission=str(token))
    assert table.submission == token
    group = start_group(client)
    response = started_with(client, group, submission=str(token))
    assert response.status_code == 201
    assert response.json()["url"] != f"/t/{key}/"
    assert not Evening.objects.filter(table=table).exists()
    assert Table.objects.count() == 2
    # Nor does an evening's token, sent to the stand-alone form, return the evening's table.
    evening_token = str(uuid.uuid4())
    # (The same people again that day: started as a second table on purpose.)
    started = started_with(client, group, submission=evening_token, second_table="1")
    _other, other_key = create_schatzsuche(client, submission=evening_token)
    assert started.json()["url"] != f"/t/{other_key}/"


KEYISH = st.one_of(
    st.text(max_size=45),
    st.text(alphabet="AaBb0-_", min_size=20, max_size=44),
    st.binary(min_size=15, max_size=21).map(lambda raw: base64.urlsafe_b64encode(raw).decode()),
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(scorer=KEYISH, viewer=KEYISH)
def test_any_chosen_keys_are_a_new_table_or_a_422(client, scorer, viewer):
    group = Group.objects.first() or start_group(client)
    response = started_with(client, group, scorer_key=scorer, viewer_key=viewer)
    assert response.status_code in (201, 422), (scorer, viewer, response.status_code)
    if response.status_code == 201 and (scorer or viewer):  # none: the server chooses them
        assert is_random_key(scorer) and is_random_key(viewer) and scorer != viewer
