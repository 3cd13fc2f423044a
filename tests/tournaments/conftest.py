"""Fixtures shared by the tournament tests."""

import pytest

from .helpers import (
    enter_game,
    logged_in,
    make_tournament,
    published_round,
    register,
    rufspiel,
    tables_of,
)


@pytest.fixture
def schafkopf_round(client):
    """A Schafkopf tournament of 8 players, 2 games per round, its first round published; the
    client is logged in as its organizer. (tournament, round, [table 1, table 2])"""
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=2)
    register(tournament, 8)
    round_ = published_round(tournament)
    return tournament, round_, tables_of(round_)


@pytest.fixture
def disputed_game(schafkopf_round):
    """Table 1 of ``schafkopf_round`` with its first game entered (a Rufspiel, won)."""
    _tournament, _round, (first, _second) = schafkopf_round
    enter_game(first, 1, rufspiel(0, 2), author=first.player_names[1])
    return first
