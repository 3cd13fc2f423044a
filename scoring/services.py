"""Multi-model writes of the scorepad: creating tables and saving rounds as revisions."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from .hooks import round_saved
from .keys import is_link_key, is_random_key
from .models import Access, Revision, Round, Seat, Table, TableEvent, new_key
from .push import bump_version


class Conflict(Exception):
    """The round changed since the form was opened; ``current`` is the newer revision.
    ``repeat``: the entry's own submission was stored before with other values (``current``)."""

    def __init__(self, current: Revision | None, *, repeat: bool = False):
        super().__init__("round changed since the form was opened")
        self.current = current
        self.repeat = repeat


class Misplaced(Exception):
    """The submission was stored before for another table: a token belongs to the table its
    form was made for, and a copy sent anywhere else stores nothing."""


class Locked(Exception):
    """The table is locked (its result was confirmed); unlock it before changing rounds."""


LOCKED_MESSAGE = gettext_lazy(
    "This table's result is confirmed and locked; ask the organizer to unlock it."
)


@dataclass(frozen=True)
class Author:
    name: str = ""
    device: str = ""


def create_table(
    *,
    game: str,
    players: list[str],
    profile_name: str,
    profile: dict,
    options: dict,
    title="",
    submission: uuid.UUID | None = None,
    keys: tuple[str, str] | None = None,
) -> Table:
    """A new table with its seats and its scorer and viewer links. A ``submission`` seen
    before returns the table it created (a double tap on the creation form). ``keys``: the
    scorer's and viewer's link keys a phone chose for a table it started offline (its pages
    and entries already use them); raises KeyTaken when one is a link of any kind already, or
    is no random key (scoring/keys.py)."""
    if submission is not None:
        earlier = Table.objects.filter(submission=submission).first()
        if earlier is not None:
            return earlier
    if keys is not None and not all(is_random_key(key) and not is_link_key(key) for key in keys):
        raise KeyTaken
    try:
        return _create_table(game, players, profile_name, profile, options, title, submission, keys)
    except IntegrityError:
        if submission is None:
            raise
        # The other tap won the race; without its table, a chosen key was taken meanwhile.
        earlier = Table.objects.filter(submission=submission).first()
        if earlier is None:
            raise KeyTaken from None
        return earlier


class KeyTaken(Exception):
    """A link key a phone chose for its table is another link's already (of any kind), or is
    not random enough to be a link."""


def _create_table(game, players, profile_name, profile, options, title, submission, keys) -> Table:
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            title=title,
            profile_name=profile_name,
            profile=profile,
            options=options,
            submission=submission,
        )
        Seat.objects.bulk_create(
            Seat(table=table, position=position, name=name) for position, name in enumerate(players)
        )
        scorer_key, viewer_key = keys or (new_key(), new_key())
        Access.objects.bulk_create(
            [
                Access(table=table, role=Access.Role.SCORER, key=scorer_key),
                Access(table=table, role=Access.Role.VIEWER, key=viewer_key),
            ]
        )
    return table


def save_round(
    table: Table,
    number: int,
    *,
    data: dict,
    scores: list[int] | None,
    complete: bool,
    base: int,
    submission: uuid.UUID,
    author: Author,
    reason: str = "",
    source: str = Revision.Source.ENTRY,
) -> tuple[Revision, bool]:
    """Store a new revision of round ``number`` made from revision ``base`` (0: a new round).

    Returns (revision, created). A repeated submission returns the stored revision with
    created=False, so a double tap stores once; so does one stored in another round of this
    table (the same entry, saved there as a way on after a conflict). Raises Conflict when
    another revision was saved since ``base``; the unique constraints make this hold under
    concurrent requests too. A submission stored before for this round with other content
    raises Conflict (the stored entry, ``repeat``), and one stored for another table raises
    Misplaced: a repeat never drops what it carries while answering "saved".
    """
    try:
        with transaction.atomic():
            # One statement checks the lock, bumps the version the live views compare, holds
            # the table's row until commit (saves to one table take turns) and tells every
            # phone's stream when the save commits (scoring/push.py).
            version = bump_version("table", table.pk, unlocked_only=True)
            # Asked only now that the row is held: a copy of this entry that another worker
            # was saving at the same moment (a double tap) has committed by now. Asked before,
            # both copies found nothing and the second met the first as a conflict.
            earlier = repeated(submission, table, number, data, complete)
            if earlier is not None:
                transaction.set_rollback(True)  # a repeat stores nothing: no new version
                return earlier, False
            if version is None:
                raise Locked()
            round_, created = Round.objects.get_or_create(table=table, number=number)
            # Retire revision ``base`` only if it is still the current one; anything else means
            # another phone saved this round since the form was opened.
            retired = base > 0 and Revision.objects.filter(
                round=round_, number=base, is_current=True
            ).update(is_current=False)
            if base == 0 and not created:
                # A voided round is entered anew like a round never saved (form base 0).
                base = _retire_void(round_)
            elif base > 0 and not retired:
                raise Conflict(round_.revisions.filter(is_current=True).first())
            revision = Revision.objects.create(
                round=round_,
                number=base + 1,
                data=data,
                scores=scores,
                complete=complete,
                source=source,
                author=author.name,
                device=author.device,
                reason=reason,
                submission=submission,
            )
            revision.follow_ups = round_saved(table, revision, author)
        table.version = version  # committed: what the answer and the viewers' fragment show
        return revision, True
    except IntegrityError:
        # Lost a race: either our own first tap won (same submission) or another phone did.
        earlier = repeated(submission, table, number, data, complete)
        if earlier is not None:
            return earlier, False
        raise Conflict(
            Revision.objects.filter(round__table=table, round__number=number, is_current=True)
            .select_related("round")
            .first()
        ) from None


def repeated(
    submission: uuid.UUID, table: Table, number: int, data: dict, complete: bool
) -> Revision | None:
    """The revision stored before under ``submission`` when this is a repeat of it (the same
    entry: in this round with the same values, or saved as another round of this table), None
    when the submission is new."""
    earlier = Revision.objects.filter(submission=submission).select_related("round").first()
    if earlier is None:
        return None
    if earlier.round.table_id != table.pk:
        raise Misplaced()
    if earlier.round.number != number:
        return earlier
    if earlier.data != data or earlier.complete != complete:
        raise Conflict(earlier, repeat=True)
    return earlier


def follow_up_revision(current: Revision, *, data: dict, scores, author: Author, reason: str):
    """A new current revision of ``current``'s round that a save hook stores inside the save's
    transaction (scoring.hooks.round_saved): a change that another round's change made, kept
    like any correction (who, when, why), under the author of the save that caused it."""
    Revision.objects.filter(pk=current.pk).update(is_current=False)
    return Revision.objects.create(
        round_id=current.round_id,
        number=current.number + 1,
        data=data,
        scores=scores,
        complete=current.complete,
        source=Revision.Source.CORRECTION,
        author=author.name,
        device=author.device,
        reason=reason,
        submission=uuid.uuid4(),
    )


def _retire_void(round_: Round) -> int:
    """Retire the current revision of a round that was voided and return its number; any
    other current revision means another phone entered the round: Conflict."""
    void = round_.revisions.filter(is_current=True).first()
    if void is None or void.source != Revision.Source.VOID:
        raise Conflict(void)
    if not Revision.objects.filter(pk=void.pk, is_current=True).update(is_current=False):
        raise Conflict(round_.revisions.filter(is_current=True).first())
    return void.number


def void_round(
    table: Table, number: int, *, base: int, submission: uuid.UUID, author: Author, reason: str
) -> tuple[Revision, bool]:
    """Strike round ``number`` off the sheet: a revision like any change (who, when, why), so
    the round stays in the history and can be entered again. Conflict and Locked as for
    ``save_round``."""
    return save_round(
        table,
        number,
        data={"void": True},
        scores=None,
        complete=False,
        base=base,
        submission=submission,
        author=author,
        reason=reason,
        source=Revision.Source.VOID,
    )


def current_revisions(table: Table) -> list[Revision]:
    """The current revision of every saved round that is on the sheet (not voided), in round
    order (one query)."""
    return list(
        Revision.objects.filter(round__table=table, is_current=True)
        .exclude(source=Revision.Source.VOID)
        .select_related("round")
        .order_by("round__number")
    )


def lock_table(table: Table, author: Author, reason: str = "", details: dict | None = None):
    """Lock a table (its result is confirmed); False when it already was locked."""
    return _set_lock(table, author, reason, details, lock=True)


def unlock_table(table: Table, author: Author, reason: str, details: dict | None = None):
    """Unlock a table so rounds can be corrected again; False when it was not locked."""
    return _set_lock(table, author, reason, details, lock=False)


def _set_lock(table: Table, author: Author, reason: str, details: dict | None, *, lock: bool):
    # The conditional update makes a lock or unlock happen once even when two phones race.
    with transaction.atomic():
        updated = Table.objects.filter(pk=table.pk, locked_at__isnull=lock).update(
            locked_at=timezone.now() if lock else None, locked_by=author.name if lock else ""
        )
        if updated:
            TableEvent.objects.create(
                table=table,
                kind=TableEvent.Kind.LOCKED if lock else TableEvent.Kind.UNLOCKED,
                author=author.name,
                device=author.device,
                reason=reason,
                details=details or {},
            )
            table.touch()
    table.refresh_from_db(fields=["locked_at", "locked_by", "version"])
    return bool(updated)
