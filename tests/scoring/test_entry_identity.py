"""A typed game keeps its submission token through every way on after a conflict, so every later
copy of it (a reload that posts again, a queued copy, a lost answer) is recognised as the game
already stored: issue 28 §2, "resolving a conflict and reloading stores the game twice"."""

import re
import uuid

import pytest
from django.test import Client

from scoring.models import Revision
from scoring.services import Author, lock_table

from .helpers import post_round, text
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
IN_PLACE = {"HTTP_HX_REQUEST": "true"}


def two_games_from_another_phone(key):
    ben = Client()
    play(ben, key, 1, game("rufspiel", 1, 3, called="E", augen=70), author="Ben")
    play(ben, key, 2, game("rufspiel", 2, 0, called="G", augen=40), author="Ben")


def stored(token) -> list[int]:
    return [r.round.number for r in Revision.objects.filter(submission=token)]


def test_a_conflict_saved_as_the_next_game_and_posted_again_is_stored_once(client):
    table, key = create_schafkopf(client)
    two_games_from_another_phone(key)
    token = uuid.uuid4()
    annas_game = game("solo", 3, suit="S", augen=81)
    conflict = post_round(client, key, 1, annas_game, submission=token)
    assert conflict.status_code == 409
    html = conflict.content.decode()
    # The form keeps what Anna typed and the game's identity, not a new token.
    assert re.search(rf'name="submission"[^>]*value="{token}"', html)
    assert "Als Spiel 3 speichern" in text(conflict)

    # "Als Spiel 3 speichern": the button's formaction and value, as the browser sends them.
    way = post_round(client, key, 3, {**annas_game, "next_base": "0"}, submission=token)
    assert way.status_code == 302 and way.url.endswith("#round-3")
    assert stored(token) == [3]

    # A reload of the conflict page posts game 1 again; a lost answer sends game 3 again.
    reload = post_round(client, key, 1, annas_game, submission=token)
    assert reload.status_code == 302 and reload.url.endswith("#round-3")
    assert "Spiel 1 ist schon gespeichert, als Spiel 3." in text(client.get(reload.url))
    again = post_round(client, key, 3, {**annas_game, "next_base": "0"}, submission=token)
    assert again.status_code == 302
    queued = post_round(client, key, 1, annas_game, submission=token, **JSON)
    assert queued.status_code == 200
    assert queued.json()["saved"] is True and queued.json()["round"] == 3
    assert stored(token) == [3]
    assert table.rounds.count() == 3


def test_a_conflict_in_place_keeps_the_token_and_a_replacement_is_stored_once(client):
    table, key = create_schafkopf(client)
    two_games_from_another_phone(key)
    token = uuid.uuid4()
    annas_game = game("solo", 3, suit="S", augen=81)
    conflict = post_round(client, key, 2, annas_game, submission=token, **IN_PLACE)
    assert conflict.status_code == 409 and conflict["Stichblock-Entry"] == "conflict"
    assert re.search(rf'name="submission"[^>]*value="{token}"', conflict.content.decode())
    replaced = post_round(
        client,
        key,
        2,
        {**annas_game, "replace_base": "1"},
        submission=token,
        reason="Ben hat sich verschrieben",
        **IN_PLACE,
    )
    assert replaced.status_code == 200 and replaced["Stichblock-Entry"] == "saved"
    # The outbox still held the first copy (its answer was lost): the same game, stored once.
    queued = post_round(client, key, 2, annas_game, submission=token, **JSON)
    assert queued.status_code == 200 and queued.json()["created"] is False
    assert stored(token) == [2]
    current = Revision.objects.get(round__table=table, round__number=2, is_current=True)
    assert current.submission == token and current.reason == "Ben hat sich verschrieben"


def test_an_entry_stored_before_with_other_values_offers_no_new_game(client):
    """The same token with other values: the game is stored already (an entry edited after
    its answer was lost). Saving it as a new game would store it twice; replacing is the way,
    with a token of its own."""
    _table, key = create_schafkopf(client)
    token = uuid.uuid4()
    play(client, key, 1, game("rufspiel", 1, 3, called="E", augen=70), submission=token)
    edited = post_round(
        client, key, 1, game("rufspiel", 1, 3, called="E", augen=50), submission=token
    )
    assert edited.status_code == 409
    page = text(edited)
    assert "Spiel 1 wurde inzwischen auf diesem Handy gespeichert" in page
    assert "Als Spiel 2 speichern" not in page and "Spiel 1 ersetzen" in page
    assert not re.search(rf'name="submission"[^>]*value="{token}"', edited.content.decode())
    assert stored(token) == [1]


def test_a_queued_copy_of_a_game_stored_as_another_round_is_saved_even_once_locked(client):
    """A copy of a game stored as another round is answered "saved" before anything else is
    checked: the phone lets it go, whatever happened to the table since."""
    table, key = create_schafkopf(client)
    two_games_from_another_phone(key)
    token = uuid.uuid4()
    annas_game = game("solo", 3, suit="S", augen=81)
    play(client, key, 3, {**annas_game, "next_base": "0"}, submission=token)
    lock_table(table, Author(name="Organizer"))
    queued = post_round(client, key, 1, annas_game, submission=token, **JSON)
    assert queued.status_code == 200 and queued.json()["round"] == 3
    assert stored(token) == [3]
