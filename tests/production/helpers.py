"""Helpers for the production tests: a table of every game that has a pad, created through
the real creation form with its own defaults (so new pads are covered without edits here)."""

from django import forms
from django.urls import reverse

from scoring.models import Access
from scoring.pads import PADS, get_pad


def choice_values(field) -> list:
    values = []
    for value, label in field.choices:
        if isinstance(label, list | tuple):  # an optgroup
            values.extend(v for v, _ in label)
        else:
            values.append(value)
    return [v for v in values if v not in ("", None)]


def creation_data(game: str) -> dict:
    """A valid creation POST from the form's own initial values, every seat taken."""
    form = get_pad(game).create_form_class()
    data = {}
    for bound in form:
        field, name = bound.field, bound.name
        if name.startswith("player_"):
            data[name] = f"Spieler {int(name.removeprefix('player_')) + 1}"
            continue
        value = bound.value()
        if isinstance(field, forms.BooleanField):
            if value:
                data[name] = "on"
            continue
        if value in (None, "", []) and isinstance(field, forms.ChoiceField):
            values = choice_values(field)
            value = values[:1] if isinstance(field, forms.MultipleChoiceField) else values[0]
        if value is not None:
            data[name] = value
    return data


def create_table(client, game: str):
    """(table, scorer key, viewer key) of a new table of ``game``, made as a phone would."""
    response = client.post(reverse("table_new", args=[game]), creation_data(game))
    assert response.status_code == 302, (game, response.content.decode()[:3000])
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    table = Access.objects.get(key=key).table
    viewer = table.accesses.get(role=Access.Role.VIEWER).key
    return table, key, viewer


def games_with_pads() -> list[str]:
    return sorted(PADS)
