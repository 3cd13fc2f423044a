"""HEAD on the pages people open (link checkers, uptime monitors, a phone's prefetch) answers
like GET without the body, not 405 (Django's ``require_safe``)."""

import pytest
from django.urls import reverse

from tests.scoring.helpers import create_schatzsuche, post_round, round_fields, viewer_key
from tests.tournaments.helpers import logged_in, make_tournament

pytestmark = pytest.mark.django_db


def test_head_answers_the_scorepad_pages_like_get(client):
    table, key = create_schatzsuche(client)
    assert post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0])).status_code == 302
    urls = [
        reverse("home"),
        reverse("service_worker"),
        reverse("manifest"),
        reverse("table", args=[key]),
        reverse("table", args=[viewer_key(table)]),
        reverse("round", args=[key, 1]),
        reverse("audit", args=[key]),
        reverse("sheet_csv", args=[key]),
        reverse("share", args=[key]),
        reverse("qr_code", args=[key]),
    ]
    for url in urls:
        get = client.get(url)
        head = client.head(url)
        assert get.status_code == 200, url
        assert head.status_code == 200, (url, head.status_code)
        assert head.content == b"", url
        assert head["Content-Type"] == get["Content-Type"], url


def test_head_answers_the_organizer_pages_like_get(client):
    tournament = make_tournament(logged_in(client))
    for url in [
        reverse("tournament_list"),
        reverse("tournament", args=[tournament.pk]),
        reverse("standings", args=[tournament.pk]),
        reverse("standings_csv", args=[tournament.pk]),
    ]:
        assert client.head(url).status_code == 200, url


def test_a_post_only_url_still_refuses_head(client):
    _table, key = create_schatzsuche(client)
    assert client.head(reverse("round_save", args=[key, 1])).status_code == 405
