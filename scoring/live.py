"""Live updates: what a phone's copy of a table's live fragment depends on, its signed ETag,
and conditional answers (304 while nothing changed) for every polled page.

Every phone polls its table's live fragment every 3 s and nearly always has the current copy,
so the answer must be cheap: one indexed query for the table's version (``live_state``) and a
304 when the phone's ETag matches. The ETag is signed, so a 304 tells nothing to someone
guessing links (scoring/middleware.py answers matching polls before sessions and templates).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .models import Access

# A cached fragment is keyed by the table's version: it is never out of date, only unused.
FRAGMENT_CACHE_SECONDS = 600


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


def cached[T](cache_key: str, compute: Callable[[], T]) -> T:
    """What ``cache_key`` names (a rendered fragment, a table's summary), computed by the
    first request that asks and shared by every later one.

    A save landing while it is computed only makes this copy newer than its key: harmless, the
    next request sees the new version and asks under the new key."""
    value = cache.get(cache_key)
    if value is None:
        value = compute()
        cache.set(cache_key, value, FRAGMENT_CACHE_SECONDS)
    return value


def table_cache_key(kind: str, table_id: int, created_at, version: int, *parts: str) -> str:
    """A cache key for what a table shows at ``version``. With the table's creation time: a
    database started afresh (tests, development) reuses ids."""
    born = int(created_at.timestamp() * 1_000_000)
    return ":".join([kind, f"{table_id}-{born}", str(version), *parts])


def for_version[T](kind: str, table, compute: Callable[[], T], *parts: str) -> T:
    """``compute()`` for ``table`` at its version, computed once per version and shared by
    every request that reads that version: every change to what a table's pages show bumps its
    version. Not inside a transaction, which may be writing the version it would be filed
    under (and roll back)."""
    if transaction.get_connection().in_atomic_block:
        return compute()
    return cached(table_cache_key(kind, table.pk, table.created_at, table.version, *parts), compute)


def formless_key(table_id: int, created_at, version: int, language: str, role: str) -> str:
    """The name of the live fragment of a page without an open form (a viewer's sheet): its
    cache key, and the name it is sent to the event servers under (scoring.push.Sheets)."""
    return table_cache_key("live", table_id, created_at, version, language, role)


def rendered_for_links(
    cache_key: str, table, role: str, render: Callable[[Access], str]
) -> tuple[str, str]:
    """(stand-in key, HTML) of what every link of ``table`` with ``role`` sees alike but for
    its own key (in its links and URLs), rendered once under ``cache_key`` and shared."""
    return cached(cache_key, lambda: with_stand_in(table, role, render))


def with_stand_in(table, role: str, render: Callable[[Access], str]) -> tuple[str, str]:
    """(stand-in key, HTML): ``render`` gets a stand-in link whose key is random and made anew
    for each rendering, so no name typed at the table can contain it; ``for_link`` puts in the
    asking link's key."""
    stand_in = secrets.token_urlsafe(16)
    return stand_in, render(Access(key=stand_in, role=role, table=table))


def for_link(rendered: tuple[str, str], key: str) -> SafeString:
    stand_in, html = rendered
    return mark_safe(html.replace(stand_in, key))


def shared_sheet(access: Access, context: dict) -> SafeString:
    """The score grid and chart (scoring/_sheet.html) of the table's current version, rendered
    once per version and language and shared by every link of the table and every request
    that shows it: sheet pages, fragment fetches, event streams. It is rendered for a
    read-only stand-in link: nothing a scorer link alone may see can end up in it.

    ``context`` holds the table, its pad and ``summary``, read after the table's version: the
    copy can only be newer than its key, never older (a newer version fetches again)."""
    table = access.table
    cache_key = table_cache_key("sheet", table.pk, table.created_at, table.version, get_language())
    rendered = rendered_for_links(
        cache_key,
        table,
        Access.Role.VIEWER,
        lambda link: render_to_string("scoring/_sheet.html", {**context, "access": link}),
    )
    return for_link(rendered, access.key)
