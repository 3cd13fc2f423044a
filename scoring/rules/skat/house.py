"""Profile ``stammtisch-skat``'s house rules (docs/rules/skat.md, "House rules"): Ramsch's
score and the Bock rounds. Kontra/Re double a game's value (``values.doubling``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import TOTAL_AUGEN, TRICKS


def ramsch_scores(augen: Sequence[int], tricks: Sequence[int], multiplier: int = 1) -> list[int]:
    """Ramsch: a player who takes every trick wins 120 (Durchmarsch); otherwise the one with
    the most Augen (each, if several) loses them, ×2 when somebody took no trick (Jungfrau).
    ``augen`` count the Skat for the winner of the last trick.

    >>> ramsch_scores([50, 40, 30], [4, 3, 3]), ramsch_scores([70, 50, 0], [6, 4, 0])
    ([-50, 0, 0], [-140, 0, 0])
    """
    for seat, won in enumerate(tricks):
        if won == TRICKS:
            return [TOTAL_AUGEN * multiplier if s == seat else 0 for s in range(len(augen))]
    most = max(augen)
    factor = multiplier * (2 if 0 in tricks else 1)
    return [-most * factor if a == most else 0 for a in augen]


@dataclass(frozen=True, slots=True)
class BockFacts:
    """What of a game can start Bock rounds: a game lost with Schneider announced, a game
    with Kontra (or Re)."""

    lost_schneider_announced: bool = False
    kontra: bool = False


def bock_games(games: Sequence[BockFacts], players: int) -> list[bool]:
    """Which games of an evening are Bock games (value ×2): each trigger adds one Bock round
    (a game per player at the table) after the Bock games already due; a passed-out deal is
    a game of the round too.

    >>> bock_games([BockFacts(kontra=True), BockFacts(), BockFacts(), BockFacts(), BockFacts()], 3)
    [False, True, True, True, False]
    """
    due = 0
    marks = []
    for game in games:
        marks.append(due > 0)
        if due:
            due -= 1
        if game.lost_schneider_announced or game.kontra:
            due += players
    return marks
