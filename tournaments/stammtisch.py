"""A club's Stammtisch (issue 29): a group linked to a club has the club's members as its
roster, one record per person. Linking matches each roster player to a member (the
organizer confirms every match, a new name becomes a new member); afterwards a player who
joins the roster is the member of that name or a new one, and a rename on either side renames
the other (the roster hook, ``scoring.hooks.register_roster_hook``). Groups without a club
work as before."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.groups.models import EveningSeat, Group
from scoring.groups.models import Player as GroupPlayer
from scoring.groups.services import NameTaken

from . import names
from .models import Club, Member
from .services import (
    TournamentError,
    add_members,
    members_named,
    rename_group_player,
    rename_member,
)

KEY_IN_LINK = re.compile(r"(?:/g/)?([A-Za-z0-9_-]{8,40})/?$")


def group_of_link(link: str) -> Group | None:
    """The group whose scorer link (or its key) this is; None for anything else, its viewer
    link too: only who may change the group links it to a club."""
    match = KEY_IN_LINK.search(link.strip().split("?")[0])
    return Group.objects.filter(scorer_key=match[1]).first() if match else None


def suggested_member(player: GroupPlayer, members: list[Member]) -> Member | None:
    """The member a roster player likely is: the same name, else a likely spelling of it."""
    same = [m for m in members if m.name.casefold() == player.name.casefold()]
    return (same or [m for m in members if names.similar(m.name, player.name)] or [None])[0]


def roster_of(group: Group) -> list[GroupPlayer]:
    return list(group.players.filter(on_roster=True).order_by("name"))


@transaction.atomic
def link_group(group: Group, club: Club, matches: dict[int, Member | None], author: str) -> None:
    """The group is the club's; each roster player is the member matched (None: a new
    member of his name). A matched member's name becomes the player's on the group's
    sheets too."""
    group.club = club
    group.save(update_fields=["club"])
    roster = roster_of(group)
    new = add_members(club, [p.name for p in roster if matches.get(p.pk) is None])
    by_name = {member.name: member for member in new}
    for player in roster:
        member = matches.get(player.pk) or by_name[player.name]
        player.member = member
        player.save(update_fields=["member"])
    for player in roster:
        if player.name != player.member.name:
            rename_group_player(player, player.member.name)


def roster_changed(player: GroupPlayer) -> None:
    """A club's Stammtisch: a player who joined its roster is the club's member of that name
    (or a new one); a renamed player's member is renamed with him."""
    group = player.group
    if group.club_id is None or not player.on_roster:
        return
    taken = group.club.members.filter(name__iexact=player.name)
    if player.member_id is None:
        member = members_named(group.club, [player.name]).get(player.name.casefold())
        if member is not None and group.players.filter(member=member).exists():
            # A spelling merged into somebody already on this roster: the group keeps two
            # names for him until somebody renames one (no second club record is made).
            return
        if member is None:
            (member,) = add_members(group.club, [player.name])
        player.member = member
        player.save(update_fields=["member"])
    elif player.member.name != player.name:
        if taken.exclude(pk=player.member_id).exists():
            raise NameTaken(player.name)  # another club player's: the roster page says so
        try:
            rename_member(
                player.member,
                player.name,
                _("Stammtisch %(group)s") % {"group": group.name},
            )
        except TournamentError:
            raise NameTaken(player.name) from None


def evenings_of(member: Member) -> list[EveningSeat]:
    """His Stammtisch evenings (seats), newest first."""
    return list(
        EveningSeat.objects.filter(player__member=member)
        .select_related("evening__group", "evening__table")
        .order_by("-evening__played_on", "-evening__pk")
    )
