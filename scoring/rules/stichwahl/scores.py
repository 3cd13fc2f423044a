"""Score formulas, the end of the game and the scorepad's entry checks (rules: "Scoring and
end", "Checks the scorepad enforces"). The engine's ``result()`` uses the same functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import core

NAME = "stichwahl"
WINNING_TOTAL = 30
HAND_SIZE = 9
TRICKS = 8
MAX_PILE = 36


def hand_points(pile: int, unused_bonus: int) -> int:
    """Cards in the point pile + 1 for every 2 unused bonus cards (rounded down).

    >>> hand_points(7, 3)  # the rulebook's example
    8
    """
    return pile + unused_bonus // 2


def game_over(totals: Sequence[int]) -> bool:
    """Somebody has 30 or more and exactly one player has the highest total."""
    top = max(totals)
    return top >= WINNING_TOTAL and list(totals).count(top) == 1


def winner(totals: Sequence[int]) -> int | None:
    """The winning seat once the game is over, else None."""
    return max(range(len(totals)), key=totals.__getitem__) if game_over(totals) else None


def card_total(players: int) -> int:
    """Cards in play: 36, or 32 in the 2-player variant (the four 5s removed)."""
    return 32 if players == 2 else 36


def draw_pile_size(players: int) -> int:
    """3 players: 9; 2 players: 14; 4 players: none."""
    return card_total(players) - HAND_SIZE * players


def next_first_leader(previous: int, players: int, first_leader: str = "rotate") -> int | None:
    """Who leads the first trick of the next hand: the player left of the previous hand's
    first leader (``rotate``), or None when the players choose (``choose``)."""
    return (previous + 1) % players if first_leader == "rotate" else None


class EntryProblem(core.EntryProblem):
    """One rejected scorepad entry (``core.EntryProblem``) in this game's wording: ``field``
    is ``piles[1]``, ``unused_bonus[2]``, or ``hand`` for the whole hand."""

    game = NAME


def check_hand(
    piles: Sequence[Any],
    unused_bonus: Sequence[Any],
    totals_before: Sequence[int] | None = None,
) -> list[EntryProblem]:
    """Every problem with one hand entered on the scorepad (empty list: accept it).

    Per player: point pile 0..36, unused bonus cards 0..9, whole numbers; over all players
    at most 36 cards (32 for 2 players); and no hand after the game has ended
    (``totals_before`` are the totals before this hand).
    """
    players = len(piles)
    if len(unused_bonus) != players:
        raise ValueError("one pile and one unused-bonus count per player")
    problems = []
    seat = winner(totals_before) if totals_before is not None else None
    if totals_before is not None and seat is not None:  # the game is over
        problems.append(EntryProblem("hand", "game_finished", seat, {"total": totals_before[seat]}))
    fields_valid = True
    for column, what, values, high, rule in (
        ("piles", "pile", piles, MAX_PILE, "pile_out_of_range"),
        ("unused_bonus", "unused_bonus", unused_bonus, HAND_SIZE, "unused_bonus_out_of_range"),
    ):
        for seat, value in enumerate(values):
            key = f"{column}[{seat}]"
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(EntryProblem(key, "not_an_integer", seat, {"what": what}))
                fields_valid = False
            elif not 0 <= value <= high:
                problems.append(EntryProblem(key, rule, seat, {"value": value}))
                fields_valid = False
    # The total only means something once every field is a count in its range.
    if fields_valid:
        total, limit = sum(piles) + sum(unused_bonus), card_total(players)
        if total > limit:
            problems.append(
                EntryProblem("hand", "too_many_cards", None, {"total": total, "limit": limit})
            )
    return problems
