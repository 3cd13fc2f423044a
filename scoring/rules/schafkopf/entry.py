"""Checks of a game entered at the table (docs/rules/schafkopf.md, "Checks the scorepad
enforces"). They return problems naming field and rule (and the numbers a message needs);
the scorepad turns the rule names into messages (docs/schafkopf.md lists them) and saves
nothing until the list is empty.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import SUITS, TOTAL_AUGEN
from .contracts import (
    BETTEL_TYPES,
    CALLABLE_SUITS,
    GEIER_TYPES,
    RANK,
    RUFSPIEL,
    SIE,
    SUITED,
    TOUT_OF,
    TOUTS,
    WENZ_TYPES,
    WITH_SUIT,
    Contract,
)
from .house import house_rules
from .tariff import counted_laufende

# Augen no party can end with: the cheapest card that counts is an Unter (2).
IMPOSSIBLE_AUGEN = (1, TOTAL_AUGEN - 1)


@dataclass(frozen=True, slots=True)
class EntryProblem:
    """One problem of an entered game: the ``field`` and the broken ``rule``, with the
    ``params`` its message needs (``laufende_sie``: ``count``)."""

    field: str
    rule: str
    # (``dataclasses.field``: the name ``field`` is the attribute above here.)
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _seat_problem(
    seat: Any, field: str, players: int, sitting_out: int | None
) -> list[EntryProblem]:
    if (
        isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < players
        or seat == sitting_out
    ):
        return [EntryProblem(field, "seat_invalid")]
    return []


def _augen_problem(augen: Any) -> list[EntryProblem]:
    if isinstance(augen, bool) or not isinstance(augen, int) or not 0 <= augen <= TOTAL_AUGEN:
        return [EntryProblem("augen", "augen_out_of_range")]
    if augen in IMPOSSIBLE_AUGEN:
        return [EntryProblem("augen", "augen_impossible")]
    return []


def check_entry(
    settings: Mapping[str, Any],
    *,
    contract: str,
    declarer: int | None,
    partner: int | None = None,
    suit: str | None = None,
    called: str | None = None,
    tout: bool = False,
    augen: int | None = None,
    won: bool | None = None,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    stoss: bool = False,
    retour: bool = False,
    klopfen: int = 0,
    players: int = 4,
    sitting_out: int | None = None,
    sheet: bool = False,
    laufende_on_sheet: int | None = None,
) -> list[EntryProblem]:
    """Everything wrong with one entered game (empty when it can be settled).

    ``contract`` is a contract type (``solo`` with ``tout=True`` means ``solo_tout``);
    ``augen`` are the declaring party's, optional when won/Schneider/Schwarz are entered.

    ``sheet=True`` adds what the scorepad's sheet needs beyond settling the game (the
    engine settles a Rufspiel without its Sau and a Solo without its suit; the sheet
    records both, as on paper): ``called_missing`` (a Rufspiel names its called Sau),
    ``suit_missing`` (a Solo its suit, whatever Herz costs), ``tout_needs_result`` (120
    Augen do not show whether the other side took a trick: a Tout needs won or lost) and
    ``laufende_sie`` (a Sie holds all eight Ober and Unter, so its Laufende are those the
    profile counts of 8, params ``count``; ``laufende_on_sheet`` are Laufende the sheet
    already holds for this game, which a Sie keeps: a dispute may have found fewer).
    """
    house = house_rules(settings)
    offered = house.offered
    if contract not in RANK or contract not in offered:
        return [EntryProblem("contract", "unknown_contract")]
    problems: list[EntryProblem] = []
    if tout:
        if TOUT_OF.get(contract) not in offered:
            problems.append(EntryProblem("tout", "tout_not_allowed"))
        else:
            contract = TOUT_OF[contract]
    if contract in BETTEL_TYPES:
        problems += _bettel_problems(augen, schneider, schwarz, laufende)
        augen, schneider, schwarz, laufende = None, False, False, 0
    if declarer is None:
        problems.append(EntryProblem("declarer", "declarer_missing"))
    else:
        problems += _seat_problem(declarer, "declarer", players, sitting_out)
    problems += _party_problems(contract, declarer, partner, players, sitting_out)
    problems += _suit_problems(settings, contract, suit, called)
    if augen is not None:
        problems += _augen_problem(augen)
    if not problems:
        problems += _outcome_problems(contract, augen, won, schneider, schwarz)
    if sheet:
        problems += _sie_laufende_problems(settings, contract, laufende, laufende_on_sheet)
    problems += _laufende_problems(settings, contract, laufende, house.deck.cards)
    problems += _doubling_problems(settings, stoss, retour, klopfen)
    if sheet:
        problems += _sheet_problems(contract, called, suit, augen, won, problems)
    return problems


def _party_problems(
    contract: str, declarer: Any, partner: Any, players: int, sitting_out: int | None
) -> list[EntryProblem]:
    if contract != RUFSPIEL:
        return [EntryProblem("partner", "partner_not_allowed")] if partner is not None else []
    if partner is None:
        return [EntryProblem("partner", "partner_missing")]
    if partner == declarer:
        return [EntryProblem("partner", "partner_is_declarer")]
    return _seat_problem(partner, "partner", players, sitting_out)


def _suit_problems(
    settings: Mapping[str, Any], contract: str, suit: str | None, called: str | None
) -> list[EntryProblem]:
    problems = []
    if called is not None and contract != RUFSPIEL:
        problems.append(EntryProblem("called", "called_not_allowed"))
    elif called is not None and called not in CALLABLE_SUITS:
        problems.append(EntryProblem("called", "called_invalid"))
    if suit is not None and contract not in SUITED:
        problems.append(EntryProblem("suit", "suit_not_allowed"))
    elif suit is not None and suit not in SUITS:
        problems.append(EntryProblem("suit", "suit_invalid"))
    elif suit is None and contract in WITH_SUIT and settings["base_herz_solo"] is not None:
        problems.append(EntryProblem("suit", "suit_missing"))  # a Herz-Solo has its own price
    return problems


def _sheet_problems(
    contract: str,
    called: str | None,
    suit: str | None,
    augen: int | None,
    won: bool | None,
    found: list[EntryProblem],
) -> list[EntryProblem]:
    """What the sheet records beyond settling: the called Sau, the Solo suit, a Tout's
    result when 120 Augen cannot tell it (only once the rest of the entry holds)."""
    problems = []
    if contract == RUFSPIEL and called is None:
        problems.append(EntryProblem("called", "called_missing"))
    suit_missing = EntryProblem("suit", "suit_missing")
    if contract in SUITED and suit is None and suit_missing not in found:
        problems.append(suit_missing)
    # ``found`` holds no laufende_sie here: a Sie is no Tout.
    if not found and contract in TOUTS and won is None and augen == TOTAL_AUGEN:
        problems.append(EntryProblem("won", "tout_needs_result"))
    return problems


def _bettel_problems(
    augen: int | None, schneider: bool, schwarz: bool, laufende: Any
) -> list[EntryProblem]:
    """A Bettel is decided by the declarer's tricks alone: it has no Augen to count, no
    Schneider, Schwarz or Laufende (its result is won or lost)."""
    problems = []
    if augen is not None:
        problems.append(EntryProblem("augen", "augen_in_bettel"))
    if schneider or schwarz:
        problems.append(EntryProblem("won", "schneider_in_bettel"))
    if laufende:
        problems.append(EntryProblem("laufende", "laufende_in_bettel"))
    return problems


def _sie_laufende_problems(
    settings: Mapping[str, Any], contract: str, laufende: int, on_sheet: int | None
) -> list[EntryProblem]:
    """A Sie's Laufende are its eight Ober and Unter, as far as the profile counts them."""
    count = counted_laufende(settings, SIE, 8)
    if contract == SIE and laufende not in (count, on_sheet):
        return [EntryProblem("laufende", "laufende_sie", {"count": count})]
    return []


def _outcome_problems(
    contract: str, augen: int | None, won: bool | None, schneider: bool, schwarz: bool
) -> list[EntryProblem]:
    """Won/Schneider/Schwarz against each other and against the Augen, when entered."""
    if won is None:
        return [] if augen is not None else [EntryProblem("won", "outcome_missing")]
    if contract == SIE:
        return [] if won else [EntryProblem("won", "won_inconsistent")]
    problems = []
    if augen is not None:
        # a won Tout took every trick, so all 120 Augen
        wrong = won and augen != TOTAL_AUGEN if contract in TOUTS else won != (augen >= 61)
        if wrong:
            problems.append(EntryProblem("won", "won_inconsistent"))
        if contract not in TOUTS and not schwarz and schneider != (augen >= 91 or augen <= 30):
            problems.append(EntryProblem("schneider", "schneider_inconsistent"))
        if schwarz and augen != (TOTAL_AUGEN if won else 0):
            problems.append(EntryProblem("schwarz", "schwarz_inconsistent"))
    return problems


def most_laufende(contract: str, cards: Sequence[str]) -> int:
    """The trumps of ``contract`` among the deck's ``cards``: the longest run of Laufende
    (Rufspiel 14, Wenz and Geier 4, Farbwenz 11, Sie 8, Bettel none; fewer with the short
    deck, whose 8s and 7s are not dealt)."""
    suit = "H" if contract in SUITED else None
    return sum(1 for card in Contract(contract, 0, suit).trumps.order if card in cards)


def _laufende_problems(
    settings: Mapping[str, Any], contract: str, laufende: Any, cards: Sequence[str]
) -> list[EntryProblem]:
    most = most_laufende(contract, cards)
    if isinstance(laufende, bool) or not isinstance(laufende, int) or not 0 <= laufende <= most:
        return [EntryProblem("laufende", "laufende_out_of_range", {"most": most})]
    wenz_like = contract in WENZ_TYPES or contract in GEIER_TYPES
    threshold = settings["laufende_from_wenz" if wenz_like else "laufende_from"]
    if 0 < laufende < threshold:
        return [EntryProblem("laufende", "laufende_below_threshold")]
    if laufende > settings["laufende_cap"]:
        return [EntryProblem("laufende", "laufende_over_cap")]
    return []


def _doubling_problems(
    settings: Mapping[str, Any], stoss: bool, retour: bool, klopfen: Any
) -> list[EntryProblem]:
    problems = []
    if stoss and not settings["allow_stoss"]:
        problems.append(EntryProblem("stoss", "stoss_not_allowed"))
    if retour and not stoss:
        problems.append(EntryProblem("retour", "retour_without_stoss"))
    elif retour and not settings["allow_retour"]:
        problems.append(EntryProblem("retour", "retour_not_allowed"))
    if isinstance(klopfen, bool) or not isinstance(klopfen, int) or not 0 <= klopfen <= 4:
        problems.append(EntryProblem("klopfen", "klopfen_out_of_range"))
    elif klopfen and not settings["allow_klopfen"]:
        problems.append(EntryProblem("klopfen", "klopfen_not_allowed"))
    return problems


def check_ramsch_entry(
    settings: Mapping[str, Any],
    augen_per_seat: Sequence[int | None],
    jungfrau_seats: Iterable[int] = (),
    klopfen: int = 0,
) -> list[EntryProblem]:
    """Checks of an entered Ramsch: Augen per playing seat (None: sits out) summing to 120."""
    problems = []
    if settings["passed_deal"] != "ramsch":
        problems.append(EntryProblem("contract", "ramsch_not_allowed"))
    playing = [augen for augen in augen_per_seat if augen is not None]
    for augen in playing:
        problems += [EntryProblem("augen_per_seat", p.rule) for p in _augen_problem(augen)]
    if not problems and sum(playing) != TOTAL_AUGEN:
        problems.append(EntryProblem("augen_per_seat", "augen_sum"))
    for seat in jungfrau_seats:
        if not 0 <= seat < len(augen_per_seat) or augen_per_seat[seat] != 0:
            problems.append(EntryProblem("jungfrau_seats", "jungfrau_with_augen"))
    problems += _doubling_problems(settings, False, False, klopfen)
    return problems
