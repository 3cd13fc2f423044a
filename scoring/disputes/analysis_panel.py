"""The "Analyse" box of a dispute's replay (Schafkopf, Skat): offer, progress, and per trick the
cards that gave Augen away, or in a Bettel tricks (scoring/analyses.py does the work)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..analyses import augen_needed, find, marks, refusal, summary
from ..models import Analysis, Dispute
from ..pads.base import engine_language
from ..rules.schafkopf.analysis import TRICKS_TAKEN
from .games import get_adapter

# The games whose engine analyses a deal with open hands (scoring/analyses.py).
GAMES = ("schafkopf", "skat")


def record_of(dispute: Dispute) -> dict[str, Any] | None:
    """The dispute's record when it is a Schafkopf or Skat deal with every hand known, else
    None."""
    adapter = get_adapter(dispute.table.game)
    draft = dispute.draft
    if dispute.table.game not in GAMES or adapter.missing_setup(draft):
        return None
    if not adapter.hands_complete(draft):
        return None
    return adapter.build_record(draft)


def analysis_context(dispute: Dispute, step: int, *, may_start: bool) -> dict[str, Any] | None:
    """What the replay shows of the analysis at ``step`` (0: the deal, k: trick k), or None
    when the game has none (another game, the hands not all entered)."""
    record = record_of(dispute)
    if record is None:
        return None
    box: dict[str, Any] = {"may_start": may_start, "analysis": find(record)}
    analysis: Analysis | None = box["analysis"]
    if analysis is None:
        box["refusal"] = refusal(record, engine_language())
        return box
    if analysis.status == Analysis.Status.DONE:
        names = record["players"]
        document = analysis.document
        needed = augen_needed(record)
        box["summary"] = summary(document, names, needed)
        box["given_away"] = given_away(document, names)
        if record["game"] == "skat" and box["summary"]["tout"]:
            # Skat's word for "every trick" is Schwarz announced (or ouvert), not a Tout.
            box["summary"].update(tout=False, schwarz=True)
        if step:
            box["marks"] = marks(document, names, step, needed)
        # A document without an objective was written before Bettel was analysed: Augen.
        if document.get("objective") == TRICKS_TAKEN:
            read_tricks(box, document)
    return box


def read_tricks(box: dict[str, Any], document: dict[str, Any]) -> None:
    """A Bettel's values are the declarer's tricks: won with none, so the summary and the
    turns of the game read them so (``analyses`` reads Augen, won from 61)."""
    box["summary"].update(won=document["value"] == 0, tricks=True)
    positions = document["positions"]
    for mark in box.get("marks", ()):
        position = positions[mark["index"]]
        before, after = position["best"], position["values"][position["played"]]
        mark["tricks"] = True
        mark["turn"] = None
        if before == 0 < after:
            mark["turn"] = _("from here the game was lost")
        elif after == 0 < before:
            mark["turn"] = _("from here the game was won")


def given_away(document: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """Skat's answer to "which card gave it away?": the declarer's first card after which
    he could no longer win, although he could before it (docs/records.md, Skat analysis)."""
    found = document.get("given_away")
    if not found:
        return None
    return {"name": names[found["seat"]], "card": found["played"], "trick": found["trick"]}
