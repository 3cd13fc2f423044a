"""Starting groups and evenings and entering Schafkopf games as the views and pad do."""

from __future__ import annotations

import datetime
import uuid

from django.urls import reverse

from scoring.groups.models import Evening, Group
from scoring.models import Access
from scoring.pads.schafkopf.game import scores as game_scores
from scoring.services import Author, save_round

RULES = {"preset": "tarif-10-20-50", "first_dealer": "0"}


def start_group(client, name="Stammtisch Krone", roster=("Anna", "Ben", "Cem", "Dora"), **rules):
    response = client.post(
        reverse("group_new", args=["schafkopf"]),
        {"name": name, "roster": "\n".join(roster), **RULES, **rules},
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    return Group.objects.get(name=name)


def start_evening(client, group, seating, *, day="2025-03-07", guests=(), join=False, **extra):
    """``seating``: roster names per seat; ``guests``: (seat, name) typed instead."""
    ids = {player.name: player.pk for player in group.players.all()}
    data = {"played_on": day, "first_dealer": "0", **extra}
    for seat, name in enumerate(seating):
        data[f"seat_{seat}"] = ids[name] if name else ""
    for seat, name in guests:
        data[f"guest_{seat}"] = name
    if join:
        data["join_roster"] = "on"
    response = client.post(reverse("evening_new", args=[group.scorer_key]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    key = response["Location"].split("/")[2]
    return Evening.objects.get(table__accesses__key=key)


def game(contract="rufspiel", declarer=0, partner=1, *, won=True, schneider=False,
         schwarz=False, dealer=0, players=4, called="E", suit=None):  # fmt: skip
    data = {"dealer": dealer, "sitting_out": dealer if players == 5 else None}
    if contract in ("thrown_in",):
        return {**data, "contract": contract}
    return {
        **data,
        "contract": contract,
        "declarer": declarer,
        "partner": partner if contract == "rufspiel" else None,
        "called": called if contract == "rufspiel" else None,
        "suit": suit or ("E" if contract in ("solo", "solo_tout") else None),
        "augen": None,
        "result": None,
        "laufende": 0,
        "stoss": False,
        "retour": False,
        "klopfen": 0,
        "won": won,
        "schneider": schneider or schwarz,
        "schwarz": schwarz,
    }


def enter(evening, *games):
    """Save ``games`` as the table's next games; returns each game's scores."""
    table = evening.table
    table.refresh_from_db()
    players = len(table.player_names)
    start = table.rounds.count()
    saved = []
    for number, data in enumerate(games, start=start + 1):
        scores = game_scores(table.profile, data, players)
        save_round(
            table, number, data=data, scores=scores, complete=True, base=0,
            submission=uuid.uuid4(), author=Author("test"),
        )  # fmt: skip
        saved.append(scores)
    return saved


def scorer_key(evening) -> str:
    return evening.table.accesses.get(role=Access.Role.SCORER).key


def day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)
