"""The event streams (Server-Sent Events): a phone hears of its table's changes as they commit.

``/t/<key>/events/`` sends the table's version each time it changes (and a ping when idle).
A page with an open entry form then fetches its live fragment once (scoring/live.py: cached
per table version, answered 304 when the phone is current): the fragment depends on the form
the phone has open. A page without one (a viewer's sheet, ``?sheet=1``) gets the fragment in
the event itself (``SheetEvents``), rendered once per table version, language and role and
shared by every such phone: no fetch at all.

Under an ASGI server (uvicorn, deploy/) thousands of streams wait in one event loop; under a
server with a thread per connection (``runserver``, the tests' live server) a stream holds a
thread, which is fine there and refused in production (``LIVE_EVENTS_WSGI``): a 204 tells
the browser not to reconnect, and the page polls instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from functools import wraps

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, connections
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import get_language_from_request
from django.views.decorators.http import require_GET

from stichblock import proofs

from . import live, push
from .access import Scope, table_link
from .models import Access
from .rendering import FORM_PARTS, formless_fragment
from .shared import Shared

log = logging.getLogger("stichblock")

# How long a new stream waits for this process's LISTEN connection (PostgreSQL) before it
# reads the versions it starts from; only the first stream after a start or restart waits.
LISTEN_WAIT_SECONDS = 3.0


def close_connections() -> None:
    """A stream needs the database only for its link check: give the connection back at once
    instead of holding it for the stream's lifetime (never inside a test's transaction)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


async def release_request_thread() -> None:
    """Under ASGI Django gives each request a worker thread for its synchronous parts (the
    middleware, the link check) until the response ends. A stream is done with it once it
    starts sending: close that thread's database connection and let the thread go, so a held
    stream costs a coroutine, not a thread and a connection."""
    await sync_to_async(close_connections)()
    context = SyncToAsync.thread_sensitive_context.get(None)
    if context is None or getattr(context, "_executor", None) is not None:
        return  # no per-request thread here (tests), or one its owner keeps
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        executor.shutdown(wait=False)


def listening(view):
    """Decorates an async stream view: this process listens for changes before the view reads
    the versions its stream starts from, so no change can fall between the two."""

    @wraps(view)
    async def wrapper(request, *args, **kwargs):
        if isinstance(request, ASGIRequest):  # a thread's stream hears only its own process
            await wait_for_listener()
        return await view(request, *args, **kwargs)

    return wrapper


async def wait_for_listener() -> None:
    push.hub.start_listening()
    if not push.on_postgresql():
        return
    for _ in range(int(LISTEN_WAIT_SECONDS / 0.05)):
        if push.hub.listening.is_set():
            return
        await asyncio.sleep(0.05)


def event_stream(
    request,
    channels: dict[str, int],
    *,
    lifetime=None,
    reconnect_on=None,
    in_django=True,
    announcer: push.Versions | None = None,
) -> HttpResponse:
    """The streaming answer for ``channels`` (name → version read after the listener was
    ready), resuming after the version the phone already has."""
    since = push.resume_point(request)
    stream = push.Stream(
        channels,
        since,
        lifetime=lifetime or push.STREAM_SECONDS,
        reconnect_on=reconnect_on,
        announcer=announcer,
    )
    if isinstance(request, ASGIRequest):
        content = _async_content(stream, release=in_django)
    elif settings.LIVE_EVENTS_WSGI:
        content = _sync_content(stream)
    else:
        # A WSGI worker must not be held by one phone: no stream here, the page polls.
        return HttpResponse(status=204)
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # nginx and others: pass every event on at once
    return response


async def _async_content(stream: push.Stream, *, release: bool):
    if release:  # served by Django's request handling, which gave the request a thread
        await release_request_thread()
    async for chunk in stream:
        yield chunk


def _sync_content(stream: push.Stream):
    close_connections()
    with contextlib.suppress(GeneratorExit):
        yield from stream


def sheet_event(version: int, html: str) -> bytes:
    """``event: sheet``: the live fragment of ``version``, one ``data:`` field per line."""
    data = "".join(f"data: {line}\n" for line in html.splitlines())
    return f"id: {version}\nevent: sheet\n{data}\n".encode()


# The saving request renders the viewers' fragment right after its commit, which is when the
# streams hear of the version, and sends it over (scoring.push.Sheets): a stream waits this
# long for it before it announces the bare version (the page then fetches its fragment).
SHEET_WAIT_SECONDS = 0.5


class SheetEvents(push.Versions):
    """Each version sent with the live fragment a page without an open form shows for it (a
    viewer's sheet), rendered once per table version, language and role (``formless_fragment``)
    and shared by every phone of that kind on every event server.

    Under ASGI the event server only sends what the saving request rendered and sent over
    (``scoring.rendering.render_for_viewers``, ``scoring.push.Sheets``): rendering is CPU work,
    and so are queries and cache lookups in threads beside the event loop that serves every
    stream (on a busy machine they waited seconds for a thread). Nothing came (another
    language, a lock, a dispute): the bare version, and the page fetches. A server with a
    thread per stream (runserver, the tests' live server) renders it itself."""

    def __init__(self, key: str, role: str, language: str, table_id: int, created_at):
        self.key, self.role, self.language = key, role, language
        self.table_id, self.created_at = table_id, created_at

    def cache_key(self, version: int) -> str:
        return live.formless_key(self.table_id, self.created_at, version, self.language, self.role)

    def sheet(self, version: int, rendered: Shared) -> tuple[int, bytes]:
        return version, sheet_event(version, rendered.for_phone(key=self.key))

    def announce(self, version: int) -> tuple[int, bytes]:
        try:
            cached = cache.get(self.cache_key(version))
            if cached is not None:
                return self.sheet(version, cached)
            with translation.override(self.language):
                access = Access.objects.select_related("table").get(key=self.key)
                return self.sheet(access.table.version, formless_fragment(access))
        except Exception:  # the database is away, the link was removed: the page fetches
            log.exception("push: no sheet for version %s of table %s", version, self.table_id)
            return super().announce(version)
        finally:
            close_connections()

    async def announce_async(self, version: int) -> tuple[int, bytes]:
        rendered = await push.sheets.wait_for(self.cache_key(version), SHEET_WAIT_SECONDS)
        if rendered is None:
            return super().announce(version)
        return self.sheet(version, rendered)


def moved_event(version: int, rendered: Shared, key: str) -> bytes:
    """``event: moved``: the scorers' moved-on answer of ``version`` as JSON on one line: the
    round saved (``from``), the HTML with this link's key, and the stand-ins the page puts its
    own CSRF token, submission and name into."""
    data = {
        "from": int(rendered.stand_ins["from"]),
        "html": rendered.for_phone(key=key),
        "parts": {part: rendered.stand_ins[part] for part in FORM_PARTS},
    }
    return f"id: {version}\nevent: moved\ndata: {json.dumps(data)}\n\n".encode()


class MovedOnEvents(push.Versions):
    """Each version sent to a scorer's page with the live part and next form as the other
    scorer phones need it when their form of the round just saved is untouched
    (scoring.rendering.render_moved_on): the page puts in its own values and fetches nothing
    (static/js/sheet.js), or fetches as before when its form is touched or another one. What
    the saving request did not send over within SHEET_WAIT_SECONDS (a lock, the game over, a
    phone in another language): the bare version."""

    def __init__(self, key: str, language: str, table_id: int, created_at):
        self.key, self.language = key, language
        self.table_id, self.created_at = table_id, created_at

    def name(self, version: int) -> str:
        return live.moved_on_key(self.table_id, self.created_at, version, self.language)

    def moved(self, version: int, rendered: Shared | None) -> tuple[int, bytes]:
        if rendered is None or not rendered.html:  # not sent over, or too big to be
            return super().announce(version)
        return version, moved_event(version, rendered, self.key)

    def announce(self, version: int) -> tuple[int, bytes]:
        # A thread per stream (runserver, the tests' live server): the saving request of this
        # process sends it over right after the commit this stream woke at.
        return self.moved(
            version, push.sheets.wait_for_sync(self.name(version), SHEET_WAIT_SECONDS)
        )

    async def announce_async(self, version: int) -> tuple[int, bytes]:
        return self.moved(
            version, await push.sheets.wait_for(self.name(version), SHEET_WAIT_SECONDS)
        )


def announcer_for(request, key: str, role: str, table_id: int, created_at, language: str):
    """What the stream sends with each version: the fragment to a page without an open form
    (``?sheet=1``), the moved-on answer to a scorer's page with one (``?moved=1``), else the
    bare version."""
    if wants_sheet(request):
        return SheetEvents(key, role, language, table_id, created_at)
    if request.GET.get("moved") == "1" and role == Access.Role.SCORER:
        return MovedOnEvents(key, language, table_id, created_at)
    return None


def wants_sheet(request) -> bool:
    """The page has no open form (``?sheet=1``, scoring/table.html): send it the fragment."""
    return request.GET.get("sheet") == "1"


@require_GET
@listening
@table_link
async def table_events(request, scope: Scope):
    """The versions of one table, for every valid link of it (the stream is read-only)."""
    table, access = scope.table, scope.access
    language = translation.get_language()
    announcer = announcer_for(
        request, access.key, access.role, table.pk, table.created_at, language
    )
    channels = {push.channel("table", table.pk): table.version}
    return event_stream(request, channels, announcer=announcer)


# --- the early path under ASGI (stichblock/asgi.py) ----------------------------------------


async def early_stream(request):
    """Under ASGI, before Django's request handling (stichblock/asgi.py): a phone opening the
    event stream of a link its browser opened before (the signed link tag, stichblock/proofs.py)
    gets its stream after one query, without sessions, CSRF, rate-limit counters, request
    signals and worker threads, so that thousands of phones reconnecting stay cheap. None for
    anything else (no tag, an unknown key, a bad host): the whole stack answers it."""
    if request.method != "GET" or not request.path_info.endswith("/events/"):
        return None
    try:
        match = resolve(request.path_info)
        request.get_host()
    except (Resolver404, DisallowedHost):
        return None
    if match.url_name != "table_events":
        return None
    key = match.kwargs["key"]
    if not proofs.knows_link(request, key):
        return None
    await wait_for_listener()
    try:
        found = await sync_to_async(table_version, thread_sensitive=False)(key)
    except DatabaseError:
        return None  # the whole stack answers its 503 page (the database is restarting)
    if found is None:
        return None
    table_id, version, role, created_at = found
    # The language as LocaleMiddleware (not run here) would choose it.
    language = get_language_from_request(request)
    announcer = announcer_for(request, key, role, table_id, created_at, language)
    channels = {push.channel("table", table_id): version}
    return event_stream(request, channels, in_django=False, announcer=announcer)


def table_version(key: str) -> tuple | None:
    """(table, version, role, table's creation time) of a link in one query, in a thread of
    the loop's pool. The connection goes back at once: to the pool (the event servers run with
    DJANGO_DB_POOL=1), or closed."""
    try:
        return (
            Access.objects.filter(key=key)
            .values_list("table_id", "table__version", "role", "table__created_at")
            .first()
        )
    finally:
        close_connections()
