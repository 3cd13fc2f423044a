"""While the database is away the app answers a clear 503 page (never a stack trace), and an
unexpected error shows a friendly 500 page; /healthz tells the proxy which app server is fit."""

from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client, override_settings
from django.urls import reverse

from scoring.models import Revision
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
    with mock.patch("scoring.rendering.summarize", side_effect=RuntimeError("secret detail")):
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


def test_a_viewer_link_saving_a_round_gets_a_german_403_page_with_the_reason(phone):
    table, _key = create_schatzsuche(phone)
    viewer = viewer_key(table)
    table_url = "http://testserver" + reverse("table", args=[viewer])
    response = phone.post(
        reverse("round_save", args=[viewer, 1]),
        {**round_fields([0, 1, 0], [0, 1, 0]), "base": 0, "submission": "x"},
        HTTP_REFERER=table_url,
    )
    assert response.status_code == 403
    page = text(response)
    assert "Nicht erlaubt" in page
    assert "Dieser Link ist nur zum Ansehen" in page
    assert "Es wurde nichts gespeichert oder geändert." in page
    html = response.content.decode()
    assert f'href="{table_url}"' in html and 'href="/"' in html
    assert 'name="viewport"' in html
    assert not Revision.objects.filter(round__table=table).exists()


def test_the_403_page_speaks_english_too(phone):
    table, _key = create_schatzsuche(phone)
    phone.cookies["django_language"] = "en"
    response = post_round(phone, viewer_key(table), 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 403
    assert "This link is read-only" in text(response)
    assert "Not allowed" in text(response)


def test_an_unknown_table_link_gets_the_german_404_page(phone):
    response = phone.get(reverse("table", args=["kein-solcher-link"]))
    assert response.status_code == 404
    page = text(response)
    assert "Seite nicht gefunden" in page
    assert "QR-Code" in page
    assert "Not Found" not in page and "Access matches" not in page
    assert 'href="/"' in response.content.decode()
    phone.cookies["django_language"] = "en"
    assert "Page not found" in text(phone.get("/no/such/page/"))


@override_settings(ALLOWED_HOSTS=["stichblock.example"])
def test_a_bad_request_gets_the_german_400_page():
    response = Client(HTTP_HOST="stichblock.example:bad:port").get("/")
    assert response.status_code == 400
    assert "Ungültige Anfrage" in text(response)


def test_a_form_sent_without_its_cookie_says_why_and_leads_back():
    """CSRF failure: the phone learns that nothing was saved and finds its way back."""
    table, key = create_schatzsuche(Client())
    phone = Client(enforce_csrf_checks=True)
    round_url = "http://testserver" + reverse("round", args=[key, 1])
    response = phone.post(
        reverse("round_save", args=[key, 1]),
        {**round_fields([0, 1, 0], [0, 1, 0]), "base": 0, "submission": "x"},
        HTTP_REFERER=round_url,
    )
    assert response.status_code == 403
    page = text(response)
    assert "Das Formular konnte nicht gesendet werden" in page
    assert "nichts davon wurde gespeichert" in page
    assert "Erlaube Cookies" in page
    assert f'href="{round_url}"' in response.content.decode()
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_stale_form_token_is_explained_in_english_without_the_cookie_hint():
    _table, key = create_schatzsuche(Client())
    phone = Client(enforce_csrf_checks=True)
    assert "csrftoken" in phone.get(reverse("table", args=[key])).cookies
    phone.cookies["django_language"] = "en"
    response = phone.post(
        reverse("round_save", args=[key, 1]),
        {**round_fields([0, 1, 0], [0, 1, 0]), "csrfmiddlewaretoken": "x" * 64},
        HTTP_REFERER="https://elsewhere.example/form/",
    )
    assert response.status_code == 403
    page = text(response)
    assert "The form could not be sent" in page and "out of date" in page
    assert "allow cookies" not in page
    # A referer from elsewhere is no way back.
    assert "Back to the previous page" not in page
