"""HEAD on the pages people open (link checkers, uptime monitors, a phone's prefetch) answers
like GET without the body, not 405 (Django's ``require_safe``)."""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.groups.helpers import enter, game, scorer_key, start_evening, start_group
from tests.scoring.helpers import create_schatzsuche, post_round, round_fields, viewer_key
from tests.tournaments.helpers import (
    logged_in,
    make_tournament,
    published_round,
    register,
)
from tournaments import services

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


# Streams never end: a HEAD on them is answered by the event server's own route.
STREAMS = {"table_events", "round_progress_events", "public_standings_events"}


def url_patterns():
    """(name, pattern text) of every named URL of the app (Django's admin left out)."""
    found = []

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name:
                found.append((pattern.name, prefix + str(pattern.pattern)))

    walk(get_resolver().url_patterns)
    return [(name, route) for name, route in found if not route.startswith("admin/")]


def test_every_view_that_answers_get_answers_head_alike(client):
    """Walks the URL conf with real links and ids: wherever GET is not refused (405), HEAD
    answers with GET's status and no body (issue 29 §4.7: 19 form pages answered 405)."""
    user = logged_in(client)
    group = start_group(client)
    evening = start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"])
    enter(evening, game("solo", 0))
    tournament = make_tournament(user, game="schafkopf", games_per_round=1)
    register(tournament, 8)
    published_round(tournament)
    club = services.create_club(user, "Verein")
    series = services.Series.objects.create(club=club, name="Liga")
    table_key = scorer_key(evening)
    keys = {
        "t/": table_key,
        "g/": group.scorer_key,
        "d/": "no-such-dispute",
        "tournaments/public/": tournament.public_key,
        "series/public/": series.public_key,
        "tournaments/confirm/": "no-such-confirmation",
    }
    pks = {"clubs/": club.pk, "series/": series.pk, "tournaments/": tournament.pk}
    values = {
        "game": "schafkopf",
        "page": "spielliste",
        "number": 1,
        "table_number": 1,
        "dispute_id": 1,
        "table_id": evening.table.pk,
        "evening_id": evening.pk,
        "year": 2025,
        "players": 4,
        "club_pk": club.pk,
        "member_id": 1,
        "change_id": 1,
        "team_id": 1,
        "user_id": user.pk,
    }
    checked, answered = [], 0
    for name, route in url_patterns():
        if name in STREAMS:
            continue
        kwargs = {}
        for kwarg in re.findall(r"<(?:\w+:)?(\w+)>", route):
            if kwarg == "key":
                kwargs[kwarg] = next(v for prefix, v in keys.items() if route.startswith(prefix))
            elif kwarg == "pk":
                kwargs[kwarg] = next(v for prefix, v in pks.items() if route.startswith(prefix))
            elif kwarg == "player_id":
                owner = group if route.startswith("g/") else tournament
                kwargs[kwarg] = owner.players.first().pk
            else:
                kwargs[kwarg] = values[kwarg]
        url = reverse(name, kwargs=kwargs)
        get = client.get(url)
        if get.status_code == 405:
            continue  # POST only
        head = client.head(url)
        assert head.status_code == get.status_code, (name, url, get.status_code, head.status_code)
        assert head.content == b"", url
        checked.append(name)
        answered += get.status_code == 200
    were_405 = {
        "table_new", "group_new", "group_roster", "evening_new", "signup", "pad_page",
        "dispute_round", "tournament_new", "tournament_settings", "tournament_players",
        "club", "series_new", "series_edit", "prizes", "table_paper",
    }  # fmt: skip
    assert were_405 <= set(checked), were_405 - set(checked)
    assert answered >= 60, answered
