"""How far each table of a round is: games entered, finished, confirmed, games that do not
add up to zero. The organizer's dashboard polls this; the confirmation box uses it too."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _

from scoring import game_limit
from scoring.models import Dispute, Revision, Table, TableEvent
from scoring.pads import get_pad
from scoring.pads.base import Summary
from scoring.tables import summarize

from .formats import get_format
from .models import DrawnSeat, Tournament, TournamentRound, TournamentTable
from .services import seating_of


@dataclass
class TableProgress:
    tournament_table: TournamentTable
    seats: list[DrawnSeat]
    summary: Summary | None  # None before the round is published
    games_required: int | None  # None: the game ends at a score (see target), not a count
    unbalanced: list[int] = field(default_factory=list)  # games whose scores do not sum to 0
    confirmed_by: str = ""
    target: int | None = None  # the score that ends an open-ended game (Stichwahl: 30)
    open_disputes: list[int] = field(default_factory=list)  # games with a dispute to decide

    @property
    def table(self) -> Table | None:
        return self.tournament_table.table

    @property
    def round_noun(self) -> str:
        """What one entry of this table's sheet is called: game, round, hand."""
        return get_pad(self.table.game).round_noun if self.table is not None else ""

    @property
    def games_entered(self) -> int:
        if self.summary is None:
            return 0
        return games_entered(self.table, self.summary)

    @property
    def finished(self) -> bool:
        return self.summary is not None and self.summary.finished

    @property
    def locked(self) -> bool:
        return self.table is not None and self.table.is_locked

    @property
    def percent(self) -> int | None:
        """None for a game that runs until a score: its share done is not known."""
        if self.finished:
            return 100
        if not self.games_required:
            return None
        return min(100, round(100 * self.games_entered / self.games_required))


def unbalanced_games(game: str, summary: Summary) -> list[int]:
    """Numbers of complete games whose plus and minus do not add up to zero (zero-sum games;
    what a Schafkopf game moved into its Stock counts, the Stock being a fifth account)."""
    if not get_format(game).zero_sum:
        return []
    return [
        row.number
        for row in summary.rows
        if row.complete and sum(row.scores) + getattr(row, "stock_paid", 0) != 0
    ]


def games_required(table: Table) -> int | None:
    """Games a table plays in its round: the tournament's games per round (Schafkopf), or
    the fixed length of one complete game (Schatzsuche 10, Scharfe Schoten one per player);
    None for a game that ends at a score."""
    required = game_limit.games_required(table.options)
    return required or get_format(table.game).length(len(table.player_names), table.profile)


def games_entered(table: Table, summary: Summary) -> int:
    """Complete games that count toward the round (a thrown-in deal may not). A Skat list
    counts its games itself (``score_list``: a passed-out deal only under the profile's
    ``passed_counts_as_game``), so the progress says what the pad's list says."""
    result = getattr(summary, "result", None)  # the Skat summary's scored list
    if table.game == "skat" and result is not None:
        return result.games
    return game_limit.games_counted(table.options, summary.rows)


def uncounted_games(tournament: Tournament) -> Q | None:
    """The complete games (revisions) that do not count toward a table's games: a thrown-in
    deal (game_limit), a Skat deal passed out where the profile does not count it."""
    if tournament.game == "skat":
        if tournament.profile.get("passed_counts_as_game", True):
            return None
        # A Ramsch (stored with the passed deal) has scores: it is a game of the list.
        return Q(data__passed=True) & (~Q(data__has_key="ramsch") | Q(data__ramsch=None))
    return game_limit.uncounted_filter({"thrown_in_counts": tournament.thrown_in_counts})


def summaries_of(tables: list[Table]) -> dict[int, Summary]:
    """Each table's summary, from one query of all their current revisions."""
    revisions: dict[int, list[Revision]] = {table.pk: [] for table in tables}
    for revision in (
        Revision.objects.filter(round__table__in=tables, is_current=True)
        .select_related("round")
        .order_by("round__number")
    ):
        revisions[revision.round.table_id].append(revision)
    return {table.pk: summarize(table, revisions[table.pk]) for table in tables}


def round_progress(round_: TournamentRound) -> list[TableProgress]:
    """Every table of the round with its summary (a fixed number of queries)."""
    seating = seating_of(round_)
    tables = [tt.table for tt, _seats in seating if tt.table is not None]
    summaries = summaries_of(tables)
    confirmations = confirmed_by_of(tables)
    disputed = open_disputes_of(tables)
    progress = []
    for tournament_table, seats in seating:
        table = tournament_table.table
        if table is None:
            progress.append(TableProgress(tournament_table, seats, None, None))
            continue
        summary = summaries[table.pk]
        progress.append(
            TableProgress(
                tournament_table,
                seats,
                summary,
                games_required(table),
                unbalanced_games(table.game, summary),
                confirmations.get(table.pk, ""),
                get_format(table.game).target,
                disputed.get(table.pk, []),
            )
        )
    return progress


def unconfirmed_tables(tournament: Tournament, before: int) -> list[TableProgress]:
    """The tables of the published rounds before round ``before`` whose result is not
    confirmed yet, with their progress (what the organizer is asked about before he draws
    or publishes round ``before``)."""
    rounds = (
        TournamentRound.objects.filter(
            tournament=tournament,
            number__lt=before,
            published_at__isnull=False,
            tables__table__locked_at__isnull=True,
            tables__table__isnull=False,
        )
        .distinct()
        .order_by("number")
    )
    return [item for round_ in rounds for item in round_progress(round_) if not item.locked]


def open_disputes_of(tables: list[Table]) -> dict[int, list[int]]:
    """Per table, the games with a dispute not applied yet: the organizers decide them."""
    games: dict[int, list[int]] = {}
    for table_id, number in (
        Dispute.objects.filter(table__in=tables, applied_at__isnull=True)
        .order_by("round_number")
        .values_list("table_id", "round_number")
        .distinct()
    ):
        games.setdefault(table_id, []).append(number)
    return games


def unfinished_tables(tournament: Tournament) -> list[TournamentTable]:
    """Published tables whose game is not over (e.g. locked early by the organizer).

    A table with its required number of complete games is over, so only the others (and
    games that end at a score) are summarized: the standings stay cheap at the end of a
    large tournament, in a fixed number of queries."""
    tournament_tables = list(
        TournamentTable.objects.filter(round__tournament=tournament, table__isnull=False)
        .select_related("table", "round")
        .prefetch_related("table__seats")
        .order_by("round__number", "number")
    )
    complete = Revision.objects.filter(
        round__table__tournament_table__round__tournament=tournament,
        is_current=True,
        complete=True,
    )
    uncounted = uncounted_games(tournament)
    if uncounted is not None:
        complete = complete.exclude(uncounted)
    counted = dict(
        complete.values("round__table_id")
        .annotate(n=Count("pk"))
        .values_list("round__table_id", "n")
    )
    candidates = [
        tt
        for tt in tournament_tables
        if (required := games_required(tt.table)) is None or counted.get(tt.table_id, 0) < required
    ]
    summaries = summaries_of([tt.table for tt in candidates])
    return [tt for tt in candidates if not summaries[tt.table_id].finished]


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


def lock_concerns(tournament_table: TournamentTable, summary: Summary) -> list[str]:
    """Why locking this table now may freeze a wrong result (empty: nothing speaks against
    it): its game is not over, or a game's plus and minus do not add up to zero."""
    table = tournament_table.table
    concerns = []
    if not summary.finished:
        required = games_required(table)
        where = {"n": tournament_table.number, "entered": games_entered(table, summary)}
        if required:
            concerns.append(
                _("Table %(n)s is not over: %(entered)s of %(required)s entered.")
                % {**where, "required": required}
            )
        else:
            concerns.append(
                _("Table %(n)s is not over: its game has not ended yet (%(entered)s entered).")
                % where
            )
    unbalanced = unbalanced_games(table.game, summary)
    if unbalanced:
        concerns.append(
            _("Table %(n)s: game %(games)s does not add up to zero.")
            % {"n": tournament_table.number, "games": ", ".join(str(n) for n in unbalanced)}
        )
    return concerns
