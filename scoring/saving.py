"""Deciding what becomes of a posted round entry (docs/scorepad.md, "Saving a round").

``decide`` checks and stores an entry and says what happened in a small typed ``Outcome``;
``scoring.views.round_save`` renders that outcome once per client (the outbox's JSON, the
sheet's answer in place, a page). A game's pad adds nothing here.

A submission token is the identity of one typed entry. It stays with the entry through every
way on after a conflict ("save as the next round", "replace"), so whatever copy of it arrives
later — a reload that posts again, a queued copy, an answer lost on the way — is recognised as
the entry already stored and never stored twice.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Literal

from django.http import QueryDict
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from . import live
from .access import Scope, author_of
from .models import Revision
from .pads import get_pad
from .rendering import entry_form
from .services import LOCKED_MESSAGE, Conflict, Locked, Misplaced, save_round
from .tables import summarize

State = Literal["saved", "unchanged", "invalid", "refused", "locked", "conflict", "misplaced"]


@dataclass
class Outcome:
    state: State
    number: int  # the round the entry was posted for
    message: str = ""
    revision: Revision | None = None  # saved, unchanged: the stored revision
    created: bool = False  # saved: a new revision was written
    form: object = None  # invalid, conflict, misplaced: the form to show again
    on_round_page: bool = False  # the form belongs on the round's page (a correction)
    conflict: Revision | None = None  # conflict: the newer stored entry
    # conflict: that entry as the history shows it, (label, value) pairs (Pad.describe)
    conflict_values: list = field(default_factory=list)
    ways: dict = field(default_factory=dict)  # conflict: scoring.saving.conflict_ways
    this_phone: bool = False  # conflict: the newer entry came from this very phone
    hints: list = field(default_factory=list)  # saved: the pad's doubts about the round

    @property
    def stored_round(self) -> int:
        """The round the entry is stored in (another one when it was saved as the next)."""
        return self.revision.round.number if self.revision is not None else self.number


def nouns(pad, number: int) -> dict:
    """Message values naming a round the game's way: "Runde 3", "Spiel 3", "Durchgang 3"."""
    noun = str(pad.round_noun)
    return {"noun": noun, "Noun": capfirst(noun), "n": number}


def decide(request, scope: Scope, number: int) -> Outcome:
    table = scope.table
    pad = get_pad(table.game)
    elsewhere = stored_elsewhere(table, request.POST.get("submission", ""), number)
    if elsewhere is not None:
        # This entry was saved as another round (a way on after a conflict): it is stored.
        message = _("%(Noun)s %(n)s is already saved, as %(noun)s %(stored)s.") % {
            **nouns(pad, number),
            "stored": elsewhere.round.number,
        }
        return Outcome("saved", number, message, revision=elsewhere)
    if table.is_locked:
        return Outcome("locked", number, str(LOCKED_MESSAGE))
    summary = summarize(table)
    row = summary.row(number)
    if row is None and number != summary.next_round:
        if summary.finished:
            refusal = _("The game is over: %(noun)s %(n)s cannot be entered any more.")
        else:
            refusal = _("%(Noun)s %(n)s cannot be entered yet: finish %(noun)s %(open)s first.")
        return Outcome(
            "refused", number, refusal % {**nouns(pad, number), "open": summary.next_round}
        )
    posted, replaces = chosen_way(request.POST)
    # Corrections of finished rounds live on the round's page, new entries on the sheet: a
    # form made for a round nobody had finished enters it, even if another phone did since.
    made_to_correct = row is not None and row.complete and posted_base(request.POST) > 0
    on_round_page = row is not None and row.complete and posted_base(posted) > 0
    form = entry_form(pad, table, summary, number, data=posted)
    if form.is_valid():
        data, complete, scores = pad.round_from_form(table, summary, form)
        if not complete and any(later.number > number for later in summary.rows):
            form.add_error(
                None,
                _("%(Noun)s %(n)s must stay complete: later ones are already saved.")
                % nouns(pad, number),
            )
        if replaces and not form.cleaned_data["reason"].strip():
            form.add_error(
                "reason",
                _("Please give a reason: replacing %(noun)s %(n)s changes another phone's entry.")
                % nouns(pad, number),
            )
    if not form.is_valid():
        outcome = Outcome("invalid", number, form=form, on_round_page=on_round_page)
        if replaces:  # still in the conflict: both ways stay on offer
            outcome.on_round_page = made_to_correct
            with_conflict(outcome, request, pad, table, row.revision, made_to_correct)
        return outcome

    name = form.cleaned_data["author"].strip()
    if name and request.session.get("author") != name:
        request.session["author"] = name
    base = form.cleaned_data["base"]
    if row is not None and base == row.revision.number and row.revision.data == data:
        message = _("%(Noun)s %(n)s: nothing changed.") % nouns(pad, number)
        return Outcome("unchanged", number, message, revision=row.revision)
    try:
        revision, created = save_round(
            table,
            number,
            data=data,
            scores=scores,
            complete=complete,
            base=base,
            submission=form.cleaned_data["submission"],
            author=author_of(request),
            reason=form.cleaned_data["reason"].strip(),
            # Completing an open round (bids first, tricks later) is still its entry.
            source=Revision.Source.CORRECTION if on_round_page else Revision.Source.ENTRY,
        )
    except Locked:
        return Outcome("locked", number, str(LOCKED_MESSAGE))
    except Misplaced:
        refusal = _(
            "Not saved: this form was sent before, for another table. "
            "Check what you typed and save it again."
        )
        retry = entry_form(pad, table, summary, number, data=with_new_submission(posted))
        retry.is_valid()
        retry.add_error(None, refusal)
        return Outcome("misplaced", number, refusal, form=retry, on_round_page=on_round_page)
    except Conflict as conflict:
        # Keep what this phone typed, with the base it was made for (saving it as it is
        # conflicts again) and its submission: the entry's identity through every way on.
        # Only an entry stored before with other values gets a new token for its correction.
        retry_data = with_new_submission(posted) if conflict.repeat else posted
        retry = entry_form(pad, table, summary, number, data=retry_data)
        retry.is_valid()
        outcome = Outcome("conflict", number, form=retry, on_round_page=made_to_correct)
        with_conflict(outcome, request, pad, table, conflict.current, made_to_correct)
        if conflict.repeat:
            outcome.ways["next"] = None  # it is stored already: a new round would be a copy
        return outcome
    message = _("%(Noun)s %(n)s saved.") % nouns(pad, number)
    hints = [*revision.follow_ups, *pad.save_hints(table, number, data)] if created else []
    return Outcome("saved", number, message, revision=revision, created=created, hints=hints)


def stored_elsewhere(table, submission: str, number: int) -> Revision | None:
    """The revision this table stored under ``submission`` in another round than ``number``."""
    try:
        token = uuid.UUID(submission)
    except (ValueError, AttributeError, TypeError):
        return None
    # By the unique submission alone: a join and an exclusion cost more to build than to run.
    earlier = Revision.objects.filter(submission=token).select_related("round").first()
    if earlier is None or earlier.round.table_id != table.pk or earlier.round.number == number:
        return None
    return earlier


def with_conflict(outcome: Outcome, request, pad, table, current, correcting: bool) -> None:
    """What a conflict answer shows beside the phone's entry: the newer entry, whether this
    phone saved it, and the ways on (read now: the table may have moved on since)."""
    outcome.conflict = current
    outcome.conflict_values = pad.describe(table, current.data) if current else []
    outcome.ways = conflict_ways(summarize(table), outcome.number, current, correcting)
    device = request.session.get("device")
    outcome.this_phone = bool(current and device and current.device == device)
    outcome.message = conflict_message(pad, outcome.number, outcome.this_phone)


def conflict_message(pad, number: int, this_phone: bool) -> str:
    values = {**nouns(pad, number), "noun": nouns(pad, number)["Noun"]}
    if this_phone:
        return (
            _(
                "Not saved: %(noun)s %(n)s was saved from this phone in the meantime, with "
                "another entry."
            )
            % values
        )
    # The same words as the conflict's heading always had ("Spiel" capitalised in both).
    return _("Not saved: %(noun)s %(n)s was changed on another phone in the meantime.") % values


def conflict_ways(summary, number: int, current: Revision | None, correcting: bool) -> dict:
    """What a phone whose entry of round ``number`` met a newer one may do with it: replace
    the newer entry (based on it), or, for a new entry of a round now complete, save it as the
    table's next round (based on that round as it is now)."""
    ways: dict = {"replace_base": current.number if current else 0, "next": None}
    following = summary.next_round
    if not correcting and following is not None and following > number:
        row = summary.row(following)
        ways["next"] = {"number": following, "base": row.revision.number if row else 0}
    return ways


def chosen_way(post) -> tuple[QueryDict, bool]:
    """The posted entry with the base of the way on its conflict answer offered, if one was
    chosen (scoring/_conflict_ways.html), and whether that way replaces another phone's entry.
    A form sent as it is keeps the base it was made for."""
    posted = post.copy()
    for name, replaces in (("next_base", False), ("replace_base", True)):
        if live.small_number(post.get(name, "")):
            posted["base"] = post[name]
            return posted, replaces
    return posted, False


def posted_base(posted: QueryDict) -> int:
    return int(live.small_number(posted.get("base", "")) or 0)


def with_new_submission(posted: QueryDict) -> QueryDict:
    retry = posted.copy()
    retry["submission"] = str(uuid.uuid4())
    return retry
