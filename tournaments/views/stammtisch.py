"""A Stammtisch joins a club (issue 29): the organizer pastes its scorer link, then says which
club member each roster player is (the likely ones preselected, a new name a new member)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from stichblock.http import require_form_page

from .. import stammtisch
from ..access import get_club, login_required
from ..forms import GroupLinkForm, RosterMatchForm
from ..services import TournamentError
from .clubs import author_of


@login_required
@require_form_page
def group_link(request, pk: int):
    club = get_club(request, pk)
    link_form = GroupLinkForm(request.POST or None, club=club)
    match_form = None
    status = 422 if request.method == "POST" else 200
    if request.method == "POST" and link_form.is_valid():
        group = link_form.group
        matching = "match" in request.POST
        match_form = RosterMatchForm(request.POST if matching else None, group=group, club=club)
        status = 200
        if matching and match_form.is_valid():
            try:
                stammtisch.link_group(group, club, match_form.matches, author_of(request))
            except TournamentError as error:
                match_form.add_error(None, str(error))
                status = 422
            else:
                messages.success(
                    request,
                    _("%(group)s is a Stammtisch of %(club)s: its roster is the club's players.")
                    % {"group": group.name, "club": club.name},
                )
                return redirect("club", pk=club.pk)
        elif matching:
            status = 422
    context = {"club": club, "link_form": link_form, "match_form": match_form}
    return render(request, "tournaments/group_link.html", context, status=status)
