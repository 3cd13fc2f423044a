"""Correcting the entry list: a mistyped name or number before the player is on a published
table, the club at any time, removing an entry made by mistake."""

import pytest
from django.urls import reverse

from tests.scoring.helpers import text
from tournaments.models import Player

from .helpers import logged_in, make_tournament, organizer, published_round, register

pytestmark = pytest.mark.django_db


def edit_url(player):
    return reverse("player_edit", args=[player.tournament_id, player.pk])


def test_a_mistyped_name_and_number_are_corrected_before_the_draw(client):
    tournament = make_tournament(logged_in(client))
    ben = register(tournament, 4)[1]
    page = text(client.get(reverse("tournament_players", args=[tournament.pk])))
    assert "Namen antippen, um ihn zu korrigieren" in page
    data = {"start_number": 17, "name": "  Benedikt   Maier ", "club": "SK Dachau"}
    response = client.post(edit_url(ben), data)
    assert response.status_code == 302
    ben.refresh_from_db()
    assert (ben.start_number, ben.name, ben.club) == (17, "Benedikt Maier", "SK Dachau")


def test_a_correction_names_the_field_and_keeps_the_input(client):
    tournament = make_tournament(logged_in(client))
    anna, ben = register(tournament, 4)[:2]
    data = {"start_number": anna.start_number, "name": anna.name.upper(), "club": "TSV"}
    response = client.post(edit_url(ben), data)
    assert response.status_code == 422
    page = text(response)
    assert f"Startnummer: {anna.start_number} hat schon ein anderer Spieler." in page
    assert f"Name: „{anna.name.upper()}“ ist schon angemeldet." in page
    assert 'value="TSV"' in response.content.decode()
    zero = client.post(edit_url(ben), {**data, "start_number": 0, "name": "Ben"})
    assert "Startnummer: mindestens 1." in text(zero)


def test_after_playing_only_the_club_can_change_and_the_entry_stays(client):
    tournament = make_tournament(logged_in(client))
    players = register(tournament, 6)
    published_round(tournament)
    anna = players[0]
    page = text(client.get(edit_url(anna)))
    assert "Name und Startnummer bleiben" in page and "Von der Liste streichen" not in page
    client.post(edit_url(anna), {"start_number": 99, "name": "Anton", "club": "SK Erding"})
    anna.refresh_from_db()
    assert (anna.start_number, anna.name, anna.club) == (1, players[0].name, "SK Erding")
    refused = client.post(reverse("player_remove", args=[tournament.pk, anna.pk]), follow=True)
    assert "hat schon gespielt" in text(refused)
    assert Player.objects.filter(pk=anna.pk).exists()


def test_an_entry_made_by_mistake_is_removed_and_the_preview_redrawn(client):
    tournament = make_tournament(logged_in(client))
    players = register(tournament, 6)
    client.post(reverse("round_draw", args=[tournament.pk]))
    assert tournament.draws.filter(published_at__isnull=True).exists()
    removed = client.post(
        reverse("player_remove", args=[tournament.pk, players[5].pk]), follow=True
    )
    page = text(removed)
    assert "Von der Liste gestrichen" in page and "unveröffentlichte Auslosung verworfen" in page
    assert tournament.players.count() == 5
    assert not tournament.draws.exists()


def test_another_organizer_cannot_correct_the_list(client):
    tournament = make_tournament(logged_in(client))
    ben = register(tournament, 3)[1]
    client.force_login(organizer("fremd"))
    assert client.get(edit_url(ben)).status_code == 404
    assert client.post(reverse("player_remove", args=[tournament.pk, ben.pk])).status_code == 404
