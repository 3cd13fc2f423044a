"""Verlustspielgeld (docs/rules/skat.md): every game a player loses as declarer costs a fee,
a higher one from the profile's N-th lost game of a list on (``scoring.rules.skat.loss_fee``
with the tournament's frozen settings). A list is one table's round, so the fee is counted
per round and summed; the organizer collects it (the cash list) and it is in the CSV.

Four queries whatever the number of players: the entry list, the published seats, and the
standings' two aggregates over the tables' current games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.rules.skat import loss_fee
from scoring.rules.skat.profiles import PROFILES

from .formats import SKAT_LOST, get_format
from .models import DrawnSeat, Tournament
from .standings import table_results


@dataclass
class PlayerFees:
    player_id: int
    start_number: int
    name: str
    lost: dict[int, int] = field(default_factory=dict)  # round number -> games lost
    fees: dict[int, int] = field(default_factory=dict)  # round number -> cents
    cells: list[int | None] = field(default_factory=list)  # lost games per shown round

    @property
    def total_lost(self) -> int:
        return sum(self.lost.values())

    @property
    def total_cents(self) -> int:
        return sum(self.fees.values())


@dataclass
class FeeList:
    tournament: Tournament
    rounds: list[int]
    rows: list[PlayerFees]  # by start number
    settings: dict

    @property
    def total_cents(self) -> int:
        return sum(row.total_cents for row in self.rows)

    @property
    def total_lost(self) -> int:
        return sum(row.total_lost for row in self.rows)

    def by_player(self) -> dict[int, PlayerFees]:
        return {row.player_id: row for row in self.rows}


def charges_loss_fees(tournament: Tournament) -> bool:
    """Skat only: the other games have no Verlustspielgeld."""
    return tournament.game == "skat"


def fee_settings(tournament: Tournament) -> dict:
    return {**PROFILES["isko"], **(tournament.profile or {})}


def loss_fees(tournament: Tournament) -> FeeList:
    settings = fee_settings(tournament)
    rows = {
        pk: PlayerFees(pk, number, name)
        for pk, number, name in tournament.players.order_by("start_number").values_list(
            "id", "start_number", "name"
        )
    }
    seating: dict[int, tuple[int, list[int]]] = {}
    seats = DrawnSeat.objects.filter(
        round__tournament=tournament, round__published_at__isnull=False
    ).order_by("position")
    for table_id, round_no, player_id in seats.values_list(
        "tournament_table__table_id", "round__number", "player_id"
    ):
        seating.setdefault(table_id, (round_no, []))[1].append(player_id)
        rows[player_id].lost.setdefault(round_no, 0)
        rows[player_id].fees.setdefault(round_no, 0)
    fmt = get_format(tournament.game)
    for table_id, (_totals, _extras, counts, _games) in table_results(
        [tournament], fmt, (SKAT_LOST,)
    ).items():
        if table_id not in seating:
            continue
        round_no, players = seating[table_id]
        for seat, lost in enumerate(counts[SKAT_LOST.key]):
            if seat < len(players):
                row = rows[players[seat]]
                row.lost[round_no] = lost
                row.fees[round_no] = loss_fee(lost, settings)
    rounds = sorted({number for number, _players in seating.values()})
    for row in rows.values():
        row.cells = [row.lost.get(number) for number in rounds]
    return FeeList(tournament, rounds, list(rows.values()), settings)
