"""Helpers for the Schafkopf scorepad tests: start a table and enter games as a phone does."""

import re

from django.urls import reverse

from scoring.models import Access, Revision

from .helpers import post_round, text

FOUR = ("Anna", "Ben", "Cem", "Dora")
FIVE = ("Anna", "Ben", "Cem", "Dora", "Emil")


def create_schafkopf(client, players=FOUR, first_dealer=0, preset="kurzanleitung", **fields):
    data = {"first_dealer": first_dealer, "preset": preset, "author": "Anna", **fields}
    for seat, name in enumerate(players):
        data[f"player_{seat}"] = name
    response = client.post(reverse("table_new", args=["schafkopf"]), data)
    assert response.status_code == 302, text(response)[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table, key


def game(
    contract,
    declarer=None,
    partner=None,
    *,
    called=None,
    suit=None,
    outcome=None,
    augen=None,
    laufende=None,
    stoss=False,
    retour=False,
    klopfen=None,
    ramsch=None,
    jungfrau=(),
    **extra,
):
    """The POST fields of one game; seats are numbers, as the chips send them."""
    fields = {"contract": contract, **extra}
    for name, value in (
        ("declarer", declarer),
        ("partner", partner),
        ("called", called),
        ("suit", suit),
        ("outcome", outcome),
        ("augen", augen),
        ("laufende", laufende),
        ("klopfen", klopfen),
    ):
        if value is not None:
            fields[name] = value
    if stoss:
        fields["stoss"] = "on"
    if retour:
        fields["retour"] = "on"
    for seat, augen_of_seat in (ramsch or {}).items():
        fields[f"ramsch_{seat}"] = augen_of_seat
    if jungfrau:
        fields["jungfrau"] = [str(seat) for seat in jungfrau]
    return fields


def play(client, key, number, fields, **kwargs):
    response = post_round(client, key, number, fields, **kwargs)
    assert response.status_code == 302, text(response)[:3000]
    return response


def scores(table, number):
    revision = Revision.objects.get(round__table=table, round__number=number, is_current=True)
    return revision.scores


def is_checked(html: str, name: str, value: str | None = None) -> bool:
    """Whether the page has the radio/checkbox ``name`` (with ``value``) ticked."""
    for tag in re.findall(r"<input[^>]*>", html):
        wanted = f'name="{name}"' in tag and (value is None or f'value="{value}"' in tag)
        if wanted and re.search(r"\schecked\b", tag):
            return True
    return False


def errors(response) -> str:
    """The text of the error box above the form."""
    page = text(response)
    start = page.find("Noch nicht gespeichert")
    if start < 0:
        start = page.find("Not saved yet")
    return page[start : start + 1500] if start >= 0 else ""
