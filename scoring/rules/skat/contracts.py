"""Skat's games and what a declarer announces (docs/rules/skat.md, "Declaring").

A game type is one of ``karo herz pik kreuz grand null``; a ``Contract`` adds the declarer,
Hand, Schneider and Schwarz announced and Ouvert. Two deals have no declarer: ``eingepasst``
(all passed) and ``ramsch`` (all passed, profile ``stammtisch-skat``).
"""

from __future__ import annotations

from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError, check_keys, require_int
from ..i18n import N_, NC_, Text

KARO: Final = "karo"
HERZ: Final = "herz"
PIK: Final = "pik"
KREUZ: Final = "kreuz"
GRAND: Final = "grand"
NULL: Final = "null"
RAMSCH: Final = "ramsch"
EINGEPASST: Final = "eingepasst"
SUIT_GAMES: Final = (KARO, HERZ, PIK, KREUZ)
DECLARED: Final = (*SUIT_GAMES, GRAND, NULL)
ALL_TYPES: Final = (*DECLARED, RAMSCH, EINGEPASST)
# The trump suit of each suit game (cards.SUITS letters).
TRUMP_SUIT: Final = {KARO: "D", HERZ: "H", PIK: "S", KREUZ: "C"}
# Base value (Grundwert) of the games valued by matadors.
BASE: Final = {KARO: 9, HERZ: 10, PIK: 11, KREUZ: 12, GRAND: 24}
# Null's fixed values by (hand, ouvert).
NULL_VALUES: Final = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}

TYPE_NAMES: Final = {
    KARO: NC_("skat game", "Karo"),
    HERZ: NC_("skat game", "Herz"),
    PIK: NC_("skat game", "Pik"),
    KREUZ: NC_("skat game", "Kreuz"),
    GRAND: NC_("skat game", "Grand"),
    NULL: NC_("skat game", "Null"),
    RAMSCH: NC_("skat game", "Ramsch"),
    EINGEPASST: NC_("skat game", "eingepasst"),
}
CONTRACT_KEYS: Final = ("type",)
CONTRACT_OPTIONAL_KEYS: Final = (
    "declarer",
    "hand",
    "schneider",
    "schwarz",
    "ouvert",
    "matadors",
)


class Contract:
    """The game of a deal. ``schneider``/``schwarz`` are the announcements (only Hand);
    ``ouvert`` is Null ouvert, or a suit/Grand ouvert (Hand, Schwarz announced).
    ``declarer`` is None for ``eingepasst`` and ``ramsch``. (A plain class, not a dataclass:
    the bots make one per deal, and compiled code runs a dataclass's methods interpreted.)"""

    __slots__ = ("declarer", "hand", "ouvert", "schneider", "schwarz", "type")

    def __init__(
        self,
        type: str,
        declarer: int | None = None,
        hand: bool = False,
        schneider: bool = False,
        schwarz: bool = False,
        ouvert: bool = False,
    ) -> None:
        self.type = type
        self.declarer = declarer
        self.hand = hand
        self.schneider = schneider
        self.schwarz = schwarz
        self.ouvert = ouvert

    def _key(self) -> tuple[str, int | None, bool, bool, bool, bool]:
        return (self.type, self.declarer, self.hand, self.schneider, self.schwarz, self.ouvert)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Contract) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        type_, declarer, hand, schneider, schwarz, ouvert = self._key()
        return (
            f"Contract({type_!r}, {declarer!r}, hand={hand!r}, schneider={schneider!r}, "
            f"schwarz={schwarz!r}, ouvert={ouvert!r})"
        )

    @property
    def is_null(self) -> bool:
        return self.type == NULL

    @property
    def has_declarer(self) -> bool:
        return self.type in DECLARED

    @property
    def trump_suit(self) -> str | None:
        return TRUMP_SUIT.get(self.type)

    def to_json(self) -> dict[str, Any]:
        if not self.has_declarer:
            return {"type": self.type}
        found: dict[str, Any] = {"type": self.type, "declarer": self.declarer}
        if self.hand:
            found["hand"] = True
        if self.schneider:
            found["schneider"] = True
        if self.schwarz:
            found["schwarz"] = True
        if self.ouvert:
            found["ouvert"] = True
        return found


def contract_problem(
    type_: str, *, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> tuple[str, str] | None:
    """The first announcement the rules forbid, as (field, rule), or None.

    Schneider and Schwarz announced only in a Hand game, Schwarz announced includes Schneider
    announced; suit or Grand ouvert only Hand (it includes Schwarz announced); a Null
    announces neither.
    """
    if type_ not in DECLARED:
        return ("type", "unknown_game_type")
    if type_ == NULL:
        if schneider or schwarz:
            return ("schneider" if schneider else "schwarz", "null_announces_nothing")
        return None
    if (schneider or schwarz) and not hand:
        return ("schneider" if schneider else "schwarz", "announced_without_hand")
    if ouvert and not hand:
        return ("ouvert", "ouvert_without_hand")
    if schwarz and not schneider:
        return ("schneider", "schwarz_includes_schneider")
    if ouvert and not schwarz:
        return ("schwarz", "ouvert_includes_schwarz")
    return None


CONTRACT_RULES: Final[dict[str, Text]] = {
    "unknown_game_type": N_("is no Skat game"),
    "null_announces_nothing": N_("a Null announces neither Schneider nor Schwarz"),
    "announced_without_hand": N_("Schneider or Schwarz may be announced only in a Hand game"),
    "ouvert_without_hand": N_("a suit game or Grand ouvert is always Hand"),
    "schwarz_includes_schneider": N_("Schwarz announced includes Schneider announced"),
    "ouvert_includes_schwarz": N_("ouvert includes Schwarz announced"),
}


def parse_contract(value: Any, seats: int = 3) -> tuple[Contract, int | None]:
    """A record's ``contract`` (docs/records.md, "Skat keys") and its ``matadors`` (None when
    not given: then the hands decide); RecordError naming the key otherwise."""
    check_keys(value, "contract", CONTRACT_KEYS, CONTRACT_OPTIONAL_KEYS)
    type_ = value["type"]
    if type_ not in ALL_TYPES:
        raise RecordError("contract.type", RECORD_ERRORS["one_of"], allowed=", ".join(ALL_TYPES))
    if type_ not in DECLARED:
        extra = sorted(set(value) - {"type"})
        if extra:
            raise RecordError(f"contract.{extra[0]}", N_("a deal without declarer has none"))
        return Contract(type_), None
    if "declarer" not in value:
        raise RecordError("contract.declarer", RECORD_ERRORS["required"])
    declarer = require_int(value["declarer"], "contract.declarer", 0, seats - 1)
    flags = {}
    for key in ("hand", "schneider", "schwarz", "ouvert"):
        flag = value.get(key, False)
        if not isinstance(flag, bool):
            raise RecordError(f"contract.{key}", RECORD_ERRORS["not_bool"])
        flags[key] = flag
    problem = contract_problem(type_, **flags)
    if problem is not None:
        raise RecordError(f"contract.{problem[0]}", CONTRACT_RULES[problem[1]])
    matadors = None
    if "matadors" in value:
        if type_ == NULL:
            raise RecordError("contract.matadors", N_("a Null has no matadors"))
        top = 11 if type_ in SUIT_GAMES else 4
        matadors = require_int(value["matadors"], "contract.matadors", -top, top)
        if matadors == 0:
            raise RecordError("contract.matadors", N_("mit 1 is 1, ohne 1 is -1; 0 is none"))
    return Contract(
        type_, declarer, flags["hand"], flags["schneider"], flags["schwarz"], flags["ouvert"]
    ), matadors
