"""Helpers for the Skat tournament tests: a Skat tournament, and games stored as the Skat
pad stores them (the round data contract in docs: ``data`` with declarer, won and
list_points, ``scores`` the game's Seeger-Fabian points per seat)."""

from __future__ import annotations

import uuid

from scoring.models import Revision
from scoring.rules.skat import ListGame, game_points
from scoring.rules.skat.profiles import PROFILES
from scoring.services import Author, save_round

from .helpers import make_tournament


def skat_tournament(user, **fields):
    defaults = {
        "name": "Skat-Liga 3. Spieltag",
        "profile_name": "isko",
        "profile": dict(PROFILES["isko"]),
        "table_size": 4,
        "remainder": "smaller",
        "tie_break": "solos_lot",
        "games_per_round": 1,
    }
    return make_tournament(user, game="skat", **(defaults | fields))


def game_data(declarer: int, won: bool, list_points: int) -> dict:
    """A suit game as the Skat pad stores it (list points given: +value won, -2x lost)."""
    augen = 71 if won else 50
    return {
        "passed": False,
        "declarer": declarer,
        "game": "kreuz",
        "hand": False,
        "schneider_announced": False,
        "schwarz_announced": False,
        "ouvert": False,
        "matadors": 1,
        "augen": augen,
        "won": won,
        "schneider": False,
        "schwarz": False,
        "bid": 18,
        "list_points": list_points,
    }


def next_number(table) -> int:
    return (
        Revision.objects.filter(round__table=table).values("round__number").distinct().count() + 1
    )


def skat_game(table, declarer: int, won: bool, list_points: int, number: int | None = None):
    """Store one Skat game at ``table`` (the next one unless ``number``); the revision."""
    seats = len(table.player_names)
    revision, _created = save_round(
        table,
        number or next_number(table),
        data=game_data(declarer, won, list_points),
        scores=game_points(ListGame(declarer, won, list_points), seats),
        complete=True,
        base=0,
        submission=uuid.uuid4(),
        author=Author(name="", device="phone-1"),
    )
    return revision


def passed_game(table, number: int | None = None):
    revision, _created = save_round(
        table,
        number or next_number(table),
        data={"passed": True},
        scores=[0] * len(table.player_names),
        complete=True,
        base=0,
        submission=uuid.uuid4(),
        author=Author(name="", device="phone-1"),
    )
    return revision
