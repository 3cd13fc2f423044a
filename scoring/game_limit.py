"""Tables that play a fixed number of games (``options["games_required"]``, set for the
tables of a Schafkopf tournament round): which saved games count toward that number.

The rule lives here alone, in a Python and a database form, so the scorepad, the
organizer's progress, the confirmation and the standings cut-off can never disagree: every
complete game counts, except a thrown-in deal when the table's options say
``thrown_in_counts: False`` (a tournament setting copied to each of its tables).
"""

from __future__ import annotations

from django.db.models import Q

THROWN_IN = "thrown_in"  # the Schafkopf pad's contract of a deal nobody played


def games_required(options: dict) -> int | None:
    return options.get("games_required")


def thrown_in_counts(options: dict) -> bool:
    return options.get("thrown_in_counts", True)


def counts(options: dict, data: dict) -> bool:
    """Whether a complete game with this data counts toward the required number."""
    return thrown_in_counts(options) or data.get("contract") != THROWN_IN


def uncounted_filter(options: dict) -> Q | None:
    """The same rule for a query of revisions: the complete ones it matches do not count
    (None: all of them count)."""
    return None if thrown_in_counts(options) else Q(data__contract=THROWN_IN)


def games_counted(options: dict, rows) -> int:
    """How many of these rows (sheet rows or revisions) are complete games that count."""
    return sum(1 for row in rows if row.complete and counts(options, row.data))


def within_limit(options: dict, revisions: list) -> list:
    """The revisions (in game order) up to the last game that counts: a game saved after it
    (possible when a correction turned an earlier thrown-in deal into a game) is not part
    of the round."""
    limit = games_required(options)
    if not limit:
        return revisions
    kept, counted = [], 0
    for revision in revisions:
        if counted >= limit:
            break
        kept.append(revision)
        counted += revision.complete and counts(options, revision.data)
    return kept


def limit_reached(options: dict, summary) -> bool:
    """True when the games before the one to enter reach the required number."""
    limit = games_required(options)
    if not limit or not summary.next_round:
        return False
    before = [row for row in summary.rows if row.number < summary.next_round]
    return games_counted(options, before) >= limit
