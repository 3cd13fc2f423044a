"""Standings: points per round and overall, ranked with the tournament's tie-breaks.

Four queries whatever the number of players (and of tournaments: a series' evenings with the
same games per round): the entry list, the drawn seats of the published rounds, and two
aggregates over the current complete revisions of all the tournaments' tables (the database
sums each table's scores per seat, and counts per table and declarer the games that break
ties: Schafkopf's won solos, Skat's games won and lost as declarer, ``Format.tie_counts``).
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field

from django.db.models import Case, Count, F, IntegerField, Q, RowRange, Sum, When, Window
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast, Coalesce
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring import game_limit
from scoring.models import Revision, Table

from .formats import get_format
from .models import DrawnSeat, Player, Tournament
from .progress import summaries_of


@dataclass(frozen=True)
class TieColumn:
    """How the pages show a tie count: its column and the mark of a tie it broke."""

    key: str
    heading: str
    title: str  # the column's long name
    mark: str  # beside the rank of a player placed by it
    broke: str  # the mark's title


TIE_COLUMNS = {
    column.key: column
    for column in (
        TieColumn("solos", _("Solos"), _("Won solos"), "S", _("tie broken by won solos")),
        TieColumn(
            "won",
            pgettext_lazy("column: games won as declarer", "Won"),
            _("Games won as declarer"),
            pgettext_lazy("tie mark: games won", "W"),
            _("tie broken by more games won as declarer"),
        ),
        TieColumn(
            "lost",
            pgettext_lazy("column: games lost as declarer", "Lost"),
            _("Games lost as declarer"),
            pgettext_lazy("tie mark: fewer games lost", "F"),
            _("tie broken by fewer games lost as declarer"),
        ),
    )
}
LOT_COLUMN = TieColumn("lot", "", "", "L", _("tie broken by lot"))


@dataclass
class Standing:
    player_id: int
    start_number: int
    name: str
    withdrawn: bool
    lot: str  # the player's lot: a hash of the tournament's lot seed and his start number
    tournament_id: int = 0
    # The format's tie counts (``Format.tie_counts``): key -> round number -> games.
    counts: dict[str, dict[int, int]] = field(default_factory=dict)
    member_id: int | None = None  # the club's player (a club tournament), across tournaments
    points: dict[int, int] = field(default_factory=dict)  # round number -> points
    solos: dict[int, int] = field(default_factory=dict)  # round number -> won solos (counts)
    games: dict[int, int] = field(default_factory=dict)  # round number -> games counted
    rank: int | None = None  # None: no game played, so not ranked (listed after the ranked)
    # What the standings show: points per published round, and the ranked points and solos.
    cells: list[int | None] = field(default_factory=list)
    shown_points: int = 0
    shown_solos: int = 0
    # The shown tie counts, in the order of the standings' ``ties``.
    shown_counts: list[int] = field(default_factory=list)
    # How a tie in points was broken for this row: a tie count's key ("solos", "won",
    # "lost"), "lot" or "" (no tie).
    decided_by: str = ""

    def __post_init__(self):
        # Won solos are one of the counts (the same dict): Schafkopf's pages and the series
        # read them by that name.
        self.counts.setdefault("solos", self.solos)
        self.solos = self.counts["solos"]

    def count(self, key: str, round_number: int | None = None) -> int:
        by_round = self.counts.get(key, {})
        return by_round.get(round_number, 0) if round_number else sum(by_round.values())

    @property
    def total(self) -> int:
        return sum(self.points.values())

    @property
    def total_solos(self) -> int:
        return sum(self.solos.values())

    def round_points(self, number: int) -> int | None:
        return self.points.get(number)


@dataclass
class Standings:
    tournament: Tournament
    rounds: list[int]  # published round numbers
    rows: list[Standing]
    counts_solos: bool = False
    round_number: int | None = None  # set: ranked by this round only
    # What breaks a tie in points before the lot: (key, more is better) in order.
    ties: tuple[tuple[str, bool], ...] = ()

    def __post_init__(self):
        if self.counts_solos and not self.ties:
            self.ties = (("solos", True),)
        self.counts_solos = any(key == "solos" for key, _more in self.ties)

    @property
    def tie_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _more in self.ties)

    @property
    def tie_columns(self) -> list[TieColumn]:
        return [TIE_COLUMNS[key] for key in self.tie_keys]

    @property
    def tie_marks(self) -> dict[str, TieColumn]:
        """The mark of each way a tie can be broken here (decided_by -> column)."""
        return {column.key: column for column in [*self.tie_columns, LOT_COLUMN]}

    def key(self, row: Standing) -> tuple:
        counts = (row.count(key, self.round_number) for key, _more in self.ties)
        signed = tuple(-n if more else n for n, (_key, more) in zip(counts, self.ties, strict=True))
        return (-self.points_of(row), *signed, row.lot)

    def points_of(self, row: Standing) -> int:
        return row.points.get(self.round_number, 0) if self.round_number else row.total

    def solos_of(self, row: Standing) -> int:
        return row.solos.get(self.round_number, 0) if self.round_number else row.total_solos

    def played(self, row: Standing) -> bool:
        """Whether his table saved a game (in the round shown): a player withdrawn before
        playing, or registered after the last draw, has no points to rank him by."""
        if self.round_number:
            return row.games.get(self.round_number, 0) > 0
        return any(row.games.values())

    @property
    def unranked(self) -> int:
        return sum(1 for row in self.rows if row.rank is None)


def lot_of(seed: str, start_number: int) -> str:
    return hashlib.sha256(f"{seed}:{start_number}".encode()).hexdigest()


def compute(tournament: Tournament, round_number: int | None = None) -> Standings:
    """The standings overall, or of one round when ``round_number`` is given."""
    return compute_many([tournament], round_number)[tournament.pk]


def compute_many(
    tournaments: list[Tournament], round_number: int | None = None
) -> dict[int, Standings]:
    """The standings of several tournaments of one game (a series' evenings), by tournament
    id, in the queries of one: two, and two per distinct games-per-round setting."""
    if not tournaments:
        return {}
    fmt = get_format(tournaments[0].game)
    # The evenings of a series share a profile's tie counts: the first one's are counted.
    tie_counts = fmt.tie_counts(tournaments[0].profile)
    tie_keys = [count.key for count in tie_counts]
    by_id = {tournament.pk: tournament for tournament in tournaments}
    rows: dict[int, Standing] = {}
    for player_id, tournament_id, start_number, name, withdrawn_at, member_id in (
        Player.objects.filter(tournament__in=by_id)
        .order_by()
        .values_list("id", "tournament_id", "start_number", "name", "withdrawn_at", "member_id")
    ):
        rows[player_id] = Standing(
            player_id=player_id,
            start_number=start_number,
            name=name,
            withdrawn=withdrawn_at is not None,
            lot=lot_of(by_id[tournament_id].lot_seed, start_number),
            tournament_id=tournament_id,
            member_id=member_id,
        )
    # Who sat where: (scorepad table id) -> (round number, player ids by seat).
    seating: dict[int, tuple[int, list[int]]] = {}
    rounds: dict[int, set[int]] = {pk: set() for pk in by_id}
    seats = DrawnSeat.objects.filter(
        round__tournament__in=by_id, round__published_at__isnull=False
    ).order_by("position")
    for table_id, tournament_id, round_no, player_id in seats.values_list(
        "tournament_table__table_id", "round__tournament_id", "round__number", "player_id"
    ):
        seating.setdefault(table_id, (round_no, []))[1].append(player_id)
        rounds[tournament_id].add(round_no)
        row = rows[player_id]
        row.points.setdefault(round_no, 0)
        for key in tie_keys:
            row.counts.setdefault(key, {}).setdefault(round_no, 0)
        row.games.setdefault(round_no, 0)

    groups: dict[tuple[bool, int], list[Tournament]] = {}
    for tournament in tournaments:
        setting = (tournament.thrown_in_counts, tournament.games_per_round)
        groups.setdefault(setting, []).append(tournament)
    for group in groups.values():
        results = table_results(group, fmt, tie_counts)
        for table_id, (totals, extras, counts, games) in results.items():
            if table_id not in seating:
                continue
            round_no, players = seating[table_id]
            for seat, points in enumerate(fmt.points(totals, extras)):
                row = rows[players[seat]]
                row.points[round_no] = points
                for key in tie_keys:
                    row.counts[key][round_no] = counts[key][seat]
                row.games[round_no] = games

    ties = tuple((count.key, count.more_is_better) for count in tie_counts)
    result = {}
    for pk, tournament in by_id.items():
        ranked = [
            row
            for row in rows.values()
            if row.tournament_id == pk and (not round_number or round_number in row.points)
        ]
        standings = Standings(
            tournament,
            sorted(rounds[pk]),
            ranked,
            round_number=round_number,
            ties=() if tournament.tie_break == Tournament.TieBreak.LOT else ties,
        )
        rank(standings)
        result[pk] = standings
    return result


def table_results(tournaments: list[Tournament], fmt, tie_counts=None) -> dict[int, tuple]:
    """Per scorepad table of ``tournaments`` (alike in games per round and thrown-in deals):
    summed scores, summed extras, the tie counts per seat (key -> list) and games counted.

    The database sums the games (one aggregate row per table, and one per table and
    declarer for all tie counts together), so Python never decodes the thousands of
    revisions of a large tournament.
    """
    if tie_counts is None:
        tie_counts = fmt.tie_counts(tournaments[0].profile)
    revisions = Revision.objects.filter(
        round__table__tournament_table__round__tournament__in=tournaments,
        is_current=True,
        complete=True,
    )
    if fmt.open_ended:
        first = tournaments[0]
        revisions = within_games_per_round(revisions, first.thrown_in_counts, first.games_per_round)
    seats = range(fmt.most_seats)
    sums = {"games": Count("pk")}
    for seat in seats:
        sums[f"score_{seat}"] = Sum(seat_value("scores", seat))
        for key in fmt.seat_sums:
            sums[f"{key}_{seat}"] = Sum(seat_value(KeyTransform(key, "data"), seat))
    results = {}
    for row in revisions.values("round__table_id").annotate(**sums).order_by():
        # Seats a table does not have sum to None; the table's seat count cuts them off.
        size = sum(1 for seat in seats if row[f"score_{seat}"] is not None)
        totals = [row[f"score_{seat}"] for seat in range(size)]
        extras = {key: [row[f"{key}_{seat}"] or 0 for seat in range(size)] for key in fmt.seat_sums}
        counts = {count.key: [0] * size for count in tie_counts}
        results[row["round__table_id"]] = (totals, extras, counts, row["games"])
    for table_id, totals in sheet_totals(tournaments, fmt).items():
        if table_id in results:
            results[table_id] = (totals, *results[table_id][1:])
    by_declarer: dict[str, list] = {}
    for count in tie_counts:
        by_declarer.setdefault(count.declarer, []).append(count)
    for declarer_key, counts in by_declarer.items():
        declarer = f"data__{declarer_key}"
        tallies = {f"n_{i}": Count("pk", filter=count.games) for i, count in enumerate(counts)}
        matching = Q()
        for count in counts:
            matching |= count.games
        grouped = revisions.filter(matching).values("round__table_id", declarer)
        for row in grouped.annotate(**tallies).order_by():
            seat = row[declarer]
            table = results.get(row["round__table_id"])
            if table is None or not isinstance(seat, int) or isinstance(seat, bool):
                continue
            for i, count in enumerate(counts):
                if 0 <= seat < len(table[2][count.key]):
                    table[2][count.key][seat] += row[f"n_{i}"]
    return results


def sheet_totals(tournaments: list[Tournament], fmt) -> dict[int, list[int]]:
    """The totals of each table whose games the sheet prices in order (``priced_by_sheet``:
    Schafkopf's Bock rounds and Stock), as its sheet has them: a finished table's after the
    Stock is shared out."""
    priced = [tournament for tournament in tournaments if fmt.priced_by_sheet(tournament.profile)]
    if not priced:
        return {}
    tables = Table.objects.filter(tournament_table__round__tournament__in=priced)
    return {
        table_id: (summary.finished and summary.final_totals) or summary.totals
        for table_id, summary in summaries_of(list(tables)).items()
    }


def within_games_per_round(revisions, thrown_in_counts: bool, games_per_round: int):
    """The games of each table up to its last one that counts toward the games per round
    (scoring.game_limit, as the scorepad cuts a table off), still in a single query."""
    uncounted = game_limit.uncounted_filter({"thrown_in_counts": thrown_in_counts})
    if uncounted is None:
        return revisions.filter(round__number__lte=games_per_round)
    # A game belongs to the round while fewer counting games come before it at its table:
    # a running count per table (a window), so the database sorts once.
    counts = Case(When(uncounted, then=0), default=1, output_field=IntegerField())
    counted_before = Window(
        Sum(counts),
        partition_by=F("round__table"),
        order_by=F("round__number").asc(),
        frame=RowRange(start=None, end=-1),
    )
    within = revisions.annotate(counted_before=Coalesce(counted_before, 0)).filter(
        counted_before__lt=games_per_round
    )
    return revisions.filter(pk__in=within.values("pk"))


def seat_value(source, seat: int):
    """One seat's number from a per-seat JSON list, as an integer the database can sum."""
    return Cast(KeyTextTransform(str(seat), source), IntegerField())


def rank(standings: Standings) -> None:
    """Sort the rows and number the ranks; say how each tie in points was broken. Players
    without a game follow, unranked, by start number."""
    rows = sorted((row for row in standings.rows if standings.played(row)), key=standings.key)
    unranked = sorted(
        (row for row in standings.rows if not standings.played(row)),
        key=lambda row: row.start_number,
    )
    for place, row in enumerate([*rows, *unranked], start=1):
        row.rank = place if place <= len(rows) else None
        row.decided_by = ""
        row.cells = [row.points.get(number) for number in standings.rounds]
        row.shown_points = standings.points_of(row)
        row.shown_solos = standings.solos_of(row)
        row.shown_counts = [row.count(key, standings.round_number) for key in standings.tie_keys]
    mark_ties(rows, standings.key, standings.tie_keys)
    standings.rows = [*rows, *unranked]


def tie_broken_by(before: tuple, after: tuple, names: tuple[str, ...] = ("solos",)) -> str:
    """Why the player with ranking key ``before`` (points, the tie counts named ``names``,
    lot: smaller ranks higher) is above the one with ``after``: the name of the first count
    that differs, "lot", or "" when their points differ."""
    if before[0] != after[0]:
        return ""
    for i, name in enumerate(names, start=1):
        if before[i] != after[i]:
            return name
    return "lot"


def mark_ties(ranked: list, key, names: tuple[str, ...] = ("solos",)) -> None:
    """Mark each of the ``ranked`` rows (sorted by ``key``) with how his place among the
    players of his points was decided: "lot" when the lot ordered him against one of them,
    else "solos" when won solos did, else "". Players equal in points and solos stand next to
    each other, so the lot only ever orders neighbours; in a tie of three where one has more
    solos and the lot splits the other two, both of those are marked L, the first S."""
    for row in ranked:
        row.decided_by = ""
    for before, after in itertools.pairwise(ranked):
        how = tie_broken_by(key(before), key(after), names)
        for row in (before, after):
            if how == "lot" or (how and not row.decided_by):
                row.decided_by = how
