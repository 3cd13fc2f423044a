"""The table a phone starts while offline (docs/groups.md, "An evening started offline").

A phone on a pub's Wi-Fi must be able to start tonight's table and enter its first games
before the server hears of it. So the evening's page keeps, while it can, what such a table's
page will look like: the server's own table page for a table of the group with this many
players and this first dealer (or opener), started and rolled back, with stand-ins for what
only the phone knows then (the names, the title, the two link keys). The phone puts in its
own (static/js/evening.js), keeps the page under the new table's address and keeps the start
in the outbox; once the server answers, the start goes first (the table is created with the
phone's keys) and the games entered meanwhile follow as into any table.

Making those pages is the dearest request of the app (a table started, rendered and rolled
back per page, 0.3 s and more), so it is made once per group version, size and language and
kept in the cache (``prototypes``) for every scorer phone of the group; a version is what the
pages are made of: the group's name, game and house rules, and the release's static files. The
pages are rendered as nobody (no session, no login, a throwaway CSRF secret): a kept copy gets
the phone's own name, tokens and CSRF cookie in the browser (static/js/offline.js, sync.js).
What the rolled-back tables' rendering caches goes to a cache of its own that is thrown away,
so nothing is kept for tables that do not exist. One render at a time per group version: a
phone asking meanwhile is told to come back (429), never kept waiting in a worker.
"""

from __future__ import annotations

import copy
import hashlib
import json
import secrets
from contextlib import contextmanager
from importlib import import_module

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage import default_storage
from django.core.cache import cache, caches
from django.core.cache.backends.dummy import DummyCache
from django.db import transaction
from django.http import QueryDict
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import timezone
from django.utils.crypto import get_random_string
from django.utils.translation import get_language

from ..access import Scope
from ..models import Access
from ..pads import get_pad
from ..rendering import sheet_page_context
from . import services
from .forms import pad_form, seat_option_fields
from .links import GroupScope


def stand_in(kind: str) -> str:
    # Letters and digits only: escaped the same in every part of a page (text, attributes, JSON).
    return f"sb{kind}{secrets.token_hex(8)}"


def name_stand_in(seat: int) -> str:
    """A seat's name: short enough that no sheet shortens it (scorepad.short_names), and of
    characters no page has otherwise (Unicode's private use) that escaping leaves alone."""
    return f"\ue000{seat}\ue001"


def seat_option(pad):
    """The creation form's seat option (first dealer, first opener), or None."""
    fields = seat_option_fields(pad.create_form_class())
    return fields[0] if fields else None


def table_form(group, names: list[str], title: str = "", seat_value: str = "0"):
    """The game's creation form for a table of the group with these names (bound with its
    house rules), its seat option at ``seat_value``."""
    pad = get_pad(group.game)
    data = QueryDict(mutable=True)
    for seat, name in enumerate(names):
        data[f"player_{seat}"] = name
    option = seat_option(pad)
    if option is not None:
        data[option.name] = seat_value
    data["title"] = title
    return pad_form(pad, data, group.rule_data)


def player_counts(group) -> list[int]:
    """How many players a table of the group may have: the game's, as its house rules allow
    (Stichwahl for two only with the variant for two)."""
    form = get_pad(group.game).create_form_class
    return [
        players
        for players in range((form.min_players or form.player_count), form.player_count + 1)
        if table_form(group, [name_stand_in(seat) for seat in range(players)]).is_valid()
    ]


# As long as the cached fragments of tables (scoring/live.py): a release's new static files
# are picked up within that time even where the key does not notice them.
PROTOTYPE_CACHE_SECONDS = 600
RENDER_LOCK_SECONDS = 30
RETRY_SECONDS = 2  # told to a phone asking while the pages are being made


class Busy(Exception):
    """Another request is making these pages right now."""


def cached_prototypes(request, scope: GroupScope, players: int) -> bytes:
    """``prototypes`` as JSON, made once per group version, size and language. Raises Busy
    while another request makes them."""
    key = prototype_cache_key(scope.group, players)
    found = cache.get(key)
    if found is not None:
        return found
    if not cache.add(f"{key}:making", 1, RENDER_LOCK_SECONDS):
        raise Busy
    try:
        made = json.dumps(prototypes(as_nobody(request), scope, players)).encode()
        cache.set(key, made, PROTOTYPE_CACHE_SECONDS)
        return made
    finally:
        cache.delete(f"{key}:making")


def prototype_cache_key(group, players: int) -> str:
    # With the group's creation time: a database started afresh (tests) reuses ids.
    made_of = [group.created_at, group.name, group.game, group.profile_name, group.profile]
    made_of.append(group.rule_data)
    made_of += [static("css/app.css"), static("js/stichblock.js")]
    digest = hashlib.sha256(json.dumps(made_of, sort_keys=True, default=str).encode())
    return f"evening-prototype:{group.pk}:{digest.hexdigest()[:24]}:{players}:{get_language()}"


def as_nobody(request):
    """``request`` as a phone nobody knows: no session, no login, no messages, and a CSRF
    secret of its own, so that no phone's name or token ends up in pages kept for all."""
    nobody = copy.copy(request)
    nobody.META = {**request.META, "CSRF_COOKIE": get_random_string(32)}
    nobody.session = import_module(settings.SESSION_ENGINE).SessionStore()
    nobody.user = AnonymousUser()
    nobody._messages = default_storage(nobody)
    return nobody


@contextmanager
def throwaway_cache():
    """This thread's default cache is one that keeps nothing (Django's caches are per thread
    and async context): the rendering of a table rolled back afterwards caches its fragments
    under that table, which will not exist."""
    alias = "default"
    kept = caches[alias]
    caches[alias] = DummyCache(alias, {})
    try:
        yield
    finally:
        caches[alias] = kept


def prototypes(request, scope: GroupScope, players: int) -> dict:
    """Pages of a table of ``players`` for every value of the game's seat option, with the
    stand-ins the phone replaces."""
    pad = get_pad(scope.group.game)
    names = [name_stand_in(seat) for seat in range(players)]
    title = stand_in("title")
    option = seat_option(pad)
    values = ["0"]
    if option is not None:
        values = [str(value) for value, _label in option.field.choices if int(value) < players]
    pages = {value: page(request, scope, names, title, value) for value in values}
    return {
        "players": players,
        "names": names,
        "title": title,
        "option": option.name if option is not None else "",
        "pages": pages,
    }


def page(request, scope: GroupScope, names: list[str], title: str, seat_value: str) -> dict:
    group = scope.group
    form = table_form(group, names, title, seat_value)
    if not form.is_valid():
        raise ValueError(f"no table of {len(names)} from the group's rules: {form.errors}")
    with throwaway_cache(), transaction.atomic():
        played_on = timezone.localdate()
        evening = services.evening_from_form(
            group, list(names), form, join=False, played_on=played_on
        )
        table = evening.table
        links = {access.role: access for access in table.accesses.all()}
        table_scope = Scope(table=table, access=links[Access.Role.SCORER])
        html = render_to_string(
            "scoring/table.html", sheet_page_context(request, table_scope), request=request
        )
        transaction.set_rollback(True)
    return {
        "html": html,
        "scorer": links[Access.Role.SCORER].key,
        "viewer": links[Access.Role.VIEWER].key,
    }
