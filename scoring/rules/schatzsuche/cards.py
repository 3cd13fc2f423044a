"""The 32 cards as small integers, the tables the play rules use, and the deal.

A card is ``suit * 8 + strength`` with suits in ``SUITS`` order and strength 0 for the 7 up
to 7 for the Ace, so a hand is a 32-bit mask, one byte per suit, and within a suit a higher
bit is a higher card. Records use the codes of ``CODES`` (``HA``, ``S10``, ``DQ``, ``C7``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from ..draws import shuffled
from ..i18n import NC_, by_language
from .scores import RANKS, ROUNDS, SUITS

PLAYERS: Final = 3
STRENGTHS: Final = tuple(reversed(RANKS))  # strength -> rank token, low to high
CODES: Final = tuple(suit + rank for suit in SUITS for rank in STRENGTHS)
INDEX: Final = {code: card for card, code in enumerate(CODES)}
SUIT_MASKS: Final = tuple(0xFF << (8 * suit) for suit in range(len(SUITS)))
# How a suit reads in messages (the ``suit`` param, a letter), and per language by number:
# SUIT_NAMES["de"][2] is "Herz".
SUIT_TEXTS: Final = {
    "C": NC_("schatzsuche suit", "clubs"),
    "S": NC_("schatzsuche suit", "spades"),
    "H": NC_("schatzsuche suit", "hearts"),
    "D": NC_("schatzsuche suit", "diamonds"),
}
SUIT_NAMES: Final = {lang: tuple(names.values()) for lang, names in by_language(SUIT_TEXTS).items()}
# German rank letters accepted on input: Dame and Bube.
RANK_ALIASES: Final = {"D": "Q", "B": "J"}

# SUIT_CARDS[suit][byte]: the cards of that suit whose bits are set in ``byte``, low to high.
SUIT_CARDS: Final = tuple(
    tuple(
        tuple(8 * suit + strength for strength in range(8) if byte >> strength & 1)
        for byte in range(256)
    )
    for suit in range(len(SUITS))
)

# A card's power in a trick: trumps beat the led suit, discards (-1) never win. Indexed
# POWER[trump_suit][led_suit][card]; a trick holds a trump exactly when its best power is
# at least TRUMPED.
TRUMPED: Final = 16
POWER: Final = tuple(
    tuple(
        tuple(
            TRUMPED + card % 8 if card // 8 == trump else 8 + card % 8 if card // 8 == led else -1
            for card in range(32)
        )
        for led in range(len(SUITS))
    )
    for trump in range(len(SUITS))
)


def cards_in(mask: int) -> tuple[int, ...]:
    """The cards of a hand mask in ascending order (suit by suit, low to high)."""
    clubs, spades, hearts, diamonds = SUIT_CARDS
    return (
        clubs[mask & 0xFF]
        + spades[mask >> 8 & 0xFF]
        + hearts[mask >> 16 & 0xFF]
        + diamonds[mask >> 24]
    )


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def highest(mask: int) -> int:
    """The highest card of a single-suit mask."""
    return mask.bit_length() - 1


def parse_card(text: str) -> str:
    """A card code from user input: ``"hd"`` or ``"HQ"`` → ``"HQ"``, ``"D B"`` → ``"DJ"``.

    Accepts the German rank letters D (Dame) and B (Bube) after the suit letter; raises
    ValueError for anything that is not one of the 32 cards.
    """
    compact = "".join(text.split()).upper()
    suit, rank = compact[:1], compact[1:]
    code = suit + RANK_ALIASES.get(rank, rank)
    if code not in INDEX:
        raise ValueError(f"{text!r} is not a Schatzsuche card")
    return code


def deal_round(
    rng: random.Random, round_number: int, dealer: int
) -> tuple[list[int], int, int | None]:
    """Shuffle and deal round ``round_number``; returns (hand masks, trump card, golden card).

    Rounds 1–9: r cards each, one at a time from the seat left of the dealer, then the next
    card is turned for trump. Round 10: the top card is laid aside as the golden card, 30
    cards are dealt and the 32nd is turned for trump.
    """
    deck = shuffled(range(32), rng)
    if round_number == ROUNDS:
        golden, dealt, trump = deck[0], deck[1:31], deck[31]
    else:
        golden, dealt, trump = None, deck[: PLAYERS * round_number], deck[PLAYERS * round_number]
    hands = [0] * PLAYERS
    for offset in range(PLAYERS):
        hands[(dealer + 1 + offset) % PLAYERS] = mask_of(dealt[offset::PLAYERS])
    return hands, trump, golden
