"""A profile's house rules as the engine plays them (docs/rules/schafkopf.md, "House rules",
"House contracts", "The short deck").

The settings themselves are tariff.py's (``SETTING_SPECS``, and ``profile_value`` for a
profile stored before they existed); this reads once per deal what the deal, the duties,
the records and the bots need of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import DECKS, LONG_DECK, Deck
from .contracts import RAMSCH, SIE, Contract
from .play import Rules, rules_of
from .tariff import profile_value

# Davonlaufen needs this many cards of the called suit where ``davonlaufen_min`` is null.
RUN_AWAY_BY_DECK = {"lang": 4, "kurz": 3}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """``deck``: the cards dealt; ``offered``: the contract types a deal may be played as
    (a Ramsch where ``passed_deal`` deals one; never a Sie with the short deck, which six
    cards cannot hold); ``run_away``: the cards of the called suit Davonlaufen needs;
    ``stichzwang``: a Bettel binds a following player to head the trick; ``rank``: the
    announcement rank of each offered contract (``contract_rank``), higher wins."""

    deck: Deck
    offered: frozenset[str]
    run_away: int
    stichzwang: bool
    rank: dict[str, int]


def house_rules(settings: Mapping[str, Any]) -> HouseRules:
    deck = DECKS[profile_value(settings, "deck")]
    offered = frozenset(profile_value(settings, "contracts"))
    if deck is not LONG_DECK and SIE in offered:
        offered -= {SIE}
    if settings["passed_deal"] == "ramsch":
        offered |= {RAMSCH}
    run_away: int | None = profile_value(settings, "davonlaufen_min")
    groups: list[list[str]] = profile_value(settings, "contract_rank")
    rank = {kind: len(groups) - place for place, group in enumerate(groups) for kind in group}
    return HouseRules(
        deck,
        offered,
        RUN_AWAY_BY_DECK[deck.name] if run_away is None else run_away,
        bool(profile_value(settings, "bettel_stichzwang")),
        rank,
    )


def rules_for(contract: Contract, house: HouseRules) -> Rules:
    """The duties and tricks of ``contract`` under these house rules (``play.rules_of``)."""
    return rules_of(contract, house.deck, house.run_away, house.stichzwang)
