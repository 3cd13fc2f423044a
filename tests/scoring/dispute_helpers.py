"""Helpers for dispute tests: open a dispute, tap cards and post forms the way a phone does."""

from __future__ import annotations

import json

from django.urls import reverse

from scoring.models import Dispute
from scoring.rules import records
from scoring.rules.draws import make_rng

from .helpers import text


def open_dispute(client, key, number, note="", author="Vera") -> Dispute:
    response = client.post(
        reverse("dispute_round", args=[key, number]), {"note": note, "author": author}
    )
    assert response.status_code == 302, text(response)[:2000]
    return Dispute.objects.filter(round_number=number).latest("pk")


def url(name, key, dispute, *args):
    return reverse(name, args=[key, dispute.pk, *args])


def version(dispute) -> int:
    dispute.refresh_from_db()
    return dispute.version


def tap(client, key, dispute, action, **headers):
    data = {"version": version(dispute), "action": action}
    return client.post(url("dispute_act", key, dispute), data, **headers)


def tap_all(client, key, dispute, actions):
    for action in actions:
        response = tap(client, key, dispute, action)
        assert response.status_code == 302, text(response)[:2000]


def undo(client, key, dispute):
    return client.post(url("dispute_act", key, dispute), {"version": version(dispute), "undo": "1"})


def post_setup(client, key, dispute, fields):
    data = {"version": version(dispute), **fields}
    return client.post(url("dispute_setup", key, dispute), data)


def type_hands(client, key, dispute, hands):
    data = {"version": version(dispute), "form": "typed"}
    for seat, hand in enumerate(hands):
        data[f"hand_{seat}"] = " ".join(hand)
    return client.post(url("dispute_hands", key, dispute), data)


def paste(client, key, dispute, record_or_text):
    body = record_or_text if isinstance(record_or_text, str) else json.dumps(record_or_text)
    return client.post(
        url("dispute_paste", key, dispute), {"version": version(dispute), "text": body}
    )


def downloaded(client, key, dispute, name="dispute_record", **query) -> dict:
    response = client.get(url(name, key, dispute), query)
    assert response.status_code == 200, response.content[:500]
    return json.loads(response.content)


def apply(client, key, dispute, base, note="", submission="0b0c5a57-0d1e-4b1e-9f51-3e4d3d0e5d11"):
    data = {
        "version": version(dispute),
        "base": base,
        "submission": submission,
        "author": "Vera",
        "note": note,
    }
    return client.post(url("dispute_apply", key, dispute), data)


def simulated(game, seed, names, **kwargs) -> dict:
    """A valid record of ``game`` played by the engine's bots, with the table's names."""
    module = records.get_game(game)
    settings = records.profile_settings(module, kwargs.pop("profile", None))
    record = module.simulate(make_rng(seed), settings, **kwargs)
    record["players"] = list(names)
    return record


def actions_of(game, record) -> list[str]:
    """The taps that enter a record's plays (and picks, bonus uses …) in order."""
    from scoring.disputes.games import get_adapter

    return get_adapter(game).actions_from_record(record)
