"""Confirming a table's result at the table, shown as a panel on the scorepad page.

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
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import game_limit
from scoring.views import author_of, get_access, require_scorer, summarize

from ..forms import ConfirmForm
from ..models import TournamentTable
from ..progress import games_entered, unbalanced_games
from ..services import confirm_table, confirmation_problem, entrants


def tournament_table_of(table) -> TournamentTable | None:
    return TournamentTable.objects.filter(table=table).select_related("round__tournament").first()


def confirmation_panel(request, access, summary) -> str | None:
    """The tournament box on a scorepad page (None for tables outside tournaments)."""
    if getattr(request, "htmx", False):
        return None  # the live fragment does not show panels: spare its polls the query
    if "tournament" not in access.table.options:
        return None  # publishing marks a tournament's tables; casual tables need no query
    tournament_table = tournament_table_of(access.table)
    if tournament_table is None:
        return None
    table = access.table
    context = {
        "access": access,
        "tournament_table": tournament_table,
        "tournament": tournament_table.round.tournament,
        "summary": summary,
        "games_entered": games_entered(table, summary),
        # Only a count of games per round (Schafkopf): the other pads show their own rounds.
        "games_required": game_limit.games_required(table.options),
        "thrown_in_uncounted": not game_limit.thrown_in_counts(table.options),
        "unbalanced": unbalanced_games(table.game, summary),
    }
    if summary.finished and not table.is_locked and access.can_score:
        who = entrants(table)
        device = request.session.get("device", "")
        context["entered_here"] = bool(device) and device in who.devices
        names = [name for name in summary.players if name.strip().casefold() not in who.names]
        context["form"] = ConfirmForm(seat_names=names)
    return render_to_string("tournaments/_panel.html", context, request=request)


@require_POST
def confirm(request, key: str):
    access = get_access(key)
    require_scorer(access)
    table = access.table
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
