"""Database side of disputes: opening one, saving its draft tap by tap, applying its verdict.

Applying is a correction like any other: ``scoring.services.save_round`` stores a new
revision (source ``dispute``), with its conflict and double-submit safety, and the round's
data is scored by the pad's own entry form, exactly as if a scorer had typed it in.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Dispute, Revision, Table, TableEvent
from ..pads import get_pad
from ..rules.core import Verdict
from ..services import Author, save_round
from ..tables import summarize
from .drafts import verdict_of
from .games import get_adapter


class Stale(Exception):
    """The draft changed since the phone loaded it (another phone, or a double tap)."""


class AlreadyApplied(Exception):
    """The dispute's verdict was applied; its record no longer changes."""


class NothingChanged(Exception):
    """The sheet already holds exactly what the verdict would store."""


class NotApplicable(Exception):
    """The verdict cannot become the round's data; ``messages`` say why."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = [str(message) for message in messages]


@dataclass
class Candidate:
    """What applying would store: the round's data and scores by the pad's entry path.

    ``choices`` are the ways the pad offers to apply this verdict (``(key, label)``, the
    first the default; empty when there is only one) with ``label`` naming the choice, and
    ``apply_as`` the one this candidate is.
    """

    data: dict
    scores: list[int]
    verdict: Verdict
    apply_as: str = ""
    choices: list[tuple[str, str]] = field(default_factory=list)
    label: str = ""


def verdict_choices(pad, table: Table, row, verdict: dict) -> tuple[str, list]:
    """(label, choices) of a pad that offers several ways to apply a verdict, e.g. a
    Schafkopf misplay as the misplay or as played (``Pad.verdict_choices``, optional)."""
    offer = getattr(pad, "verdict_choices", None)
    found = offer(table, row, verdict) if offer else None
    return found if found else ("", [])


# Fields of a pad's entry form that are not round data.
FORM_GUARDS = ("base", "submission", "author", "reason")


def open_dispute(table: Table, number: int, draft: dict, *, author: Author, note: str) -> Dispute:
    current = (
        Revision.objects.filter(round__table=table, round__number=number, is_current=True)
        .values_list("number", flat=True)
        .first()
    )
    with transaction.atomic():
        dispute = Dispute.objects.create(
            table=table,
            round_number=number,
            opened_at_revision=current or 0,
            draft=draft,
            note=note,
            opened_by=author.name,
            device=author.device,
        )
        TableEvent.objects.create(
            table=table,
            round_number=number,
            kind=TableEvent.Kind.DISPUTE_OPENED,
            author=author.name,
            device=author.device,
            reason=note,
            details={"dispute": dispute.pk},
        )
        table.touch()  # every phone and the organizer's dashboard see a dispute is running
    return dispute


def save_draft(dispute: Dispute, version: int, draft: dict) -> Dispute:
    """Store ``draft`` if the dispute is still at ``version``; Stale otherwise (the phone's
    tap was made on an older board), AlreadyApplied once its verdict was applied."""
    updated = Dispute.objects.filter(
        pk=dispute.pk, version=version, applied_at__isnull=True
    ).update(draft=draft, version=F("version") + 1, updated_at=timezone.now())
    dispute.refresh_from_db()
    if not updated:
        raise AlreadyApplied() if dispute.is_applied else Stale()
    return dispute


def entry_values(pad, data: dict) -> dict:
    """The entry form's values for round data (what the correction form would show)."""
    if pad.game == "scharfe_schoten":
        return pad.initial_from(data, with_predictions=True)
    return pad.initial_from(data)


def candidate(table: Table, dispute: Dispute, apply_as: str = "") -> Candidate:
    """The round's data and scores for the dispute's verdict, through the pad's entry form
    (its checks and its scoring); NotApplicable when the verdict or the form says no.
    ``apply_as`` picks one of the pad's choices (empty: the first)."""
    adapter = get_adapter(table.game)
    verdict = verdict_of(adapter, dispute.draft)
    if verdict is None or not verdict.complete:
        raise NotApplicable([_("The record is not complete yet: tap the round to its end.")])
    if verdict.result is None:
        refusal = _("The recorded cards are not one deck (a card twice): there is no result.")
        raise NotApplicable([refusal])
    pad = get_pad(table.game)
    summary = summarize(table)
    number = dispute.round_number
    row = summary.row(number)
    if row is None:
        raise NotApplicable([_("This round has no entry on the sheet any more.")])
    record = adapter.build_record(dispute.draft)
    verdict_json = verdict.to_json()
    label, choices = verdict_choices(pad, table, row, verdict_json)
    if choices:
        keys = [key for key, _label in choices]
        if apply_as and apply_as not in keys:
            refusal = _("%(field)s: not one of the offered choices.") % {"field": label}
            raise NotApplicable([refusal])
        apply_as = apply_as or keys[0]
        data = adapter.data_from_verdict(table, row, record, verdict_json, apply_as=apply_as)
    else:
        apply_as = ""
        data = adapter.data_from_verdict(table, row, record, verdict_json)
    data = adapter.sheet_data(data)
    values = {
        **entry_values(pad, data),
        "base": row.revision.number,
        "submission": str(uuid.uuid4()),
        "author": "",
        "reason": "",
    }
    # initial: the verdict's values stand as found, even where a typed entry would be refused
    form = pad.entry_form(table, summary, number, data=values, initial=values)
    if not form.is_valid():
        problems = [str(error) for error in form.non_field_errors()]
        problems += [
            str(error)
            for name, errors in form.errors.items()
            if name != "__all__" and name not in FORM_GUARDS
            for error in errors
        ]
        raise NotApplicable(problems)
    data, complete, scores = pad.round_from_form(table, summary, form)
    if not complete:
        raise NotApplicable([_("The sheet would not take the round as complete.")])
    return Candidate(data, scores, verdict, apply_as, list(choices), str(label))


def keep_entry(dispute: Dispute, *, version: int, author: Author, note: str) -> None:
    """Decide the dispute without applying its verdict: the sheet's entry stands (the
    organizer's ruling, kept with the dispute and in the audit trail). Raises Stale when the
    draft changed since the page was shown, AlreadyApplied when it was decided already."""
    with transaction.atomic():
        decided = Dispute.objects.filter(
            pk=dispute.pk, version=version, applied_at__isnull=True
        ).update(
            kept=True,
            applied_by=author.name,
            applied_at=timezone.now(),
            note=note.strip()[:200] or dispute.note,
        )
        dispute.refresh_from_db()
        if not decided:
            raise AlreadyApplied() if dispute.is_applied else Stale()
        TableEvent.objects.create(
            table=dispute.table,
            round_number=dispute.round_number,
            kind=TableEvent.Kind.DISPUTE_KEPT,
            author=author.name,
            device=author.device,
            reason=note.strip()[:200],
            details={"dispute": dispute.pk},
        )
        dispute.table.touch()


# The languages the engine words its verdicts in (pads.base.engine_language).
VERDICT_LANGUAGES = ("de", "en")


def broken_rules(verdict: Verdict) -> list[dict]:
    """The verdict's violations for the audit trail, worded in every language now: the
    trail is read later, in either language, and the engine's wording needs the verdict."""
    return [
        {
            "trick": violation.trick,
            **{lang: violation.message(verdict.players, lang) for lang in VERDICT_LANGUAGES},
        }
        for violation in verdict.violations
    ]


def dispute_reason(note: str) -> str:
    note = note.strip()
    return f"dispute: {note}"[:200] if note else "dispute"


def apply_dispute(
    dispute: Dispute,
    *,
    version: int,
    base: int,
    submission: uuid.UUID,
    author: Author,
    note: str,
    apply_as: str = "",
) -> tuple[Revision, bool]:
    """Store the verdict's result as a new revision of the round (source ``dispute``).

    Raises Stale (the draft changed since the page showed the verdict), AlreadyApplied,
    NotApplicable, NothingChanged, and save_round's Locked and Conflict.
    """
    table = dispute.table
    if dispute.is_applied:
        raise AlreadyApplied()
    if dispute.version != version:
        raise Stale()
    found = candidate(table, dispute, apply_as)
    current = Revision.objects.filter(
        round__table=table, round__number=dispute.round_number, is_current=True
    ).first()
    if current is not None and current.number == base and current.data == found.data:
        raise NothingChanged()
    reason = dispute_reason(note)
    with transaction.atomic():
        revision, created = save_round(
            table,
            dispute.round_number,
            data=found.data,
            scores=found.scores,
            complete=True,
            base=base,
            submission=submission,
            author=author,
            reason=reason,
            source=Revision.Source.DISPUTE,
        )
        marked = Dispute.objects.filter(pk=dispute.pk, applied_at__isnull=True).update(
            revision=revision,
            applied_by=author.name,
            applied_at=timezone.now(),
            note=note.strip()[:200] or dispute.note,
        )
        if marked:
            TableEvent.objects.create(
                table=table,
                round_number=dispute.round_number,
                kind=TableEvent.Kind.DISPUTE_APPLIED,
                author=author.name,
                device=author.device,
                reason=reason,
                details={
                    "dispute": dispute.pk,
                    "revision": revision.number,
                    "violations": broken_rules(found.verdict),
                },
            )
    dispute.refresh_from_db()
    return revision, created
