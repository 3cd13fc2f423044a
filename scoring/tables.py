"""A table's state for every caller — the scorepad views, disputes, tournaments: its sheet as
the game's pad sums it up, and the history of one round."""

from __future__ import annotations

from .models import Revision, Table
from .pads import get_pad
from .pads.base import Summary


def summarize(table: Table, revisions: list[Revision] | None = None) -> Summary:
    """The table's sheet (``Pad.table_summary``: a tournament table stops at its games)."""
    return get_pad(table.game).table_summary(table, revisions)


def round_history(table: Table, number: int) -> list[dict]:
    """Every revision of round ``number``, newest first, each with its (label, value) pairs
    and what changed against the one before it; [] when the round was never saved."""
    pad = get_pad(table.game)
    revisions = list(
        Revision.objects.filter(round__table=table, round__number=number).order_by("-number")
    )
    if not revisions:
        return []
    history = []
    for revision, older in zip(revisions, [*revisions[1:], None], strict=True):
        pairs = pad.describe(table, revision.data)
        before = dict(pad.describe(table, older.data)) if older else {}
        changes = [
            (label, before.get(label), value)
            for label, value in pairs
            if before.get(label) != value
        ]
        history.append({"revision": revision, "changes": changes if older else [], "pairs": pairs})
    return history
