"""Live updates: what a phone's copy of a table's live fragment depends on, its signed ETag,
conditional answers (304 while nothing changed), and the cache of what a table shows at a
version.

A page hears of each change on its event stream (scoring/events.py) and fetches its fragment
once per change; it polls only while no stream can be held (static/js/live.js). Either way
nearly every request finds the phone's copy current, so the answer must be cheap: one indexed
query for the table's version (``live_state``) and a 304 when the phone's ETag matches. The
ETag is signed, so a 304 tells nothing to someone guessing links (scoring/middleware.py
answers matching requests before sessions and templates).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.crypto import salted_hmac

from .models import Access

# A cached fragment is keyed by the table's version: it is never out of date, only unused.
FRAGMENT_CACHE_SECONDS = 600
# In every cache key of a table: a release that caches another shape of value asks anew.
CACHE_FORMAT = "2"
_known = threading.local()  # for_version's values per table object and thread


def small_number(value: str) -> str:
    """A query value that must be a small number (it becomes part of cache keys), else ""."""
    return value if value.isdecimal() and len(value) <= 6 else ""


def open_form(request: HttpRequest) -> tuple[str, str]:
    """(round, base) of the form the polling phone has open, as the poll's query names them."""
    return small_number(request.GET.get("round", "")), small_number(request.GET.get("base", ""))


def state_of(request: HttpRequest, role: str, version: int, language: str) -> str:
    """What a phone's copy of the live fragment depends on: the table's version, the link's
    role, the language and the phone's open form."""
    form_round, form_base = open_form(request)
    return f"{version}-{role}-{language}-{form_round}-{form_base}"


def live_state(request: HttpRequest, key: str, language: str) -> str | None:
    """``state_of`` a link from one small query (the early 304 path), None for no such link."""
    found = Access.objects.poll_state(key)
    return None if found is None else state_of(request, *found, language)


def live_etag(key: str, state: str) -> str:
    """The signed ETag of a live fragment: nobody can forge a matching one for a guessed key."""
    digest = salted_hmac("live-etag", f"{key}:{state}", algorithm="sha256").hexdigest()
    return f'"{digest[:24]}"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 when the request's If-None-Match matches ``etag`` (Django's comparison: lists,
    weak tags, ``*``), else None."""
    response = get_conditional_response(request, etag=etag)
    if response is None or response.status_code != 304:
        return None  # other preconditions (If-Match) are the view's business
    return tag(response, etag)


def conditional(request: HttpRequest, etag: str, respond: Callable[[], HttpResponse]):
    """``respond()`` tagged with ``etag``, or a 304 without calling it when the phone's copy
    is current. Polled answers are private and revalidated every time."""
    response = not_modified(request, etag)
    if response is None:
        response = tag(respond(), etag)
    return response


def tag(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


def table_cache_key(kind: str, table_id: int, created_at, version: int, *parts: str) -> str:
    """A cache key for what a table shows at ``version``. With the table's creation time: a
    database started afresh (tests, development) reuses ids."""
    born = int(created_at.timestamp() * 1_000_000)
    return ":".join([kind, CACHE_FORMAT, f"{table_id}-{born}", str(version), *parts])


def for_version[T](kind: str, table, compute: Callable[[], T], *parts: str) -> T:
    """``compute()`` for ``table`` at its version, computed once per version and shared by
    every request that reads that version: every change to what a table's pages show bumps its
    version. Not inside a transaction, which may be writing the version it would be filed
    under (and roll back)."""
    if transaction.get_connection().in_atomic_block:
        return compute()
    key = table_cache_key(kind, table.pk, table.created_at, table.version, *parts)
    return cached_for(table, key, compute)


def cached_for[T](table, key: str, compute: Callable[[], T]) -> T:
    """``cached`` for what ``table`` shows at its version. A request asks for the same things
    several times (a save renders the viewers' fragment, the other scorers' answer and its
    own, each around the same sheet): kept beside the table object too, as long as the
    request holds it (not on it: a table may be pickled into the cache with what it holds)."""
    known = memo_of(table)
    if key not in known:
        known[key] = cached(key, compute)
    return known[key]


def memo_of(table) -> dict:
    """What this thread's requests read for this very table object (not for every object
    equal to it: a model instance equals any other of its row, and a dictionary keyed weakly
    by one would drop its entry when an equal object of an earlier request is collected)."""
    memos = _known.__dict__.setdefault("tables", {})
    key = id(table)
    entry = memos.get(key)
    if entry is None or entry[0]() is not table:

        def forget(ref, key=key):
            if memos.get(key, (None,))[0] is ref:
                del memos[key]

        entry = memos[key] = (weakref.ref(table, forget), {})
    return entry[1]


def cached[T](key: str, compute: Callable[[], T]) -> T:
    """``compute()`` kept under ``key`` for FRAGMENT_CACHE_SECONDS. Not Django's
    ``get_or_set``: on a miss it reads the value back after adding it, one more round trip
    that carries (and unpickles) a whole fragment again; equal renderings may both be kept
    by the requests that made them."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.add(key, value, FRAGMENT_CACHE_SECONDS)
    return value


def moved_on_key(table_id: int, created_at, version: int, language: str) -> str:
    """The name the scorers' moved-on answer of a save is sent to the event servers under
    (scoring.rendering.render_moved_on, scoring.events.MovedOnEvents)."""
    return table_cache_key("moved", table_id, created_at, version, language)


def formless_key(table_id: int, created_at, version: int, language: str, role: str) -> str:
    """The name of the live fragment of a page without an open form (a viewer's sheet): its
    cache key, and the name it is sent to the event servers under (scoring.push.Sheets)."""
    return table_cache_key("live", table_id, created_at, version, language, role)
