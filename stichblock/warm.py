"""What a server process does once at its start rather than on its first request."""

from django.urls import get_resolver


def load_urls() -> None:
    """Import every view and build the URL resolver now. Django does both on the first request
    that resolves a URL: in the event server that was the first phone's stream after a start
    (about a second of CPU on these machines, docs/production.md), and in gunicorn each
    worker's first request after it forked (the master loads the app once: ``preload_app``)."""
    get_resolver().reverse_dict  # noqa: B018 -- populates the resolver: imports and compiles
