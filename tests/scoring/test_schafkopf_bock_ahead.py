"""The Bock games still to come, for a phone entering the games ahead offline.

Rules: docs/rules/schafkopf.md, "Bock rounds" (a trigger adds a round of as many games as the
table has players, from the next deal on; ``queue`` runs them one after the other, ``stack``
side by side, ×4 in two). The live fragment names the coming Bock games (``data-bock``,
game number:factor); the blank forms of the games ahead carry a hidden mark that the page
fills in from it (static/js/sheet.js), and stay the same whatever was played.
Preset ``stammtisch``: Bock after 60 : 60 and Schwarz, ×2, queued. Four players.
"""

import re

import pytest
from django.urls import reverse

from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db

SPLIT = game("rufspiel", 0, 2, called="E", augen=60)
PLAIN = game("rufspiel", 0, 2, called="E", augen=70)


def live_bock(client, key) -> str | None:
    html = client.get(reverse("table_live", args=[key])).content.decode()
    section = re.search(r'<section id="live"[^>]*>', html).group(0)
    found = re.search(r'data-bock="([^"]*)"', section)
    return found.group(1) if found else None


def test_the_live_fragment_names_the_bock_games_to_come(client):
    _table, key = create_schafkopf(client, preset="stammtisch")
    assert live_bock(client, key) is None
    play(client, key, 1, SPLIT)
    assert live_bock(client, key) == "2:2 3:2 4:2 5:2"
    play(client, key, 2, PLAIN)
    assert live_bock(client, key) == "3:2 4:2 5:2"
    # Another 60 : 60 queues a round after this one.
    play(client, key, 3, SPLIT)
    assert live_bock(client, key) == "4:2 5:2 6:2 7:2 8:2 9:2"


def test_stacked_rounds_are_named_with_their_factor(client):
    table, key = create_schafkopf(client, preset="stammtisch")
    table.profile = {**table.profile, "bock_overlap": "stack"}
    table.save()
    play(client, key, 1, SPLIT)
    play(client, key, 2, SPLIT)
    assert live_bock(client, key) == "3:4 4:4 5:4 6:2"


def test_no_bock_games_are_named_where_thrown_in_deals_do_not_use_them_up(client):
    # Which game number gets them is open until the deals in between are in.
    table, key = create_schafkopf(client, preset="stammtisch")
    table.profile = {**table.profile, "bock_counts_thrown_in": False}
    table.save()
    play(client, key, 1, SPLIT)
    assert live_bock(client, key) is None


def test_tables_without_bock_name_none(client):
    _table, key = create_schafkopf(client, preset="tarif-10-20-50")
    play(client, key, 1, SPLIT)
    assert live_bock(client, key) is None


def test_the_forms_ahead_carry_a_hidden_bock_mark_whatever_was_played(client):
    _table, key = create_schafkopf(client, preset="stammtisch")
    url = reverse("table_ahead", args=[key]) + "?after=2"
    before = client.get(url).content.decode()
    assert before.count("data-bock-mark hidden") >= 2
    assert "Dieses Spiel zählt mindestens" in before
    play(client, key, 1, SPLIT)
    assert client.get(url).content.decode() == before
    # The server's own form says Bock plainly, without the mark.
    page = client.get(reverse("table", args=[key])).content.decode()
    entry = page[page.index('id="entry"') :]
    entry = entry[: entry.index("</form>")]
    assert "data-bock-mark" not in entry
