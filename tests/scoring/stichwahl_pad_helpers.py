"""Helpers for the Stichwahl scorepad tests: create a table and post hands like a phone."""

from django.urls import reverse

from scoring.models import Access

from .helpers import post_round, text


def create_stichwahl(
    client, players=("Anna", "Ben", "Cem"), *, first_hand_leader=0, first_leader="rotate", **extra
):
    data = {f"player_{seat}": name for seat, name in enumerate(players)}
    data.update(
        first_hand_leader=first_hand_leader, first_leader=first_leader, author="Anna", **extra
    )
    response = client.post(reverse("table_new", args=["stichwahl"]), data)
    assert response.status_code == 302, text(response)[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table, key


def hand_fields(piles, unused, leader=None):
    fields = {f"pile_{seat}": pile for seat, pile in enumerate(piles)}
    fields.update({f"unused_{seat}": count for seat, count in enumerate(unused)})
    if leader is not None:
        fields["first_leader"] = leader
    return fields


def post_hand(client, key, number, piles, unused, *, leader=None, **kwargs):
    return post_round(client, key, number, hand_fields(piles, unused, leader), **kwargs)


def play_hand(client, key, number, piles, unused, **kwargs):
    response = post_hand(client, key, number, piles, unused, **kwargs)
    assert response.status_code == 302, text(response)[:2000]
    return response


def sheet(client, key) -> str:
    return text(client.get(reverse("table", args=[key])))
