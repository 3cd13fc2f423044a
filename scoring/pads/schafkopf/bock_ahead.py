"""Which games a phone keeps start Bock games, as data (docs/scorepad.md, "Offline").

A phone that enters games offline shows the Bock games to come as the server will, also those
started by games it keeps but has not sent (static/js/ahead.js). It does not know the rule: the
server describes it here, by putting every combination of the entry fields that a Bock trigger
reads through the table's own entry form and the engine (``game.facts``, ``bock_triggers``,
``score_evening``) and writing down how many Bock rounds each one starts. The phone looks a
typed entry up in that table; the server still prices every game when it arrives.
"""

from __future__ import annotations

import copy
import hashlib
import json
import uuid
from functools import lru_cache
from itertools import product

from django.core.cache import cache

from ...rules.schafkopf import GameFacts, score_evening
from ...rules.schafkopf.cards import SUITS
from ...rules.schafkopf.contracts import CALLABLE_SUITS, RAMSCH, RUFSPIEL
from ...rules.schafkopf.evening import THROWN_IN, bock_triggers
from ...rules.schafkopf.tariff import profile_value
from . import game
from .forms import SchafkopfEntryForm
from .labels import OUTCOME_NAMES, WITH_SUIT

# Augen as the description groups them: the form and the engine read every number of a range
# alike (0 and 120, Schneider up to 30 and from 91, won from 61, 60 : 60), so its first value
# stands for it. tests/scoring/test_schafkopf_bock_ahead.py checks every number of every range
# against the engine.
AUGEN_RANGES = ((0, 0), (1, 30), (31, 59), (60, 60), (61, 90), (91, 119), (120, 120))
# A field not typed (a chip not tapped, a box not ticked, no Augen).
NONE = ""
# In the cache key: a release that describes otherwise makes it anew.
FORMAT = 3
# A week: house rules in use are asked for often; a custom one nobody plays any more goes.
KEEP_SECONDS = 7 * 24 * 3600


def describe(profile: dict, players: list[str]) -> dict:
    """``{"bock": {...}}`` for a table whose house rules have Bock rounds, else {}:

    - ``order``: the entry fields a trigger reads, in the order of a key; ``fields``: each
      with the values
      that count ("" = not typed; ``augen`` as ``ranges``, a typed number becomes the index
      of its range);
    - ``fires``: key ("|"-joined values) → the Bock rounds the entry starts, only where > 0;
    - ``games``: the games of one Bock round; ``factor``: what a Bock round multiplies by;
      ``stack``: rounds run side by side (else one after another).
    """
    if not profile_value(profile, "bock") or not profile_value(profile, "bock_counts_thrown_in"):
        # Where a thrown-in deal does not use up a Bock game, which game numbers get them is
        # open until the deals in between are in (as for the games the server has).
        return {}
    return json.loads(_described(json.dumps(profile, sort_keys=True), len(players)))


def _described(profile_json: str, seats: int) -> str:
    """The description as JSON, made once per house rules and table size (some 1,100 entries
    put through the form: about 0.25 s of CPU) and kept in the cache for every process;
    ``lru_cache`` spares the cache's round trip."""
    digest = hashlib.sha256(profile_json.encode()).hexdigest()[:32]
    key = f"schafkopf-bock-ahead:{FORMAT}:{digest}:{seats}"
    return cache.get_or_set(key, lambda: _describe(json.loads(profile_json), seats), KEEP_SECONDS)


_described = lru_cache(maxsize=64)(_described)


def _describe(profile: dict, seats: int) -> str:
    fields = _fields(profile, seats)
    names = list(fields)
    blank = _blank_form(profile, seats)
    fires = {}
    for combo in product(*fields.values()):
        rounds = rounds_started(profile, seats, dict(zip(names, combo, strict=True)), blank)
        if rounds:
            fires["|".join(combo)] = rounds
    described = {
        "order": names,
        "fields": {name: list(values) for name, values in fields.items()},
        "ranges": {"augen": [list(bounds) for bounds in AUGEN_RANGES]},
        "fires": fires,
        "games": _games_per_round(profile, seats),
        "factor": profile_value(profile, "bock_factor"),
        "stack": profile_value(profile, "bock_overlap") == "stack",
    }
    return json.dumps({"bock": described})


def _blank_form(profile: dict, seats: int, data=None) -> SchafkopfEntryForm:
    return SchafkopfEntryForm(
        data,
        round_number=1,
        players=[f"P{seat}" for seat in range(seats)],
        settings=profile,
        dealer=0,
        sitting_out=0 if seats == 5 else None,
    )


def _fields(profile: dict, seats: int) -> dict[str, list[str]]:
    form = _blank_form(profile, seats)
    fields = {
        "contract": list(form.contracts),
        "outcome": [NONE, *OUTCOME_NAMES],
        "augen": [NONE, *(str(index) for index in range(len(AUGEN_RANGES)))],
    }
    for name in ("retour", "schwarz_claimed"):
        if name in form.fields:
            fields[name] = [NONE, "on"]
    return fields


def entry_fields(contract: str, typed: dict[str, str]) -> dict[str, str]:
    """The POST fields of a game of ``contract`` with ``typed`` (field → value; ``augen`` a
    number) and a declaring party that any table allows: seat 1 declares, seat 2 partners."""
    fields = {"base": "0", "submission": str(uuid.uuid4()), "contract": contract}
    if contract not in (THROWN_IN, RAMSCH):
        fields["declarer"] = "1"
        if contract == RUFSPIEL:
            fields.update(partner="2", called=CALLABLE_SUITS[0])
        elif contract in WITH_SUIT:
            fields["suit"] = SUITS[0]
    for name, value in typed.items():
        if value != NONE:
            fields[name] = value
    if typed.get("retour") == "on":
        fields["stoss"] = "on"  # a Retour answers a Stoß
    return fields


def rounds_started(profile: dict, seats: int, combo: dict[str, str], blank=None) -> int:
    """The Bock rounds the server starts for an entry with ``combo`` (values as in ``fields``;
    ``augen``: the index of its range, taken at the first of its ends and middle that the
    server takes with the rest), or 0 where it takes none (a refused entry starts nothing)."""
    typed = dict(combo)
    contract = typed.pop("contract")
    index = typed.get("augen", NONE)
    if index == NONE:
        return triggered(profile, seats, entry_fields(contract, typed), blank) or 0
    low, high = AUGEN_RANGES[int(index)]
    for augen in dict.fromkeys((low, high, (low + high) // 2)):
        found = triggered(
            profile, seats, entry_fields(contract, {**typed, "augen": str(augen)}), blank
        )
        if found is not None:
            return found
    return 0


def triggered(profile: dict, seats: int, fields: dict[str, str], blank=None) -> int | None:
    """The Bock rounds that the game posted as ``fields`` starts, as the server prices it;
    None when the server refuses the entry (it starts nothing; the phone shows the refusal).
    ``blank``: an unbound form of the table to validate a copy of (making one for each entry
    costs more than checking it)."""
    if blank is None:
        form = _blank_form(profile, seats, fields)
    else:
        form = copy.copy(blank)
        form.data, form.is_bound, form._errors, form.game = fields, True, None, None
        form._bound_fields_cache = {}
    if not form.is_valid() or form.game is None:
        return None
    return len(bock_triggers(profile, game.facts(profile, form.game, seats)))


def _games_per_round(profile: dict, seats: int) -> int:
    """The Bock games one trigger adds, as the engine counts them after a game that fires."""
    fired = GameFacts("sie", (0,) * seats, party=(1,), won=True)
    plain = GameFacts(RAMSCH, (0,) * seats)
    evening = score_evening({**profile, "bock": ["sie"]}, [fired, *[plain] * (3 * seats)])
    return sum(1 for priced in evening.games[1:] if priced.bock)
