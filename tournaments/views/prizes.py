"""The prize list: entry fee, prizes per rank, money per point; the printable payout list with
a line to sign per player, and the same as XLSX."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.workbooks import Money, add_sheet, new_workbook, xlsx_response
from stichblock.http import require_form_page

from .. import services
from ..access import get_tournament, login_required
from ..forms import PrizeForm
from ..prizes import prize_list
from ..standings import compute


def prize_lines(tournament) -> str:
    def line(prize):
        if prize.amount_cents is not None:
            return f"{prize.rank}: {Decimal(prize.amount_cents) / 100:.2f} €"
        return f"{prize.rank}: {prize.share_percent.normalize():f} %"

    return "\n".join(line(prize) for prize in tournament.prizes.all())


@login_required
@require_form_page
def prize_settings(request, pk: int):
    tournament = get_tournament(request, pk)
    initial = {
        "entry_fee": Decimal(tournament.entry_fee_cents) / 100,
        "per_point": Decimal(tournament.cents_per_point) / 100,
        "prizes": prize_lines(tournament),
    }
    form = PrizeForm(request.POST or None, initial=initial, players=tournament.players.count())
    if request.method == "POST" and form.is_valid():
        c = form.cleaned_data
        services.set_prizes(
            tournament,
            entry_fee_cents=int(c["entry_fee"] * 100),
            cents_per_point=int(c["per_point"] * 100),
            prizes=c["prizes"],
        )
        messages.success(request, _("Prize list saved."))
        return redirect("prizes", pk=tournament.pk)
    context = {
        "tournament": tournament,
        "form": form,
        "prizes": prize_list(tournament, compute(tournament)),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/prizes.html", context, status=status)


@login_required
@require_safe
def payouts_print(request, pk: int):
    tournament = get_tournament(request, pk)
    context = {"tournament": tournament, "prizes": prize_list(tournament, compute(tournament))}
    return render(request, "tournaments/payouts.html", context)


@login_required
@require_safe
def payouts_xlsx(request, pk: int):
    tournament = get_tournament(request, pk)
    prizes = prize_list(tournament, compute(tournament))
    workbook = new_workbook()
    header = [_("Rank"), _("Start number"), _("Name"), _("Points"), _("Prize")]
    header += [_("Points in money"), _("Payout")]
    add_sheet(
        workbook,
        _("Prize list"),
        header,
        (
            [
                payout.row.rank,
                payout.row.start_number,
                payout.row.name,
                payout.row.shown_points,
                Money(payout.prize_cents),
                Money(payout.points_cents),
                Money(payout.total_cents),
            ]
            for payout in prizes.payouts
        ),
    )
    add_sheet(
        workbook,
        _("Pot"),
        [_("Entry fees"), _("Prizes"), _("Left over")],
        [[Money(prizes.pot_cents), Money(prizes.prizes_cents), Money(prizes.left_cents)]],
    )
    name = slugify(tournament.name) or "tournament"
    return xlsx_response(workbook, f"{name}-prizes.xlsx")
