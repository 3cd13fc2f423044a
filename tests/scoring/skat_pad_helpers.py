"""Helpers for the Skat scorepad tests: create a table and post games like a phone."""

from django.urls import reverse

from scoring.models import Access

from .helpers import post_round, text


def create_skat(client, players=("Anna", "Ben", "Cem"), *, preset="isko", first_dealer=0, **extra):
    data = {f"player_{seat}": name for seat, name in enumerate(players)}
    data.update(preset=preset, first_dealer=first_dealer, author="Anna", **extra)
    response = client.post(reverse("table_new", args=["skat"]), data)
    assert response.status_code == 302, text(response)[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table, key


def game_fields(declarer, game="kreuz", *, mit=None, outcome=None, augen=None, **flags):
    """A game as its taps: ``mit`` +n for "mit n", −n for "ohne n" (None: the default, mit 1)."""
    fields = {"declarer": declarer, "game": game}
    if mit is not None:
        fields.update(mit="mit" if mit > 0 else "ohne", matadors=abs(mit))
    elif game != "null":
        fields.update(mit="mit", matadors=1)
    if outcome is not None:
        fields["outcome"] = outcome
    if augen is not None:
        fields["augen"] = augen
    for name, value in flags.items():
        fields[name] = "on" if value is True else value
    return fields


def post_game(client, key, number, declarer, game="kreuz", **kwargs):
    options = {k: kwargs.pop(k) for k in ("base", "submission", "reason") if k in kwargs}
    return post_round(client, key, number, game_fields(declarer, game, **kwargs), **options)


def play_game(client, key, number, declarer, game="kreuz", **kwargs):
    response = post_game(client, key, number, declarer, game, **kwargs)
    assert response.status_code == 302, text(response)[:3000]
    return response


def pass_deal(client, key, number, **fields):
    response = post_round(client, key, number, {"passed": "1", **fields})
    assert response.status_code == 302, text(response)[:3000]
    return response


def sheet(client, key) -> str:
    return text(client.get(reverse("table", args=[key])))
