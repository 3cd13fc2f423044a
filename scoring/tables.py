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
    # Schafkopf's Stock is a fifth account: a column after the players' (totals + Stock = 0).
    stock = getattr(summary, "has_stock", False)
    # Where the table plays Bock rounds, the last column says by what a Bock game's amounts
    # were multiplied (a number, empty for a plain game): why games 7 to 10 doubled.
    bock = getattr(summary, "has_bock", False)
    heads = [f"{name} ({unit})" for name in summary.players]
    rows: list[list] = [
        [
            noun,
            _("What was played"),
            *heads,
            *([f"{_('Stock')} ({unit})"] if stock else []),
            *([_("Bock (factor)")] if bock else []),
        ]
    ]
    for row in summary.rows:
        if not row.complete:
            continue
        what = getattr(row, "line", "") or "; ".join(
            f"{label}: {value}" for label, value in pad.describe(table, row.data)
        )
        rows.append(
            [
                row.number,
                what,
                *row.scores,
                *([row.evening.stock] if stock else []),
                *([row.evening.factor if row.evening.bock else None] if bock else []),
            ]
        )
    rows.append([_("Total"), "", *summary.totals, *([summary.stock] if stock else [])])
    final = summary.final_totals
    if final is not None and (final != summary.totals or stock):
        rows.append([_("Final"), "", *final, *([summary.stock_left] if stock else [])])
    if getattr(summary, "has_money", False):
        # In cents, a whole number: no rounding, and the club's sheet adds them up exactly.
        # What each pays at the end: after the Stock is shared out, where there is one.
        units = final if stock else summary.totals
        money = [money_cents(table.profile, total) for total in units]
        rows.append([_("Money (cents)"), "", *money])
    return rows
