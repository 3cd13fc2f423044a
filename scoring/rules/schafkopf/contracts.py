"""Schafkopf contracts: what may be played with a hand, and who gets to play it.

Pure functions shared by the engine, the bots and the app (announcements at the table).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError, require_int
from ..i18n import LANGUAGES, N_, Phrase
from .cards import (
    BETTEL_RANKS,
    BIT,
    OBER_UNTER_MASK,
    PLAIN_SUIT_MASK,
    RANKS,
    SUIT_NAMES,
    SUITS,
    Trumps,
    mask_of,
    sau,
    trumps_of,
)

# Final, each on its own line: compiled code then reads them as constants, not as globals.
RUFSPIEL: Final = "rufspiel"
SOLO: Final = "solo"
WENZ: Final = "wenz"
SOLO_TOUT: Final = "solo_tout"
WENZ_TOUT: Final = "wenz_tout"
SIE: Final = "sie"
RAMSCH: Final = "ramsch"
# The source's contracts (docs/rules/schafkopf.md "Contracts and their rank").
CONTRACT_TYPES: Final = (RUFSPIEL, SOLO, WENZ, SOLO_TOUT, WENZ_TOUT, SIE, RAMSCH)
# The house rules' contracts (docs/rules/schafkopf.md "House contracts"), offered only where
# a profile's ``contracts`` lists them.
GEIER: Final = "geier"
FARBWENZ: Final = "farbwenz"
FARBGEIER: Final = "farbgeier"
GEIER_TOUT: Final = "geier_tout"
FARBWENZ_TOUT: Final = "farbwenz_tout"
FARBGEIER_TOUT: Final = "farbgeier_tout"
BETTEL: Final = "bettel"
BETTEL_OUVERT: Final = "bettel_ouvert"
HOUSE_TYPES: Final = (
    GEIER, FARBWENZ, FARBGEIER, GEIER_TOUT, FARBWENZ_TOUT, FARBGEIER_TOUT, BETTEL, BETTEL_OUVERT,
)  # fmt: skip
ALL_TYPES: Final = CONTRACT_TYPES + HOUSE_TYPES
# Announcement rank, highest wins, where a profile names no ``contract_rank``: the source's
# order, each house contract beside its kin (Farbwenz and Farbgeier with the Solo, Geier with
# the Wenz, Bettel below them). The solo suit does not affect it. Ramsch is never announced.
RANK: Final = {
    SIE: 8,
    SOLO_TOUT: 7, FARBWENZ_TOUT: 7, FARBGEIER_TOUT: 7,
    WENZ_TOUT: 6, GEIER_TOUT: 6,
    SOLO: 5, FARBWENZ: 5, FARBGEIER: 5,
    WENZ: 4, GEIER: 4,
    BETTEL_OUVERT: 3,
    BETTEL: 2,
    RUFSPIEL: 1,
}  # fmt: skip
ANNOUNCEABLE: Final = tuple(sorted(RANK, key=RANK.__getitem__))
TOUTS: Final = (SOLO_TOUT, WENZ_TOUT, GEIER_TOUT, FARBWENZ_TOUT, FARBGEIER_TOUT)
# The contracts that have a Tout form, and that form.
TOUT_OF: Final = {
    SOLO: SOLO_TOUT, WENZ: WENZ_TOUT, GEIER: GEIER_TOUT,
    FARBWENZ: FARBWENZ_TOUT, FARBGEIER: FARBGEIER_TOUT,
}  # fmt: skip
WITH_SUIT: Final = (SOLO, SOLO_TOUT)  # a Solo's suit (its price may depend on it: Herz-Solo)
# Every contract that names a trump suit in its ``suit``.
SUITED: Final = (SOLO, SOLO_TOUT, FARBWENZ, FARBWENZ_TOUT, FARBGEIER, FARBGEIER_TOUT)
WENZ_TYPES: Final = (WENZ, WENZ_TOUT)
GEIER_TYPES: Final = (GEIER, GEIER_TOUT)
BETTEL_TYPES: Final = (BETTEL, BETTEL_OUVERT)
CALLABLE_SUITS: Final = ("E", "G", "S")  # the Herz-Sau is a trump and cannot be called

SAU_BIT: Final = {suit: BIT[sau(suit)] for suit in SUITS}

# What each contract makes trump (cards.trumps_of): the ranks on top of all four suits, and
# whether its own suit (``suit``; Herz in a Rufspiel and Ramsch) follows them.
_OBER_UNTER: Final[tuple[str, ...]] = ("O", "U")
_UNTER: Final[tuple[str, ...]] = ("U",)
_OBER: Final[tuple[str, ...]] = ("O",)
_TOP: Final[dict[str, tuple[str, ...]]] = {
    RUFSPIEL: _OBER_UNTER, RAMSCH: _OBER_UNTER, SIE: _OBER_UNTER,
    SOLO: _OBER_UNTER, SOLO_TOUT: _OBER_UNTER,
    WENZ: _UNTER, WENZ_TOUT: _UNTER, FARBWENZ: _UNTER, FARBWENZ_TOUT: _UNTER,
    GEIER: _OBER, GEIER_TOUT: _OBER, FARBGEIER: _OBER, FARBGEIER_TOUT: _OBER,
    BETTEL: (), BETTEL_OUVERT: (),
}  # fmt: skip

# The cards of its suit a suited contract needs besides its trumps on top
# (``solo_needs_suit_card``): a Solo one other than Ober and Unter, a Farbwenz one other
# than its Unter, a Farbgeier one other than its Ober.
SUIT_CARD_MASK: Final = {
    kind: {suit: mask_of(suit + rank for rank in RANKS if rank not in _TOP[kind]) for suit in SUITS}
    for kind in SUITED
}

# A contract as the object of "may not play ...": German needs the accusative.
_NAMES: Final = {
    RUFSPIEL: N_("a Rufspiel on the {suit}-Sau"),
    SOLO: N_("a {suit}-Solo"),
    SOLO_TOUT: N_("a {suit}-Solo-Tout"),
    WENZ: N_("a Wenz"),
    WENZ_TOUT: N_("a Wenz-Tout"),
    SIE: N_("a Sie"),
    RAMSCH: N_("a Ramsch"),
    GEIER: N_("a Geier"),
    GEIER_TOUT: N_("a Geier-Tout"),
    FARBWENZ: N_("a {suit}-Farbwenz"),
    FARBWENZ_TOUT: N_("a {suit}-Farbwenz-Tout"),
    FARBGEIER: N_("a {suit}-Farbgeier"),
    FARBGEIER_TOUT: N_("a {suit}-Farbgeier-Tout"),
    BETTEL: N_("a Bettel"),
    BETTEL_OUVERT: N_("a Bettel ouvert"),
}


@dataclass(frozen=True, slots=True)
class Contract:
    """The game of one deal, as in a record's ``contract`` object.

    ``suit`` is the trump suit of a Solo, Farbwenz, Farbgeier and their Touts (``SUITED``),
    ``called`` the suit of the called Sau in a Rufspiel; ``declarer`` is None only for a
    Ramsch.
    """

    type: str
    declarer: int | None = None
    suit: str | None = None
    called: str | None = None

    def __hash__(self) -> int:
        # The hash the dataclass would give, written out so that mypyc compiles it (the
        # methods a dataclass generates run interpreted): ``play.rules_of`` asks it per deal.
        return hash((self.type, self.declarer, self.suit, self.called))

    @property
    def trumps(self) -> Trumps:
        kind = self.type
        if kind in BETTEL_TYPES:
            return trumps_of((), None, BETTEL_RANKS)
        if kind in (RUFSPIEL, RAMSCH):
            return trumps_of(_TOP[kind], "H")
        return trumps_of(_TOP[kind], self.suit)  # no suit: Sie, Wenz, Geier

    @property
    def called_sau(self) -> str | None:
        return sau(self.called) if self.called else None

    @property
    def alone(self) -> bool:
        """True when the declarer plays alone against three (everything but Rufspiel)."""
        return self.type not in (RUFSPIEL, RAMSCH)

    @property
    def is_bettel(self) -> bool:
        return self.type in BETTEL_TYPES

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


_MADE: Final[dict[tuple[str, int | None, str | None, str | None], Contract]] = {}


def contract_of(
    kind: str, declarer: int | None = None, suit: str | None = None, called: str | None = None
) -> Contract:
    """``Contract(kind, declarer, suit, called)``, made once and then shared (it is frozen):
    the bots' deals ask for the same few hundred, and a dataclass's constructor runs
    interpreted even where this module is compiled."""
    key = (kind, declarer, suit, called)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = Contract(kind, declarer, suit, called)
    return found


def parse_contract(data: Any, players: int, offered: Collection[str]) -> Contract:
    """A record's ``contract`` object, of a type the profile ``offered`` (Ramsch included
    where its ``passed_deal`` deals one); RecordError names the offending key."""
    if not isinstance(data, dict):
        raise RecordError("contract", RECORD_ERRORS["not_object"])
    kind = data.get("type")
    if kind not in ALL_TYPES:
        raise RecordError("contract.type", RECORD_ERRORS["one_of"], allowed=", ".join(ALL_TYPES))
    if kind not in offered:
        if kind == RAMSCH:
            raise RecordError("contract.type", N_("this profile has no Ramsch (see passed_deal)"))
        not_offered = N_("this profile does not offer {kind} (see contracts and deck)")
        raise RecordError("contract.type", not_offered, kind=kind)
    allowed = {"type"} | ({"declarer"} if kind != RAMSCH else set())
    allowed |= {"suit"} if kind in SUITED else {"called"} if kind == RUFSPIEL else set()
    for key in sorted(allowed - data.keys()):
        raise RecordError(f"contract.{key}", N_("is required for {kind}"), kind=kind)
    for key in sorted(data.keys() - allowed):
        raise RecordError(f"contract.{key}", N_("is not a key of a {kind} contract"), kind=kind)
    declarer = None
    if kind != RAMSCH:
        declarer = require_int(data["declarer"], "contract.declarer", 0, players - 1)
    suit, called = data.get("suit"), data.get("called")
    if kind in SUITED and suit not in SUITS:
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


def suited_choices(hand: int, kind: str, needs_suit_card: bool) -> list[str]:
    """The suits a suited contract (``kind``: Solo, Farbwenz, Farbgeier or a Tout of them)
    may be played in with ``hand``: with ``solo_needs_suit_card``, those of which it holds
    a card other than its trumps on top."""
    if not needs_suit_card:
        return list(SUITS)
    masks = SUIT_CARD_MASK[kind]
    return [suit for suit in SUITS if hand & masks[suit]]


def can_solo(hand: int, suit: str, settings: Mapping[str, Any], kind: str = SOLO) -> bool:
    """A suited contract in ``suit`` may be played with ``hand`` (``suited_choices``)."""
    return suit in suited_choices(hand, kind, settings["solo_needs_suit_card"])


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
            return _no_plain_card(called, _OBER_UNTER)
    elif kind in SUITED:
        if contract.suit is None:
            raise ValueError(f"a {kind} names its trump suit")
        if not can_solo(mask, contract.suit, settings, kind):
            return _no_plain_card(contract.suit, _TOP[kind])
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


_NO_PLAIN_CARD: Final = {
    _OBER_UNTER: N_("he holds no {suit} card other than Ober and Unter"),
    _UNTER: N_("he holds no {suit} card other than its Unter"),
    _OBER: N_("he holds no {suit} card other than its Ober"),
}


def _no_plain_card(suit: str, top: tuple[str, ...]) -> Phrase:
    return Phrase(_NO_PLAIN_CARD[top], {"suit": SUIT_NAMES[suit]})


def resolve_announcements(
    leader: int, announced: Sequence[str | None], rank: Mapping[str, int] = RANK
) -> int | None:
    """The seat that plays: ``announced[seat]`` is the contract type a seat announces, or None.

    Seats speak from ``leader`` (left of the dealer) clockwise; a later seat takes the game
    only with a higher-ranked contract (``rank``: the profile's ``contract_rank``), so at
    equal rank the earlier seat keeps it. None when everybody passed.

    >>> resolve_announcements(1, ["solo", "rufspiel", "wenz", "solo"])
    3
    """
    best, best_rank = None, 0  # every contract ranks above nothing
    for step in range(len(announced)):
        seat = (leader + step) % len(announced)
        kind = announced[seat]
        if kind is not None and rank[kind] > best_rank:
            best, best_rank = seat, rank[kind]
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
