"""The prize list: the pot (every registered player's entry fee), the prizes per rank (an
amount, or a share of the pot rounded down to the cent: the cents left stay with the club),
and in a Preisschafkopf each point in money (a negative balance pays in)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from .models import Prize, Tournament
from .standings import Standing, Standings


@dataclass
class Payout:
    row: Standing
    prize_cents: int
    points_cents: int

    @property
    def total_cents(self) -> int:
        return self.prize_cents + self.points_cents


@dataclass
class PrizeList:
    pot_cents: int
    prizes: list[Prize]
    payouts: list[Payout]  # every ranked player, in rank order

    @property
    def prizes_cents(self) -> int:
        return sum(payout.prize_cents for payout in self.payouts)

    @property
    def left_cents(self) -> int:
        """What the pot keeps after the prizes (the club's share, or a deficit below 0)."""
        return self.pot_cents - self.prizes_cents


def prize_cents(prize: Prize, pot_cents: int) -> int:
    if prize.amount_cents is not None:
        return prize.amount_cents
    share = Decimal(pot_cents) * prize.share_percent / 100
    return int(share.to_integral_value(rounding=ROUND_DOWN))


def prize_list(tournament: Tournament, standings: Standings) -> PrizeList:
    pot = tournament.entry_fee_cents * tournament.players.count()
    prizes = list(tournament.prizes.all())
    by_rank = {prize.rank: prize_cents(prize, pot) for prize in prizes}
    payouts = [
        Payout(row, by_rank.get(row.rank, 0), row.shown_points * tournament.cents_per_point)
        for row in standings.rows
        if row.rank is not None
    ]
    return PrizeList(pot, prizes, payouts)
