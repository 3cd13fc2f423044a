"""How far each table of a round is: games entered, finished, confirmed, games that do not
add up to zero. The organizer's dashboard polls this; the confirmation box uses it too."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Sum

from scoring.models import Revision, Table, TableEvent
from scoring.pads.base import Summary
from scoring.views import summarize

from .formats import get_format
from .models import DrawnSeat, TournamentRound, TournamentTable
from .services import seating_of


@dataclass
class TableProgress:
    tournament_table: TournamentTable
    seats: list[DrawnSeat]
    summary: Summary | None  # None before the round is published
    games_required: int | None  # None: the game ends by its own rules
    unbalanced: list[int] = field(default_factory=list)  # games whose scores do not sum to 0
    confirmed_by: str = ""

    @property
    def table(self) -> Table | None:
        return self.tournament_table.table

    @property
    def games_entered(self) -> int:
        if self.summary is None:
            return 0
        return sum(1 for row in self.summary.rows if row.complete)

    @property
    def finished(self) -> bool:
        return self.summary is not None and self.summary.finished

    @property
    def locked(self) -> bool:
        return self.table is not None and self.table.is_locked

    @property
    def percent(self) -> int:
        if self.finished:
            return 100
        if not self.games_required:
            return 0
        return min(100, round(100 * self.games_entered / self.games_required))


def unbalanced_games(game: str, summary: Summary) -> list[int]:
    """Numbers of complete games whose plus and minus do not add up to zero (zero-sum games)."""
    if not get_format(game).zero_sum:
        return []
    return [row.number for row in summary.rows if row.complete and sum(row.scores) != 0]


def games_required(table: Table) -> int | None:
    return table.options.get("games_required")


def round_progress(round_: TournamentRound) -> list[TableProgress]:
    """Every table of the round with its summary (a fixed number of queries)."""
    seating = seating_of(round_)
    tables = [tt.table for tt, _seats in seating if tt.table is not None]
    revisions: dict[int, list[Revision]] = {table.pk: [] for table in tables}
    for revision in (
        Revision.objects.filter(round__table__in=tables, is_current=True)
        .select_related("round")
        .order_by("round__number")
    ):
        revisions[revision.round.table_id].append(revision)
    confirmations = confirmed_by_of(tables)
    progress = []
    for tournament_table, seats in seating:
        table = tournament_table.table
        if table is None:
            progress.append(TableProgress(tournament_table, seats, None, None))
            continue
        summary = summarize(table, revisions[table.pk])
        progress.append(
            TableProgress(
                tournament_table,
                seats,
                summary,
                games_required(table),
                unbalanced_games(table.game, summary),
                confirmations.get(table.pk, ""),
            )
        )
    return progress


def confirmed_by_of(tables: list[Table]) -> dict[int, str]:
    """Who confirmed each locked table most recently (the author of its last lock)."""
    locked = [table.pk for table in tables if table.is_locked]
    names = {}
    for table_id, author in (
        TableEvent.objects.filter(table_id__in=locked, kind=TableEvent.Kind.LOCKED)
        .order_by("created_at", "pk")
        .values_list("table_id", "author")
    ):
        names[table_id] = author
    return names


def progress_etag(round_: TournamentRound) -> str:
    """Changes whenever any table of the round changes (every save and lock bumps version)."""
    figures = Table.objects.filter(tournament_table__round=round_).aggregate(
        versions=Sum("version"), tables=Count("pk")
    )
    return f"{round_.pk}-{figures['tables']}-{figures['versions'] or 0}"
