"""A table's state for every caller — the scorepad views, disputes, tournaments: its sheet as
the game's pad sums it up, and the history of one round."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .live import for_version
from .models import Revision, Table
from .pads import get_pad
from .pads.base import Summary
from .pads.schafkopf.labels import UNIT_NAMES, money_cents


def summarize(table: Table, revisions: list[Revision] | None = None) -> Summary:
    """The table's sheet (``Pad.table_summary``: a tournament table stops at its games),
    summed up once per table version for the pages, fetches and saves that read it."""
    pad = get_pad(table.game)
    if revisions is not None:
        return pad.table_summary(table, revisions)
    return for_version("summary", table, lambda: pad.table_summary(table), get_language())


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

    def pairs_of(revision: Revision | None) -> list[tuple[str, str]]:
        if revision is None or revision.source == Revision.Source.VOID:
            return []
        return pad.describe(table, revision.data)

    for revision, older in zip(revisions, [*revisions[1:], None], strict=True):
        pairs = pairs_of(revision)
        before = dict(pairs_of(older))
        changes = [
            (label, before.get(label), value)
            for label, value in pairs
            if before.get(label) != value
        ]
        history.append({"revision": revision, "changes": changes if older else [], "pairs": pairs})
    return history


def sheet_rows(table: Table) -> list[list]:
    """The score sheet as a spreadsheet has it: a row per complete round (its number, what
    was played, each player's points), then the totals, the totals after deductions where the
    game has them, and the money where the table counts money. Open rounds are left out."""
    pad = get_pad(table.game)
    summary = summarize(table)
    noun = str(pad.round_noun).capitalize()
    # Only Schafkopf tables choose what their scores count (cents, units or tournament points).
    unit = UNIT_NAMES.get(table.profile.get("unit"), _("points"))
    rows: list[list] = [
        [noun, _("What was played"), *(f"{name} ({unit})" for name in summary.players)]
    ]
    for row in summary.rows:
        if not row.complete:
            continue
        what = getattr(row, "line", "") or "; ".join(
            f"{label}: {value}" for label, value in pad.describe(table, row.data)
        )
        rows.append([row.number, what, *row.scores])
    rows.append([_("Total"), "", *summary.totals])
    if summary.final_totals is not None and summary.final_totals != summary.totals:
        rows.append([_("Final"), "", *summary.final_totals])
    if getattr(summary, "has_money", False):
        # In cents, a whole number: no rounding, and the club's sheet adds them up exactly.
        money = (money_cents(table.profile, balance["units"]) for balance in summary.balances)
        rows.append([_("Money (cents)"), "", *money])
    return rows
