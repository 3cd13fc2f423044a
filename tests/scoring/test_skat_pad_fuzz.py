"""Nonsense posted to the Skat pad's forms: a message naming a field, never a 500."""

import random

import pytest
from django.urls import reverse

from .helpers import post_round
from .skat_pad_helpers import create_skat

pytestmark = pytest.mark.django_db

VALUES = ["", "0", "1", "2", "3", "-1", "11", "12", "120", "121", "18", "19", "999999999999",
          "passed", "kreuz", "null", "grand", "won", "lost_schwarz", "ohne", "mit", "on",
          "x", "1e3", "NaN", "\x00", "💥", " 7 ", "=1+1"]  # fmt: skip
ENTRY_FIELDS = ["declarer", "game", "mit", "matadors", "hand", "schneider_announced",
                "schwarz_announced", "ouvert", "outcome", "augen", "bid", "kontra", "re",
                "passed", "ramsch_0", "ramsch_1", "ramsch_2", "ramsch_3", "jungfrau",
                "durchmarsch"]  # fmt: skip
CREATE_FIELDS = ["player_0", "player_1", "player_2", "player_3", "preset", "first_dealer",
                 "kontra", "ramsch", "bock_rounds", "passed_counts_as_game",
                 "games_per_list_3", "games_per_list_4", "title"]  # fmt: skip


def nonsense(rng: random.Random, names: list[str]) -> dict:
    return {name: rng.choice(VALUES) for name in names if rng.random() < 0.7}


@pytest.mark.parametrize("preset", ["isko", "stammtisch-skat"])
@pytest.mark.parametrize("players", [("Anna", "Ben", "Cem"), ("Anna", "Ben", "Cem", "Dora")])
def test_fuzzed_entries_are_saved_or_refused_never_a_500(client, preset, players):
    rng = random.Random(f"{preset}{len(players)}")
    _table, key = create_skat(client, players, preset=preset)
    saved = 0
    for _attempt in range(60):
        response = post_round(client, key, saved + 1, nonsense(rng, ENTRY_FIELDS), base=0)
        assert response.status_code in (302, 422), response.content[:500]
        saved += response.status_code == 302
        preview = client.get(
            reverse("pad_page", args=[key, "vorschau"]), nonsense(rng, [*ENTRY_FIELDS, "n"])
        )
        assert preview.status_code == 200
    assert client.get(reverse("table", args=[key])).status_code == 200


def test_fuzzed_creation_forms_never_a_500(client):
    rng = random.Random("create")
    for _attempt in range(150):
        response = client.post(reverse("table_new", args=["skat"]), nonsense(rng, CREATE_FIELDS))
        assert response.status_code in (302, 422), response.content[:500]
