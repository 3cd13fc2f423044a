"""Schafkopf cards, Augen, the two decks and the trump order of each contract
(docs/rules/schafkopf.md).

Card codes are suit + rank: ``EO`` (Eichel-Ober), ``GU``, ``HA``, ``S10``, ``E7``. Every card
also has an index 0..31 (``INDEX``) and a bit (``BIT``) for the bit-mask hands of ``play.py``,
which turns each contract's ``Trumps`` into the tables its duties and tricks are played by.
The short deck (``Deck`` ``kurz``) is the same cards without the 8s and 7s: its cards keep
their index, so one set of tables serves both decks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from ..i18n import NC_

NAME: Final = "schafkopf"  # the game's name in records; it also picks this game's message wording
SUITS: Final = ("E", "G", "H", "S")
RANKS: Final = ("A", "10", "K", "O", "U", "9", "8", "7")
RANK_AUGEN: Final = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
DECK: Final = tuple(suit + rank for suit in SUITS for rank in RANKS)
INDEX: Final = {card: index for index, card in enumerate(DECK)}
BIT: Final = {card: 1 << index for index, card in enumerate(DECK)}
AUGEN: Final = {card: RANK_AUGEN[card[1:]] for card in DECK}
TOTAL_AUGEN: Final = 120
TRICKS: Final = 8  # of the long deck; a deal's own count is its ``Deck.tricks``
# Bettel has no trumps, and the Ober and Unter rank in their printed suits below the König.
BETTEL_RANKS: Final = ("A", "K", "O", "U", "10", "9", "8", "7")

OBER: Final = tuple(suit + "O" for suit in SUITS)
UNTER: Final = tuple(suit + "U" for suit in SUITS)
TRUMP: Final = "T"  # the effective suit of every trump: trumps are their own suit

# Suit names are German in both languages (the English example says "the led suit Eichel");
# ``SUIT_NAMES[suit]["de"]`` reads a name as the engine's texts do (i18n.Text).
SUIT_NAMES: Final = {
    "E": NC_("schafkopf suit", "Eichel"),
    "G": NC_("schafkopf suit", "Gras"),
    "H": NC_("schafkopf suit", "Herz"),
    "S": NC_("schafkopf suit", "Schellen"),
    TRUMP: NC_("schafkopf suit", "trump"),
}


def sau(suit: str) -> str:
    """The Sau (Ass) of a suit: the card a Rufspiel calls."""
    return suit + "A"


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


# The codes of each byte of a hand, a suit's eight cards being one byte (index = suit * 8 +
# rank): entry ``suit * 256 + byte``, in the order of ``DECK``.
_CODES_BY_BYTE: Final = tuple(
    [
        tuple(DECK[8 * suit + rank] for rank in range(len(RANKS)) if byte >> rank & 1)
        for suit in range(len(SUITS))
        for byte in range(256)
    ]
)


# How many cards each byte of a hand holds: ``int.bit_count`` is a method call in compiled code.
_COUNT_BY_BYTE: Final = tuple([bin(byte).count("1") for byte in range(256)])


def count_of(mask: int) -> int:
    """The number of cards in a mask of the deck (``mask.bit_count()``)."""
    return (
        _COUNT_BY_BYTE[mask & 255]
        + _COUNT_BY_BYTE[mask >> 8 & 255]
        + _COUNT_BY_BYTE[mask >> 16 & 255]
        + _COUNT_BY_BYTE[mask >> 24 & 255]
    )


def cards_of(mask: int) -> list[str]:
    """The codes of a hand's cards (a mask), in the order of ``DECK``."""
    return [
        *_CODES_BY_BYTE[mask & 255],
        *_CODES_BY_BYTE[256 | mask >> 8 & 255],
        *_CODES_BY_BYTE[512 | mask >> 16 & 255],
        *_CODES_BY_BYTE[768 | mask >> 24 & 255],
    ]


# Cards of a suit that are neither Ober nor Unter: what a Rufspiel call and a Solo need.
PLAIN_SUIT_MASK: Final = {
    suit: mask_of(suit + rank for rank in RANKS if rank not in "OU") for suit in SUITS
}
OBER_UNTER_MASK: Final = mask_of(OBER + UNTER)


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a deal is dealt from: ``lang`` (32) or ``kurz`` (24, no 8s and 7s; the Augen
    still total 120). ``index`` knows only this deck's cards: in ``kurz`` a 7 is no card."""

    name: str
    cards: tuple[str, ...]
    mask: int
    tricks: int  # = cards per hand
    index: dict[str, int] = field(compare=False, hash=False)


def _deck(name: str, ranks: tuple[str, ...]) -> Deck:
    cards = tuple(card for card in DECK if card[1:] in ranks)
    return Deck(name, cards, mask_of(cards), len(cards) // 4, {c: INDEX[c] for c in cards})


DECKS: Final = {
    "lang": _deck("lang", RANKS),
    "kurz": _deck("kurz", ("A", "10", "K", "O", "U", "9")),
}
LONG_DECK: Final = DECKS["lang"]


@dataclass(frozen=True, slots=True)
class Trumps:
    """How tricks are taken under one contract.

    ``order`` lists the trumps high to low; ``suit_of`` maps every card to the suit it
    follows as (``"T"`` for a trump, else its printed suit); ``strength`` ranks cards within
    that suit (higher wins). A card that is neither trump nor of the led suit never wins.
    """

    order: tuple[str, ...]
    suit_of: dict[str, str]
    strength: dict[str, int]

    def key(self, card: str, led: str | None) -> int:
        """Sort key within a trick: trumps above the led suit, everything else below."""
        suit = self.suit_of.get(card)  # None for a code that is not a Schafkopf card
        if suit == TRUMP:
            return 100 + self.strength[card]
        if suit is not None and suit == led:
            return self.strength[card]
        return -1


def _build(order: tuple[str, ...], plain_ranks: tuple[str, ...]) -> Trumps:
    suit_of, strength = {}, {}
    for position, card in enumerate(order):
        suit_of[card] = TRUMP
        strength[card] = len(order) - position
    for suit in SUITS:
        for position, rank in enumerate(plain_ranks):
            card = suit + rank
            if card not in suit_of:
                suit_of[card] = suit
                strength[card] = len(plain_ranks) - position
    return Trumps(order, suit_of, strength)


@cache
def trumps_of(
    top: tuple[str, ...], trump_suit: str | None, ranks: tuple[str, ...] = RANKS
) -> Trumps:
    """The trump order of every contract: the ranks ``top`` of all four suits at the top
    (``("O", "U")``: EO GO HO SO EU GU HU SU), then the rest of ``trump_suit`` (None: no
    suit is trump); every suit ranks the cards left in the order of ``ranks``.

    Rufspiel and Solo ``(("O", "U"), suit)``, Sie ``(("O", "U"), None)``, Wenz ``(("U",),
    None)``, Geier ``(("O",), None)``, Farbwenz ``(("U",), suit)``, Farbgeier ``(("O",),
    suit)``, Bettel ``((), None, BETTEL_RANKS)``.
    """
    plain = tuple(rank for rank in ranks if rank not in top)
    above = tuple(suit + rank for rank in top for suit in SUITS)
    suit_trumps = () if trump_suit is None else tuple(trump_suit + rank for rank in plain)
    return _build(above + suit_trumps, plain)
