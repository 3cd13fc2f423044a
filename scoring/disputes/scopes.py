"""Who is looking at a dispute, and what they may do.

Three ways in, each its own URL prefix (urls.py):

- a table link ``/t/<key>/…``: the scorer link may open, edit and apply; the viewer link
  only reads; a link of one table never reaches another table's disputes;
- an organizer ``/organizer/tables/<id>/…``: a logged-in user for whom a registered table
  authority (``scoring.hooks.register_table_authority``) says yes; he may do what a scorer
  may; anybody else gets 404 (a login page when not logged in);
- a dispute's read-only link ``/d/<key>/``: the replay and the verdict of that one dispute.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..hooks import has_table_authority
from ..models import Access, Dispute, Table
from ..services import Author
from ..views import author_of, organizer_author

ORGANIZER_SUFFIX = "_org"


@dataclass
class Scope:
    table: Table
    access: Access | None = None  # None for the organizer
    organizer: bool = False
    dispute: Dispute | None = None  # set for the read-only link

    @property
    def can_edit(self) -> bool:
        return self.organizer or (self.access is not None and self.access.can_score)

    @property
    def may_apply(self) -> bool:
        """On a tournament table the organizers decide disputes (tournaments.md): the
        players record the round, the organizer applies or leaves the verdict."""
        if self.organizer:
            return True
        return self.can_edit and not self.table.options.get("tournament")

    def author(self, request) -> Author:
        """Who did it, for the audit trail: the organizer's account, else the phone's name."""
        if self.organizer:
            return organizer_author(request)
        return author_of(request)

    @property
    def shared(self) -> bool:
        return self.dispute is not None and self.access is None and not self.organizer

    def url(self, name: str, *args) -> str:
        """A dispute URL in this scope: the same page under the table link or the
        organizer's prefix."""
        if self.organizer:
            return reverse(name + ORGANIZER_SUFFIX, args=[self.table.pk, *args])
        return reverse(name, args=[self.access.key, *args])

    def table_url(self) -> str | None:
        return reverse("table", args=[self.access.key]) if self.access else None

    def round_url(self, number: int) -> str | None:
        return reverse("round", args=[self.access.key, number]) if self.access else None

    def require_edit(self) -> None:
        if not self.can_edit:
            raise PermissionDenied(
                _("This link is read-only: it cannot open, change or apply disputes.")
            )

    def require_apply(self) -> None:
        self.require_edit()
        if not self.may_apply:
            raise PermissionDenied(ORGANIZER_DECIDES)


ORGANIZER_DECIDES = _lazy(
    "On a tournament table the organizers decide disputes: they apply the verdict."
)


def scoped(view):
    """Resolve ``key`` (a table link) or ``table_id`` (an organizer) into ``scope``."""

    @wraps(view)
    def wrapper(request, *args, key: str | None = None, table_id: int | None = None, **kwargs):
        if key is not None:
            access = get_object_or_404(Access.objects.select_related("table"), key=key)
            scope = Scope(table=access.table, access=access)
        else:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            table = get_object_or_404(Table, pk=table_id)
            if not has_table_authority(request, table):
                raise Http404
            scope = Scope(table=table, organizer=True)
        return view(request, scope, *args, **kwargs)

    return wrapper


def dispute_of(scope: Scope, dispute_id: int) -> Dispute:
    """The dispute, only if it belongs to the scope's table (another table's: 404)."""
    return get_object_or_404(Dispute, pk=dispute_id, table=scope.table)


def shared_scope(key: str) -> Scope:
    dispute = get_object_or_404(Dispute.objects.select_related("table"), share_key=key)
    return Scope(table=dispute.table, dispute=dispute)
