"""Why a game's amounts differ from what it was saved with (the round page's panel).

A game's Bock round and Stock payment come from the games before it (score_evening), so a
correction or a voided game before it reprices it without a new revision of its own. The
revision keeps the amounts it was saved with; this compares them with the sheet's and names
the earlier games whose Bock triggers came or went since: the evening as it stood when the
game was saved is the revisions of the games before it that were current then.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from ...models import Revision
from ...rules.schafkopf import score_evening
from ...tables import summarize
from . import game
from .labels import CHOICE_NAMES


def evening_then(table, revision: Revision) -> list[tuple[int, dict]]:
    """(number, data) of the games before ``revision``'s game as the sheet had them when it
    was saved: each round's newest revision up to then, voided rounds left out."""
    saved = Revision.objects.filter(
        round__table=table, round__number__lt=revision.round.number, pk__lte=revision.pk
    ).order_by("round__number", "number")
    latest: dict[int, Revision] = {}
    for earlier in saved.select_related("round"):
        latest[earlier.round.number] = earlier
    return [
        (number, earlier.data)
        for number, earlier in sorted(latest.items())
        if earlier.source != Revision.Source.VOID
    ]


def trigger_names(triggers) -> str:
    return ", ".join(str(CHOICE_NAMES["bock"][trigger]) for trigger in triggers)


def reasons(table, summary, number: int) -> dict | None:
    """What changed game ``number``'s amounts since it was saved, or None when nothing did."""
    row = summary.row(number)
    if row is None or row.evening is None or row.scores == row.revision.scores:
        return None
    profile, players = table.profile, len(summary.players)
    then = evening_then(table, row.revision)
    games = [game.facts(profile, data, players) for _number, data in then]
    before = score_evening(profile, [*games, game.facts(profile, row.data, players)]).games
    fired_then = {n: priced.triggers for (n, _d), priced in zip(then, before, strict=False)}
    fired_now = {r.number: r.evening.triggers for r in summary.rows if r.number < number}
    lines = []
    for earlier in sorted(set(fired_then) | set(fired_now)):
        gone = [t for t in fired_then.get(earlier, ()) if t not in fired_now.get(earlier, ())]
        came = [t for t in fired_now.get(earlier, ()) if t not in fired_then.get(earlier, ())]
        if gone:
            lines.append(
                _("Bock from game %(n)s (%(why)s) dropped")
                % {"n": earlier, "why": trigger_names(gone)}
            )
        if came:
            lines.append(
                _("Bock from game %(n)s (%(why)s) added")
                % {"n": earlier, "why": trigger_names(came)}
            )
    if before[-1].stock_payments != row.evening.stock_payments:
        lines.append(_("the Stock before this game changed"))
    return {
        "saved": row.revision.scores,
        "now": row.scores,
        "factor_then": before[-1].factor,
        "factor_now": row.evening.factor,
        "lines": lines,
    }


def round_panel(request, access, number: int) -> str | None:
    table = access.table
    if table.game != "schafkopf":
        return None
    found = reasons(table, summarize(table), number)
    if found is None:
        return None
    context = {"found": found, "players": table.player_names, "number": number}
    return render_to_string("scoring/schafkopf/_repriced.html", context, request=request)
