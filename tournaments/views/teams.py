"""The team competition (Skat leagues): the organizer's teams, the team standings (also on
the projector), and the Verlustspielgeld cash list."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.spreadsheets import csv_response
from stichblock.http import require_form_page

from ..access import get_tournament, login_required, public_tournament
from ..fees import loss_fees
from ..models import TEAM_SIZE, Team
from ..services import TournamentError
from ..team_forms import TeamForm, place_field_name
from ..teams import delete_team, save_team, team_standings


def team_initial(team: Team | None) -> dict:
    if team is None:
        return {}
    initial = {"name": team.name}
    for place in team.members.all():
        initial[place_field_name(place.place)] = place.player_id
    return initial


@login_required
@require_form_page
def teams_page(request, pk: int, team_id: int | None = None):
    """The teams and the form for a new one (or, with ``team_id``, for changing one)."""
    tournament = get_tournament(request, pk)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament) if team_id else None
    form = TeamForm(
        request.POST or None, tournament=tournament, team=team, initial=team_initial(team)
    )
    if request.method == "POST" and form.is_valid():
        try:
            saved = save_team(
                tournament, form.cleaned_data["name"], form.cleaned_data["players"], team
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Team “%(name)s” saved.") % {"name": saved.name})
            return redirect("teams", pk=tournament.pk)
    context = {
        "tournament": tournament,
        "form": form,
        "team": team,
        "team_size": TEAM_SIZE,
        "ranking": team_standings(tournament),
        "unassigned": tournament.players.filter(
            withdrawn_at__isnull=True, team_places__isnull=True
        ).order_by("start_number"),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/teams.html", context, status=status)


@login_required
@require_POST
def team_delete(request, pk: int, team_id: int):
    tournament = get_tournament(request, pk)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    delete_team(team)
    messages.success(request, _("Team “%(name)s” deleted.") % {"name": team.name})
    return redirect("teams", pk=tournament.pk)


@require_safe
def public_team_standings(request, key: str):
    """The team standings for the projector (read-only, refreshing itself without JS)."""
    tournament = public_tournament(key)
    return render(
        request,
        "tournaments/public_teams.html",
        {"tournament": tournament, "ranking": team_standings(tournament)},
    )


@login_required
@require_safe
def loss_fee_page(request, pk: int):
    """The organizer's cash list: each player's lost games and Verlustspielgeld per round."""
    tournament = get_tournament(request, pk)
    return render(
        request,
        "tournaments/loss_fees.html",
        {"tournament": tournament, "fees": loss_fees(tournament)},
    )


@login_required
@require_safe
def loss_fee_csv(request, pk: int):
    tournament = get_tournament(request, pk)
    fees = loss_fees(tournament)
    response, writer = csv_response(f"{slugify(tournament.name) or 'tournament'}-loss-fees.csv")
    rounds = fees.rounds
    writer.writerow(
        [_("Start number"), _("Name")]
        + [_("Round %(n)s: lost") % {"n": n} for n in rounds]
        + [_("Lost games"), _("Loss fee (€)")]
    )
    for row in fees.rows:
        writer.writerow(
            [row.start_number, row.name]
            + [row.lost.get(n, "") for n in rounds]
            + [row.total_lost, Decimal(row.total_cents) / 100]
        )
    total = [fees.total_lost, Decimal(fees.total_cents) / 100]
    writer.writerow(["", _("Total"), *[""] * len(rounds), *total])
    return response
