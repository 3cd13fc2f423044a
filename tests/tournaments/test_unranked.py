"""Players who never played are not ranked among those who did: a player withdrawn before
playing, registered after the last draw, or at a table without a game yet has no points to
be ranked by. He is listed after the ranked players, with "–" for a rank, on every page
that shows the standings, and a registration after the last draw says he is not drawn."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import text
from tournaments import services
from tournaments.standings import compute

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    published_round,
    register,
    rufspiel,
    solo,
    tables_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(client):
    """One round of one game (Schafkopf): Ida withdrew before the draw, 8 players at 2
    tables, and every seated player lost or won points — two of them end below zero."""
    tournament = make_tournament(logged_in(client), game="schafkopf", rounds=1, games_per_round=1)
    register(tournament, 9)
    services.set_withdrawn(tournament.players.get(name="Ida"), True)
    first, second = tables_of(published_round(tournament))
    enter_game(first, 1, solo(0, "lost"))  # −15 for the declarer, +5 for each opponent
    enter_game(second, 1, rufspiel(0, 1, "lost"))  # −1 for two, +1 for two
    return tournament


def register_late(client, tournament, name):
    response = client.post(reverse("tournament_players", args=[tournament.pk]), {"entries": name})
    assert response.status_code == 302
    return text(client.get(response.url))


def test_who_never_played_follows_the_ranked_players_without_a_rank(client, tournament):
    page = register_late(client, tournament, "Jakob")
    assert (
        "Alle Runden (1) sind ausgelost: Jakob wird nicht mehr ausgelost und bekommt "
        "keinen Platz." in page
    )
    standings = compute(tournament)
    rows = standings.rows
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6, 7, 8, None, None]
    assert [row.name for row in rows[-2:]] == ["Ida", "Jakob"]  # by start number
    # The last ranked players have fewer points than the unranked ones' 0.
    assert rows[7].total == -15 and rows[6].total == -1
    assert standings.unranked == 2


def test_every_standings_page_shows_them_last_with_a_dash(client, tournament):
    register_late(client, tournament, "Jakob")
    page = text(client.get(reverse("standings", args=[tournament.pk])))
    assert "8 1 Anna −15 −15 0 – 9 Ida (zurückgezogen) – 0 0 – 10 Jakob – 0 0" in page
    assert "Wer noch kein Spiel gespielt hat (–), bekommt keinen Platz." in page
    results = text(client.get(reverse("results", args=[tournament.pk])))
    assert "8 1 Anna −15 −15 0 – 9 Ida (zurückgezogen) – 0 0 – 10 Jakob – 0 0" in results
    projector = text(Client().get(reverse("public_standings", args=[tournament.public_key])))
    assert projector.index("Jakob") > projector.index("Hanna")
    assert "– 10 Jakob" in projector

    body = client.get(reverse("standings_csv", args=[tournament.pk])).content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(body), delimiter=";"))[1:]
    assert [line[0] for line in lines] == [*"12345678", "–", "–"]
    assert [line[2] for line in lines[-2:]] == ["Ida", "Jakob"]


def test_a_table_without_a_game_yet_ranks_nobody(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=1)
    register(tournament, 8)
    first, second = tables_of(published_round(tournament))
    enter_game(first, 1, solo(0, "lost"))
    by_name = {row.name: row for row in compute(tournament).rows}
    assert all(by_name[name].rank is not None for name in first.player_names)
    assert all(by_name[name].rank is None for name in second.player_names)
    # Per round too: in round 2 nobody has played yet.
    published_round(tournament, seed="r2")
    assert {row.rank for row in compute(tournament, round_number=2).rows} == {None}
    assert compute(tournament).unranked == 4


def test_registering_before_the_last_draw_says_nothing_of_the_kind(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", rounds=2)
    register(tournament, 8)
    published_round(tournament)
    page = register_late(client, tournament, "Jakob")
    assert "Alle Runden" not in page
    assert "ab Runde 2 ausgelost" in page
    published_round(tournament, seed="r2")
    players_page = text(client.get(reverse("tournament_players", args=[tournament.pk])))
    assert "Alle 2 Runden sind ausgelost: Wer jetzt angemeldet wird, wird nicht mehr" in (
        players_page
    )
