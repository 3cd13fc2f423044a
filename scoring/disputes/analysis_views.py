"""Starting the open-hand analysis of a dispute's record and following its progress."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from stichblock.ratelimit import counted, rate

from .. import analyses
from ..access import Scope, table_link
from ..pads.base import engine_language
from .analysis_panel import analysis_context, record_of

READ_ONLY_ANALYSIS = gettext_lazy(
    "This link is read-only: it can show an analysis, but not start one."
)


@require_POST
@table_link(organizers=True)
def analysis_start(request, scope: Scope, dispute_id: int):
    """Queue the analysis (or show the one kept for this record); limited per link, as each
    costs seconds of a worker."""
    scope.require_edit(READ_ONLY_ANALYSIS)
    dispute = scope.get_dispute(dispute_id)
    page = "dispute" if request.POST.get("from") == "board" else "dispute_replay"
    back = scope.url(page, dispute.pk) + "#analysis"
    record = record_of(dispute)
    if record is None:
        messages.error(request, _("The analysis needs every hand of a Schafkopf or Skat deal."))
        return redirect(back)
    reason = analyses.refusal(record, engine_language())
    if reason:
        messages.error(request, _("No analysis: %(reason)s") % {"reason": reason})
        return redirect(back)
    if analyses.find(record) is None:
        key = scope.access.key if scope.access else f"organizer-{scope.table.pk}"
        if counted("hit", rate("ANALYSIS_LINK"), "analysis", key) is False:
            messages.error(
                request,
                _("This link has started enough analyses for now; try again in an hour."),
            )
            return redirect(back)
    analyses.request(record)
    return redirect(back)


@require_safe
@table_link(organizers=True)
def analysis_box(request, scope: Scope, dispute_id: int):
    """The analysis box alone, for the replay to refresh while the worker runs."""
    dispute = scope.get_dispute(dispute_id)
    step = int(request.GET.get("step", "0")) if request.GET.get("step", "0").isdecimal() else 0
    context = {
        "box": analysis_context(dispute, step, may_start=scope.can_edit),
        "urls": {
            "analysis_start": scope.url("dispute_analysis", dispute.pk),
            "analysis_box": scope.url("dispute_analysis_box", dispute.pk),
            "replay": scope.url("dispute_replay", dispute.pk),
        },
        "step": step,
        "on_board": request.GET.get("board") == "1",
    }
    return render(request, "scoring/disputes/_analysis.html", context)
