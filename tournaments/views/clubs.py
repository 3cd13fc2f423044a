"""The club: its players (members) and organizers. Registering picks from its players; a
removed player keeps his results under "Spieler 17" (services.remove_member)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from stichblock.http import require_form_page

from .. import services
from ..access import get_club, login_required
from ..forms import ClubForm, MemberNameForm, MembersForm, MergeForm, OrganizerForm
from ..models import Member, MemberChange
from ..names import spellings, surname_key
from ..stammtisch import evenings_of


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
        if not form.rejected:
            return redirect("club", pk=club.pk)
        form = form.retry()
    members = list(club.members.filter(removed_at__isnull=True).order_by("name"))
    if request.GET.get("order") == "surname":
        members.sort(key=lambda member: surname_key(member.name))
    context = {
        "club": club,
        "form": form,
        "members": members,
        "removed": club.members.filter(removed_at__isnull=False, merged_into=None).count(),
        "changes": club.member_changes.select_related("member", "merged")[:10],
        "doubles": likely_doubles(members),
        "groups": club.groups.order_by("name"),
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


def likely_doubles(members: list[Member]) -> list[tuple[Member, Member]]:
    """Pairs of members whose names are likely one person's (names.spellings)."""
    first: dict[str, Member] = {}
    pairs = []
    for member in sorted(members, key=lambda m: m.number):
        for key in spellings(member.name):
            other = first.setdefault(key, member)
            if other is not member and (other, member) not in pairs:
                pairs.append((other, member))
    return pairs


def author_of(request) -> str:
    return _("%(user)s (organizer)") % {"user": request.user.get_username()}


@login_required
@require_form_page
def member_detail(request, pk: int, member_id: int):
    """One person of the club: his tournaments, his history, rename and merge."""
    club = get_club(request, pk)
    member = get_object_or_404(Member, pk=member_id, club=club, removed_at__isnull=True)
    action = request.POST.get("action")
    rename = MemberNameForm(request.POST if action == "rename" else None, member=member)
    merge = MergeForm(request.POST if action == "merge" else None, member=member)
    if action == "rename" and rename.is_valid():
        old = member.name
        try:
            services.rename_member(member, rename.cleaned_data["name"], author_of(request))
        except services.TournamentError as error:
            member.name = old
            rename.add_error("name", str(error))
        else:
            messages.success(
                request,
                _("%(old)s is now called %(new)s.") % {"old": old, "new": member.name},
            )
            return redirect("member", pk=club.pk, member_id=member.pk)
    if action == "merge" and merge.is_valid():
        other = merge.cleaned_data["other"]
        try:
            services.merge_members(member, other, author_of(request))
        except services.TournamentError as error:
            merge.add_error("other", str(error))
        else:
            messages.success(
                request,
                _("%(other)s is merged into %(name)s: his results are %(name)s's now.")
                % {"other": other.name, "name": member.name},
            )
            return redirect("member", pk=club.pk, member_id=member.pk)
    context = {
        "club": club,
        "member": member,
        "rename_form": rename,
        "merge_form": merge,
        "entries": member.entries.select_related("tournament").order_by(
            "-tournament__date", "-tournament__created_at"
        ),
        "series": club.series.filter(tournaments__players__member=member).distinct(),
        "evenings": evenings_of(member),
        "changes": MemberChange.objects.filter(
            Q(member=member) | Q(merged=member), club=club
        ).select_related("member", "merged"),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/member.html", context, status=status)


@login_required
@require_POST
def change_undo(request, pk: int, change_id: int):
    club = get_club(request, pk)
    change = get_object_or_404(MemberChange, pk=change_id, club=club, undone_at__isnull=True)
    try:
        services.undo_change(change, author_of(request))
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Undone: %(change)s.") % {"change": change_text(change)})
    return redirect("club", pk=club.pk)


def change_text(change: MemberChange) -> str:
    if change.kind == MemberChange.Kind.MERGE:
        return _("%(gone)s merged into %(kept)s") % {
            "gone": change.old_name,
            "kept": change.new_name,
        }
    return _("%(old)s renamed %(new)s") % {"old": change.old_name, "new": change.new_name}
