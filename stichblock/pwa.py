"""The installable, offline-capable app: the service worker, the web app manifest and the page a
phone shows for a page it never opened while offline (docs/scorepad.md, "Offline").

The service worker's code is a plain file, ``static/js/sw.js``; this view serves it from the
site's root so that its scope covers every page, with its configuration in front: the static
files to keep (their URLs as ``{% static %}`` writes them, hashed in production) and a version
that changes with any of them, so phones fetch the new files once and drop the old ones.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

SERVICE_WORKER_SOURCE = "js/sw.js"
# The Cache Storage of the pages kept for offline use: sw.js keeps them, page-copy.js puts the
# parts of a page that changed since into its copy.
PAGE_CACHE = "stichblock-pages-v1"
# Kept on the phone at install: everything under static/ but the service worker itself and
# licence texts (the game scripts and styles are small; a table page needs its game's).
PRECACHE_IGNORE = ["*.txt", "*.md", SERVICE_WORKER_SOURCE, "img/icon-app.svg"]
THEME_COLOUR = "#1f5f3f"
BACKGROUND_COLOUR = "#fbfcfb"


def static_files() -> list[tuple[str, Path]]:
    """(path under static/, file) of the project's own static files, sorted."""
    found = []
    for finder in finders.get_finders():
        if not isinstance(finder, finders.FileSystemFinder):
            continue  # the apps' static files (the admin's) are not for phones
        for path, storage in finder.list(PRECACHE_IGNORE):
            found.append((path.replace("\\", "/"), Path(storage.path(path))))
    return sorted(found)


@cache
def file_digest(path: Path, size: int, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digest(path: Path) -> str:
    stat = path.stat()
    return file_digest(path, stat.st_size, stat.st_mtime_ns)


def table_prefix() -> str:
    """Where the pages of a table link begin ("/t/"): the service worker keeps them, and the pages'
    scripts know a save URL by it (``{% table_prefix %}``, static/js/outbox.js)."""
    return reverse("table", args=["KEY"]).split("KEY")[0]


def service_worker_config() -> dict:
    files = static_files()
    source = Path(finders.find(SERVICE_WORKER_SOURCE))
    version = hashlib.sha256()
    for name, path in [*files, (SERVICE_WORKER_SOURCE, source)]:
        version.update(f"{name}:{digest(path)}\n".encode())
    return {
        "version": version.hexdigest()[:16],
        "static": [static(name) for name, _path in files],
        # The folder, not a file: a manifest storage has no entry for "" (a 500 in production).
        "staticPrefix": settings.STATIC_URL,
        # Hashed names (collected with a manifest) never change their content: a new worker
        # fetches only the files the phone does not have (sw.js, keepStaticFiles).
        "hashedStatic": isinstance(staticfiles_storage, ManifestFilesMixin),
        "outboxScript": static("js/outbox.js"),
        "offlinePage": reverse("offline_page"),
        "pageCache": PAGE_CACHE,
        # Pages kept for offline use: the home page and every page of a table link.
        "home": reverse("home"),
        "tablePrefix": table_prefix(),
        # A Stammtisch's pages (its page, roster, seasons) open offline like a table's.
        "groupPrefix": reverse("group", args=["KEY"]).split("KEY")[0],
    }


@require_safe
def service_worker(request):
    """``/sw.js``: served from the root so that its scope is the whole site; revalidated on
    every update check (``no-cache`` plus an ETag), never kept by a proxy."""
    config = service_worker_config()
    source = Path(finders.find(SERVICE_WORKER_SOURCE)).read_text(encoding="utf-8")
    body = f"self.STICHBLOCK = {json.dumps(config)};\n{source}"
    etag = f'"{hashlib.sha256(body.encode()).hexdigest()[:24]}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["ETag"] = etag
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True, private=True)
    return response


@require_safe
def manifest(request):
    """The web app manifest (``/manifest.webmanifest``), in the reader's language."""
    data = {
        "name": "Stichblock",
        "short_name": "Stichblock",
        "description": _("Score sheet for Schafkopf, Schatzsuche, Scharfe Schoten and Stichwahl"),
        "lang": get_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static(f"img/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any maskable",
            }
            for size in (192, 512)
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    patch_cache_control(response, private=True, max_age=3600)
    return response


@require_safe
def offline_page(request):
    """What the service worker shows for a page this phone never opened while it is offline
    (kept at install, in the language of that moment)."""
    return render(request, "offline.html")
