import pytest
from django.urls import reverse

from .helpers import enter, game, start_evening, start_group

pytestmark = pytest.mark.django_db


def test_pages_render(client):
    group = start_group(client)
    evening = start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"])
    enter(evening, game(), game("solo", 2, won=True, dealer=1))
    key = group.scorer_key
    for url in [
        reverse("group", args=[key]),
        reverse("group_roster", args=[key]),
        reverse("group_share", args=[key]),
        reverse("group_qr", args=[key]),
        reverse("evening_new", args=[key]),
        reverse("evening_settle", args=[key, evening.pk]),
        reverse("season", args=[key, 2025]),
        reverse("season_all", args=[key]),
        reverse("season_settle", args=[key, 2025]),
        reverse("season_xlsx", args=[key, 2025]),
        reverse("evening_settle_xlsx", args=[key, evening.pk]),
        reverse("home"),
    ]:
        response = client.get(url)
        assert response.status_code == 200, (url, response.content.decode()[:2000])
