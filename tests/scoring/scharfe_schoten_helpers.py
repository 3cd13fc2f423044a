"""Helpers for Scharfe Schoten scorepad tests: create a table and post rounds like a phone."""

import html

from django.urls import reverse

from scoring.models import Access, Revision

from .helpers import post_round, text

COLOURS = ("R", "G", "Y", "B")


def create_table(client, players=("Anna", "Ben", "Cem", "Dora"), first_start=0, hidden=False):
    data = {f"player_{seat}": name for seat, name in enumerate(players)}
    data.update(first_start=first_start, author="Anna")
    if hidden:
        data["hidden_predictions"] = "on"
    response = client.post(reverse("table_new", args=["scharfe_schoten"]), data)
    assert response.status_code == 302, text(response)[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table, key


def counts(spec: str) -> dict[str, int]:
    """``"R6 G2"`` → {"R": 6, "G": 2, "Y": 0, "B": 0}."""
    result = dict.fromkeys(COLOURS, 0)
    for part in spec.split():
        result[part[0]] = int(part[1:])
    return result


def round_fields(predictions=None, collected=None, tricks=None, numbers=None) -> dict:
    """Form fields of a round: predictions as "RY" (most, fewest) per seat, collected as
    count specs per seat (see ``counts``), tricks per seat, numbers as {"R": 2, ...}."""
    data = {}
    for colour, value in (numbers or {}).items():
        data[f"number_{colour}"] = value
    for seat, prediction in enumerate(predictions or []):
        data[f"most_{seat}"], data[f"fewest_{seat}"] = prediction[0], prediction[1]
    for seat, spec in enumerate(collected or []):
        for colour, value in counts(spec).items():
            data[f"count_{seat}_{colour}"] = value
    for seat, value in enumerate(tricks or []):
        data[f"tricks_{seat}"] = value
    return data


def play_round(client, key, number, predictions, collected, **extra):
    response = post_round(client, key, number, round_fields(predictions, collected, **extra))
    assert response.status_code == 302, text(response)[:2000]
    return response


def current(table, number) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


# One colour column per player that sums to 12 per colour: everybody's "nothing special".
EVEN_3 = ["R4 G4 Y4 B4", "R4 G4 Y4 B4", "R4 G4 Y4 B4"]


def page_text(response) -> str:
    """The visible text like ``helpers.text``, with entities decoded ("&gt;" → ">")."""
    return html.unescape(text(response))
