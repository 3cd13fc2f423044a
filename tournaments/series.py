"""A series' ranking: each club player's points over its evenings (the tournaments' overall
standings), all of them or his best N, ranked like a tournament: points, then the format's
tie counts summed over the evenings that count (Schafkopf: won solos; Skat: more games won as
declarer, then fewer lost), then the lot (the series' seed and the player's club number).

An evening's totals per club player are summed up once per version of its entry list and of
its tables and stored with the tournament (``Tournament.series_totals``): a ranking reads its
evenings (with their stored totals and their tables' versions) and the members in two
queries, plus, when an evening changed since its totals were stored, the standings' queries
for the changed evenings (standings.compute_many: the same few however many) and one storing
their new totals. A finished evening is summed up once, however many games it had.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Sum
from django.db.models.functions import Coalesce

from .formats import get_format
from .models import Member, Series, Tournament
from .standings import (
    LOT_COLUMN,
    TIE_COLUMNS,
    Standings,
    TieColumn,
    compute_many,
    lot_of,
    mark_ties,
)


@dataclass
class Evening:
    points: int
    counts: dict[str, int]  # the format's tie counts of the evening: key -> games
    counted: bool = True

    @property
    def solos(self) -> int:
        return self.counts.get("solos", 0)


@dataclass
class SeriesRow:
    member_id: int
    number: int
    name: str
    lot: str
    evenings: dict[int, Evening] = field(default_factory=dict)  # tournament id -> evening
    rank: int = 0
    points: int = 0
    counts: dict[str, int] = field(default_factory=dict)  # summed over the counted evenings
    shown_counts: list[int] = field(default_factory=list)  # in the order of the ranking's ties
    decided_by: str = ""  # a tie count's key ("solos", "won", "lost"), "lot" or ""

    @property
    def solos(self) -> int:
        return self.counts.get("solos", 0)

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
    # What breaks a tie in points before the lot: (key, more is better), as the standings.
    ties: tuple[tuple[str, bool], ...] = ()

    @property
    def tie_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _more in self.ties)

    @property
    def counts_solos(self) -> bool:
        return "solos" in self.tie_keys

    @property
    def tie_columns(self) -> list[TieColumn]:
        return [TIE_COLUMNS[key] for key in self.tie_keys]

    @property
    def tie_marks(self) -> dict[str, TieColumn]:
        return {column.key: column for column in [*self.tie_columns, LOT_COLUMN]}

    def key(self, row: SeriesRow) -> tuple:
        signed = tuple(-row.counts[key] if more else row.counts[key] for key, more in self.ties)
        return (-row.points, *signed, row.lot)


def evening_tournaments(series: Series) -> list[Tournament]:
    """The series' evenings in order, each with the number of its scorepad tables and the sum
    of their versions (``version_of``)."""
    return list(
        series.tournaments.annotate(
            table_count=Count("draws__tables__table"),
            table_versions=Coalesce(Sum("draws__tables__table__version"), 0),
        ).order_by("date", "created_at", "pk")
    )


TOTALS_FORMAT = 2  # raise when what ``series_totals`` holds changes: stored totals are redone


def version_of(tournament: Tournament) -> list:
    """What an evening's totals were summed from: its entry list (the tournament's version),
    its games and which of them count. Every saved, corrected or struck game bumps its
    table's version, and versions only go up, so their sum grows with any change and the
    count with a published round. The games per round are frozen with the first published
    round, but not in the admin."""
    return [
        tournament.version,
        tournament.table_count,
        tournament.table_versions,
        tournament.games_per_round,
        tournament.thrown_in_counts,
    ]


# [member id, points, {tie count key: games}] of each club player who played
Totals = list[list]


def stored_totals(tournament: Tournament) -> Totals | None:
    """The evening's stored totals, if summed for its current version."""
    data = tournament.series_totals
    if (
        not data
        or data.get("format") != TOTALS_FORMAT
        or data.get("version") != version_of(tournament)
    ):
        return None
    return data["players"]


def tie_keys_of(tournaments: list[Tournament]) -> list[str]:
    """The format's tie counts of the evenings (stored whatever an evening's own tie-break:
    the series has its own)."""
    if not tournaments:
        return []
    return [
        count.key for count in get_format(tournaments[0].game).tie_counts(tournaments[0].profile)
    ]


def totals_of_standings(standings: Standings, keys: list[str]) -> Totals:
    return [
        [standing.member_id, standing.total, {key: standing.count(key) for key in keys}]
        for standing in standings.rows
        # Not a club player, or no game played that evening (withdrawn before playing).
        if standing.member_id is not None and standing.rank is not None
    ]


def evening_totals(tournaments: list[Tournament]) -> dict[int, Totals]:
    """Each evening's totals by tournament id: stored ones where they were summed for its
    version, the others from their standings (one set of queries) and stored (one query)."""
    stored = {tournament.pk: stored_totals(tournament) for tournament in tournaments}
    stale = [tournament for tournament in tournaments if stored[tournament.pk] is None]
    # The versions were read before the standings: a game saved in between leaves the stored
    # version older than the totals, so they are summed again next time, never kept stale.
    keys = tie_keys_of(tournaments)
    summed = {
        pk: totals_of_standings(standings, keys) for pk, standings in compute_many(stale).items()
    }
    if stale:
        store_totals(stale, summed)
    return {pk: summed[pk] if totals is None else totals for pk, totals in stored.items()}


def store_totals(tournaments: list[Tournament], totals: dict[int, Totals]) -> None:
    for tournament in tournaments:
        tournament.series_totals = {
            "format": TOTALS_FORMAT,
            "version": version_of(tournament),
            "players": totals[tournament.pk],
        }
    Tournament.objects.bulk_update(tournaments, ["series_totals"])


def rank_series(series: Series) -> SeriesRanking:
    tournaments = evening_tournaments(series)
    ties: tuple[tuple[str, bool], ...] = ()
    if series.tie_break != Tournament.TieBreak.LOT and tournaments:
        counts = get_format(tournaments[0].game).tie_counts(tournaments[0].profile)
        ties = tuple((count.key, count.more_is_better) for count in counts)
    ranking = SeriesRanking(series, tournaments, [], ties)
    rows: dict[int, SeriesRow] = {}
    for tournament_id, totals in evening_totals(tournaments).items():
        for member_id, points, counts in totals:
            row = rows.setdefault(member_id, SeriesRow(member_id, 0, "", ""))
            row.evenings[tournament_id] = Evening(points, counts)
    for member_id, number, name in Member.objects.filter(pk__in=rows).values_list(
        "pk", "number", "name"
    ):
        row = rows[member_id]
        row.number, row.name, row.lot = number, name, lot_of(series.lot_seed, number)
    for row in rows.values():
        # The best evenings: by points, then as a tie in points is broken.
        by_points = sorted(
            row.evenings.values(),
            key=lambda e: (
                -e.points,
                *(-e.counts.get(k, 0) if m else e.counts.get(k, 0) for k, m in ties),
            ),
        )
        for place, evening in enumerate(by_points):
            evening.counted = series.best_of is None or place < series.best_of
        counted = [evening for evening in by_points if evening.counted]
        row.points = sum(evening.points for evening in counted)
        row.counts = {
            key: sum(evening.counts.get(key, 0) for evening in counted) for key, _more in ties
        }
        row.shown_counts = [row.counts[key] for key in ranking.tie_keys]

    ranked = sorted(rows.values(), key=ranking.key)
    for place, row in enumerate(ranked, start=1):
        row.rank = place
    mark_ties(ranked, ranking.key, ranking.tie_keys)
    ranking.rows = ranked
    return ranking
