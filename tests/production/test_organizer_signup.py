"""Organizer sign-up is a setting (DJANGO_ORGANIZER_SIGNUP, off in production unless set):
when it is off, the sign-up page says so and the login page does not offer it."""

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.urls import reverse

from tests.scoring.helpers import text

pytestmark = pytest.mark.django_db

PASSWORD = "kartenspiel-2024"


@override_settings(TOURNAMENT_SIGNUP=False)
def test_closed_sign_up_says_so_and_creates_no_account(client):
    page = client.get(reverse("signup"))
    assert page.status_code == 403
    assert "Die Registrierung ist auf dieser Seite geschlossen" in text(page)
    assert 'name="password1"' not in page.content.decode()
    sent = client.post(
        reverse("signup"), {"username": "fremd", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert sent.status_code == 403
    assert not get_user_model().objects.filter(username="fremd").exists()
    login = client.get(reverse("login"))
    assert reverse("signup") not in login.content.decode()
    assert "Noch kein Konto" not in text(login)


@override_settings(TOURNAMENT_SIGNUP=False)
def test_closed_sign_up_in_english(client):
    client.cookies["django_language"] = "en"
    assert "Sign-up is closed on this site" in text(client.get(reverse("signup")))


@override_settings(TOURNAMENT_SIGNUP=True)
def test_open_sign_up_is_offered_on_the_login_page(client):
    login = client.get(reverse("login"))
    assert reverse("signup") in login.content.decode()
    assert client.get(reverse("signup")).status_code == 200
