"""The Stichwahl deck as data: every card's family, value, pearls, bonus and printed families.

The per-card pearls and bonuses are not in our sources (rules: "Material and players"), so a
deck is a JSON definition that an organizer can correct. It is identified as
``"<id>@<version>"`` in records, so an old record keeps naming the deck it was played with.
The engine ships ``scoring/rules/decks/stichwahl-default.json`` (``verified: false``); the
app may pass further decks (as dicts) to ``resolve_deck``.

Card codes: family + value (``N2``, ``B9``) for families O P N B and values 1–4, 6–9, and
``5a``–``5d`` for the colourless 5s. The canonical order of cards (hands, legal plays, bit
positions in the fast playout) is O1…O9, P1…P9, N1…N9, B1…B9, 5a…5d, whatever the order in
the deck file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import NC_, by_language

FAMILIES = ("O", "P", "N", "B")
# How a family reads in messages (the ``family`` param), and per language: FAMILY_NAMES["de"].
FAMILY_TEXTS = {
    "O": NC_("stichwahl family", "Orca"),
    "P": NC_("stichwahl family", "Sperm whale"),
    "N": NC_("stichwahl family", "Narwhal"),
    "B": NC_("stichwahl family", "Blue whale"),
}
FAMILY_NAMES = by_language(FAMILY_TEXTS)
VALUES = (1, 2, 3, 4, 6, 7, 8, 9)
FIVES = ("5a", "5b", "5c", "5d")
FIVE_VALUE = 5
ALL_CODES = (*(f"{family}{value}" for family in FAMILIES for value in VALUES), *FIVES)
CODE_INDEX = {code: index for index, code in enumerate(ALL_CODES)}

TRUMP_CHANGE, FLIP, PEARL = "trump_change", "flip", "pearl"
BONUS_KINDS = (TRUMP_CHANGE, FLIP, PEARL)
# "a 5 chosen as premium card is worth 1 point" (rules) — the one pearl printed on it.
FIVE_PEARLS = 1

DECK_DIR = Path(__file__).resolve().parent.parent / "decks"
DEFAULT_DECK_FILE = DECK_DIR / "stichwahl-default.json"

DECK_KEYS = ("id", "version", "verified", "cards")
DECK_OPTIONAL_KEYS = ("name", "note")
CARD_KEYS = ("code", "family", "value", "pearls", "bonus")
CARD_OPTIONAL_KEYS = ("families",)


class DeckError(ValueError):
    """A deck definition that cannot be used; ``key`` names the offending entry."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


@dataclass(frozen=True, slots=True)
class Card:
    """One whale card. ``family`` is None for a colourless 5; ``families`` are the families
    printed on a trump-change card; ``bonus`` is None for a 5 whose deck shows no bonus."""

    code: str
    family: str | None
    value: int
    pearls: int
    bonus: str | None
    families: tuple[str, ...] = ()

    @property
    def is_five(self) -> bool:
        return self.family is None and self.value == FIVE_VALUE


# eq=False: a deck is identified by the object (tables of the fast playout are cached per deck).
@dataclass(frozen=True, slots=True, eq=False)
class Deck:
    id: str
    version: int
    verified: bool
    cards: Mapping[str, Card]  # code -> card, in canonical order
    name: str = ""

    @property
    def ref(self) -> str:
        """How a record names this deck."""
        return f"{self.id}@{self.version}"

    def codes(self, players: int) -> tuple[str, ...]:
        """The cards of a game for ``players`` players: all 36, or 32 without the 5s for 2."""
        if players == 2:
            return tuple(code for code in self.cards if code not in FIVES)
        return tuple(self.cards)

    def to_json(self) -> dict[str, Any]:
        """The deck as a definition dict (what ``load_deck`` reads back)."""
        data: dict[str, Any] = {"id": self.id, "version": self.version, "verified": self.verified}
        if self.name:
            data["name"] = self.name
        data["cards"] = [
            {
                "code": card.code,
                "family": card.family,
                "value": card.value,
                "pearls": card.pearls,
                "bonus": card.bonus,
                **({"families": list(card.families)} if card.families else {}),
            }
            for card in self.cards.values()
        ]
        return data


def _check_keys(obj: Any, path: str, required: Iterable[str], optional: Iterable[str]) -> None:
    if not isinstance(obj, dict):
        raise DeckError(path, "must be a JSON object")
    required, optional = set(required), set(optional)
    for key in sorted(required - obj.keys()):
        raise DeckError(f"{path}.{key}" if path else key, "is required")
    for key in sorted(obj.keys() - required - optional):
        raise DeckError(f"{path}.{key}" if path else key, "is not a known key")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_card(entry: Any, path: str) -> Card:
    _check_keys(entry, path, CARD_KEYS, CARD_OPTIONAL_KEYS)
    code = entry["code"]
    if code not in CODE_INDEX:
        raise DeckError(f"{path}.code", f"{code!r} is not a Stichwahl card (O1…B9, 5a…5d)")
    five = code in FIVES
    family, value = entry["family"], entry["value"]
    if five and (family is not None or value != FIVE_VALUE):
        raise DeckError(path, f"{code} is a colourless 5: family null, value 5")
    if not five and (family != code[0] or not _is_int(value) or value != int(code[1:])):
        raise DeckError(path, f"{code} needs family {code[0]!r} and value {code[1:]}")
    pearls = entry["pearls"]
    if not _is_int(pearls) or not 1 <= pearls <= 3:
        raise DeckError(f"{path}.pearls", "must be an integer from 1 to 3")
    if five and pearls != FIVE_PEARLS:
        raise DeckError(f"{path}.pearls", "a 5 shows one pearl (it is worth 1 point)")
    bonus = entry["bonus"]
    if bonus not in BONUS_KINDS and not (five and bonus is None):
        kinds = ", ".join(BONUS_KINDS)
        raise DeckError(f"{path}.bonus", f"must be one of {kinds} (or null for a 5)")
    families = entry.get("families", [])
    if not isinstance(families, list) or not all(f in FAMILIES for f in families):
        raise DeckError(f"{path}.families", "must be a list of families O, P, N, B")
    if bonus == TRUMP_CHANGE and (not families or len(set(families)) != len(families)):
        raise DeckError(f"{path}.families", "a trump change shows one or more distinct families")
    if bonus != TRUMP_CHANGE and families:
        raise DeckError(f"{path}.families", "only a trump-change card shows families")
    return Card(code, family, value, pearls, bonus, tuple(families))


def load_deck(data: Mapping[str, Any]) -> Deck:
    """Check a deck definition (a dict as in the JSON file) and build the Deck."""
    _check_keys(data, "", DECK_KEYS, DECK_OPTIONAL_KEYS)
    deck_id, version, verified = data["id"], data["version"], data["verified"]
    if not isinstance(deck_id, str) or not deck_id or "@" in deck_id:
        raise DeckError("id", "must be a non-empty name without '@'")
    if not _is_int(version) or version < 1:
        raise DeckError("version", "must be a positive integer")
    if not isinstance(verified, bool):
        raise DeckError("verified", "must be true or false")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise DeckError("name", "must be a string")
    if not isinstance(data.get("note", ""), str):
        raise DeckError("note", "must be a string")
    entries = data["cards"]
    if not isinstance(entries, list):
        raise DeckError("cards", "must be a list of cards")
    cards: dict[str, Card] = {}
    for index, entry in enumerate(entries):
        card = _read_card(entry, f"cards[{index}]")
        if card.code in cards:
            raise DeckError(f"cards[{index}].code", f"{card.code} is listed twice")
        cards[card.code] = card
    missing = [code for code in ALL_CODES if code not in cards]
    if missing:
        raise DeckError("cards", f"missing {', '.join(missing)}")
    ordered = {code: cards[code] for code in ALL_CODES}
    return Deck(deck_id, version, verified, ordered, name)


@cache
def default_deck() -> Deck:
    """The shipped deck (plausible, not verified against the printed cards)."""
    return load_deck(json.loads(DEFAULT_DECK_FILE.read_text(encoding="utf-8")))


def as_deck(deck: Deck | Mapping[str, Any] | None) -> Deck:
    """A Deck from a Deck, a definition dict, or None (the default deck)."""
    if deck is None:
        return default_deck()
    if isinstance(deck, Deck):
        return deck
    return load_deck(deck)


def resolve_deck(ref: str, decks: Iterable[Deck | Mapping[str, Any]] = ()) -> Deck:
    """The deck a record names (``"<id>@<version>"``): the caller's decks first, then the
    default. KeyError with the list of known decks when none matches."""
    known = [as_deck(deck) for deck in decks]
    known.append(default_deck())
    for deck in known:
        if deck.ref == ref:
            return deck
    raise KeyError(", ".join(deck.ref for deck in known))
