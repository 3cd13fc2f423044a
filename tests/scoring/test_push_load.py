"""What a table at full load costs the server (issue 29, docs/production.md "Load"): the rounds
ahead are rendered once per table and window for the pages and /ahead/ alike, and a save reads
the new version's summary once however many parts of its answer show it."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.live import table_cache_key
from scoring.rendering import AHEAD_KEEP
from tests.scoring.helpers import create_schatzsuche, post_round, renderings, round_fields

from .ahead_helpers import AheadAnswer, ahead

pytestmark = pytest.mark.django_db


def test_the_rounds_ahead_are_rendered_once_for_the_pages_and_ahead(client):
    cache.clear()  # a fresh table's window is shared with other tests' tables of its kind
    _table, key = create_schatzsuche(client)
    other_scorer = client.__class__()
    with renderings("scoring/_ahead.html") as rendered:
        page = client.get(reverse("table", args=[key])).content.decode()
        other = other_scorer.get(reverse("table", args=[key])).content.decode()
        fetched = ahead(client, key, 0)
    assert len(rendered) == 1
    inline = AheadAnswer(page)
    assert inline.after == 0 and inline.numbers == list(range(1, 11))  # the game's 10 rounds
    assert inline.numbers == AheadAnswer(other).numbers
    assert AheadAnswer(fetched.content.decode()).numbers == inline.numbers
    assert inline.last == 10 and inline.count <= AHEAD_KEEP


@pytest.mark.django_db(transaction=True)  # as in production: the cache is used outside one
def test_a_save_reads_the_new_versions_summary_once(client, monkeypatch):
    table, key = create_schatzsuche(client)
    client.get(reverse("table", args=[key]))
    asked = []
    get = cache.get

    def counting(cache_key, *args, **kwargs):
        asked.append(cache_key)
        return get(cache_key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", counting)
    answer = post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and answer["Stichblock-Entry"] == "saved"
    # The viewers' fragment and the saving phone's answer both show version 1.
    assert 'data-live-version="1"' in answer.content.decode()
    assert asked.count(table_cache_key("summary", table.pk, table.created_at, 1, "de")) == 1
    # The viewers' fragment, new for this version, is rendered and kept, not read back.
    viewers = table_cache_key("live", table.pk, table.created_at, 1, "de", "viewer")
    assert asked.count(viewers) == 1


@pytest.mark.django_db(transaction=True)  # the memo is kept outside transactions only
def test_a_requests_memo_is_its_own_table_objects_not_an_equal_ones(client, monkeypatch):
    """A model instance equals every other of its row: the memo of what a request read for its
    table must not be one an earlier request's equal object holds, and vanish mid-request when
    that object is collected (the save read its summary twice then, now and again)."""
    import gc

    from scoring import live
    from scoring.models import Table

    table, _key = create_schatzsuche(client)
    earlier = Table.objects.get(pk=table.pk)
    live.for_version("memo-test", earlier, lambda: "value")
    now = Table.objects.get(pk=table.pk)
    assert live.for_version("memo-test", now, lambda: "other") == "value"
    asked = []
    get = cache.get
    monkeypatch.setattr(cache, "get", lambda key, *a, **kw: asked.append(key) or get(key, *a, **kw))
    del earlier
    gc.collect()
    assert live.for_version("memo-test", now, lambda: "other") == "value"
    assert asked == []  # this request's own memo still has it
