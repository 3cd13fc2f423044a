"""Drawing tables for a tournament round: plain Python, no Django (like Tabbycat's generators).

``draw(players, sizes, previous, seed)`` seats every player exactly once at tables of the
given sizes, in seat order. It is reproducible: the same players, sizes, previous pairings
and seed give the same seating (the seed is stored with the round). Repeated table-mates are
minimised by seeded random restarts, each improved by swapping players between tables while
a swap lowers the cost (the number of times the new table-mates already met). No clock is
consulted, so a stored seed always reproduces its draw.

At a table with one seat more than a game has players (Schafkopf at 5) each player sits out
some games. Whoever sat at such a table in the round before gets a full table this time when
the numbers allow it, and the seats left over go to those who sat out least often.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

RESTARTS = 6
MAX_PASSES = 40


class DrawError(ValueError):
    """The players cannot be seated as asked (e.g. 6 players at tables of 4 and 5)."""


@dataclass(frozen=True)
class Draw:
    seed: str
    tables: tuple[tuple[int, ...], ...]  # player ids in seat order, table 1 first
    repeated_pairs: int  # pairs of table-mates who already sat together in an earlier round


def table_sizes(count: int, size: int, remainder: str = "exact") -> list[int]:
    """The sizes of the tables for ``count`` players at tables of ``size``.

    ``remainder`` says what to do when ``count`` is not a multiple of ``size``: ``exact``
    refuses, ``larger`` adds one seat to as few tables as needed (Schafkopf: tables of 5, the
    dealer sits out), ``smaller`` takes one seat from as few tables as needed. Full tables
    come first, the odd ones last. Raises DrawError when the players cannot be seated.

    >>> table_sizes(12, 4)
    [4, 4, 4]
    >>> table_sizes(14, 4, "larger")
    [4, 5, 5]
    >>> table_sizes(14, 4, "smaller")
    [4, 4, 3, 3]
    >>> table_sizes(14, 4)
    Traceback (most recent call last):
    ...
    tournaments.draw.DrawError: 14 players do not fill tables of 4
    """
    if size < 2:
        raise DrawError(f"a table needs at least 2 seats, not {size}")
    if count < size - (1 if remainder == "smaller" else 0) or count <= 0:
        raise DrawError(f"{count} players are too few for tables of {size}")
    if count % size == 0:
        return [size] * (count // size)
    if remainder == "larger":
        odd = count % size
        full = count // size - odd
        odd_size = size + 1
    elif remainder == "smaller":
        odd = size - count % size
        full = (count - odd * (size - 1)) // size
        odd_size = size - 1
    else:
        raise DrawError(f"{count} players do not fill tables of {size}")
    if full < 0 or odd_size < 2:
        raise DrawError(f"{count} players cannot sit at tables of {size} and {odd_size}")
    return [size] * full + [odd_size] * odd


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def pairs_of(tables: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
    """Every pair of table-mates at the given tables.

    >>> pairs_of([(3, 1, 2), (4, 5)])
    [(1, 3), (2, 3), (1, 2), (4, 5)]
    """
    return [pair(a, b) for table in tables for i, a in enumerate(table) for b in table[i + 1 :]]


def count_repeats(tables: Iterable[Sequence[int]], previous: Iterable[tuple[int, int]]) -> int:
    """How many pairs of table-mates at ``tables`` already met (each pair counted once)."""
    met = {pair(a, b) for a, b in previous}
    return sum(1 for p in pairs_of(tables) if p in met)


def rng_for(seed: str) -> random.Random:
    # Hash the seed so that short or similar seeds still start far apart.
    return random.Random(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:16], "big"))


def resting_places(
    players: Collection[int], seats: int, sat_out: Sequence[Collection[int]]
) -> dict[int, bool]:
    """Who must take one of the ``seats`` at tables where a player sits out (True), and who
    must not (False); the search for table-mates places the others.

    ``sat_out`` lists, round by round, who sat at such tables before. The seats go first to
    those who did not sit out in the latest round, then to those who sat out least often; the
    players level with the last seat given are left free.

    >>> resting_places(range(1, 14), 5, [{1, 2, 3, 4, 5}])  # 13 players: tables of 4, 4, 5
    {1: False, 2: False, 3: False, 4: False, 5: False}
    >>> resting_places(range(1, 10), 5, [{1, 2, 3, 4, 5}])  # 9 players: one of 1-5 again
    {6: True, 7: True, 8: True, 9: True}
    """
    if not 0 < seats < len(players):
        return {}
    latest = set(sat_out[-1]) if sat_out else set()
    order = {p: (p in latest, sum(p in earlier for earlier in sat_out)) for p in players}
    line = sorted(order.values())[seats - 1]
    return {p: key < line for p, key in sorted(order.items()) if key != line}


def deal(
    shuffled: Sequence[int], sizes: Sequence[int], resting: set[int], places: dict[int, bool]
) -> list[list[int]]:
    """Cut the shuffled players into tables of ``sizes``, every player with a place at (or
    away from) the ``resting`` tables there. Without such places this is a plain cut, so a
    draw where nobody has one seats exactly as before the places existed."""
    playing_seats = sum(size for table, size in enumerate(sizes) if table not in resting)
    must_play = [p for p in shuffled if places.get(p) is False]
    free = [p for p in shuffled if p not in places]
    plays = {*must_play, *free[: playing_seats - len(must_play)]}
    queues = {
        False: iter([p for p in shuffled if p in plays]),
        True: iter([p for p in shuffled if p not in plays]),
    }
    return [[next(queues[t in resting]) for _ in range(size)] for t, size in enumerate(sizes)]


class _Seating:
    """A seating being improved: which table every player sits at, and what it costs."""

    def __init__(
        self,
        tables: list[list[int]],
        met: dict[int, dict[int, int]],
        resting: set[int] | None = None,
        places: dict[int, bool] | None = None,
    ):
        self.tables = tables
        self.met = met
        self.table_of = {p: t for t, table in enumerate(tables) for p in table}
        self.resting = resting or set()
        self.places = places or {}

    def may_sit(self, player: int, table: int) -> bool:
        place = self.places.get(player)
        return place is None or place == (table in self.resting)

    def cost_at(self, player: int, table: int, without: int | None = None) -> int:
        """How often ``player`` already met the players at ``table`` (``without`` excluded)."""
        table_of = self.table_of
        return sum(
            times
            for other, times in self.met.get(player, {}).items()
            if table_of.get(other) == table and other != without and other != player
        )

    def total(self) -> int:
        return sum(self.cost_at(p, t) for p, t in self.table_of.items()) // 2

    def improve(self, rng: random.Random) -> None:
        """Swap players between tables while a swap lowers the cost (first improvement)."""
        players = sorted(self.table_of)
        for _ in range(MAX_PASSES):
            conflicted = [p for p in players if self.cost_at(p, self.table_of[p])]
            if not conflicted:
                return
            rng.shuffle(conflicted)
            improved = False
            for a in conflicted:
                improved |= self.swap_away(a, players, rng)
            if not improved:
                return

    def swap_away(self, a: int, players: list[int], rng: random.Random) -> bool:
        table_a = self.table_of[a]
        here = self.cost_at(a, table_a)
        if not here:
            return False
        start = rng.randrange(len(players))
        for b in players[start:] + players[:start]:
            table_b = self.table_of[b]
            if table_b == table_a or not (self.may_sit(a, table_b) and self.may_sit(b, table_a)):
                continue
            before = here + self.cost_at(b, table_b)
            after = self.cost_at(a, table_b, without=b) + self.cost_at(b, table_a, without=a)
            if after < before:
                self.swap(a, b)
                return True
        return False

    def swap(self, a: int, b: int) -> None:
        table_a, table_b = self.table_of[a], self.table_of[b]
        self.tables[table_a][self.tables[table_a].index(a)] = b
        self.tables[table_b][self.tables[table_b].index(b)] = a
        self.table_of[a], self.table_of[b] = table_b, table_a


def draw(
    players: Sequence[int],
    sizes: Sequence[int],
    previous: Iterable[tuple[int, int]],
    seed: str,
    *,
    restarts: int = RESTARTS,
    resting_size: int | None = None,
    sat_out: Sequence[Collection[int]] = (),
) -> Draw:
    """Seat ``players`` at tables of ``sizes`` (in that order), avoiding earlier table-mates.

    ``previous`` lists the pairs of table-mates of earlier rounds (a pair that met twice is
    listed twice and weighs double). At tables of ``resting_size`` a player sits out each
    game; ``sat_out`` lists, round by round, who sat at such tables before (see
    ``resting_places``). The result is a function of the arguments only.
    """
    ordered = sorted(players)
    if len(set(ordered)) != len(ordered):
        raise DrawError("a player is listed twice")
    if sum(sizes) != len(ordered):
        raise DrawError(f"{len(ordered)} players do not fit tables of {list(sizes)}")
    met: dict[int, dict[int, int]] = {}
    for a, b in sorted(pair(a, b) for a, b in previous):
        met.setdefault(a, {})[b] = met.setdefault(a, {}).get(b, 0) + 1
        met.setdefault(b, {})[a] = met.setdefault(b, {}).get(a, 0) + 1
    resting = {t for t, size in enumerate(sizes) if size == resting_size}
    places = resting_places(ordered, sum(sizes[t] for t in resting), sat_out)
    rng = rng_for(seed)
    best: _Seating | None = None
    best_cost = 0
    for _ in range(max(1, restarts)):
        shuffled = list(ordered)
        rng.shuffle(shuffled)
        seating = _Seating(deal(shuffled, sizes, resting, places), met, resting, places)
        seating.improve(rng)
        cost = seating.total()
        if best is None or cost < best_cost:
            best, best_cost = seating, cost
        if best_cost == 0:
            break
    assert best is not None
    # Seats within a table are drawn too; sorting first keeps this independent of the search.
    seated = []
    for table in best.tables:
        seats = sorted(table)
        rng.shuffle(seats)
        seated.append(tuple(seats))
    return Draw(
        seed=seed,
        tables=tuple(seated),
        repeated_pairs=count_repeats(seated, previous_pairs_once(met)),
    )


def previous_pairs_once(met: dict[int, dict[int, int]]) -> list[tuple[int, int]]:
    return [(a, b) for a, others in met.items() for b in others if a < b]
