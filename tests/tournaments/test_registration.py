"""Entry list: tournaments.md, "Registration (also late registration before a round is
drawn), start numbers, withdrawals"."""

import pytest
from django.urls import reverse

from tests.scoring.helpers import text
from tournaments.models import DrawnSeat, Player
from tournaments.standings import compute

from .helpers import enter_game, logged_in, make_tournament, published_round, register, tables_of

pytestmark = pytest.mark.django_db


def register_lines(client, tournament, lines):
    return client.post(
        reverse("tournament_players", args=[tournament.pk]), {"entries": "\n".join(lines)}
    )


def test_players_get_start_numbers_in_order_or_the_one_given(client):
    """ "Players register and get a start number." """
    tournament = make_tournament(logged_in(client))
    response = register_lines(client, tournament, ["Anna Maier", "17 Ben Huber", "", "Cem"])
    assert response.status_code == 302
    players = list(tournament.players.values_list("start_number", "name"))
    assert players == [(1, "Anna Maier"), (2, "Cem"), (17, "Ben Huber")]
    page = text(client.get(response.url))
    assert "Angemeldet: 1 Anna Maier, 17 Ben Huber, 2 Cem." in page
    register_lines(client, tournament, ["Dora"])
    assert tournament.players.get(name="Dora").start_number == 18


def test_duplicates_are_refused_naming_the_line_and_the_refused_lines_are_kept(client):
    tournament = make_tournament(logged_in(client))
    register_lines(client, tournament, ["Anna", "Ben"])
    response = register_lines(client, tournament, ["Cem", "anna", "Cem", "2 Dora"])
    assert response.status_code == 422
    page = text(response)
    assert "Zeile 2: „anna“ ist schon angemeldet (Startnummer 1)." in page
    assert "Zeile 3: „Cem“ steht zweimal in der Liste (auch Zeile 1)." in page
    assert "Zeile 4: Startnummer 2 ist vergeben" in page
    # The good line is registered (issue 29); the refused ones stay in the form.
    assert "Angemeldet: 3 Cem." in page
    assert "anna\nCem\n2 Dora</textarea>" in response.content.decode()
    assert tournament.players.count() == 3


def test_late_registration_joins_from_the_next_round(client):
    """ "late registration before a round is drawn" """
    tournament = make_tournament(logged_in(client))
    register(tournament, 6)
    first = published_round(tournament, seed="r1")
    page = text(client.get(reverse("tournament_players", args=[tournament.pk])))
    assert "Nachmeldung: Wer jetzt angemeldet wird, wird ab Runde 2 ausgelost." in page
    register_lines(client, tournament, ["Gustl", "Hanna", "Ida"])
    late = set(tournament.players.filter(name__in=["Gustl", "Hanna", "Ida"]))
    assert not DrawnSeat.objects.filter(round=first, player__in=late).exists()
    second = published_round(tournament, seed="r2")
    assert DrawnSeat.objects.filter(round=second, player__in=late).count() == 3
    assert DrawnSeat.objects.filter(round=second).count() == 9


def test_a_change_of_the_entry_list_discards_an_unpublished_draw(client):
    tournament = make_tournament(logged_in(client))
    register(tournament, 6)
    client.post(reverse("round_draw", args=[tournament.pk]))
    assert tournament.draws.count() == 1
    response = register_lines(client, tournament, ["Gustl", "Hanna", "Ida"])
    assert tournament.draws.count() == 0
    assert "die unveröffentlichte Auslosung verworfen" in text(client.get(response.url))


def test_withdrawn_player_keeps_his_results_and_is_not_drawn_again(client):
    """ "a withdrawn player keeps his results and is not drawn again" """
    tournament = make_tournament(logged_in(client), rounds=2)
    register(tournament, 9)
    first = published_round(tournament, seed="r1")
    table = tables_of(first)[0]
    enter_game(table, 1, schatzsuche_round_1())
    leaving = Player.objects.get(tournament=tournament, name=table.player_names[1])
    points_before = compute(tournament).rows

    response = client.post(reverse("player_withdraw", args=[tournament.pk, leaving.pk]))
    assert "ist zurückgezogen: seine Ergebnisse bleiben" in text(client.get(response.url))
    # Nine minus one do not fill tables of 3: the draw refuses instead of dropping anyone.
    refused = client.post(reverse("round_draw", args=[tournament.pk]))
    assert "8 aktive Spieler füllen keine Tische zu 3" in text(client.get(refused.url))
    register_lines(client, tournament, ["Jakob"])
    second = published_round(tournament, seed="r2")
    assert not DrawnSeat.objects.filter(round=second, player=leaving).exists()
    assert DrawnSeat.objects.filter(round=second).count() == 9

    row = next(r for r in compute(tournament).rows if r.player_id == leaving.pk)
    before = next(r for r in points_before if r.player_id == leaving.pk)
    assert row.withdrawn and row.points == {1: before.points[1]} and row.points[1] == 1
    standings = text(client.get(reverse("standings", args=[tournament.pk])))
    assert f"{leaving.name} (zurückgezogen)" in standings

    client.post(reverse("player_reinstate", args=[tournament.pk, leaving.pk]))
    leaving.refresh_from_db()
    assert leaving.is_active


def schatzsuche_round_1():
    """Round 1 of Schatzsuche: seat 2 bids 1 and takes the trick (+1), the others 0 (0)."""
    return {"bid_0": 0, "bid_1": 1, "bid_2": 0, "tricks_0": 0, "tricks_1": 1, "tricks_2": 0}


def test_a_drawn_player_is_deleted_only_with_his_tournament():
    from django.db.models import RestrictedError

    from .helpers import organizer

    tournament = make_tournament(organizer())
    register(tournament, 3)
    published_round(tournament)
    with pytest.raises(RestrictedError):
        tournament.players.first().delete()
    tournament.delete()
    assert not Player.objects.exists() and not DrawnSeat.objects.exists()
