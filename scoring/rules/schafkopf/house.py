"""A profile's house rules as the engine plays them (docs/rules/schafkopf.md, "House rules",
"House contracts", "The short deck").

The settings themselves are tariff.py's (``SETTING_SPECS``, and ``profile_value`` for a
profile stored before they existed); this reads once per deal what the deal, the duties,
the records and the bots need of them, and keeps what it made of the profiles read last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .cards import DECKS, LONG_DECK, Deck, mask_of
from .contracts import (
    ALL_TYPES,
    CALLABLE_SUITS,
    RAMSCH,
    RUFSPIEL,
    SIE,
    SUITED,
    Contract,
    can_call,
    is_sie,
    suited_choices,
)
from .play import Rules, rules_of
from .tariff import profile_value

# Davonlaufen needs this many cards of the called suit where ``davonlaufen_min`` is null.
RUN_AWAY_BY_DECK: Final = {"lang": 4, "kurz": 3}


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


class _Reading:
    """What ``house_rules`` read of a profile (the lists as copies) and the HouseRules made
    of it."""

    __slots__ = ("contracts", "deck", "groups", "house", "passed_deal", "run_away", "stichzwang")

    def __init__(
        self,
        deck: Deck,
        contracts: list[str],
        passed_deal: object,
        run_away: int | None,
        groups: list[list[str]],
        stichzwang: bool,
        house: HouseRules,
    ) -> None:
        self.deck = deck
        self.contracts = list(contracts)
        self.passed_deal = passed_deal
        self.run_away = run_away
        self.groups = [list(group) for group in groups]
        self.stichzwang = stichzwang
        self.house = house

    def matches(
        self,
        deck: Deck,
        contracts: list[str],
        passed_deal: object,
        run_away: int | None,
        groups: list[list[str]],
        stichzwang: bool,
    ) -> bool:
        return (
            self.deck is deck
            and self.stichzwang == stichzwang
            and self.run_away == run_away
            and self.passed_deal == passed_deal
            and self.contracts == contracts
            and self.groups == groups
        )


# The profiles read last, the latest first: a deal asks for its profile's house rules, and
# making them (a frozenset, the rank and a dataclass, whose constructor runs interpreted even
# compiled) costs more than its four announcements; comparing two lists is C's work. The
# tuple is replaced, never changed: threads of the web app read it while another adds one.
_READ: Final[list[tuple[_Reading, ...]]] = [()]
_KEPT: Final = 8


def house_rules(settings: Mapping[str, Any]) -> HouseRules:
    """The house rules of a profile. Shared by the calls that read equal settings: never to
    be changed."""
    deck = DECKS[profile_value(settings, "deck")]
    contracts: list[str] = profile_value(settings, "contracts")
    passed_deal = settings["passed_deal"]
    run_away: int | None = profile_value(settings, "davonlaufen_min")
    groups: list[list[str]] = profile_value(settings, "contract_rank")
    stichzwang = bool(profile_value(settings, "bettel_stichzwang"))
    read = _READ[0]
    for reading in read:
        if reading.matches(deck, contracts, passed_deal, run_away, groups, stichzwang):
            return reading.house
    offered = frozenset(contracts)
    if deck is not LONG_DECK and SIE in offered:
        offered -= {SIE}
    if passed_deal == "ramsch":
        offered |= {RAMSCH}
    rank = {kind: len(groups) - place for place, group in enumerate(groups) for kind in group}
    house = HouseRules(
        deck,
        offered,
        RUN_AWAY_BY_DECK[deck.name] if run_away is None else run_away,
        stichzwang,
        rank,
    )
    reading = _Reading(deck, contracts, passed_deal, run_away, groups, stichzwang, house)
    _READ[0] = (reading, *read[: _KEPT - 1])
    return house


def rules_for(contract: Contract, house: HouseRules) -> Rules:
    """The duties and tricks of ``contract`` under these house rules (``play.rules_of``)."""
    return rules_of(contract, house.deck, house.run_away, house.stichzwang)


def valid_contracts(
    hand: Iterable[str], declarer: int, settings: Mapping[str, Any]
) -> list[Contract]:
    """Every contract this hand may announce under the profile (for the bots and the
    announcement screen), in the order of ``ALL_TYPES``."""
    offered = house_rules(settings).offered
    mask = mask_of(hand)
    found = []
    for kind in ALL_TYPES:
        if kind not in offered or kind == RAMSCH:
            continue
        if kind == RUFSPIEL:
            suits = [suit for suit in CALLABLE_SUITS if can_call(mask, suit)]
            found += [Contract(kind, declarer, called=suit) for suit in suits]
        elif kind in SUITED:
            suits = suited_choices(mask, kind, settings["solo_needs_suit_card"])
            found += [Contract(kind, declarer, suit=suit) for suit in suits]
        elif kind != SIE or is_sie(mask):
            found.append(Contract(kind, declarer))
    return found
