"""Answers that the views of tables and of groups share: JSON for a phone's outbox
(static/js/sync.js), a refused form of hidden fields, and a link's QR code."""

from __future__ import annotations

import segno
from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from stichblock.errors import error_page


def wants_json(request) -> bool:
    """The outbox (static/js/sync.js) asks for JSON (``Accept: application/json``);
    a browser posting the form prefers HTML and gets the pages as before."""
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


def json_invalid(form):
    errors = {field: [str(error) for error in errors] for field, errors in form.errors.items()}
    message = (
        _("Not saved yet. Please check:")
        + " "
        + " ".join(error for field_errors in errors.values() for error in field_errors)
    )
    return JsonResponse({"errors": errors, "message": message}, status=422)


def form_refusal(form) -> HttpResponse:
    """422 for a form whose fields the user never sees (hidden inputs: a tampered or garbled
    request): the error page, each problem with its field's name. Nothing was saved."""
    problems = [str(error) for error in form.non_field_errors()]
    problems += [
        f"{form.fields[name].label}: {error}"
        for name, errors in form.errors.items()
        if name != "__all__"
        for error in errors
    ]
    return error_page("400.html", 422, problems=problems)


def qr_response(url: str) -> HttpResponse:
    """A link's QR code as SVG (a table's, a group's)."""
    # A standalone SVG (with xmlns and XML declaration): browsers refuse an <img> whose SVG
    # lacks the namespace, which is what svg_inline() writes for embedding in HTML.
    response = HttpResponse(content_type="image/svg+xml")
    segno.make(url, error="m").save(response, kind="svg", scale=4, border=2, dark="#111")
    patch_cache_control(response, private=True, max_age=3600)
    return response
