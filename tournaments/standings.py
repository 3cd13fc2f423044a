"""Standings: points per round and overall, ranked with the tournament's tie-breaks.

Four queries whatever the number of players (and of tournaments: a series' evenings with the
same games per round): the entry list, the drawn seats of the published rounds, and two
aggregates over the current complete revisions of all the tournaments' tables (the database
sums each table's scores per seat, and counts won solos per table and declarer).
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field

from django.db.models import Case, Count, F, IntegerField, RowRange, Sum, When, Window
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast, Coalesce

from scoring import game_limit
from scoring.models import Revision, Table

from .formats import get_format
from .models import DrawnSeat, Player, Tournament
from .progress import summaries_of


@dataclass
class Standing:
    player_id: int
    start_number: int
    name: str
    withdrawn: bool
    lot: str  # the player's lot: a hash of the tournament's lot seed and his start number
    tournament_id: int = 0
    member_id: int | None = None  # the club's player (a club tournament), across tournaments
    points: dict[int, int] = field(default_factory=dict)  # round number -> points
    solos: dict[int, int] = field(default_factory=dict)  # round number -> won solos
    games: dict[int, int] = field(default_factory=dict)  # round number -> games counted
    rank: int | None = None  # None: no game played, so not ranked (listed after the ranked)
    # What the standings show: points per published round, and the ranked points and solos.
    cells: list[int | None] = field(default_factory=list)
    shown_points: int = 0
    shown_solos: int = 0
    # How a tie in points was broken for this row: "solos", "lot" or "" (no tie).
    decided_by: str = ""

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
    counts_solos: bool
    round_number: int | None = None  # set: ranked by this round only

    def key(self, row: Standing) -> tuple:
        solos = self.solos_of(row) if self.counts_solos else 0
        return (-self.points_of(row), -solos, row.lot)

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
        row.solos.setdefault(round_no, 0)
        row.games.setdefault(round_no, 0)

    groups: dict[tuple[bool, int], list[Tournament]] = {}
    for tournament in tournaments:
        setting = (tournament.thrown_in_counts, tournament.games_per_round)
        groups.setdefault(setting, []).append(tournament)
    for group in groups.values():
        for table_id, (totals, extras, solos, games) in table_results(group, fmt).items():
            if table_id not in seating:
                continue
            round_no, players = seating[table_id]
            for seat, points in enumerate(fmt.points(totals, extras)):
                row = rows[players[seat]]
                row.points[round_no] = points
                row.solos[round_no] = solos[seat]
                row.games[round_no] = games

    counts_solos = fmt.counts_solos
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
            counts_solos and tournament.tie_break == Tournament.TieBreak.SOLOS_LOT,
            round_number,
        )
        rank(standings)
        result[pk] = standings
    return result


def table_results(tournaments: list[Tournament], fmt) -> dict[int, tuple]:
    """Per scorepad table of ``tournaments`` (alike in games per round and thrown-in deals):
    summed scores, summed extras, won solos and games counted.

    The database sums the games (one aggregate row per table, and one per table and solo
    player), so Python never decodes the thousands of revisions of a large tournament.
    """
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
        results[row["round__table_id"]] = (totals, extras, [0] * size, row["games"])
    for table_id, totals in sheet_totals(tournaments, fmt).items():
        if table_id in results:
            results[table_id] = (totals, *results[table_id][1:])
    solos = fmt.won_solos()
    if solos is not None:
        declarer = f"data__{fmt.solo_declarer}"
        won = revisions.filter(solos).values("round__table_id", declarer).annotate(n=Count("pk"))
        for row in won.order_by():
            table_solos = results[row["round__table_id"]][2]
            if isinstance(row[declarer], int) and 0 <= row[declarer] < len(table_solos):
                table_solos[row[declarer]] += row["n"]
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
    mark_ties(rows, standings.key)
    standings.rows = [*rows, *unranked]


def tie_broken_by(before: tuple, after: tuple) -> str:
    """Why the player with ranking key ``before`` (points, solos, lot: smaller ranks higher)
    is above the one with ``after``: "solos", "lot", or "" when their points differ."""
    if before[0] != after[0]:
        return ""
    return "solos" if before[1] != after[1] else "lot"


def mark_ties(ranked: list, key) -> None:
    """Mark each of the ``ranked`` rows (sorted by ``key``) with how his place among the
    players of his points was decided: "lot" when the lot ordered him against one of them,
    else "solos" when won solos did, else "". Players equal in points and solos stand next to
    each other, so the lot only ever orders neighbours; in a tie of three where one has more
    solos and the lot splits the other two, both of those are marked L, the first S."""
    for row in ranked:
        row.decided_by = ""
    for before, after in itertools.pairwise(ranked):
        how = tie_broken_by(key(before), key(after))
        for row in (before, after):
            if how == "lot" or (how and not row.decided_by):
                row.decided_by = how
