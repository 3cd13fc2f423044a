"""The cheap answer to the most frequent request: a phone polling a table that has not changed.

A phone asks for its table's live fragment after every change its event stream announces (and
every 3 s while it holds no stream), and nearly always has the current copy then.
A matching ETag (signed, see ``live.live_etag``) proves the phone fetched this fragment through
the whole stack before, holds a valid link and has the current state, so the 304 needs one
indexed query, not sessions, CSRF, rate-limit counters or templates. Anything else (no
ETag, a changed table, an unknown key) goes through the whole stack as usual — including the
rate limits, so guessing keys is still counted.
"""

from django.urls import Resolver404, resolve
from django.utils.translation import get_language_from_request

from .live import live_etag, live_state, not_modified


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
