"""What a group's evenings add up to: each evening's balances and facts per seat, a season's
standings per person, its chart and its settle-up (docs/groups.md, "The season").

An evening's facts come from its table's current revisions through the pad's summary
(``scoring.tables.summarize``); for Schafkopf also from the games' data (won as declarer,
won solos, Schneider/Schwarz, Touts) and the evening's Bock rounds and Stock
(``scoring.rules.schafkopf.evening.score_evening``, with the Stock the group's last evening
left). They are computed once per table version and Stock brought in and stored with the
evening (``Evening.figures``): a season page reads its evenings (with their figures), their
seats and people in a fixed number of queries, plus, when a table changed since its figures
were stored, one for the revisions of the changed tables and one storing their new figures.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass

from django.db.models import Prefetch

from ..models import Access, Revision
from ..pads.schafkopf import game as schafkopf_game
from ..pads.schafkopf.labels import PLAYED, money_cents
from ..pads.schafkopf.summary import statistics
from ..pads.skat import stats as skat_stats
from ..rules.schafkopf import score_evening
from ..rules.schafkopf.contracts import TOUTS
from ..tables import summarize
from .models import Evening, Group, Player
from .settle import Transfer, fewest_transfers

ALL = "all"  # the season key of all seasons together
FACTS = ("evenings", "games", "units", "money", "won", "solos", "schneider", "schwarz", "touts")
SCHAFKOPF_ONLY = ("won", "solos", "schneider", "schwarz", "touts")


@dataclass(frozen=True)
class SeatFacts:
    units: int
    games: int
    won: int = 0  # games won as declarer
    solos: int = 0  # won solos (schafkopf_game.SOLOS): circled on the sheet
    schneider: int = 0  # games his side won Schneider (not Schwarz)
    schwarz: int = 0  # games his side won Schwarz
    touts: int = 0  # Touts won as declarer
    lost: int = 0  # Skat: games lost as declarer
    fee: int = 0  # Skat: his Verlustspielgeld in cents (paid into the Stock)
    # Skat: the points he settles, each paying each the difference of their totals
    # (``skat_settle_points``); None: ``units`` (their balances sum to zero already).
    settle: int | None = None

    @property
    def settle_units(self) -> int:
        return self.units if self.settle is None else self.settle


@dataclass(frozen=True)
class TableFacts:
    """One evening's table summed up: per seat, and the Stock (in units) brought in and left
    for the next evening; ``cents_per_unit`` None when the table plays for no money."""

    seats: tuple[SeatFacts, ...]
    games: int
    cents_per_unit: int | None
    stock_in: int = 0
    stock_left: int = 0
    stock_shared: int = 0  # each seat's share of the Stock at the end (``split``)

    def money(self, units: int) -> int | None:
        return None if self.cents_per_unit is None else units * self.cents_per_unit

    def seat_money(self, seat: SeatFacts) -> int | None:
        """What the seat wins (+) or pays (−) in cents: its settled units, less its
        Verlustspielgeld (Skat)."""
        money = self.money(seat.settle_units)
        return None if money is None else money - seat.fee


def uses_stock(profile: dict) -> bool:
    return profile.get("passed_deal") == "stock"


def skat_settle_points(totals: Sequence[int]) -> list[int]:
    """Each player pays each other the difference of their Seeger-Fabian totals: with n at
    the table a player settles n × his total − the table's sum (the settle-up of Skat
    Stammtische; it sums to zero).

    >>> skat_settle_points([145, -66, -10])
    [366, -267, -99]
    """
    return [len(totals) * total - sum(totals) for total in totals]


def skat_facts(table, revisions: list[Revision]) -> TableFacts:
    """A Skat table's facts from its games' data (the round data contract): the
    Seeger-Fabian totals, won and lost games, the Verlustspielgeld, the money per point."""
    complete = [revision.data for revision in revisions if revision.complete]
    players = table.player_names
    stats = skat_stats.statistics(players, complete, table.profile)
    counted = complete
    if not table.profile.get("passed_counts_as_game", True):
        counted = [data for data in complete if not data.get("passed")]
    settle = skat_settle_points([row.total for row in stats.players])
    seats = tuple(
        SeatFacts(
            units=row.total,
            games=sum(1 for data in counted if data.get("sitting_out") != seat),
            won=row.won,
            lost=row.lost,
            fee=row.loss_fee_cents,
            settle=settle[seat],
        )
        for seat, row in enumerate(stats.players)
    )
    return TableFacts(seats, stats.games, table.profile.get("cents_per_point"))


def table_facts(table, revisions: list[Revision], carried: int = 0) -> TableFacts:
    if table.game == "skat":
        return skat_facts(table, revisions)
    summary = summarize(table, revisions)
    complete = [row for row in summary.rows if row.complete]
    final = list(summary.final_totals or summary.totals)
    if table.game != "schafkopf":
        seats = tuple(SeatFacts(units=total, games=len(complete)) for total in final)
        return TableFacts(seats=seats, games=len(complete), cents_per_unit=None)
    profile = table.profile
    # The sheet prices its Bock rounds and Stock (the pad's summary) from an empty Stock; a
    # Stock the group's last evening left is reckoned here, over the sheet's games.
    stock_left, shared = summary.stock_left, summary.stock_share
    if carried:
        players = len(summary.players)
        games = [schafkopf_game.facts(profile, row.data, players) for row in complete]
        evening = score_evening(profile, games, carried=carried)
        final, stock_left, shared = list(evening.final), evening.stock_left, evening.settle_up[0]
    played = statistics(summary.players, summary.rows)["players"]
    counts = [defaultdict(int) for _seat in summary.players]
    for row in complete:
        data = row.data
        if data["contract"] not in PLAYED or data.get("misplay") is not None:
            continue
        party, won = schafkopf_game.party(data), data["won"]
        declarer = counts[data["declarer"]]
        declarer["solos"] += row.won_solo
        declarer["touts"] += won and data["contract"] in TOUTS
        for seat, seat_counts in enumerate(counts):
            if seat == data.get("sitting_out") or (seat in party) != won:
                continue
            seat_counts["schwarz" if data["schwarz"] else "schneider"] += data["schneider"]
    seats = tuple(
        SeatFacts(units=units, games=stats.played, won=stats.declared_won, **seat_counts)
        for units, stats, seat_counts in zip(final, played, counts, strict=True)
    )
    cents = money_cents(profile, 1)
    return TableFacts(seats, len(complete), cents, carried, stock_left, shared)


# --- the evenings of a group ---------------------------------------------------------------


@dataclass
class EveningRow:
    """An evening with who sat where (``players``: Player per seat) and its facts."""

    evening: Evening
    players: list[Player]
    facts: TableFacts
    link: str = ""  # the table's key: its scorer link for the group's scorers, else its viewer's

    @property
    def table(self):
        return self.evening.table

    def seat_of(self, player: Player) -> int | None:
        for seat, sitting in enumerate(self.players):
            if sitting.pk == player.pk:
                return seat
        return None


def season_of(group: Group, day: datetime.date) -> int:
    """The season a day belongs to, by the year it starts in."""
    start = (group.season_month, group.season_day)
    return day.year if (day.month, day.day) >= start else day.year - 1


def season_label(group: Group, season: int | str) -> str:
    if season == ALL:
        return ""
    if (group.season_month, group.season_day) == (1, 1):
        return str(season)
    return f"{season}/{(int(season) + 1) % 100:02d}"


def evening_rows(
    group: Group, evening_ids: Iterable[int] | None = None, role: str = Access.Role.VIEWER
) -> list[EveningRow]:
    """Every evening of the group in order (or those of ``evening_ids``), with their facts
    and the table links of ``role``; an evening struck as a twin counts nowhere.

    The Stock an evening brings in is what the evening before left, so the facts of every
    evening before the last one asked for are reckoned too (from their stored figures, mostly)."""
    players = {player.pk: player for player in group.players.all()}
    evenings = list(
        group.evenings.filter(struck=False)
        .select_related("table")
        .prefetch_related(
            "table__seats",
            "seats",
            Prefetch("table__accesses", queryset=Access.objects.only("key", "role", "table")),
        )
        .order_by("played_on", "pk")
    )
    wanted = None if evening_ids is None else set(evening_ids)
    if wanted is not None:
        last = max((i for i, e in enumerate(evenings) if e.pk in wanted), default=-1)
        evenings = evenings[: last + 1]
    facts = facts_of(evenings, uses_stock(group.profile))
    rows = []
    for evening, table_facts_ in zip(evenings, facts, strict=True):
        if wanted is not None and evening.pk not in wanted:
            continue
        rows.append(
            EveningRow(
                evening=evening,
                players=[players[seat.player_id] for seat in evening.seats.all()],
                facts=table_facts_,
                link=next(a.key for a in evening.table.accesses.all() if a.role == role),
            )
        )
    return rows


FIGURES_FORMAT = 3  # raise when TableFacts or table_facts change: stored figures are redone


def stored_facts(evening: Evening, carried: int) -> TableFacts | None:
    """The evening's stored figures, if reckoned for its table's version and this Stock."""
    data = evening.figures
    if (
        not data
        or data.get("format") != FIGURES_FORMAT
        or data.get("version") != evening.table.version
        or data.get("carried") != carried
    ):
        return None
    return TableFacts(
        seats=tuple(SeatFacts(*seat) for seat in data["seats"]),
        games=data["games"],
        cents_per_unit=data["cents_per_unit"],
        stock_in=data["stock_in"],
        stock_left=data["stock_left"],
        stock_shared=data["stock_shared"],
    )


def figures_of(facts: TableFacts, version: int, carried: int) -> dict:
    return {
        "format": FIGURES_FORMAT,
        "version": version,
        "carried": carried,
        "seats": [astuple(seat) for seat in facts.seats],
        "games": facts.games,
        "cents_per_unit": facts.cents_per_unit,
        "stock_in": facts.stock_in,
        "stock_left": facts.stock_left,
        "stock_shared": facts.stock_shared,
    }


def facts_of(evenings: Sequence[Evening], chained: bool) -> list[TableFacts]:
    """Each evening's facts, in order; ``chained``: each brings in the Stock the one before
    left. Stored figures where they were reckoned for the table's version (and Stock); the
    others computed from their revisions (one query) and stored (one query)."""
    # Which tables need their revisions: with the Stock carried, a recomputed evening can
    # change what every later one brings in: the revisions of every later one are fetched
    # too, and those whose stored figures still hold are read, not summed up.
    carried, stale = 0, []
    for index, evening in enumerate(evenings):
        known = stored_facts(evening, carried)
        if known is None and chained:
            stale = [later.table for later in evenings[index:]]
            break
        if known is None:
            stale.append(evening.table)
        elif chained:
            carried = known.stock_left
    revisions = revisions_of(stale)
    answers: list[TableFacts] = []
    changed = []
    carried = 0
    for evening in evenings:
        facts = stored_facts(evening, carried)
        if facts is None:
            table = evening.table
            facts = table_facts(table, revisions.get(table.pk, []), carried)
            evening.figures = figures_of(facts, table.version, carried)
            changed.append(evening)
        answers.append(facts)
        carried = facts.stock_left if chained else 0
    if changed:
        Evening.objects.bulk_update(changed, ["figures"])
    return answers


def revisions_of(tables: Sequence) -> dict[int, list[Revision]]:
    """The current revisions on the sheets of ``tables``, per table in round order."""
    if not tables:
        return {}
    found: dict[int, list[Revision]] = defaultdict(list)
    query = (
        Revision.objects.filter(round__table__in=[table.pk for table in tables], is_current=True)
        .exclude(source=Revision.Source.VOID)
        .select_related("round")
        .order_by("round__table_id", "round__number")
    )
    for revision in query:
        found[revision.round.table_id].append(revision)
    return found


# --- a season's standings ------------------------------------------------------------------


@dataclass
class Standing:
    player: Player
    evenings: int = 0
    games: int = 0
    units: int = 0
    money: int | None = None
    won: int = 0
    solos: int = 0
    schneider: int = 0
    schwarz: int = 0
    touts: int = 0
    lost: int = 0
    fee: int = 0

    def add(self, seat: SeatFacts, money: int | None) -> None:
        self.evenings += 1
        self.games += seat.games
        self.units += seat.units
        if money is not None:
            self.money = (self.money or 0) + money
        for name in (*SCHAFKOPF_ONLY, "lost", "fee"):
            setattr(self, name, getattr(self, name) + getattr(seat, name))


@dataclass
class Season:
    key: int | str
    label: str
    rows: list[EveningRow]
    standings: list[Standing]
    # The chart: each person's running balance (units) after each evening of the season.
    history: list[list[int]]
    stock_in: int = 0
    stock_left: int = 0

    @property
    def has_money(self) -> bool:
        return any(row.facts.cents_per_unit is not None for row in self.rows)

    @property
    def players(self) -> list[str]:
        return [standing.player.name for standing in self.standings]


def seasons(group: Group, rows: list[EveningRow]) -> list[int]:
    return sorted({season_of(group, row.evening.played_on) for row in rows}, reverse=True)


def season(group: Group, key: int | str, rows: list[EveningRow] | None = None) -> Season:
    """The standings of season ``key`` (or ``ALL``), best balance first."""
    rows = evening_rows(group) if rows is None else rows
    if key != ALL:
        rows = [row for row in rows if season_of(group, row.evening.played_on) == key]
    standings: dict[int, Standing] = {}
    for row in rows:
        for player, seat in zip(row.players, row.facts.seats, strict=True):
            standing = standings.setdefault(player.pk, Standing(player))
            standing.add(seat, row.facts.seat_money(seat))
    ordered = sorted(standings.values(), key=standing_order(group))
    history = []
    running = dict.fromkeys(standings, 0)
    for row in rows:
        for player, seat in zip(row.players, row.facts.seats, strict=True):
            running[player.pk] += seat.units
        history.append([running[standing.player.pk] for standing in ordered])
    return Season(
        key=key,
        label=season_label(group, key),
        rows=rows,
        standings=ordered,
        history=history,
        stock_in=rows[0].facts.stock_in if rows else 0,
        stock_left=rows[-1].facts.stock_left if rows else 0,
    )


def standing_order(group: Group):
    """Best balance first; at Skat equal totals go by more games won, then fewer lost (the
    list's tie-break); else by name."""
    if group.game == "skat":
        return lambda s: (-s.units, -s.won, s.lost, s.player.name.casefold())
    return lambda s: (-s.units, s.player.name.casefold())


def player_evenings(rows: list[EveningRow], player: Player) -> list[tuple[EveningRow, SeatFacts]]:
    """The evenings behind a person's figures: each with his seat's facts."""
    found = []
    for row in rows:
        seat = row.seat_of(player)
        if seat is not None:
            found.append((row, row.facts.seats[seat]))
    return found


# --- settle-up -----------------------------------------------------------------------------

STOCK = None  # the Stock as a party of a transfer


@dataclass
class SettleUp:
    """Balances to pay (cents, or units at a table without money) per person, the Stock's
    part, and the fewest transfers that settle them."""

    balances: list[tuple[Player, int]]
    stock: int  # what the Stock is owed (+) or pays out (−)
    transfers: list[Transfer]
    in_money: bool
    stock_left: int = 0  # units left in the Stock for the next evening
    stock_shared: int = 0  # units each player took out of it at the end


def settle_up(rows: list[EveningRow]) -> SettleUp:
    """Who pays whom for these evenings (one evening, or a season paid once)."""
    in_money = all(row.facts.cents_per_unit is not None for row in rows) and bool(rows)
    balances: dict[int, int] = defaultdict(int)
    people: dict[int, Player] = {}
    stock = 0
    for row in rows:
        facts = row.facts
        unit = facts.cents_per_unit if in_money else 1
        for player, seat in zip(row.players, facts.seats, strict=True):
            people[player.pk] = player
            balances[player.pk] += seat.settle_units * unit
            if in_money:  # Skat's Verlustspielgeld: cents, into the Stock
                balances[player.pk] -= seat.fee
                stock += seat.fee
        stock += (facts.stock_left - facts.stock_in) * unit
    parties: dict = dict(balances)
    if stock:
        parties[STOCK] = stock
    transfers = [
        Transfer(people.get(t.payer), people.get(t.payee), t.amount)
        for t in fewest_transfers(parties)
    ]
    return SettleUp(
        balances=sorted(
            ((people[pk], amount) for pk, amount in balances.items()),
            key=lambda pair: (-pair[1], pair[0].name.casefold()),
        ),
        stock=stock,
        transfers=transfers,
        in_money=in_money,
        stock_left=rows[-1].facts.stock_left if rows else 0,
        stock_shared=rows[-1].facts.stock_shared if rows else 0,
    )
