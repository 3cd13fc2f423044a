"""Standings: the organizer's page, CSV export, printable results, the public projector page."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, Sum
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.live import conditional
from scoring.models import Table
from scoring.spreadsheets import csv_response
from scoring.workbooks import add_sheet, new_workbook, xlsx_response

from ..access import get_tournament, login_required, public_tournament
from ..fees import charges_loss_fees, loss_fees
from ..live import live_version, public_channels
from ..models import Tournament
from ..progress import unfinished_tables
from ..standings import Standings, compute


def round_choice(request, tournament: Tournament) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdecimal() and 1 <= int(value) <= tournament.rounds else None


def standings_context(tournament: Tournament, round_number: int | None) -> dict:
    standings = compute(tournament, round_number)
    unfinished = unfinished_locked(tournament, standings.rounds)
    return {
        "tournament": tournament,
        "standings": standings,
        "rows": standings.rows,
        "round_number": round_number,
        "finished": unfinished == [],
        "unfinished": unfinished or [],
    }


def unfinished_locked(tournament: Tournament, published: list[int]) -> list | None:
    """[] when the standings are final: all rounds published, every table confirmed and its
    game over. Once all are confirmed, the tables locked before their game was over (their
    results are not final); None while rounds or confirmations are missing."""
    if len(published) < tournament.rounds:
        return None
    if Table.objects.filter(
        tournament_table__round__tournament=tournament, locked_at__isnull=True
    ).exists():
        return None
    return unfinished_tables(tournament)


@login_required
@require_safe
def standings_page(request, pk: int):
    tournament = get_tournament(request, pk)
    context = standings_context(tournament, round_choice(request, tournament))
    return render(request, "tournaments/standings.html", context)


@login_required
@require_safe
def results_print(request, pk: int):
    tournament = get_tournament(request, pk)
    return render(request, "tournaments/results.html", standings_context(tournament, None))


@login_required
@require_safe
def standings_csv(request, pk: int):
    tournament = get_tournament(request, pk)
    round_number = round_choice(request, tournament)
    standings = compute(tournament, round_number)
    name = slugify(tournament.name) or "tournament"
    suffix = f"-round-{round_number}" if round_number else ""
    response, writer = csv_response(f"{name}{suffix}.csv")
    rounds = [round_number] if round_number else standings.rounds
    fees = loss_fees(tournament).by_player() if charges_loss_fees(tournament) else None
    header, lines = standings_sheet(standings, rounds, fees)
    writer.writerow(header)
    for rank, *rest in lines:
        writer.writerow(["–" if rank is None else rank, *("" if v is None else v for v in rest)])
    return response


@login_required
@require_safe
def standings_xlsx(request, pk: int):
    """The total and each published round on a worksheet of its own."""
    tournament = get_tournament(request, pk)
    overall = compute(tournament)
    workbook = new_workbook()
    add_sheet(workbook, _("Overall"), *standings_sheet(overall, overall.rounds))
    for number in overall.rounds:
        standings = compute(tournament, number)
        add_sheet(workbook, _("Round %(n)s") % {"n": number}, *standings_sheet(standings, []))
    return xlsx_response(workbook, f"{slugify(tournament.name) or 'tournament'}.xlsx")


def tie_broken_labels() -> dict[str, str]:
    """The exports' "Tie broken by" words by ``decided_by`` (standings and series alike)."""
    return {
        "solos": _("won solos"),
        "won": _("more games won as declarer"),
        "lost": _("fewer games lost as declarer"),
        "lot": _("lot"),
        "": "",
    }


def standings_sheet(standings: Standings, rounds: list[int], fees=None) -> tuple[list, list]:
    """The standings as rows of a spreadsheet; ``fees`` (Skat: player id -> PlayerFees) adds
    each player's lost games and Verlustspielgeld (of the round shown, or in total)."""
    header = [_("Rank"), _("Start number"), _("Name")]
    header += [_("Round %(n)s") % {"n": n} for n in rounds]
    header += [_("Points")]
    header += [str(column.title) for column in standings.tie_columns]
    header += [_("Tie broken by"), _("Withdrawn")]
    if fees is not None:
        header += [_("Loss fee (€)")]
    tie_labels = tie_broken_labels()
    rows = []
    for row in standings.rows:
        line = [row.rank, row.start_number, row.name]
        line += [row.points.get(n) for n in rounds]
        line += [row.shown_points]
        line += row.shown_counts
        line += [tie_labels[row.decided_by], _("yes") if row.withdrawn else ""]
        if fees is not None:
            line += [fee_of(fees.get(row.player_id), standings.round_number)]
        rows.append(line)
    return header, rows


def fee_of(player_fees, round_number: int | None) -> Decimal | None:
    """A player's Verlustspielgeld in euros, a number the spreadsheet sums (12,50)."""
    if player_fees is None:
        return None
    cents = player_fees.fees.get(round_number, 0) if round_number else player_fees.total_cents
    return Decimal(cents) / 100


def public_etag(tournament: Tournament, round_number: int | None) -> str:
    figures = Table.objects.filter(tournament_table__round__tournament=tournament).aggregate(
        versions=Sum("version"), tables=Count("pk")
    )
    return (
        f'"{tournament.version}-{figures["tables"]}-{figures["versions"] or 0}'
        f'-{round_number or 0}-{get_language()}"'
    )


@require_safe
def public_standings(request, key: str):
    """Read-only standings for a projector: large type, refreshing itself."""
    tournament = public_tournament(key)
    context = standings_context(tournament, round_choice(request, tournament))
    context["live_version"] = live_version(public_channels(tournament))
    return render(request, "tournaments/public.html", context)


@require_safe
def public_standings_live(request, key: str):
    tournament = public_tournament(key)
    round_number = round_choice(request, tournament)
    return conditional(
        request,
        public_etag(tournament, round_number),
        lambda: render(
            request,
            "tournaments/_public_live.html",
            {
                **standings_context(tournament, round_number),
                "live_version": live_version(public_channels(tournament)),
            },
        ),
    )
