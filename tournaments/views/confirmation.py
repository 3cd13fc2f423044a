"""Confirming a table's result at the table (the form is the panel in tournaments/panels.py).

The rule: after the round's last game, a second player at the table confirms the result on
his own phone. The app knows he is a second player because he picks his seat name, which
must not be a name the games were entered under, and his phone (the per-browser device id
the scorepad stores with every entry) must not be a phone the games were entered on.
Confirming locks the table (scoring.services.lock_table); only the organizer can unlock it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.access import Scope, author_of, table_link
from scoring.tables import summarize

from ..forms import ConfirmForm
from ..panels import tournament_table_of
from ..progress import unbalanced_games
from ..services import confirm_table, confirmation_problem


@require_POST
@table_link(edit=True)
def confirm(request, scope: Scope):
    table = scope.table
    key = scope.access.key
    tournament_table = tournament_table_of(table)
    if tournament_table is None:
        raise Http404
    back = redirect("table", key=key)
    if table.is_locked:
        messages.info(request, _("This table's result is confirmed already."))
        return back
    summary = summarize(table)
    if not summary.finished:
        messages.error(
            request,
            _("Confirming: the round is not over yet; enter all games first."),
        )
        return back
    unbalanced = unbalanced_games(table.game, summary)
    if unbalanced:
        messages.error(request, unbalanced_message(unbalanced))
        return back
    form = ConfirmForm(request.POST, seat_names=summary.players)
    if not form.is_valid():
        for error in form.errors.get("seat", []):
            messages.error(request, error)
        return back
    seat_name = form.cleaned_data["seat"]
    device = author_of(request).device
    problem = confirmation_problem(table, seat_name, device)
    if problem:
        messages.error(request, problem)
        return back
    if confirm_table(tournament_table, seat_name, device):
        messages.success(
            request,
            _("Result of table %(n)s confirmed by %(name)s and locked.")
            % {"n": tournament_table.number, "name": seat_name},
        )
    return back


def unbalanced_message(games: list[int]) -> str:
    return _(
        "Game %(games)s: the plus and minus do not add up to zero; correct it before confirming."
    ) % {"games": ", ".join(str(n) for n in games)}
