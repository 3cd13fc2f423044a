"""The table a phone starts while offline (docs/groups.md, "An evening started offline").

A phone on a pub's Wi-Fi must be able to start tonight's table and enter its first games
before the server hears of it. So the evening's page keeps, while it can, what such a table's
page will look like: the server's own table page for a table of the group with this many
players and this first dealer (or opener), started and rolled back, with stand-ins for what
only the phone knows then (the names, the title, the two link keys). The phone puts in its
own (static/js/evening.js), keeps the page under the new table's address and keeps the start
in the outbox; once the server answers, the start goes first (the table is created with the
phone's keys) and the games entered meanwhile follow as into any table.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import timezone

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


def prototypes(request, scope: GroupScope, players: int) -> dict:
    """Pages of a table of ``players`` for every value of the game's seat option, with the
    stand-ins the phone replaces."""
    pad = get_pad(scope.group.game)
    names = [name_stand_in(seat) for seat in range(players)]
    title = stand_in("title")
    option = seat_option(pad)
    values = [""]
    if option is not None:
        values = [str(value) for value, _label in option.field.choices if int(value) < players]
    pages = {value: page(request, scope, names, title, option, value) for value in values}
    return {
        "players": players,
        "names": names,
        "title": title,
        "option": option.name if option is not None else "",
        "pages": pages,
    }


def page(request, scope: GroupScope, names: list[str], title: str, option, value: str) -> dict:
    group = scope.group
    pad = get_pad(group.game)
    data = QueryDict(mutable=True)
    for seat, name in enumerate(names):
        data[f"player_{seat}"] = name
    if option is not None:
        data[option.name] = value
    data["title"] = title
    table_form = pad_form(pad, data, group.rule_data)
    if not table_form.is_valid():
        raise ValueError(f"no table of {len(names)} from the group's rules: {table_form.errors}")
    with transaction.atomic():
        played_on = timezone.localdate()
        evening = services.evening_from_form(
            group, list(names), table_form, join=False, played_on=played_on
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
