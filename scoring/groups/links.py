"""A group's two private links, as a table's (scoring/access.py): the scorer link starts
evenings, edits the roster and marks payments; the viewer link only reads. The key decides
the group, so a link of one group never reaches another."""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext_lazy as _

from ..models import Access
from .models import Group

READ_ONLY = _("This link is read-only: it cannot change the group.")
MY_GROUPS = "groups"  # session key: scorer links of groups this browser started or used
MY_GROUPS_KEEP = 10


@dataclass
class GroupScope:
    group: Group
    key: str

    @property
    def can_edit(self) -> bool:
        return self.key == self.group.scorer_key

    @property
    def table_role(self) -> str:
        """The role of the table links this link leads to: a viewer sees tables as a viewer."""
        return Access.Role.SCORER if self.can_edit else Access.Role.VIEWER

    def require_edit(self) -> None:
        if not self.can_edit:
            raise PermissionDenied(str(READ_ONLY))


def group_link(view=None, *, edit: bool = False):
    """Resolve the URL's ``key`` into the ``scope`` the view gets as its second argument;
    ``edit=True`` refuses the viewer link (403 with the reason)."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, key: str, **kwargs):
            group = Group.objects.filter(Q(scorer_key=key) | Q(viewer_key=key)).first()
            if group is None:
                raise Http404
            scope = GroupScope(group=group, key=key)
            if edit:
                scope.require_edit()
            return view(request, scope, *args, **kwargs)

        return wrapper

    return decorate(view) if view is not None else decorate


def remember_group(request, scope: GroupScope) -> None:
    """The home page lists the groups this browser scored for ("Your groups")."""
    if not scope.can_edit:
        return
    keys = request.session.get(MY_GROUPS, [])
    if keys[:1] == [scope.key]:
        return  # already first: no session write on every page view
    request.session[MY_GROUPS] = [scope.key, *(k for k in keys if k != scope.key)][:MY_GROUPS_KEEP]


def my_groups(request) -> list[Group]:
    keys = request.session.get(MY_GROUPS, [])
    groups = {group.scorer_key: group for group in Group.objects.filter(scorer_key__in=keys)}
    return [groups[key] for key in keys if key in groups]
