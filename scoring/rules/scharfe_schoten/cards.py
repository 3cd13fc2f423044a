"""The 48 spice cards, the colour ranking from the number cards and who wins a trick.

Cards are codes such as ``R9`` or ``B12`` (colour + value). Internally a card is also an
index 0..47 (``colour_index * 12 + value - 1``, colours in the order R, G, Y, B), which is
the canonical order of hands and legal plays and the bit position in the fast playout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from ..i18n import NC_, by_language

COLOURS = ("R", "G", "Y", "B")
VALUES = tuple(range(1, 13))
# How a colour reads in messages (the ``colour`` param), and per language: COLOUR_NAMES["de"].
COLOUR_TEXTS = {
    "R": NC_("scharfe_schoten colour", "red"),
    "G": NC_("scharfe_schoten colour", "green"),
    "Y": NC_("scharfe_schoten colour", "yellow"),
    "B": NC_("scharfe_schoten colour", "black"),
}
COLOUR_NAMES = by_language(COLOUR_TEXTS)
CARDS = tuple(f"{colour}{value}" for colour in COLOURS for value in VALUES)
CARD_INDEX = {code: index for index, code in enumerate(CARDS)}

# Per number of players: cards per hand, tricks per round, cards in the spice cupboard.
HAND_SIZE = {3: 12, 4: 10}
CUPBOARD_SIZE = {players: len(CARDS) - players * size for players, size in HAND_SIZE.items()}

# A super trump beats every other card; the top colour's super trump is the highest card.
SUPER_TRUMP_BASE = 100
# Plain cards: a higher colour beats any value of a lower colour, so colours are 16 apart.
COLOUR_STEP = 16


def colour_of(card: str) -> str | None:
    """The colour of a card code, or None for a code that is not one of the 48 cards."""
    return card[0] if card in CARD_INDEX else None


def colour_order(numbers: Mapping[str, int]) -> list[str]:
    """Colours from the highest to the lowest number placed at them.

    >>> colour_order({"R": 2, "G": 10, "Y": 1, "B": 9})
    ['G', 'B', 'R', 'Y']
    """
    return sorted(COLOURS, key=lambda colour: numbers[colour], reverse=True)


def super_trumps(numbers: Mapping[str, int]) -> list[str]:
    """The four super trumps ("colour + its number"), the highest first.

    >>> super_trumps({"R": 2, "G": 10, "Y": 1, "B": 9})
    ['G10', 'B9', 'R2', 'Y1']
    """
    return [f"{colour}{numbers[colour]}" for colour in colour_order(numbers)]


def card_strengths(numbers: Mapping[str, int]) -> dict[str, int]:
    """A number per card: of the cards in a trick, the one with the largest number wins.

    Super trumps come first in colour order; then every card of a higher colour beats every
    card of a lower one; within a colour the higher value wins. The led colour has no rank.
    (``strength_table`` is the same by card index.)
    """
    return dict(
        zip(CARDS, strength_table(tuple(numbers[colour] for colour in COLOURS)), strict=False)
    )


# _COLOUR_STRENGTHS[height][number]: the strengths of one colour's cards, values 1 to 12, when
# the colour ranks ``height`` (3 for the top colour, 0 for the last) and its number card is
# ``number`` (that card is the colour's super trump).
_COLOUR_STRENGTHS = tuple(
    tuple(
        tuple(
            SUPER_TRUMP_BASE + height if value == number else height * COLOUR_STEP + value
            for value in VALUES
        )
        for number in range(max(VALUES) + 1)
    )
    for height in range(len(COLOURS))
)


@lru_cache(maxsize=16384)
def strength_table(numbers: tuple[int, ...]) -> tuple[int, ...]:
    """``card_strengths`` by card index, for the number cards ``numbers`` (one per colour in
    COLOURS order, all different), with a last entry -1 for a code that is no card (it
    never wins)."""
    # colour_order: the colours by their numbers, the highest first.
    order = sorted(range(len(COLOURS)), key=numbers.__getitem__, reverse=True)
    table: tuple[int, ...] = ()
    for colour, number in enumerate(numbers):
        table += _COLOUR_STRENGTHS[len(COLOURS) - 1 - order.index(colour)][number]
    return (*table, -1)


def count_colours(cards: Iterable[str]) -> dict[str, int]:
    """How many of the given cards have each colour (codes that are no cards are ignored)."""
    counts = dict.fromkeys(COLOURS, 0)
    for card in cards:
        colour = colour_of(card)
        if colour is not None:
            counts[colour] += 1
    return counts
