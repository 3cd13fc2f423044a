"""A Schafkopf tournament with the house rules (issue 23, "What users get" 7): a table of the
``stammtisch`` profile plays Geier, Bock rounds and the Stock, and the standings follow its
sheet — also after a correction that removes a Bock round, and with the Stock shared out once
the table's games are done (docs/rules/schafkopf.md, "Bock rounds", "The Stock")."""

import pytest

from scoring.rules.schafkopf import PROFILES
from scoring.tables import summarize
from tournaments.progress import unbalanced_games
from tournaments.standings import compute

from .helpers import enter_game, logged_in, make_tournament, published_round, register, tables_of

pytestmark = pytest.mark.django_db


def points_by_seat(tournament, table) -> list[int]:
    standings = compute(tournament)
    by_name = {row.name: row.total for row in standings.rows}
    return [by_name[name] for name in table.player_names]


def test_a_stammtisch_tournament_table_and_its_standings(client):
    tournament = make_tournament(
        logged_in(client),
        game="schafkopf",
        profile_name="stammtisch",
        profile=dict(PROFILES["stammtisch"]),
        games_per_round=4,
    )
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    split = {"contract": "rufspiel", "declarer": 0, "partner": 2, "called": "E", "augen": 60}
    enter_game(table, 1, split)  # 60 : 60: −20 +20 −20 +20, a Bock round follows
    enter_game(table, 2, {"contract": "geier", "declarer": 1, "outcome": "won"})  # ×2
    enter_game(table, 3, {"contract": "thrown_in"})  # Bock; each pays 20 into the Stock
    assert points_by_seat(tournament, table) == [-140, 300, -140, -100]
    # Game 1 had 70 Augen: no Bock, the Geier counts once.
    enter_game(table, 1, {**split, "augen": 70})
    assert points_by_seat(tournament, table) == [-50, 110, -50, -90]
    # The last game: Dora's Farbwenz wins the Stock of 80 (50 + 80 from the others' 50 each).
    enter_game(table, 4, {"contract": "farbwenz", "declarer": 3, "suit": "G", "outcome": "won"})
    summary = summarize(table)
    assert summary.finished and summary.stock == 0
    assert points_by_seat(tournament, table) == [-100, 60, -100, 140]
    assert unbalanced_games("schafkopf", summary) == []
    # The won Geier and Farbwenz break ties like a Solo.
    solos = {row.name: row.total_solos for row in compute(tournament).rows}
    assert [solos[name] for name in table.player_names] == [0, 1, 0, 1]


def test_the_stock_left_at_the_end_of_the_round_is_shared_out(client):
    tournament = make_tournament(
        logged_in(client),
        game="schafkopf",
        profile_name="stammtisch",
        profile=dict(PROFILES["stammtisch"]),
        games_per_round=2,
    )
    register(tournament, 4)
    (table,) = tables_of(published_round(tournament))
    enter_game(table, 1, {"contract": "thrown_in"})
    enter_game(table, 2, {"contract": "thrown_in"})
    # 160 in the Stock when the round ends: 40 back to each, so everybody is at 0.
    assert summarize(table).finished
    assert points_by_seat(tournament, table) == [0, 0, 0, 0]
