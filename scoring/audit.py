"""The audit trail of a table: every saved change — who, when, what before and after, why."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from .disputes.trail import verdict_lines
from .models import Revision, Table, TableEvent
from .pads import get_pad


def shown_reason(reason: str) -> str:
    """A stored reason in the reader's language. Reasons the app writes itself are stored
    untranslated (an applied verdict as the word "dispute", with the arbiter's note after
    ": "; a lock as its English sentence) and translated here; typed ones stay as typed."""
    head, sep, note = reason.partition(": ")
    if head == "dispute":
        return f"{_('dispute')}: {note}" if sep else _("dispute")
    return _(reason) if reason else reason


@dataclass
class AuditEntry:
    at: datetime
    round_number: int | None
    kind: str  # a translated label: entry, correction, dispute, locked, ...
    author: str
    device: str
    reason: str
    # (label, before, after); before is None for a first entry.
    changes: list[tuple[str, str | None, str]] = field(default_factory=list)
    # Where the change happened when several tables are listed together (e.g. a tournament's
    # round and table number); written as leading CSV columns.
    context: tuple = ()


def audit_trail(table: Table) -> list[AuditEntry]:
    """All revisions and table events of ``table`` in time order (two queries)."""
    pad = get_pad(table.game)
    entries: list[AuditEntry] = []
    previous: dict[int, list[tuple[str, str]]] = {}
    revisions = Revision.objects.filter(round__table=table).select_related("round")
    for revision in revisions.order_by("round__number", "number"):
        number = revision.round.number
        pairs = pad.describe(table, revision.data)
        before = dict(previous.get(number, []))
        if number in previous:
            changes = [(lbl, before.get(lbl), val) for lbl, val in pairs if before.get(lbl) != val]
        else:
            changes = [(label, None, value) for label, value in pairs]
        previous[number] = pairs
        entries.append(
            AuditEntry(
                at=revision.created_at,
                round_number=number,
                kind=revision.get_source_display(),
                author=revision.author,
                device=revision.device,
                reason=revision.reason,
                changes=changes,
            )
        )
    for event in TableEvent.objects.filter(table=table):
        entries.append(
            AuditEntry(
                at=event.created_at,
                round_number=event.round_number,
                kind=event.get_kind_display(),
                author=event.author,
                device=event.device,
                reason=event.reason,
                changes=verdict_lines(event),
            )
        )
    entries.sort(key=lambda entry: entry.at)
    return entries


def write_csv(entries: list[AuditEntry], writer, context_labels=()) -> None:
    """One line per changed value (or per event), so a spreadsheet can filter and sort;
    ``context_labels`` head the columns of the entries' ``context``. ``writer``: csv_response's
    (it keeps typed text from running as a formula)."""
    writer.writerow(
        [
            *context_labels,
            _("time"),
            _("round"),
            _("kind"),
            _("by"),
            _("device"),
            _("reason"),
            _("field"),
            _("before"),
            _("after"),
        ]
    )
    for entry in entries:
        head = [
            *entry.context,
            # The local time the pages show (settings.TIME_ZONE), with its offset: an organizer
            # comparing the file with the page must not find them an hour apart.
            timezone.localtime(entry.at).isoformat(timespec="seconds"),
            entry.round_number or "",
            entry.kind,
            entry.author,
            entry.device,
            shown_reason(entry.reason),
        ]
        if not entry.changes:
            writer.writerow([*head, "", "", ""])
        for label, before, after in entry.changes:
            writer.writerow([*head, label, before, after])
