"""The paper fallback: a table whose phones failed kept its games on the empty game list of
its table sheet; the organizer enters them from the office, one game after the other, with
the pad's own entry form (scoring.rendering.entry_form: every rule and message stays the
scorepad's). Each is saved under his account with the reason "vom Papier übertragen", which
the audit trails show."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from scoring.models import Access
from scoring.pads import get_pad
from scoring.rendering import entry_form
from scoring.services import LOCKED_MESSAGE, Conflict, Locked, Misplaced, save_round
from scoring.tables import summarize

from ..access import get_tournament, login_required, organizer_author
from .rounds import get_tournament_table

# Stored untranslated; every reader sees it in his language (scoring.audit.shown_reason).
FROM_PAPER = gettext_noop("transferred from paper")


@login_required
@require_http_methods(["GET", "POST"])
def table_paper(request, pk: int, number: int, table_number: int):
    tournament = get_tournament(request, pk)
    tournament_table = get_tournament_table(tournament, number, table_number)
    table = tournament_table.table
    here = reverse("table_paper", args=[pk, number, table_number])
    if table.is_locked:
        messages.error(request, LOCKED_MESSAGE)
        return redirect("tournament_table", pk=pk, number=number, table_number=table_number)
    pad = get_pad(table.game)
    summary = summarize(table)
    game = summary.next_round
    author = organizer_author(request)
    form = None
    if game is not None:
        initial = {"base": 0, "submission": uuid.uuid4()}
        data = request.POST if request.method == "POST" else None
        form = entry_form(pad, table, summary, game, data=data, initial=initial)
        # Saved under the signed-in account: no "Entered by" to type and be ignored.
        form.fields.pop("author", None)
    if request.method == "POST" and form is not None and form.is_valid():
        data, complete, scores = pad.round_from_form(table, summary, form)
        try:
            save_round(
                table,
                game,
                data=data,
                scores=scores,
                complete=complete,
                base=form.cleaned_data["base"],
                submission=form.cleaned_data["submission"],
                author=author,
                reason=FROM_PAPER,
            )
        except (Conflict, Misplaced):
            messages.error(
                request,
                _("Game %(n)s was saved meanwhile (a phone at the table?); check the list.")
                % {"n": game},
            )
        except Locked:
            messages.error(request, LOCKED_MESSAGE)
        else:
            messages.success(request, _("Game %(n)s transferred from paper.") % {"n": game})
        return redirect(here)
    context = {
        "tournament": tournament,
        "round": tournament_table.round,
        "tournament_table": tournament_table,
        "table": table,
        "pad": pad,
        "summary": summary,
        "form": form,
        "form_html": form and office_form(request, table, pad, summary, form, here),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/paper.html", context, status=status)


def office_form(request, table, pad, summary, form, action: str):
    """The pad's entry template, sent here instead of to the table link's save URL."""
    access = Access.objects.get(table=table, role=Access.Role.SCORER)
    context = {"access": access, "table": table, "pad": pad, "summary": summary, "form": form}
    html = render_to_string(pad.entry_template, context, request=request)
    saving = reverse("round_save", args=[access.key, form.round_number])
    return mark_safe(html.replace(f'action="{saving}"', f'action="{action}"', 1))
