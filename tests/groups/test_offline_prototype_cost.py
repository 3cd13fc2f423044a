"""The pages of an evening started offline are made once and kept (issue 29 §4.9): the second
phone's request renders nothing and writes nothing, the rolled-back tables leave nothing in
the cache, no phone's name or token is in pages kept for all, and one link cannot keep the
workers busy."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.groups import prototype
from scoring.models import Table

from .helpers import start_evening, start_group

pytestmark = pytest.mark.django_db


def cache_keys() -> set[str]:
    return set(cache._cache)  # the tests' local-memory cache


def test_the_pages_are_made_once_and_nothing_is_kept_for_rolled_back_tables(client):
    group = start_group(client)
    url = reverse("evening_offline", args=[group.scorer_key, 4])
    before = cache_keys()
    first = client.get(url)
    assert first.status_code == 200 and sorted(first.json()["pages"]) == ["0", "1", "2", "3"]
    added = cache_keys() - before
    assert len(added) == 1 and "evening-prototype" in next(iter(added)), added
    assert not Table.objects.exists()
    other_phone = Client()
    with CaptureQueriesContext(connection) as queries:
        second = other_phone.get(url)
    assert second.status_code == 200 and second.content == first.content
    writes = [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "SAVEPOINT"))]
    assert not writes, writes
    assert cache_keys() - before == added


def test_a_changed_group_gets_new_pages(client):
    group = start_group(client)
    url = reverse("evening_offline", args=[group.scorer_key, 4])
    first = client.get(url).json()
    group.name = "Stammtisch Post"
    group.save()
    assert client.get(url).json()["title"] != first["title"]


def test_no_phones_name_or_token_is_in_the_kept_pages(client):
    group = start_group(client)
    session = client.session
    session["author"] = "Zenzi Huber"
    session.save()
    start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"])  # a CSRF cookie and a name
    answer = client.get(reverse("evening_offline", args=[group.scorer_key, 4]))
    assert b"Zenzi" not in answer.content
    secret = client.cookies.get("csrftoken")
    assert secret is None or secret.value.encode() not in answer.content


@override_settings(RATELIMIT_PROTOTYPE="5/minute")
def test_one_link_cannot_keep_the_workers_busy(client):
    group = start_group(client)
    url = reverse("evening_offline", args=[group.scorer_key, 4])
    statuses = [client.get(url).status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    refused = client.get(url)
    assert int(refused["Retry-After"]) > 0
    # Another group's link is not affected.
    other = start_group(client, name="Andere Runde")
    assert client.get(reverse("evening_offline", args=[other.scorer_key, 4])).status_code == 200


def test_a_phone_asking_while_the_pages_are_made_is_told_to_come_back(client):
    group = start_group(client)
    key = prototype.prototype_cache_key(group, 4)
    cache.add(f"{key}:making", 1, 30)  # another worker is making them
    answer = client.get(reverse("evening_offline", args=[group.scorer_key, 4]))
    assert answer.status_code == 429 and answer["Retry-After"] == "2"
    cache.delete(f"{key}:making")
    assert client.get(reverse("evening_offline", args=[group.scorer_key, 4])).status_code == 200
