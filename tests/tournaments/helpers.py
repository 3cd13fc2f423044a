"""Helpers for tournament tests: organizers, tournaments, entry lists, published rounds, games.

Games are entered through the pad's own entry form and ``scoring.services.save_round``
(what the scorepad's save view does), so standings and progress read exactly what a phone
would have saved.
"""

from __future__ import annotations

import uuid

from django.contrib.auth import get_user_model

from scoring.pads import get_pad
from scoring.rules.schafkopf import PROFILES as SCHAFKOPF_PROFILES
from scoring.services import Author, save_round
from scoring.tables import summarize
from tournaments import services
from tournaments.models import Tournament

PASSWORD = "kartenspiel-2024"


def organizer(username="leitung"):
    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def logged_in(client, username="leitung"):
    user = organizer(username)
    client.force_login(user)
    return user


def make_tournament(user, *, game="schatzsuche", **fields) -> Tournament:
    """A tournament made directly (no pad form needed), e.g. Schafkopf before its pad."""
    defaults = {
        "name": "Vereinsmeisterschaft",
        "game": game,
        "profile_name": "turnier-1-15" if game == "schafkopf" else "standard",
        "profile": dict(SCHAFKOPF_PROFILES["turnier-1-15"]) if game == "schafkopf" else {},
        "rounds": 3,
        "games_per_round": 4 if game == "schafkopf" else 1,
        "table_size": 4 if game == "schafkopf" else 3,
        "remainder": "larger" if game == "schafkopf" else "exact",
        "tie_break": "solos_lot" if game == "schafkopf" else "lot",
    }
    tournament = Tournament.objects.create(**(defaults | fields))
    tournament.organizers.add(user)
    return tournament


NAMES = [
    "Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi", "Gustl", "Hanna", "Ida", "Jakob",
    "Kathi", "Luis", "Mia", "Nino", "Olga", "Paul",
]  # fmt: skip


def register(tournament, count):
    return services.register_players(tournament, [(name, None) for name in NAMES[:count]])


def published_round(tournament, seed="seed"):
    round_ = services.draw_round(tournament, seed=seed)
    services.publish_round(round_)
    round_.refresh_from_db()
    return round_


scorer_key_of = services.scorer_key


def enter_game(table, number, fields, *, author="", device="phone-1"):
    """Enter game ``number`` the way the scorepad's save view does: the pad's own entry form
    and formulas, stored with save_round. Returns the revision."""
    pad = get_pad(table.game)
    summary = summarize(table)
    row = summary.row(number)
    base = row.revision.number if row else 0
    form = pad.entry_form(
        table,
        summary,
        number,
        data={"base": base, "submission": str(uuid.uuid4()), "author": author, **fields},
    )
    assert form.is_valid(), form.errors
    data, complete, scores = pad.round_from_form(table, summary, form)
    revision, _created = save_round(
        table,
        number,
        data=data,
        scores=scores,
        complete=complete,
        base=base,
        submission=uuid.uuid4(),
        author=Author(name=author, device=device),
    )
    return revision


def rufspiel(declarer, partner, outcome="won", called="E"):
    """Entry fields of a Rufspiel (turnier-1-15: 1 point each, 2 Schneider, 3 Schwarz)."""
    return {
        "contract": "rufspiel",
        "declarer": declarer,
        "partner": partner,
        "called": called,
        "outcome": outcome,
    }


def solo(declarer, outcome="won", suit="E"):
    """Entry fields of a Solo (turnier-1-15: 5 points from each opponent)."""
    return {"contract": "solo", "declarer": declarer, "suit": suit, "outcome": outcome}


def tables_of(round_):
    return [tt.table for tt in round_.tables.select_related("table").order_by("number")]
