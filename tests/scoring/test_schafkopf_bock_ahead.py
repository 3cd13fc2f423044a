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

from scoring.pads.schafkopf import bock_ahead
from scoring.pads.schafkopf.labels import OUTCOME_NAMES
from scoring.rules.schafkopf import PROFILES
from scoring.rules.schafkopf.tariff import BOCK_TRIGGERS

from .ahead_helpers import AheadAnswer
from .schafkopf_helpers import FIVE, FOUR, create_schafkopf, game, play

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


# --- which kept entries start Bock games: the server's description (bock_ahead.py) ---------------
def looked_up(described: dict, typed: dict[str, str]) -> int:
    """What static/js/ahead.js (``started``) makes of an entry typed as ``typed``."""
    values = []
    for field in described["order"]:
        value = typed.get(field, "")
        ranges = described["ranges"].get(field)
        if ranges and value != "":
            value = next(
                str(i) for i, (low, high) in enumerate(ranges) if low <= int(value) <= high
            )
        values.append(value if value in described["fields"][field] else "")
    return described["fires"].get("|".join(values), 0)


def house(trigger_set, **more) -> dict:
    return {**PROFILES["stammtisch"], "bock": list(trigger_set), "allow_stoss": True,
            "allow_retour": True, **more}  # fmt: skip


def agrees(profile: dict, seats: int) -> int:
    """Checks the description against the engine (a fresh entry form, ``game.facts``,
    ``bock_triggers``: what the server does with the entry) for every contract, every result
    chip, every number of Augen, with and without Retour, wherever the server takes the entry
    (one it refuses starts nothing); answers how many entries fire."""
    described = bock_ahead.describe(profile, [f"P{seat}" for seat in range(seats)])["bock"]
    contracts = described["fields"]["contract"]
    outcomes = ["", *OUTCOME_NAMES]
    typed_ways = [
        {"augen": str(augen)}
        for augen in range(121)  # the Augen alone decide the result
    ] + [
        {"outcome": outcome, "augen": augen, "retour": retour}
        for outcome in outcomes
        for augen in ("", "0", "30", "60", "90", "120")
        for retour in ("", "on")
    ]
    if "schwarz_claimed" in described["fields"]:
        typed_ways += [{"outcome": o, "schwarz_claimed": "on"} for o in outcomes]
    fired = 0
    for contract in contracts:
        for typed in typed_ways:
            fields = bock_ahead.entry_fields(contract, typed)
            engine = bock_ahead.triggered(profile, seats, fields)
            if engine is None:  # refused by the server: it starts nothing
                continue
            assert looked_up(described, {"contract": contract, **typed}) == engine, (
                contract,
                typed,
            )
            fired += engine > 0
    return fired


@pytest.mark.parametrize("trigger", BOCK_TRIGGERS)
def test_the_phone_knows_which_kept_entries_start_bock_games_as_the_engine_does(trigger):
    """Each trigger the house rules offer, alone: the description the phone looks entries up
    in agrees with the engine for every entry, and some entry fires it."""
    assert agrees(house([trigger]), 4) > 0


def test_the_description_agrees_with_every_trigger_at_once_and_claimed_schwarz():
    profile = house(BOCK_TRIGGERS, schwarz_must_be_claimed=True, bock_overlap="stack")
    assert agrees(profile, 5) > 0
    described = bock_ahead.describe(profile, FIVE)["bock"]
    assert described["stack"] and described["factor"] == 2
    # A Bock round is as many games as the engine counts after a game that starts one.
    assert described["games"] == 5


def test_no_description_without_bock_or_where_thrown_in_deals_do_not_use_them_up():
    assert bock_ahead.describe(house([]), FOUR) == {}
    assert bock_ahead.describe(house(["split_60"], bock_counts_thrown_in=False), FOUR) == {}


def test_the_rounds_ahead_carry_the_description(client):
    _table, key = create_schafkopf(client, preset="stammtisch")
    answer = AheadAnswer(
        client.get(reverse("table_ahead", args=[key]) + "?after=0").content.decode()
    )
    assert looked_up(answer.rules["bock"], {"contract": "rufspiel", "augen": "60"}) == 1
    # The sheet page brings the same window, description and all: it fetches none at load.
    page = client.get(reverse("table", args=[key])).content.decode()
    assert AheadAnswer(page).rules == answer.rules
    plain = create_schafkopf(client)[1]
    assert (
        AheadAnswer(
            client.get(reverse("table_ahead", args=[plain]) + "?after=0").content.decode()
        ).rules
        == {}
    )
