"""The club: its players (members) and organizers. Registering picks from its players; a
removed player keeps his results under "Spieler 17" (services.remove_member)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from stichblock.http import require_form_page

from .. import services
from ..access import get_club, login_required
from ..forms import ClubForm, MembersForm, OrganizerForm
from ..models import Member


@login_required
@require_POST
def club_new(request):
    form = ClubForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("name", []):
            messages.error(request, error)
        return redirect("tournament_list")
    club = services.create_club(request.user, form.cleaned_data["name"])
    messages.success(request, _("Club created. Now add its players."))
    return redirect("club", pk=club.pk)


@login_required
@require_form_page
def club_detail(request, pk: int):
    club = get_club(request, pk)
    form = MembersForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        added = services.add_members(club, form.cleaned_data["names"])
        messages.success(
            request, _("Added: %(names)s.") % {"names": ", ".join(m.name for m in added)}
        )
        return redirect("club", pk=club.pk)
    context = {
        "club": club,
        "form": form,
        "members": club.members.filter(removed_at__isnull=True).order_by("name"),
        "removed": club.members.filter(removed_at__isnull=False).count(),
        "organizers": club.organizers.order_by("username"),
        "organizer_form": OrganizerForm(),
        "tournaments": club.tournaments.order_by("-date", "-created_at"),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/club.html", context, status=status)


@login_required
@require_form_page
def member_remove(request, pk: int, member_id: int):
    """Asks first (a page, no script needed), then forgets the name."""
    club = get_club(request, pk)
    member = get_object_or_404(Member, pk=member_id, club=club, removed_at__isnull=True)
    if request.method == "POST":
        name = member.name
        services.remove_member(member)
        messages.success(
            request,
            _("%(name)s is removed: his results stay, under “%(new)s”.")
            % {"name": name, "new": member.name},
        )
        return redirect("club", pk=club.pk)
    context = {
        "club": club,
        "member": member,
        "new_name": services.removed_name(member),
        "tournaments": member.entries.count(),
    }
    return render(request, "tournaments/member_remove.html", context)


@login_required
@require_POST
def club_organizer_add(request, pk: int):
    club = get_club(request, pk)
    form = OrganizerForm(request.POST)
    if form.is_valid():
        club.organizers.add(form.user)
        messages.success(
            request,
            _("%(name)s is now an organizer of this club.") % {"name": form.user.get_username()},
        )
    else:
        for error in form.errors.get("username", []):
            messages.error(request, error)
    return redirect("club", pk=club.pk)
