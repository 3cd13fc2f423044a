"""Drawing or publishing a round while tables of the round before are not confirmed asks
first, naming each of those tables (issue 22): a page with a form that does it "anyway", so
it works without JavaScript too."""

import pytest
from django.urls import reverse

from tests.scoring.helpers import text

from .helpers import enter_game, rufspiel

pytestmark = pytest.mark.django_db


def lock(client, tournament, table_number, round_number=1):
    url = reverse("table_lock", args=[tournament.pk, round_number, table_number])
    assert client.post(url, {"lock_anyway": "1"}).status_code == 302


def test_drawing_asks_first_and_names_each_unconfirmed_table(client, schafkopf_round):
    tournament, _round, (first, _second) = schafkopf_round
    enter_game(first, 1, rufspiel(0, 2))
    asked = client.post(reverse("round_draw", args=[tournament.pk]))
    assert asked.status_code == 200
    page = text(asked)
    assert "Runde 2 auslosen?" in page
    assert "Diese 2 Tische haben ihr Ergebnis noch nicht bestätigt:" in page
    assert "Runde 1 · Tisch 1 · 1/2" in page and "läuft" in page
    assert "Runde 1 · Tisch 2 · 0/2" in page
    for name in first.player_names:
        assert name in page
    html = asked.content.decode()
    assert '<input type="hidden" name="anyway" value="1">' in html
    assert "Runde 2 trotzdem auslosen" in page
    assert list(tournament.draws.values_list("number", flat=True)) == [1]

    drawn = client.post(reverse("round_draw", args=[tournament.pk]), {"anyway": "1"})
    assert drawn.url == reverse("tournament_round", args=[tournament.pk, 2])
    assert list(tournament.draws.values_list("number", flat=True)) == [1, 2]
    # A redraw asks nothing: the organizer answered when he drew the preview.
    seed = tournament.draws.get(number=2).seed
    redrawn = client.post(reverse("round_draw", args=[tournament.pk]))
    assert redrawn.url == reverse("tournament_round", args=[tournament.pk, 2])
    assert tournament.draws.get(number=2).seed != seed
    # Publishing it asks again, and publishes after "anyway".
    url = reverse("round_publish", args=[tournament.pk, 2])
    asked = text(client.post(url))
    assert "Runde 2 veröffentlichen?" in asked and "Runde 2 trotzdem veröffentlichen" in asked
    assert not tournament.draws.get(number=2).is_published
    assert client.post(url, {"anyway": "1"}).url == reverse(
        "tournament_round", args=[tournament.pk, 2]
    )
    assert tournament.draws.get(number=2).is_published


def test_only_unconfirmed_tables_are_named_and_a_confirmed_round_asks_nothing(
    client, schafkopf_round
):
    tournament, _round, _tables = schafkopf_round
    lock(client, tournament, 1)
    page = text(client.post(reverse("round_draw", args=[tournament.pk])))
    assert "Dieser Tisch hat sein Ergebnis noch nicht bestätigt:" in page
    assert "Runde 1 · Tisch 2" in page and "Runde 1 · Tisch 1" not in page
    assert not tournament.draws.filter(number=2).exists()
    lock(client, tournament, 2)
    response = client.post(reverse("round_draw", args=[tournament.pk]))
    assert response.url == reverse("tournament_round", args=[tournament.pk, 2])


def test_publishing_asks_first_and_names_each_unconfirmed_table(client, schafkopf_round):
    tournament, _round, _tables = schafkopf_round
    lock(client, tournament, 2)
    client.post(reverse("round_draw", args=[tournament.pk]), {"anyway": "1"})
    url = reverse("round_publish", args=[tournament.pk, 2])
    asked = client.post(url)
    assert asked.status_code == 200
    page = text(asked)
    assert "Runde 2 veröffentlichen?" in page
    assert "Runde 1 · Tisch 1" in page and "Runde 1 · Tisch 2" not in page
    assert "Runde 2 trotzdem veröffentlichen" in page
    assert f'action="{url}"' in asked.content.decode()
    assert not tournament.draws.get(number=2).is_published
    # Once table 1 is confirmed too, publishing asks nothing.
    lock(client, tournament, 1)
    published = client.post(url)
    assert published.url == reverse("tournament_round", args=[tournament.pk, 2])
    assert tournament.draws.get(number=2).is_published
