"""Correcting the entry list: a mistyped name or start number, a club, an entry made by
mistake. Names and numbers are fixed once a player sits at a published table: the scorepads
keep copies of the seat names, and results already refer to them."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from stichblock.http import require_form_page

from .. import services
from ..access import get_tournament, login_required
from ..forms import PlayerForm
from ..models import Player
from .setup import preview_discarded_message


@login_required
@require_form_page
def player_edit(request, pk: int, player_id: int):
    tournament = get_tournament(request, pk)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    played = services.has_played(player)
    form = PlayerForm(request.POST or None, instance=player)
    if played:
        del form.fields["start_number"], form.fields["name"]
    if request.method == "POST" and form.is_valid():
        c = form.cleaned_data
        had_preview = tournament.draws.filter(published_at__isnull=True).exists()
        services.correct_player(
            player,
            start_number=c.get("start_number", player.start_number),
            name=c.get("name", player.name),
            club=c["club"],
        )
        messages.success(request, _("Saved: %(entry)s.") % {"entry": player})
        if had_preview:
            messages.warning(request, preview_discarded_message())
        return redirect("tournament_players", pk=tournament.pk)
    context = {"tournament": tournament, "player": player, "form": form, "played": played}
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/player.html", context, status=status)


@login_required
@require_POST
def player_remove(request, pk: int, player_id: int):
    tournament = get_tournament(request, pk)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    if services.has_played(player):
        messages.error(
            request,
            _("%(entry)s has played already and stays on the list; withdraw him instead.")
            % {"entry": player},
        )
        return redirect("tournament_players", pk=tournament.pk)
    had_preview = tournament.draws.filter(published_at__isnull=True).exists()
    services.remove_player(player)
    if had_preview:
        messages.warning(request, preview_discarded_message())
    messages.success(request, _("Removed from the list: %(entry)s.") % {"entry": player})
    return redirect("tournament_players", pk=tournament.pk)
