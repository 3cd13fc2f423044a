""" "Could we have won?": the open-hand analysis of a Schafkopf or Skat record in the app.

A dispute's replay asks for the analysis of its record; the engine's solver
(``scoring.rules.schafkopf.analysis``) runs in the task worker (``manage.py db_worker``, the
database-backed backend of Django's tasks framework), so a search of several seconds holds
up no web request. One ``Analysis`` row per record (by the hash of its canonical JSON) keeps
the progress and then the result: the same record is analysed once, whoever asks.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.tasks import task
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Analysis
from .rules.schafkopf import analysis as solver
from .rules.schafkopf.contracts import TOUTS
from .rules.skat import analysis as skat_solver

# A run that has not reported progress for this long lost its worker: it is queued again.
STALE_AFTER = timedelta(minutes=10)
WIN = 61  # Augen the declaring party needs
# A Tout is won only with every trick (docs/rules/schafkopf.md, "Result"), so with all 120
# Augen. The values count Augen (docs/rules/records.md), so a Tout that gives away only a
# trick without Augen reads as won.
ALL_AUGEN = 120


SKAT_SCHNEIDER = 90  # Augen a Skat declarer needs with Schneider announced


def augen_needed(record: dict[str, Any]) -> int:
    """The Augen the declaring party of ``record`` needs to win its game. A Skat game with
    Schwarz announced (or ouvert) needs every trick: all 120 Augen, as a Tout."""
    contract = record["contract"]
    if record.get("game") == SKAT:
        if contract.get("schwarz") or contract.get("ouvert"):
            return ALL_AUGEN
        return SKAT_SCHNEIDER if contract.get("schneider") else WIN
    return ALL_AUGEN if contract["type"] in TOUTS else WIN


SKAT = "skat"


def solver_of(record: dict[str, Any]):
    """The engine's analysis of the record's game (Schafkopf's unless it is Skat)."""
    return skat_solver if record.get("game") == SKAT else solver


def record_hash(record: dict[str, Any]) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def find(record: dict[str, Any]) -> Analysis | None:
    return Analysis.objects.filter(record_hash=record_hash(record)).first()


def refusal(record: dict[str, Any], lang: str) -> str | None:
    """Why the record cannot be analysed (Ramsch, Sie, incomplete, ...), or None."""
    engine = solver_of(record)
    try:
        if engine is skat_solver:
            # Skat's analysis checks the record first; from the last trick on it is quick.
            plays = record.get("plays")
            last = max(1, (len(plays) + 2) // 3) if isinstance(plays, list) else 1
            engine.analyse(record, last)
        else:
            engine.prepare(record)
    except engine.AnalysisError as error:
        return error.text(lang)
    return None


def request(record: dict[str, Any]) -> tuple[Analysis, bool]:
    """The analysis of ``record``: the one kept for it, or a new one queued for the worker
    (True). A run whose worker went away, or that failed, is queued again."""
    analysis, created = Analysis.objects.get_or_create(
        record_hash=record_hash(record), defaults={"record": record}
    )
    stale = (
        analysis.status in (Analysis.Status.RUNNING, Analysis.Status.QUEUED)
        and analysis.updated_at < timezone.now() - STALE_AFTER
    )
    if not created and (stale or analysis.status == Analysis.Status.FAILED):
        analysis.status, analysis.error, analysis.positions_done = Analysis.Status.QUEUED, "", 0
        analysis.save(update_fields=["status", "error", "positions_done", "updated_at"])
        created = True
    if created:
        analysis_id = analysis.pk
        transaction.on_commit(lambda: analyse_record.enqueue(analysis_id))
    return analysis, created


@task
def analyse_record(analysis_id: int) -> None:
    """The worker's part: solve the record, reporting each position done."""
    analysis = Analysis.objects.get(pk=analysis_id)
    if analysis.status == Analysis.Status.DONE:
        return
    Analysis.objects.filter(pk=analysis_id).update(
        status=Analysis.Status.RUNNING, updated_at=timezone.now()
    )

    def progress(done: int, total: int) -> None:
        Analysis.objects.filter(pk=analysis_id).update(
            positions_done=done, positions_total=total, updated_at=timezone.now()
        )

    engine = solver_of(analysis.record)
    try:
        reports = "progress" in inspect.signature(engine.analyse).parameters
        if reports:
            document = engine.analyse(analysis.record, progress=progress)
        else:
            document = engine.analyse(analysis.record)
    except engine.AnalysisError as error:
        Analysis.objects.filter(pk=analysis_id).update(
            status=Analysis.Status.FAILED, error=f"{error.reason}: {error.text('en')}"
        )
        return
    # An engine whose analysis does not report its progress is done with every position.
    done = len(document.get("positions") or [])
    counted = {} if reports else {"positions_done": done, "positions_total": done}
    Analysis.objects.filter(pk=analysis_id).update(
        status=Analysis.Status.DONE, document=document, updated_at=timezone.now(), **counted
    )


def summary(document: dict[str, Any], names: list[str], needed: int = WIN) -> dict[str, Any]:
    """The headline: the declaring party and what it gets with perfect play from the deal;
    ``needed``: the Augen that win its game (``augen_needed``)."""
    value = document["value"]
    return {
        "party": " + ".join(names[seat] for seat in document["party"]),
        "value": value,
        "won": value >= needed,
        "tout": needed == ALL_AUGEN,
    }


def marks(
    document: dict[str, Any], names: list[str], trick: int, needed: int = WIN
) -> list[dict[str, Any]]:
    """Per card of trick ``trick``: who played what, the Augen it gave away against perfect
    play, the best card(s) there, and whether from that card on the game was lost (or won)."""
    positions = document["positions"]
    shown = []
    for index, position in enumerate(positions):
        if position["trick"] != trick:
            continue
        before = position["best"]
        after = position["values"][position["played"]]
        turn = None
        if before >= needed > after:
            turn = _("from here the game was lost")
        elif after >= needed > before:
            turn = _("from here the game was won")
        best_cards = [card for card, value in position["values"].items() if value == before]
        shown.append(
            {
                "name": names[position["seat"]],
                "played": position["played"],
                "loss": position["loss"],
                "best_cards": best_cards,
                "turn": turn,
                "index": index,
            }
        )
    return shown
