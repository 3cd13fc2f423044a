"""A series' ranking: each club player's points over its evenings (the tournaments' overall
standings), all of them or his best N, ranked like a tournament: points, then won solos (of
the evenings that count), then the lot (the series' seed and the player's club number).

A fixed number of queries however many evenings and players (standings.compute_many)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from .formats import get_format
from .models import Member, Series, Tournament
from .standings import compute_many, lot_of


@dataclass
class Evening:
    points: int
    solos: int
    counted: bool = True


@dataclass
class SeriesRow:
    member_id: int
    number: int
    name: str
    lot: str
    evenings: dict[int, Evening] = field(default_factory=dict)  # tournament id -> evening
    rank: int = 0
    points: int = 0
    solos: int = 0
    decided_by: str = ""  # "solos", "lot" or "" as in a tournament's standings

    def cells(self, tournaments: list[Tournament]) -> list[Evening | None]:
        return [self.evenings.get(tournament.pk) for tournament in tournaments]

    @property
    def played(self) -> int:
        return len(self.evenings)


@dataclass
class SeriesRanking:
    series: Series
    tournaments: list[Tournament]
    rows: list[SeriesRow]
    counts_solos: bool


def evening_tournaments(series: Series) -> list[Tournament]:
    return list(series.tournaments.order_by("date", "created_at", "pk"))


def rank_series(series: Series) -> SeriesRanking:
    tournaments = evening_tournaments(series)
    counts_solos = series.tie_break == Tournament.TieBreak.SOLOS_LOT and bool(
        tournaments and get_format(tournaments[0].game).counts_solos
    )
    rows: dict[int, SeriesRow] = {}
    for standings in compute_many(tournaments).values():
        for standing in standings.rows:
            if standing.member_id is None or standing.rank is None:
                continue  # not a club player, or no game played that evening
            row = rows.setdefault(standing.member_id, SeriesRow(standing.member_id, 0, "", ""))
            row.evenings[standing.tournament_id] = Evening(standing.total, standing.total_solos)
    for member_id, number, name in Member.objects.filter(pk__in=rows).values_list(
        "pk", "number", "name"
    ):
        row = rows[member_id]
        row.number, row.name, row.lot = number, name, lot_of(series.lot_seed, number)
    for row in rows.values():
        by_points = sorted(row.evenings.values(), key=lambda e: (-e.points, -e.solos))
        for place, evening in enumerate(by_points):
            evening.counted = series.best_of is None or place < series.best_of
        counted = [evening for evening in by_points if evening.counted]
        row.points = sum(evening.points for evening in counted)
        row.solos = sum(evening.solos for evening in counted)

    def key(row: SeriesRow) -> tuple:
        return (-row.points, -row.solos if counts_solos else 0, row.lot)

    ranked = sorted(rows.values(), key=key)
    for place, row in enumerate(ranked, start=1):
        row.rank = place
    for before, after in itertools.pairwise(ranked):
        if before.points == after.points:
            how = "solos" if key(before)[1] != key(after)[1] else "lot"
            before.decided_by = before.decided_by or how
            after.decided_by = how
    return SeriesRanking(series, tournaments, ranked, counts_solos)
