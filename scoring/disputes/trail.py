"""What a dispute adds to the table's audit trail (scoring/audit.py): an applied verdict's
broken rules, each with its trick, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..models import TableEvent
from ..pads.base import engine_language


def verdict_lines(event: TableEvent) -> list[tuple[str, str | None, str]]:
    """The audit entry's lines (label, before, after) for an applied verdict: each broken
    rule, or that none was. They were stored worded in each language when it was applied
    (services.broken_rules), since the engine's wording needs the verdict itself."""
    if event.kind != TableEvent.Kind.DISPUTE_APPLIED or "violations" not in event.details:
        return []  # other events, and verdicts applied before their rules were stored
    label = _("Verdict")
    if not event.details["violations"]:
        return [(label, None, _("No rule broken."))]
    lang = engine_language()
    lines = []
    for violation in event.details["violations"]:
        text = violation.get(lang) or violation.get("en", "")
        if violation.get("trick"):
            text = f"{_('Trick %(n)s') % {'n': violation['trick']}}: {text}"
        lines.append((label, None, text))
    return lines
