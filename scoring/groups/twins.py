"""Two tables of a group on one day with the same people (docs/groups.md, "Two tables with
the same people"): often one evening started twice, on two phones (one of them offline),
sometimes really a second table that night. Which evening is whose twin, and what the phone
that starts the second one is told."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .models import Evening, Group, Player


def people_of(group: Group, sitting: Iterable[Player | str | None]) -> frozenset[int] | None:
    """The persons a seating names (a guest's name as the group knows it, any case), or None
    when a guest is new to the group: nobody sat at a table with him yet."""
    people = set()
    for person in sitting:
        if person is None:
            continue
        if isinstance(person, str):
            lower = group.players.annotate(lower=Lower("name"))
            person = lower.filter(lower=person.casefold()).first()
            if person is None:
                return None
        people.add(person.pk)
    return frozenset(people)


def first_with(
    group: Group, played_on: datetime.date, people: frozenset[int] | None, before: int | None = None
) -> Evening | None:
    """The group's first evening of that day (counted, started before evening ``before``) at
    which exactly these persons sat, in any order."""
    if not people:
        return None
    evenings = group.evenings.filter(played_on=played_on, struck=False).order_by("pk")
    if before is not None:
        evenings = evenings.filter(pk__lt=before)
    evenings = evenings.select_related("table").prefetch_related("seats__player")
    for evening in evenings:
        if {seat.player_id for seat in evening.seats.all()} == people:
            return evening
    return None


def same_people_that_day(evening: Evening) -> list[Evening]:
    """The group's counted evenings of that day with this one's people (this one included)."""
    people = {seat.player_id for seat in evening.seats.all()}
    same_day = evening.group.evenings.filter(played_on=evening.played_on, struck=False)
    same_day = same_day.order_by("pk").prefetch_related("seats")
    return [other for other in same_day if {s.player_id for s in other.seats.all()} == people]


def twin_before(evening: Evening) -> Evening | None:
    """The evening this one may repeat, unless the group said it is a second table."""
    if evening.second_table or evening.struck:
        return None
    people = frozenset(evening.seats.values_list("player_id", flat=True))
    return first_with(evening.group, evening.played_on, people, before=evening.pk)


def marked_twins(rows: list) -> dict[int, object]:
    """Per evening (its pk) that may be a twin, the other row: for a later table the first of
    that day with the same people, for the first one its first such later table. ``rows``:
    the group's counted evenings in order (``season.evening_rows``)."""
    firsts: dict[tuple, object] = {}
    marks: dict[int, object] = {}
    for row in rows:
        key = (row.evening.played_on, frozenset(player.pk for player in row.players))
        first = firsts.setdefault(key, row)
        if first is not row and not row.evening.second_table:
            marks[row.evening.pk] = first
            marks.setdefault(first.evening.pk, row)
    return marks


def started_at(evening: Evening) -> str:
    return date_format(timezone.localtime(evening.table.created_at), "H:i")


def warning(twin: Evening) -> str:
    """What the phone that started the second table is told about the first."""
    day = date_format(twin.played_on, pgettext("day of a table in a warning", "N j"))
    people = ", ".join(seat.player.name for seat in twin.seats.all())
    return _(
        "On %(day)s there is already a table with %(people)s (started %(time)s). Two tables "
        "that evening? On the group's page you keep both or strike one."
    ) % {"day": day, "people": people, "time": started_at(twin)}


def twin_answer(twin: Evening, table_key: str) -> dict:
    """The first table as a JSON answer names it (``table_key``: its link for this phone)."""
    return {
        "url": reverse("table", args=[table_key]),
        "played_on": twin.played_on.isoformat(),
        "started": timezone.localtime(twin.table.created_at).isoformat(),
        "players": [seat.player.name for seat in twin.seats.all()],
    }


def struck_evenings(group: Group, role: str) -> list[tuple[Evening, str, list[Player]]]:
    """The evenings struck as twins, newest first: each with its table's link of ``role``
    and who sat."""
    struck = group.evenings.filter(struck=True).order_by("-played_on", "-pk")
    struck = struck.select_related("table").prefetch_related("seats__player", "table__accesses")
    return [
        (
            evening,
            next(a.key for a in evening.table.accesses.all() if a.role == role),
            [seat.player for seat in evening.seats.all()],
        )
        for evening in struck
    ]
