"""A verdict of a deal played card by card goes onto the list through the pad's own entry
form (as scoring.disputes applies it) with the list points and Seeger-Fabian points the
engine found; the prefill names what the list knows of the game."""

import random
import uuid

import pytest

from scoring.disputes.services import entry_values
from scoring.pads import get_pad
from scoring.rules import skat
from scoring.services import current_revisions

from .skat_pad_helpers import create_skat, pass_deal, play_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", ["isko", "stammtisch-skat"])
def test_simulated_verdicts_apply_through_the_entry_form(client, preset):
    table, key = create_skat(client, preset=preset)
    pass_deal(client, key, 1, **({"durchmarsch": "0"} if preset != "isko" else {}))
    pad = get_pad("skat")
    settings = skat.PROFILES[preset]
    for seed in range(40):
        record = skat.simulate(random.Random(seed), settings, players=3)
        result = skat.verify_record(record, settings).to_json()["result"]
        summary = pad.summarize(table, current_revisions(table))
        row = summary.row(1)
        data = pad.data_from_verdict(table, row, record, {"result": result})
        values = {**entry_values(pad, data), "base": 1, "submission": str(uuid.uuid4())}
        form = pad.entry_form(table, summary, 1, data=values, initial=values)
        assert form.is_valid(), (seed, result, values, form.errors)
        saved, complete, scores = pad.round_from_form(table, summary, form)
        assert complete
        # The dealer of game 1 (Anna) is Hinterhand: record seats are Ben, Cem, Anna.
        in_table = [result["seeger_fabian"][(seat + 2) % 3] for seat in range(3)]
        assert scores == in_table, (seed, result, saved)


def test_the_prefill_names_the_seats_from_the_dealers_left(client):
    table, key = create_skat(client, ("Anna", "Ben", "Cem", "Dora"), first_dealer=1)
    play_game(client, key, 1, "3", "grand", mit=-2, outcome="won", hand=True)
    pad = get_pad("skat")
    row = pad.summarize(table, current_revisions(table)).row(1)
    prefill = pad.record_prefill(table, row)
    assert prefill["players"] == ["Cem", "Dora", "Anna"]  # Ben deals and sits out
    assert prefill["contract"] == {"type": "grand", "declarer": 1, "hand": True, "matadors": -2}
