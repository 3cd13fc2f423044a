"""``GET /healthz`` for the proxy's health checks and the container orchestrator."""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpResponse

log = logging.getLogger("stichblock")

HEALTH_PATH = "/healthz"


class HealthCheckMiddleware:
    """``GET /healthz``: 200 when the app can reach its database, else 503 (for the proxy's
    health checks and the container orchestrator). First in the stack: no host check."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path != HEALTH_PATH:
            return self.get_response(request)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            status, body = 200, "ok\n"
        except DatabaseError as error:
            log.warning("health check: database unavailable: %s", error)
            status, body = 503, "database unavailable\n"
        response = HttpResponse(body, status=status, content_type="text/plain")
        response["Cache-Control"] = "no-store"
        return response
