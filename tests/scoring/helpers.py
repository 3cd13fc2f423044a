"""Helpers for scorepad tests: create tables and post rounds the way a phone does."""

import contextlib
import re
import uuid

from django.test.signals import template_rendered
from django.urls import reverse

from scoring.models import Access, Table


def create_schatzsuche(client, players=("Anna", "Ben", "Cem"), first_dealer=0, **rules):
    data = {
        "player_0": players[0],
        "player_1": players[1],
        "player_2": players[2],
        "first_dealer": first_dealer,
        "dealer_tie": "fewest",
        "dealer_by": "total",
        "golden_both": "160",
        "farbkarten": "on",
        "author": "Anna",
        **rules,
    }
    response = client.post(reverse("table_new", args=["schatzsuche"]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    access = Access.objects.get(key=key)
    return access.table, key


def viewer_key(table: Table) -> str:
    return table.accesses.get(role=Access.Role.VIEWER).key


def round_fields(bids, tricks=None, penalties=None, trump="", golden=None):
    data = {f"bid_{seat}": bid for seat, bid in enumerate(bids)}
    for seat, value in enumerate(tricks or []):
        data[f"tricks_{seat}"] = value
    for seat, value in enumerate(penalties or []):
        data[f"penalty_{seat}"] = value
    data["trump"] = trump
    if golden:
        guesses, card = golden
        for seat, guess in enumerate(guesses):
            data[f"guess_suit_{seat}"] = guess[0]
            data[f"guess_rank_{seat}"] = guess[1:]
        if card:
            data["golden_suit"], data["golden_rank"] = card[0], card[1:]
    return data


def post_round(
    client, key, number, fields, *, base=0, submission=None, reason="", author="Anna", **headers
):
    """``headers``: request headers as the test client takes them (``HTTP_HX_REQUEST=...``)."""
    data = {
        "base": base,
        "submission": str(submission or uuid.uuid4()),
        "author": author,
        "reason": reason,
        **fields,
    }
    return client.post(reverse("round_save", args=[key, number]), data, **headers)


def text(response) -> str:
    """The visible text of a page, whitespace collapsed, for assertions a user would make."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@contextlib.contextmanager
def renderings(template_name: str):
    """Each rendering of ``template_name`` meanwhile: a list that grows by its context (as a
    dict, read when it was rendered) with each."""
    contexts = []

    def seen(sender, template, context, **kwargs):
        if template.name == template_name:
            contexts.append(context.flatten())

    template_rendered.connect(seen)
    try:
        yield contexts
    finally:
        template_rendered.disconnect(seen)
