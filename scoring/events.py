"""The event streams (Server-Sent Events): a phone hears of its table's changes as they commit.

``/t/<key>/events/`` sends the table's version each time it changes (and a ping when idle);
the page then fetches its live fragment once (scoring/live.py: cached per table version,
answered 304 when the phone is current). The stream carries no scores itself: the fragment
depends on the link's role, the language and the phone's open form, so it is rendered (once
per table version and kind of phone) by the same view that serves the polling fallback.

Under an ASGI server (uvicorn, deploy/) thousands of streams wait in one event loop; under a
server with a thread per connection (``runserver``, the tests' live server) a stream holds a
thread, which is fine there and refused in production (``LIVE_EVENTS_WSGI``): a 204 tells
the browser not to reconnect, and the page polls instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from functools import wraps

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from . import push
from .access import Scope, table_link

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
    request, channels: dict[str, int], *, lifetime=None, reconnect_on=None, in_django=True
) -> HttpResponse:
    """The streaming answer for ``channels`` (name → version read after the listener was
    ready), resuming after the version the phone already has."""
    since = push.resume_point(request)
    stream = push.Stream(
        channels, since, lifetime=lifetime or push.STREAM_SECONDS, reconnect_on=reconnect_on
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


@require_GET
@listening
@table_link
async def table_events(request, scope: Scope):
    """The versions of one table, for every valid link of it (the stream is read-only)."""
    return event_stream(request, {push.channel("table", scope.table.pk): scope.table.version})
