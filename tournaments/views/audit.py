"""The audit trail of a whole tournament: every change on every table, in time order."""

from __future__ import annotations

from dataclasses import replace

from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.audit import audit_trail, write_csv
from scoring.spreadsheets import csv_response

from ..access import get_tournament, login_required
from ..models import TournamentTable


@login_required
@require_safe
def tournament_audit(request, pk: int):
    tournament = get_tournament(request, pk)
    tables = (
        TournamentTable.objects.filter(round__tournament=tournament, table__isnull=False)
        .select_related("round", "table")
        .order_by("round__number", "number")
    )
    # Two queries per table: an audit page is opened rarely, so clarity wins over batching.
    entries = sorted(
        (
            replace(entry, context=(tournament_table.round.number, tournament_table.number))
            for tournament_table in tables
            for entry in audit_trail(tournament_table.table)
        ),
        key=lambda entry: entry.at,
    )
    if request.GET.get("format") == "csv":
        response, writer = csv_response(f"{slugify(tournament.name) or 'tournament'}-audit.csv")
        write_csv(entries, writer, context_labels=(_("Tournament round"), _("Table")))
        return response
    context = {"tournament": tournament, "entries": entries}
    return render(request, "tournaments/audit.html", context)
