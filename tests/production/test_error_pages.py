"""While the database is away the app answers a clear 503 page (never a stack trace), and an
unexpected error shows a friendly 500 page; /healthz tells the proxy which app server is fit."""

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields, text, viewer_key

pytestmark = pytest.mark.django_db

DATABASE_DOWN = mock.patch(
    "django.db.backends.utils.CursorWrapper._execute",
    side_effect=OperationalError("terminating connection due to administrator command"),
)


@pytest.fixture
def phone():
    # Like a real server: errors become pages instead of being raised into the test.
    return Client(raise_request_exception=False)


def test_database_restart_answers_503_in_german_with_retry_after(phone):
    _table, key = create_schatzsuche(phone)
    with DATABASE_DOWN:
        response = phone.get(reverse("table", args=[key]))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    page = text(response)
    assert "Gleich wieder da" in page
    assert "Nichts, was gespeichert wurde, geht verloren." in page
    assert "Traceback" not in page and "OperationalError" not in page


def test_saving_a_round_during_the_restart_says_to_save_again_in_english(phone):
    _table, key = create_schatzsuche(phone)
    phone.cookies["django_language"] = "en"
    with DATABASE_DOWN:
        response = post_round(phone, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 503
    page = text(response)
    assert "Back in a moment" in page
    assert "save it again: it will be stored once" in page


def test_live_polls_get_503_while_down_and_recover_by_themselves(phone):
    table, _key = create_schatzsuche(phone)
    url = reverse("table_live", args=[viewer_key(table)])
    with DATABASE_DOWN:
        assert phone.get(url, HTTP_HX_REQUEST="true").status_code == 503
    assert phone.get(url, HTTP_HX_REQUEST="true").status_code == 200


def test_an_unexpected_error_shows_a_friendly_500_page_without_details(phone):
    _table, key = create_schatzsuche(phone)
    with mock.patch("scoring.views.summarize", side_effect=RuntimeError("secret detail")):
        response = phone.get(reverse("table", args=[key]))
    assert response.status_code == 500
    page = text(response)
    assert "Etwas ist schiefgelaufen" in page
    assert "secret detail" not in page and "Traceback" not in page


def test_health_probe_reports_the_database(phone):
    ok = phone.get("/healthz")
    assert (ok.status_code, ok.content) == (200, b"ok\n")
    with DATABASE_DOWN:
        down = phone.get("/healthz")
    assert (down.status_code, down.content) == (503, b"database unavailable\n")
