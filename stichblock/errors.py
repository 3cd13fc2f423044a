"""Error pages, German first, rendered without the session or the database (``error_page``):
the handlers for 400, 403, 404, 500 and a failed CSRF check, with a way back (the 403 page
shows the reason the view gave, e.g. "this link is read-only"), and a friendly 503 while the
database is away (e.g. restarting) instead of a server error."""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language

log = logging.getLogger("stichblock")

# How long a phone should wait before retrying while the database restarts.
RETRY_AFTER_DATABASE = 5


def error_page(template: str, status: int, **context) -> HttpResponse:
    """A self-contained error page: no database, no session, no request context needed."""
    try:
        html = render_to_string(
            template, {"lang": get_language() or settings.LANGUAGE_CODE, **context}
        )
    except Exception:
        # The error page must not fail in turn (e.g. a broken static manifest).
        log.exception("error page %s could not be rendered", template)
        html = f"Stichblock: HTTP {status}"
    response = HttpResponse(html, status=status)
    response["Cache-Control"] = "no-store"
    if "retry_after" in context:
        response["Retry-After"] = str(context["retry_after"])
    return response


def database_unavailable(exception: BaseException | None) -> bool:
    """True for errors that mean 'the database cannot be reached right now'."""
    return isinstance(exception, OperationalError | InterfaceError)


def unavailable_page() -> HttpResponse:
    return error_page("503.html", 503, retry_after=RETRY_AFTER_DATABASE)


class DatabaseUnavailableMiddleware:
    """A view that fails because the database is unreachable answers 503 with a page that
    asks to wait a moment; the next request reconnects by itself (CONN_HEALTH_CHECKS)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if database_unavailable(exception):
            log.warning(
                "database unavailable during %s %s: %s", request.method, request.path, exception
            )
            return unavailable_page()
        return None


def server_error(request, *args, **kwargs):
    """handler500: errors outside the views (e.g. saving the session) while the database is
    away are a 503 too; anything else gets the friendly 500 page, never a stack trace."""
    if database_unavailable(sys.exc_info()[1]):
        return unavailable_page()
    return error_page("500.html", 500)


def back_link(request) -> str:
    """The page the user came from, when it is one of ours: where to try again."""
    referer = request.META.get("HTTP_REFERER", "")
    try:
        host = request.get_host()
    except DisallowedHost:
        return ""
    safe = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={host}, require_https=request.is_secure()
    )
    return referer if referer and safe and referer != request.build_absolute_uri() else ""


def bad_request(request, exception=None):
    return error_page("400.html", 400)


def permission_denied(request, exception=None):
    # The views raise PermissionDenied with a message for the user, already translated.
    message = str(exception or "")
    return error_page("403.html", 403, message=message, back=back_link(request))


def page_not_found(request, exception=None):
    # Http404's own text is for developers ("No Access matches the given query"): not shown.
    return error_page("404.html", 404)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: a form sent too late (its token expired with a new login or session)
    or without cookies. Nothing was saved; say so and lead back to the form."""
    return error_page(
        "403_csrf.html",
        403,
        no_cookie=reason == REASON_NO_CSRF_COOKIE,
        back=back_link(request),
    )
