"""Answers that the views of tables and of groups share: JSON for a phone's outbox
(static/js/sync.js) and a link's QR code."""

from __future__ import annotations

import segno
from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _


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


def qr_response(url: str) -> HttpResponse:
    """A link's QR code as SVG (a table's, a group's)."""
    # A standalone SVG (with xmlns and XML declaration): browsers refuse an <img> whose SVG
    # lacks the namespace, which is what svg_inline() writes for embedding in HTML.
    response = HttpResponse(content_type="image/svg+xml")
    segno.make(url, error="m").save(response, kind="svg", scale=4, border=2, dark="#111")
    patch_cache_control(response, private=True, max_age=3600)
    return response
