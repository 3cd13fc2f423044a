"""A Skat table's statistics per player (the pad's page "Statistik"): games declared, won
and lost, by kind (suit, Grand, Null), the Verlustspielgeld and the Seeger-Fabian result.

``statistics`` is pure over the saved games' data (the round data contract, docs/skat.md):
every number comes from the engine (``score_list``, ``loss_fee``), so the page, the printed
list and a Stammtisch's season read the same figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.shortcuts import render
from django.views.decorators.http import require_safe

from ...rules import skat as rules

SUITS = ("karo", "herz", "pik", "kreuz")


def list_game(data: Mapping[str, Any]) -> rules.ListGame:
    """One saved game as a line of the engine's list: a passed-out deal has no declarer (a
    Ramsch brings every seat's points)."""
    if data.get("passed"):
        ramsch = data.get("ramsch") or {}
        scores = ramsch.get("scores")
        return rules.ListGame(None, scores=tuple(scores) if scores else None)
    return rules.ListGame(int(data["declarer"]), bool(data["won"]), int(data["list_points"]))


@dataclass(frozen=True)
class PlayerStats:
    name: str
    declared: int
    won: int
    lost: int
    suit: int
    grand: int
    null: int
    line: rules.PlayerList  # his Seeger-Fabian line: points, bonuses, total, fee

    @property
    def won_percent(self) -> int | None:
        """Games won as declarer in per cent, rounded; None before he declared one."""
        if not self.declared:
            return None
        return round(100 * self.won / self.declared)

    @property
    def loss_fee_cents(self) -> int:
        return self.line.loss_fee_cents

    @property
    def total(self) -> int:
        return self.line.total


@dataclass(frozen=True)
class TableStats:
    players: list[PlayerStats]
    games: int  # games of the list (passed-out deals as the settings count them)
    passed: int
    fees_cents: int  # the table's Verlustspielgeld, for the organizer


def statistics(
    players: Sequence[str], games: Iterable[Mapping[str, Any]], settings: Mapping[str, Any]
) -> TableStats:
    """The statistics of the complete games ``games`` (their data, in order) at a table of
    ``players``, scored with the table's ``settings``."""
    count = len(players)
    declared = [0] * count
    kinds = [dict.fromkeys(("suit", "grand", "null"), 0) for _seat in players]
    lines = []
    for data in games:
        lines.append(list_game(data))
        if data.get("passed"):
            continue
        seat = int(data["declarer"])
        declared[seat] += 1
        game = data.get("game")
        kinds[seat]["suit" if game in SUITS else str(game)] += 1
    result = rules.score_list(lines, count, settings)
    rows = [
        PlayerStats(
            name=name,
            declared=declared[seat],
            won=line.won,
            lost=line.lost,
            suit=kinds[seat]["suit"],
            grand=kinds[seat]["grand"],
            null=kinds[seat]["null"],
            line=line,
        )
        for seat, (name, line) in enumerate(zip(players, result.players, strict=True))
    ]
    return TableStats(rows, result.games, result.passed, result.fees_cents)


def money(cents: int) -> str:
    """Cents as the page shows them ("1,50 €")."""
    from ..schafkopf.labels import format_money  # one money format for every page

    return format_money(cents)


@require_safe
def statistik_page(request, access, pad):
    """The table's statistics per player (every link may read them)."""
    table = access.table
    summary = pad.table_summary(table)
    complete = [row.data for row in summary.rows if row.complete]
    stats = statistics(summary.players, complete, table.profile)
    context = {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "stats": stats,
        "fees": [money(row.loss_fee_cents) for row in stats.players],
        "fees_total": money(stats.fees_cents),
        "fee_low": money(int(table.profile["loss_fee_cents"])),
        "fee_high": money(int(table.profile["loss_fee_high_cents"])),
        "fee_high_from": table.profile["loss_fee_high_from"],
        "bonus_others": rules.seeger.OPPONENT_BONUS[len(summary.players)],
    }
    return render(request, "scoring/skat/stats.html", context)
