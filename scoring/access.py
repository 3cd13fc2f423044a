"""Who is asking, and what their link lets them do: the one place a link is checked.

The ways in, each its own URL prefix:

- a table link ``/t/<key>/…``: the scorer link enters and corrects results and opens and
  applies disputes; the viewer link only reads; a link of one table never reaches another;
- an organizer ``/organizer/tables/<id>/…``: a logged-in user for whom a registered table
  authority (``scoring.hooks.register_table_authority``) says yes may do what a scorer may;
  anybody else gets 404 (a login page when not logged in);
- a dispute's read-only link ``/d/<key>/``: the replay and the verdict of that one dispute;
- other apps' links (a tournament's public standings): each app registers the model field
  holding its keys with ``register_link_key`` in its ``AppConfig.ready``, so the rate limits
  (stichblock/ratelimit.py) tell a real link from a guessed one.

Views take a ``Scope`` from the ``table_link`` decorator and ask it (``can_edit``,
``may_apply``) instead of looking at roles themselves.
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from dataclasses import dataclass
from functools import wraps
from inspect import iscoroutinefunction

from asgiref.sync import sync_to_async
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .hooks import has_table_authority
from .models import Access, Dispute, Table
from .services import Author

# Suffix of the URL names under the organizer's prefix (scoring/disputes/urls.py).
ORGANIZER_SUFFIX = "_org"

READ_ONLY_RESULTS = _("This link is read-only: it cannot enter or correct results.")
READ_ONLY_DISPUTES = _("This link is read-only: it cannot open, change or apply disputes.")
ORGANIZER_DECIDES = _(
    "On a tournament table the organizers decide disputes: they apply the verdict."
)


@dataclass
class Scope:
    """A table as one visitor reaches it: through a table link, as its organizer, or through
    one dispute's read-only link."""

    table: Table
    access: Access | None = None  # None for the organizer and the dispute's own link
    organizer: bool = False
    dispute: Dispute | None = None  # set for a dispute's read-only link

    @property
    def can_edit(self) -> bool:
        """Enter and correct results, open and change disputes."""
        return self.organizer or (self.access is not None and self.access.can_score)

    @property
    def may_apply(self) -> bool:
        """On a tournament table the organizers decide disputes (docs/rules/tournaments.md):
        the players record the round, the organizer applies or leaves the verdict."""
        if self.organizer:
            return True
        return self.can_edit and not self.table.options.get("tournament")

    @property
    def shared(self) -> bool:
        """Reached through a dispute's read-only link."""
        return self.dispute is not None and self.access is None and not self.organizer

    def author(self, request) -> Author:
        """Who did it, for the audit trail: the organizer's account, else the phone's name."""
        return organizer_author(request) if self.organizer else author_of(request)

    def require_edit(self, refusal: str | Promise = READ_ONLY_RESULTS) -> None:
        if not self.can_edit:
            raise PermissionDenied(str(refusal))

    def require_apply(self) -> None:
        self.require_edit(READ_ONLY_DISPUTES)
        if not self.may_apply:
            raise PermissionDenied(str(ORGANIZER_DECIDES))

    def get_dispute(self, dispute_id: int) -> Dispute:
        """A dispute of this scope's table (another table's: 404)."""
        return get_object_or_404(Dispute, pk=dispute_id, table=self.table)

    def url(self, name: str, *args) -> str:
        """A URL in this scope: the same page under the table link or the organizer's prefix."""
        if self.organizer:
            return reverse(name + ORGANIZER_SUFFIX, args=[self.table.pk, *args])
        return reverse(name, args=[self.access.key, *args])

    def table_url(self) -> str | None:
        return reverse("table", args=[self.access.key]) if self.access else None

    def round_url(self, number: int) -> str | None:
        return reverse("round", args=[self.access.key, number]) if self.access else None


def link_scope(key: str) -> Scope:
    """The scope of a table link; 404 for a key that is no table link."""
    access = get_object_or_404(Access.objects.select_related("table"), key=key)
    return Scope(table=access.table, access=access)


def dispute_link_scope(key: str) -> Scope:
    """The scope of a dispute's read-only link; 404 for an unknown key."""
    dispute = get_object_or_404(Dispute.objects.select_related("table"), share_key=key)
    return Scope(table=dispute.table, dispute=dispute)


def table_link(view=None, *, edit: bool = False, organizers: bool = False):
    """Resolve the URL's ``key`` (a table link) into the ``scope`` the view gets as its second
    argument. ``edit=True`` refuses read-only links (403 with the reason);
    ``organizers=True`` also accepts ``table_id`` under the organizer's prefix. An async view
    (the event stream) gets the same checks, run in a thread."""

    def resolve(request, key: str | None, table_id: int | None):
        if key is not None:
            scope = link_scope(key)
        elif organizers and table_id is not None:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            table = get_object_or_404(Table, pk=table_id)
            if not has_table_authority(request, table):
                raise Http404
            scope = Scope(table=table, organizer=True)
        else:
            raise Http404
        if edit:
            scope.require_edit()
        return scope

    def decorate(view):
        if iscoroutinefunction(view):

            @wraps(view)
            async def async_wrapper(request, *args, key=None, table_id=None, **kw):
                scope = await sync_to_async(resolve)(request, key, table_id)
                if not isinstance(scope, Scope):
                    return scope  # the login page
                return await view(request, scope, *args, **kw)

            return async_wrapper

        @wraps(view)
        def wrapper(request, *args, key: str | None = None, table_id: int | None = None, **kw):
            scope = resolve(request, key, table_id)
            if not isinstance(scope, Scope):
                return scope
            return view(request, scope, *args, **kw)

        return wrapper

    return decorate(view) if view is not None else decorate


# --- who is acting -----------------------------------------------------------------------------


def author_of(request) -> Author:
    """Who enters through this request, for the audit trail: a signed-in organizer of the
    table reached (through its table link too: the pad he corrects on) is his account, never
    a name typed on the phone; anybody else is the phone, with the name it typed last (a name
    claiming to be the organizers loses the claim) and its device id."""
    if organizes_linked_table(request):
        return organizer_author(request)
    return Author(
        name=without_organizer_claim(request.session.get("author", "")), device=device_of(request)
    )


def organizer_author(request) -> Author:
    """A logged-in organizer as the author of what he does on a table (locks, disputes)."""
    name = gettext("%(user)s (organizer)") % {"user": request.user.get_username()}
    return Author(name=name[:60], device=device_of(request))


def device_of(request) -> str:
    """The browser's id (kept in its session), stored with everything it enters."""
    return request.session.setdefault("device", uuid.uuid4().hex[:8])


def organizes_linked_table(request) -> bool:
    """True when a signed-in user reaches a table through its table link (``key`` in the URL)
    and a table authority says he decides on it (a tournament's organizer). Asked once per
    request, and only of signed-in users."""
    if not getattr(request, "user", None) or not request.user.is_authenticated:
        return False
    if not hasattr(request, "_organizes_linked_table"):
        match = getattr(request, "resolver_match", None)
        key = match.kwargs.get("key") if match else None
        access = Access.objects.select_related("table").filter(key=key).first() if key else None
        request._organizes_linked_table = bool(
            access and has_table_authority(request, access.table)
        )
    return request._organizes_linked_table


# The words the audit trail marks an organizer's entries with, in every language offered
# ("%(user)s (organizer)"): a name typed on a phone may not carry them.
ORGANIZER_WORDS = ("turnierleitung", "organizer", "organiser")
CLAIM = re.compile(r"[\s(\[{]*(?:" + "|".join(ORGANIZER_WORDS) + r")[\s)\]}]*", re.IGNORECASE)


def without_organizer_claim(name: str) -> str:
    """``name`` as typed, less any claim to be the tournament's organizers ("orga
    (Turnierleitung)" becomes "orga"); a claim hidden with look-alike characters or inner
    punctuation leaves no name at all (the entry shows "a phone" and its device)."""
    plain = unicodedata.normalize("NFKC", name)
    kept = CLAIM.sub(" ", plain).strip() if CLAIM.search(plain) else plain
    letters = "".join(
        char for char in unicodedata.normalize("NFKD", kept).casefold() if char.isalpha()
    )
    if any(word in letters for word in ORGANIZER_WORDS):
        return ""
    return kept if kept != plain else name


# --- which keys are links ----------------------------------------------------------------------

LINK_KEYS: list[tuple[type[Model], str]] = []


def register_link_key(model: type[Model], field: str) -> None:
    """Declare that ``model.field`` holds keys used in URLs (call in ``AppConfig.ready``)."""
    if (model, field) not in LINK_KEYS:
        LINK_KEYS.append((model, field))


def is_link_key(key: str) -> bool:
    """True when ``key`` is a real link of any registered kind (one query per kind)."""
    return any(model.objects.filter(**{field: key}).exists() for model, field in LINK_KEYS)
