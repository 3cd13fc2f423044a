"""Organizer pages: only a tournament's organizers see it; other organizers get a 404 (its
existence is not revealed), visitors are sent to the login; public keys are like table links."""

import pytest
from django.contrib.auth.models import User
from django.urls import NoReverseMatch, reverse

pytestmark = pytest.mark.django_db

tournaments = pytest.importorskip("tournaments.models")

ORGANIZER_PAGES = ["tournament", "tournament_settings", "tournament_players", "standings"]


@pytest.fixture
def tournament():
    owner = User.objects.create_user("anna", password="geheim-genug-123")
    tournament = tournaments.Tournament.objects.create(
        name="Vereinsabend", game="schatzsuche", profile_name="standard"
    )
    tournament.organizers.add(owner)
    return tournament


def pages(tournament):
    urls = []
    for name in ORGANIZER_PAGES:
        try:
            urls.append(reverse(name, args=[tournament.pk]))
        except NoReverseMatch:
            continue
    assert urls, "no organizer pages to check"
    return urls


def test_the_organizer_sees_the_tournament_pages(client, tournament):
    client.force_login(tournament.organizers.get())
    for url in pages(tournament):
        assert client.get(url).status_code == 200, url


def test_another_organizer_gets_404_not_403(client, tournament):
    client.force_login(User.objects.create_user("ben", password="auch-geheim-456"))
    for url in pages(tournament):
        assert client.get(url).status_code == 404, url


def test_visitors_are_sent_to_the_login(client, tournament):
    for url in pages(tournament):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login")), url


def test_unknown_public_keys_get_nothing(client):
    for name, method in (("public_standings", "get"), ("tournament_confirm", "post")):
        try:
            url = reverse(name, args=["x" * 24])
        except NoReverseMatch:
            continue
        assert getattr(client, method)(url).status_code == 404, name
