"""Seeger-Fabian, the list's result (docs/rules/skat.md, "Seeger-Fabian"): pure functions
over a list of game results, at a table of 3 or 4.

Per player: the sum of his list points, +50 for each game he won as declarer, −50 for each
he lost, and for every game another player at his table lost as declarer +40 at a table of
3, +30 at a table of 4 (the dealer sitting out included). A passed-out deal scores nothing
and counts as a game of the list under ``passed_counts_as_game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

WON_BONUS: Final = 50
LOST_MALUS: Final = 50
OPPONENT_BONUS: Final = {3: 40, 4: 30}


class ListGame:
    """One line of the list: the declarer's seat at the table (None: passed out) with his
    list points (``values.GameScore.list_points``) and whether he won. ``scores`` instead
    gives every seat's points of a deal without declarer (a Ramsch; no bonuses). (A plain
    class: every verified deal makes one, and compiled code runs a dataclass's methods
    interpreted.)"""

    __slots__ = ("declarer", "points", "scores", "won")

    def __init__(
        self,
        declarer: int | None,
        won: bool = False,
        points: int = 0,
        scores: tuple[int, ...] | None = None,
    ) -> None:
        self.declarer, self.won, self.points, self.scores = declarer, won, points, scores

    def __repr__(self) -> str:
        return f"ListGame({self.declarer!r}, won={self.won!r}, points={self.points!r})"


class PlayerList(NamedTuple):
    """A player's list: ``points`` (game points), ``won``/``lost`` as declarer,
    ``bonus`` (±50 each), ``opponent_bonus`` (+40/+30 per game lost by another), ``total``
    (Seeger-Fabian) and ``loss_fee_cents`` (Verlustspielgeld). (Named tuples: the scorepad
    caches its summary pickled, and a compiled frozen dataclass cannot be unpickled.)"""

    points: int
    won: int
    lost: int
    bonus: int
    opponent_bonus: int
    total: int
    loss_fee_cents: int


class ListResult(NamedTuple):
    players: tuple[PlayerList, ...]
    games: int  # games counted in the list (passed-out deals per ``passed_counts_as_game``)
    passed: int
    fees_cents: int  # the Verlustspielgeld of the table, for the organizer


def game_points(game: ListGame, players: int) -> list[int]:
    """One game's Seeger-Fabian points per seat of a table of ``players`` (3 or 4).

    >>> game_points(ListGame(0, won=False, points=-96), 4)
    [-146, 30, 30, 30]
    """
    if players not in OPPONENT_BONUS:
        raise ValueError("Seeger-Fabian is scored at tables of 3 or 4")
    if game.scores is not None:
        return list(game.scores)
    points = [0] * players
    if game.declarer is None:
        return points
    if game.won:
        points[game.declarer] = game.points + WON_BONUS
        return points
    bonus = OPPONENT_BONUS[players]
    for seat in range(players):
        points[seat] = game.points - LOST_MALUS if seat == game.declarer else bonus
    return points


def loss_fee(lost: int, settings: Mapping[str, Any]) -> int:
    """Verlustspielgeld in cents for ``lost`` lost games: ``loss_fee_cents`` each, from the
    ``loss_fee_high_from``-th lost game on ``loss_fee_high_cents``.

    >>> loss_fee(5, {"loss_fee_cents": 50, "loss_fee_high_cents": 100, "loss_fee_high_from": 4})
    350
    """
    low = min(lost, int(settings["loss_fee_high_from"]) - 1)
    fee, high = int(settings["loss_fee_cents"]), int(settings["loss_fee_high_cents"])
    return low * fee + (lost - low) * high


def score_list(games: Sequence[ListGame], players: int, settings: Mapping[str, Any]) -> ListResult:
    """The list of a table of ``players`` (3 or 4) scored by Seeger-Fabian."""
    points = [0] * players
    won = [0] * players
    lost = [0] * players
    for game in games:
        if game.scores is not None:
            for seat, score in enumerate(game.scores):
                points[seat] += score
        elif game.declarer is not None:
            points[game.declarer] += game.points
            if game.won:
                won[game.declarer] += 1
            else:
                lost[game.declarer] += 1
    bonus = OPPONENT_BONUS.get(players, 0)
    if not bonus:
        raise ValueError("Seeger-Fabian is scored at tables of 3 or 4")
    total_lost = sum(lost)
    rows = []
    for seat in range(players):
        own = WON_BONUS * won[seat] - LOST_MALUS * lost[seat]
        others = bonus * (total_lost - lost[seat])
        rows.append(
            PlayerList(
                points[seat],
                won[seat],
                lost[seat],
                own,
                others,
                points[seat] + own + others,
                loss_fee(lost[seat], settings),
            )
        )
    passed = sum(1 for game in games if game.declarer is None and game.scores is None)
    counted = len(games) - (0 if settings["passed_counts_as_game"] else passed)
    return ListResult(tuple(rows), counted, passed, sum(row.loss_fee_cents for row in rows))


def list_complete(result: ListResult, players: int, settings: Mapping[str, Any]) -> bool:
    """Whether the list has its games (``games_per_list_3``/``_4``: 36 and 48)."""
    return result.games >= int(settings[f"games_per_list_{players}"])


def tie_break_key(row: PlayerList, settings: Mapping[str, Any]) -> tuple[int, ...]:
    """Sort key, best first: the total, then (``tie_break: won_then_lost``) more games won,
    then fewer lost; what is still equal is decided by lot (the organizer)."""
    if settings["tie_break"] == "won_then_lost":
        return (-row.total, -row.won, row.lost)
    return (-row.total,)
