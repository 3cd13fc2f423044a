"""Error pages for refused requests (400, 403, 404, a failed CSRF check): German first like the
429/500/503 pages, rendered without the session or the database (see error_page), with a way
back. The 403 page shows the reason the view gave (e.g. "this link is read-only")."""

from __future__ import annotations

from django.core.exceptions import DisallowedHost
from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.utils.http import url_has_allowed_host_and_scheme

from .middleware import error_page


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
