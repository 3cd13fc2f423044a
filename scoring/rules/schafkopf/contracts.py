"""Schafkopf contracts: what may be played with a hand, and who gets to play it.

Pure functions shared by the engine, the bots and the app (announcements at the table).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError, require_int
from ..i18n import LANGUAGES, N_, Phrase
from .cards import (
    BIT,
    OBER_UNTER_MASK,
    PLAIN_SUIT_MASK,
    SUIT_NAMES,
    SUITS,
    Trumps,
    mask_of,
    ober_unter_trumps,
    sau,
    wenz_trumps,
)

RUFSPIEL, SOLO, WENZ = "rufspiel", "solo", "wenz"
SOLO_TOUT, WENZ_TOUT, SIE, RAMSCH = "solo_tout", "wenz_tout", "sie", "ramsch"
CONTRACT_TYPES: Final = (RUFSPIEL, SOLO, WENZ, SOLO_TOUT, WENZ_TOUT, SIE, RAMSCH)
# Announcement rank, highest wins; the solo suit does not affect it. Ramsch is never announced.
RANK: Final = {SIE: 6, SOLO_TOUT: 5, WENZ_TOUT: 4, SOLO: 3, WENZ: 2, RUFSPIEL: 1}
ANNOUNCEABLE: Final = tuple(sorted(RANK, key=RANK.__getitem__))
TOUTS: Final = (SOLO_TOUT, WENZ_TOUT)
WITH_SUIT: Final = (SOLO, SOLO_TOUT)
WENZ_TYPES: Final = (WENZ, WENZ_TOUT)
CALLABLE_SUITS: Final = ("E", "G", "S")  # the Herz-Sau is a trump and cannot be called

SAU_BIT: Final = {suit: BIT[sau(suit)] for suit in SUITS}

# A contract as the object of "may not play ...": German needs the accusative.
_NAMES: Final = {
    RUFSPIEL: N_("a Rufspiel on the {suit}-Sau"),
    SOLO: N_("a {suit}-Solo"),
    SOLO_TOUT: N_("a {suit}-Solo-Tout"),
    WENZ: N_("a Wenz"),
    WENZ_TOUT: N_("a Wenz-Tout"),
    SIE: N_("a Sie"),
    RAMSCH: N_("a Ramsch"),
}


@dataclass(frozen=True, slots=True)
class Contract:
    """The game of one deal, as in a record's ``contract`` object.

    ``suit`` is the trump suit of a Solo/Solo-Tout, ``called`` the suit of the called Sau in
    a Rufspiel; ``declarer`` is None only for a Ramsch.
    """

    type: str
    declarer: int | None = None
    suit: str | None = None
    called: str | None = None

    @property
    def trumps(self) -> Trumps:
        if self.type in WENZ_TYPES:
            return wenz_trumps()
        if self.type in WITH_SUIT:
            return ober_unter_trumps(self.suit)
        if self.type == SIE:
            return ober_unter_trumps(None)
        return ober_unter_trumps("H")  # Rufspiel and Ramsch: Herz is trump

    @property
    def called_sau(self) -> str | None:
        return sau(self.called) if self.called else None

    @property
    def alone(self) -> bool:
        """True when the declarer plays alone against three (everything but Rufspiel)."""
        return self.type not in (RUFSPIEL, RAMSCH)

    @property
    def phrase(self) -> Phrase:
        """The contract's name ("a Gras-Solo"), to fill a message in either language."""
        suit = self.suit or self.called
        return Phrase(_NAMES[self.type], {"suit": SUIT_NAMES[suit] if suit else ""})

    def name(self, lang: str = "en") -> str:
        return self.phrase.text(lang)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        if self.declarer is not None:
            data["declarer"] = self.declarer
        if self.suit is not None:
            data["suit"] = self.suit
        if self.called is not None:
            data["called"] = self.called
        return data


def parse_contract(data: Any, players: int, allow_ramsch: bool) -> Contract:
    """A record's ``contract`` object; RecordError names the offending key."""
    if not isinstance(data, dict):
        raise RecordError("contract", RECORD_ERRORS["not_object"])
    kind = data.get("type")
    if kind not in CONTRACT_TYPES:
        raise RecordError(
            "contract.type", RECORD_ERRORS["one_of"], allowed=", ".join(CONTRACT_TYPES)
        )
    if kind == RAMSCH and not allow_ramsch:
        raise RecordError("contract.type", N_("this profile has no Ramsch (see passed_deal)"))
    allowed = {"type"} | ({"declarer"} if kind != RAMSCH else set())
    allowed |= {"suit"} if kind in WITH_SUIT else {"called"} if kind == RUFSPIEL else set()
    for key in sorted(allowed - data.keys()):
        raise RecordError(f"contract.{key}", N_("is required for {kind}"), kind=kind)
    for key in sorted(data.keys() - allowed):
        raise RecordError(f"contract.{key}", N_("is not a key of a {kind} contract"), kind=kind)
    declarer = None
    if kind != RAMSCH:
        declarer = require_int(data["declarer"], "contract.declarer", 0, players - 1)
    suit, called = data.get("suit"), data.get("called")
    if kind in WITH_SUIT and suit not in SUITS:
        raise RecordError("contract.suit", N_("must be E, G, H or S"))
    if kind == RUFSPIEL and called not in CALLABLE_SUITS:
        not_callable = N_("must be E, G or S (the Herz-Sau cannot be called)")
        raise RecordError("contract.called", not_callable)
    return Contract(kind, declarer, suit, called)


def can_call(hand: int, suit: str) -> bool:
    """A Rufspiel may call this Sau: not held, and a card of its suit other than O/U is held."""
    return (
        suit in CALLABLE_SUITS and not hand & SAU_BIT[suit] and bool(hand & PLAIN_SUIT_MASK[suit])
    )


def can_solo(hand: int, suit: str, settings: Mapping[str, Any]) -> bool:
    """A Solo in ``suit`` needs a card of that suit other than O/U (``solo_needs_suit_card``)."""
    return not settings["solo_needs_suit_card"] or bool(hand & PLAIN_SUIT_MASK[suit])


def is_sie(hand: int) -> bool:
    return hand & OBER_UNTER_MASK == OBER_UNTER_MASK


def contract_fault(
    contract: Contract, hand: Iterable[str], settings: Mapping[str, Any]
) -> Phrase | None:
    """Why the declarer may not play this contract with ``hand`` (None when he may): the
    ``reason`` of the ``illegal_contract`` message, in either language."""
    mask = mask_of(hand)
    kind = contract.type
    if kind == RUFSPIEL:
        called = contract.called
        if called is None:
            raise ValueError("a Rufspiel names the suit of its called Sau")
        if mask & BIT[sau(called)]:
            return Phrase(N_("he holds the called Sau {card} himself"), {"card": sau(called)})
        if not can_call(mask, called):
            return _no_plain_card(called)
    elif kind in WITH_SUIT:
        if contract.suit is None:
            raise ValueError("a Solo names its trump suit")
        if not can_solo(mask, contract.suit, settings):
            return _no_plain_card(contract.suit)
    elif kind == SIE and not is_sie(mask):
        return Phrase(N_("he does not hold all four Ober and all four Unter"))
    return None


def contract_problem(
    contract: Contract, hand: Iterable[str], settings: Mapping[str, Any]
) -> dict[str, str] | None:
    """``contract_fault`` worded in every language: ``reason_en``, ``reason_de``."""
    fault = contract_fault(contract, hand, settings)
    if fault is None:
        return None
    return {f"reason_{lang}": fault.text(lang) for lang in LANGUAGES}


def _no_plain_card(suit: str) -> Phrase:
    text = N_("he holds no {suit} card other than Ober and Unter")
    return Phrase(text, {"suit": SUIT_NAMES[suit]})


def valid_contracts(
    hand: Iterable[str], declarer: int, settings: Mapping[str, Any]
) -> list[Contract]:
    """Every contract this hand may announce (for the bots and the announcement screen)."""
    mask = mask_of(hand)
    found = [
        Contract(RUFSPIEL, declarer, called=suit) for suit in CALLABLE_SUITS if can_call(mask, suit)
    ]
    for kind in (SOLO, SOLO_TOUT):
        found += [
            Contract(kind, declarer, suit=suit) for suit in SUITS if can_solo(mask, suit, settings)
        ]
    found += [Contract(WENZ, declarer), Contract(WENZ_TOUT, declarer)]
    if is_sie(mask):
        found.append(Contract(SIE, declarer))
    return found


def resolve_announcements(leader: int, announced: Sequence[str | None]) -> int | None:
    """The seat that plays: ``announced[seat]`` is the contract type a seat announces, or None.

    Seats speak from ``leader`` (left of the dealer) clockwise; a later seat takes the game
    only with a higher-ranked contract, so at equal rank the earlier seat keeps it. None when
    everybody passed.

    >>> resolve_announcements(1, ["solo", "rufspiel", "wenz", "solo"])
    3
    """
    best, best_rank = None, 0  # every contract ranks above nothing
    for step in range(len(announced)):
        seat = (leader + step) % len(announced)
        kind = announced[seat]
        if kind is not None and RANK[kind] > best_rank:
            best, best_rank = seat, RANK[kind]
    return best


def after_all_passed(
    settings: Mapping[str, Any],
    dealer: int,
    players: int = 4,
    hands: Sequence[Iterable[str]] | None = None,
) -> dict[str, Any]:
    """What happens when nobody announces, per the profile's ``passed_deal``.

    ``{"action": "redeal", "dealer": seat}`` (thrown in; next or same dealer),
    ``{"action": "ramsch"}``, or ``{"action": "forced", "seat": seat}``: the holder of the
    Eichel-Ober must play a contract valid for his hand (None when the hands are unknown).
    """
    rule = settings["passed_deal"]
    if rule in ("next_dealer", "stock"):  # the Stock's payments are the tariff's (evening.py)
        return {"action": "redeal", "dealer": (dealer + 1) % players}
    if rule == "same_dealer":
        return {"action": "redeal", "dealer": dealer}
    if rule == "ramsch":
        return {"action": "ramsch"}
    holder = None
    if hands is not None:
        holder = next(seat for seat, hand in enumerate(hands) if "EO" in hand)
    return {"action": "forced", "seat": holder}


def laufende_run(held_by_declaring: Iterable[bool]) -> int:
    """Length of the unbroken run of top trumps held by one party.

    ``held_by_declaring`` says for each trump from the highest down whether the declaring
    party holds it; the run belongs to whichever party holds the highest trump.
    """
    run, first = 0, None
    for held in held_by_declaring:
        if first is None:
            first = held
        elif held != first:
            break
        run += 1
    return run
