"""The draw of a Skat tournament: tables of 4, tables of 3 only where the number of players
demands it, every player seated once, reproducible from the round's seed."""

import pytest

from tournaments import draw as drawing
from tournaments import services
from tournaments.formats import get_format

from .helpers import logged_in, register
from .skat_helpers import skat_tournament


@pytest.mark.parametrize("count", range(9, 31))
def test_tables_of_four_and_as_few_of_three_as_the_count_demands(count):
    sizes = drawing.table_sizes(count, 4, "smaller")
    threes = sizes.count(3)
    assert sum(sizes) == count
    assert set(sizes) <= {3, 4}
    # Each table of 3 frees one seat: exactly as many as 4 - count % 4 (0 when it fills).
    assert threes == (4 - count % 4) % 4
    assert sizes == sorted(sizes, reverse=True)  # full tables first, the table numbers low


@pytest.mark.parametrize("count", range(9, 31))
def test_every_player_is_seated_once_and_the_seed_reproduces_the_draw(count):
    players = list(range(100, 100 + count))
    sizes = drawing.table_sizes(count, 4, "smaller")
    first = drawing.draw(players, sizes, [], "liga-7")
    again = drawing.draw(list(reversed(players)), sizes, [], "liga-7")
    other = drawing.draw(players, sizes, [], "liga-8")
    seated = [p for table in first.tables for p in table]
    assert sorted(seated) == players
    assert [len(table) for table in first.tables] == sizes
    assert first.tables == again.tables
    assert other.tables != first.tables


def test_a_second_round_avoids_the_first_rounds_table_mates():
    players = list(range(1, 17))
    sizes = drawing.table_sizes(16, 4, "smaller")
    first = drawing.draw(players, sizes, [], "r1")
    second = drawing.draw(players, sizes, drawing.pairs_of(first.tables), "r2")
    assert second.repeated_pairs == 0


def test_the_skat_format_seats_three_or_four():
    fmt = get_format("skat")
    assert fmt.remainder_size(4, "smaller") == 3
    assert fmt.remainder_size(4, "larger") is None  # no tables of 5 at Skat
    assert fmt.length(3, {}) == 36 and fmt.length(4, {}) == 48
    assert fmt.length(4, {"games_per_list_4": 40}) == 40


@pytest.mark.django_db
def test_thirteen_players_sit_at_one_table_of_four_and_three_of_three(client):
    tournament = skat_tournament(logged_in(client))
    register(tournament, 13)
    round_ = services.draw_round(tournament, seed="s13")
    seating = seating_of(round_)
    assert [len(table) for table in seating] == [4, 3, 3, 3]
    # A redraw with the same seed (the preview is replaced) seats everybody as before.
    assert seating_of(services.draw_round(tournament, seed="s13")) == seating


def seating_of(round_):
    return [
        [seat.player.name for seat in table.seats.select_related("player")]
        for table in round_.tables.order_by("number")
    ]


@pytest.mark.django_db
def test_five_players_cannot_be_drawn_and_the_organizer_is_told_why(client):
    tournament = skat_tournament(logged_in(client))
    register(tournament, 5)
    with pytest.raises(services.TournamentError) as error:
        services.draw_round(tournament, seed="s5")
    assert "5 aktive Spieler können nicht an Tischen zu 4 und 3 sitzen" in str(error.value)
    response = client.post(f"/tournaments/{tournament.pk}/draw/", {"seed": ""}, follow=True)
    assert response.status_code == 200
    assert "5 aktive Spieler können nicht an Tischen zu 4 und 3 sitzen" in response.content.decode()
    assert not tournament.draws.exists()
