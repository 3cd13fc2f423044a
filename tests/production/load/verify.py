"""After a load or fault run: what the phones were told against what the database holds.

Every save a phone saw acknowledged (a redirect to the round) must be stored exactly once;
a save refused as a conflict must not be stored; nothing may be stored that no phone sent; each
round's revisions are numbered 1..n with exactly one current (the newest), and the newest is
the latest acknowledged save with the values that phone sent; a table's version counts its
revisions (both are written in one transaction, so a half-written save would show here).
"""

from __future__ import annotations

from collections import defaultdict

from .games import FILLERS


def check_database(
    submissions: list[dict], *, fault: bool = False, retried: tuple[str, ...] = ()
) -> dict:
    from django.db.models import Count

    from scoring.models import Access, Revision, Round, Table

    attempts = defaultdict(list)
    for attempt in submissions:
        attempts[attempt["submission"]].append(attempt)
    acknowledged = {sub for sub, tries in attempts.items() if any(t["saved"] for t in tries)}
    refused = {sub for sub, tries in attempts.items() if all(t["status"] == 409 for t in tries)}

    revisions = list(Revision.objects.select_related("round__table").order_by("round_id", "number"))
    stored = defaultdict(list)
    for revision in revisions:
        stored[str(revision.submission)].append(revision)

    problems = defaultdict(list)
    lost = [sub for sub in acknowledged if sub not in stored]
    problems["lost (acknowledged, not stored)"] = lost
    problems["stored twice"] = [sub for sub, revs in stored.items() if len(revs) > 1]
    problems["stored though refused as a conflict"] = [sub for sub in refused if sub in stored]
    problems["stored, never sent"] = [sub for sub in stored if sub not in attempts]
    if not fault:
        # Without faults every stored save was acknowledged to its phone.
        problems["stored, not acknowledged"] = [
            sub for sub in stored if sub in attempts and sub not in acknowledged
        ]

    by_round = defaultdict(list)
    for revision in revisions:
        by_round[revision.round_id].append(revision)
    for round_revisions in by_round.values():
        where = f"{round_revisions[0].round.table_id}/{round_revisions[0].round.number}"
        numbers = [r.number for r in round_revisions]
        if numbers != list(range(1, len(numbers) + 1)):
            problems["revision numbers not 1..n"].append(where)
        current = [r for r in round_revisions if r.is_current]
        if len(current) != 1 or current[0].number != numbers[-1]:
            problems["not exactly one current revision (the newest)"].append(where)
        if any(r.complete and not r.scores for r in round_revisions):
            problems["complete without scores"].append(where)
    problems["rounds without a revision"] = list(
        Round.objects.annotate(n=Count("revisions")).filter(n=0).values_list("pk", flat=True)
    )

    # The newest revision of each round is the latest acknowledged save, with its values.
    latest = {}
    for sub in acknowledged:
        attempt = next(t for t in attempts[sub] if t["saved"])
        key = (attempt["table"], attempt["round"])
        if key not in latest or attempt["base"] > latest[key]["base"]:
            latest[key] = attempt
    scorer_keys = dict(Access.objects.filter(role="scorer").values_list("table_id", "key"))
    newest = {(scorer_keys[r.round.table_id], r.round.number): r for r in revisions if r.is_current}
    for key, attempt in latest.items():
        revision = newest.get(key)
        if revision is None:
            continue  # counted as lost above
        if fault and revision.number > attempt["base"] + 1:
            continue  # a later save whose answer the restart swallowed; checked below
        filler = FILLERS[revision.round.table.game]
        if str(revision.submission) != attempt["submission"] or not filler.matches(
            revision.data, attempt["values"]
        ):
            problems["newest revision is not the latest acknowledged save"].append(key)

    revision_counts = dict(
        Table.objects.annotate(n=Count("rounds__revisions")).values_list("pk", "n")
    )
    for table in Table.objects.all():
        if table.version != revision_counts[table.pk]:
            problems["table version differs from its revision count"].append(table.pk)

    retried_acknowledged = [sub for sub in retried if sub in acknowledged]
    return {
        "retried": len(retried),
        "retried_acknowledged": len(retried_acknowledged),
        "retried_stored_once": sum(1 for sub in retried_acknowledged if len(stored[sub]) == 1),
        "sent": len(attempts),
        "acknowledged": len(acknowledged),
        "conflicts": len(refused),
        "double_taps": len({a["submission"] for a in submissions if a["double"]}),
        "corrections_acknowledged": len(
            {a["submission"] for a in submissions if a["correction"] and a["saved"]}
        ),
        "revisions": len(revisions),
        "rounds": len(by_round),
        "lost": len(lost),
        "duplicated": len(problems["stored twice"]) + len(problems["stored, never sent"]),
        "problems": {name: items[:10] for name, items in problems.items() if items},
    }
