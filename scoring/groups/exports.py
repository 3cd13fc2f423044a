"""XLSX for the group's treasurer (scoring/workbooks.py): an evening's settle-up and a season
(standings, evenings, settle-up); amounts in money where the tables play for money."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..workbooks import Money, add_sheet, new_workbook, xlsx_response
from .models import Group
from .season import EveningRow, Season, SettleUp


def amount(value: int | None, in_money: bool):
    if value is None:
        return None
    return Money(value) if in_money else value


def party(player) -> str:
    return player.name if player is not None else _("Stock")


def add_settle_up(workbook, settled: SettleUp) -> None:
    unit = _("Money") if settled.in_money else _("Units")
    money = settled.in_money
    rows = [[player.name, amount(balance, money)] for player, balance in settled.balances]
    if settled.stock:
        rows.append([_("Stock"), amount(settled.stock, settled.in_money)])
    add_sheet(workbook, _("Balances"), [_("Player"), unit], rows)
    add_sheet(
        workbook,
        _("Transfers"),
        [_("pays"), _("to"), unit],
        [
            [party(t.payer), party(t.payee), amount(t.amount, settled.in_money)]
            for t in settled.transfers
        ],
    )


def settle_up_response(group: Group, rows: list[EveningRow], settled: SettleUp):
    workbook = new_workbook()
    add_settle_up(workbook, settled)
    day = rows[0].evening.played_on.isoformat() if rows else ""
    return xlsx_response(workbook, f"stichblock-{group.pk}-abrechnung-{day}.xlsx")


def season_response(group: Group, season: Season, settled: SettleUp):
    workbook = new_workbook()
    money = season.has_money
    header = [
        _("Player"),
        _("Evenings"),
        _("Games"),
        _("Balance (units)"),
        *([_("Money")] if money else []),
    ]
    schafkopf = group.game == "schafkopf"
    if schafkopf:
        header += [_("Won as declarer"), _("Won solos"), _("Schneider"), _("Schwarz"), _("Touts")]
    skat = group.game == "skat"
    if skat:
        header += [_("Won as declarer"), _("Lost as declarer")]
        header += [_("Lost-game fees")] if money else []
    standings = []
    for s in season.standings:
        row = [s.player.name, s.evenings, s.games, s.units]
        if money:
            row.append(amount(s.money, True))
        if schafkopf:
            row += [s.won, s.solos, s.schneider, s.schwarz, s.touts]
        if skat:
            row += [s.won, s.lost, *([amount(s.fee, True)] if money else [])]
        standings.append(row)
    add_sheet(workbook, _("Season %(season)s") % {"season": season.label}, header, standings)
    evenings = []
    for row in season.rows:
        for player, seat in zip(row.players, row.facts.seats, strict=True):
            line = [row.evening.played_on, player.name, seat.games, seat.units]
            if money:
                line.append(amount(row.facts.seat_money(seat), True))
            evenings.append(line)
    header = [_("Date"), _("Player"), _("Games"), _("Balance (units)")]
    add_sheet(workbook, _("Evenings"), [*header, *([_("Money")] if money else [])], evenings)
    add_settle_up(workbook, settled)
    return xlsx_response(workbook, f"stichblock-{group.pk}-saison-{season.key}.xlsx")
