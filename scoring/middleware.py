"""The cheap answer to the most frequent request: a phone polling a table that has not changed.

Every phone polls its table's live fragment every 3 s and nearly always has the current copy.
A matching ETag (signed, see ``live.live_etag``) proves the phone fetched this fragment through
the whole stack before, holds a valid link and has the current state, so the 304 needs one
indexed query, not sessions, CSRF, rate-limit counters or templates. Anything else (no
ETag, a changed table, an unknown key) goes through the whole stack as usual — including the
rate limits, so guessing keys is still counted.
"""

from asgiref.sync import sync_to_async
from django.core.exceptions import DisallowedHost
from django.db import DatabaseError
from django.urls import Resolver404, resolve
from django.utils.translation import get_language_from_request

from stichblock import proofs

from . import push
from .events import SheetEvents, close_connections, event_stream, wait_for_listener, wants_sheet
from .live import live_etag, live_state, not_modified
from .models import Access


class LivePollMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        etag = request.META.get("HTTP_IF_NONE_MATCH")
        if etag and request.method == "GET" and request.path_info.endswith("/live/"):
            request.get_host()  # the host check still applies (DisallowedHost → 400)
            try:
                match = resolve(request.path_info)
            except Resolver404:
                match = None
            if match is not None and match.url_name == "table_live":
                # The language as LocaleMiddleware (not run yet) would choose it.
                key = match.kwargs["key"]
                state = live_state(request, key, get_language_from_request(request))
                if state is not None:
                    response = not_modified(request, live_etag(key, state))
                    if response is not None:
                        return response
        return self.get_response(request)


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
    announcer = None
    if wants_sheet(request):
        # The language as LocaleMiddleware (not run here) would choose it.
        language = get_language_from_request(request)
        announcer = SheetEvents(key, role, language, table_id, created_at)
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
