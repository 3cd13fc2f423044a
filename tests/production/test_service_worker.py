"""The service worker under production's static files (issue 22, item 3): with hashed names
from a manifest (DJANGO_MANIFEST_STATIC=1, collectstatic) ``/sw.js`` answered 500 because its
configuration asked the storage for the URL of "" (no such manifest entry). The other tests
run with plain static files, where any name has a URL, so only collected files show it."""

import json
import re

import pytest
from django.core.management import call_command
from django.templatetags.static import static
from django.test import override_settings

MANIFEST = "whitenoise.storage.CompressedManifestStaticFilesStorage"  # as settings.py sets it
HASHED = re.compile(r"\.[0-9a-f]{12}\.")


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    """Static files collected once into a folder of their own, as ``make serve-prod`` does."""
    root = tmp_path_factory.mktemp("static")
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": MANIFEST},
    }
    with override_settings(STATIC_ROOT=root, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


def config_of(response) -> dict:
    body = response.content.decode()
    return json.loads(re.match(r"self\.STICHBLOCK = (\{.*?\});\n", body).group(1))


def test_the_service_worker_is_served_with_hashed_static_files(client, collected):
    response = client.get("/sw.js")
    assert response.status_code == 200, response.content.decode()[:2000]
    config = config_of(response)
    assert config["staticPrefix"] == "/static/"
    assert config["outboxScript"] == static("js/outbox.js")
    # Every file the worker keeps is one the storage has, under its hashed name.
    for url in [*config["static"], config["outboxScript"]]:
        assert url.startswith("/static/") and HASHED.search(url), url
        assert (collected / url.removeprefix("/static/")).is_file(), url
    assert static("css/app.css") in config["static"]
    # A hashed name is its content: a new worker fetches only the files the phone lacks.
    assert config["hashedStatic"] is True
    assert client.get("/sw.js", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_plain_static_names_are_fetched_again_by_every_new_worker(client):
    """Without a manifest (development, the other tests) a file keeps its name when it changes,
    so a new worker must not take the phone's copy for the new one."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        config = config_of(client.get("/sw.js"))
    assert config["hashedStatic"] is False
    assert "/static/css/app.css" in config["static"]


def test_the_manifest_and_offline_page_are_served_with_hashed_static_files(client, collected):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    for icon in manifest.json()["icons"]:
        assert HASHED.search(icon["src"]) and (collected / icon["src"][8:]).is_file()
    assert client.get("/offline/").status_code == 200


def test_pages_name_the_static_files_of_the_storage_in_use(client, collected):
    """The pages' script and style tags are rendered once per process (templates/base.html):
    a running server never changes its static files' storage, but a test does, and then the
    pages must name the files that storage has."""
    stylesheet = static("css/app.css")  # collected: the hashed name
    assert HASHED.search(stylesheet)
    assert f'href="{stylesheet}"' in client.get("/offline/").content.decode()
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        plain = client.get("/offline/").content.decode()
    assert 'href="/static/css/app.css"' in plain and stylesheet not in plain
    assert f'href="{stylesheet}"' in client.get("/offline/").content.decode()
