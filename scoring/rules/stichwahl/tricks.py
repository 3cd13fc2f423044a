"""Who wins a trick and what the premium card brings (rules: "A trick").

Both the State and the fast playout call these, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence

HIGH, LOW = 9, 1  # the two sides of the trump marker


def flipped(marker: int) -> int:
    return LOW if marker == HIGH else HIGH


def trick_winner(cards: Sequence[tuple[str | None, int | None]], trump: str, marker: int) -> int:
    """The index (in play order) of the card that wins the trick.

    A card is ``(family, value)``: family None for a colourless 5, which takes the family of
    the first card that is not a 5; value None for a card the deck does not know (it cannot
    win). Marker 9: the highest trump, else the highest card of the led family; marker 1:
    the lowest. Equal cards (two 5s): the earlier wins (``equal_cards: earlier_wins``), and
    so does the first 5 when only 5s were played.

    >>> trick_winner([("N", 2), ("N", 6), ("B", 9), (None, 5)], trump="B", marker=9)
    2
    >>> trick_winner([(None, 5), ("P", 7), (None, 5)], trump="B", marker=1)
    0
    """
    led = next((family for family, value in cards if family is not None), None)
    for wanted in (trump, led):
        best, best_value = None, 0
        for index, (family, value) in enumerate(cards):
            if value is None or (family or led) != wanted:
                continue
            if best is None or (value > best_value if marker == HIGH else value < best_value):
                best, best_value = index, value
        if best is not None:
            return best
    return next((index for index, (_, value) in enumerate(cards) if value is not None), 0)


def premium_points(pearls: int, trick_size: int, draw_pile: int) -> tuple[int, int]:
    """(cards from the trick, cards from the draw pile) that go to the winner's point pile.

    The winner takes as many cards as the premium card has pearls from the other cards of
    the trick (his own included); missing ones come from the draw pile, as far as it lasts
    [interpretation: an empty draw pile gives nothing — only possible with 2 players].
    """
    from_trick = min(pearls, trick_size - 1)
    return from_trick, min(pearls - from_trick, draw_pile)
