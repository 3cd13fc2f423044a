"""Skat cards, Augen and masks (docs/rules/skat.md, "Material and seats").

Card codes are suit + rank: ``CJ`` (Kreuz-Bube), ``H10``, ``D7``. Suits in deck order Kreuz
``C``, Pik ``S``, Herz ``H``, Karo ``D``; ranks ``A 10 K Q J 9 8 7``. Every card has an index
0..31 (suit * 8 + rank, ``INDEX``) and a bit ``1 << index`` in the hand masks of ``play.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..i18n import NC_

NAME: Final = "skat"  # the game's name in records; it also picks this game's message wording
SUITS: Final = ("C", "S", "H", "D")
RANKS: Final = ("A", "10", "K", "Q", "J", "9", "8", "7")
RANK_AUGEN: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
DECK: Final = tuple(suit + rank for suit in SUITS for rank in RANKS)
INDEX: Final = {card: index for index, card in enumerate(DECK)}
BIT: Final = {card: 1 << index for index, card in enumerate(DECK)}
AUGEN: Final = {card: RANK_AUGEN[card[1:]] for card in DECK}
CARD_AUGEN: Final = tuple(AUGEN[card] for card in DECK)
TOTAL_AUGEN: Final = 120
SEATS: Final = 3  # three play each deal
TRICKS: Final = 10
HAND_SIZE: Final = 10
SKAT_SIZE: Final = 2
ALL_CARDS: Final = (1 << len(DECK)) - 1
# The four Buben high to low: the top trumps of every suit game and Grand.
JACKS: Final = ("CJ", "SJ", "HJ", "DJ")
JACK_MASK: Final = sum(BIT[card] for card in JACKS)
SUIT_MASK: Final = tuple(sum(BIT[suit + rank] for rank in RANKS) for suit in SUITS)

# Suit names are German in both languages, as the club players say them.
SUIT_NAMES: Final = {
    "C": NC_("skat suit", "Kreuz"),
    "S": NC_("skat suit", "Pik"),
    "H": NC_("skat suit", "Herz"),
    "D": NC_("skat suit", "Karo"),
    "T": NC_("skat suit", "trump"),
}


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


# The codes of each byte of a mask, a suit's eight cards being one byte: ``suit * 256 + byte``.
_CODES_BY_BYTE: Final = tuple(
    [
        tuple([DECK[8 * suit + rank] for rank in range(8) if byte >> rank & 1])
        for suit in range(4)
        for byte in range(256)
    ]
)


def cards_of(mask: int) -> list[str]:
    """The codes of a mask's cards, in the order of ``DECK``."""
    return [
        *_CODES_BY_BYTE[mask & 255],
        *_CODES_BY_BYTE[256 | mask >> 8 & 255],
        *_CODES_BY_BYTE[512 | mask >> 16 & 255],
        *_CODES_BY_BYTE[768 | mask >> 24 & 255],
    ]


def count_of(mask: int) -> int:
    """The number of cards in a mask (of 32 bits): a SWAR popcount, plain arithmetic on
    short ints in compiled code (``int.bit_count`` is a method call there, a table four
    lookups)."""
    mask = mask - (mask >> 1 & 0x55555555)
    mask = (mask & 0x33333333) + (mask >> 2 & 0x33333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F
    return (mask * 0x01010101) >> 24 & 255


def lowest_index(mask: int) -> int:
    """The index of the lowest card of a mask (-1 for none); ``bit_length`` is native in
    compiled code."""
    return (mask & -mask).bit_length() - 1


def nth_index(mask: int, n: int) -> int:
    """The index of the ``n``-th card (0-based) of a mask, in deck order (-1: none)."""
    while n > 0:
        mask = mask & (mask - 1)
        n -= 1
    return (mask & -mask).bit_length() - 1


def augen_of(mask: int) -> int:
    """The Augen of a mask's cards."""
    total = 0
    while mask:
        index = lowest_index(mask)
        total += CARD_AUGEN[index]
        mask = mask & (mask - 1)
    return total
