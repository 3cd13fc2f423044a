"""``manage.py analyse FILE|- [--from-trick N] [--lang en|de]``: open-hand analysis of a
Schafkopf or Skat record, printed as an `analysis/1` document (docs/records.md, "Analysis").

Exit status: 0 with the document on stdout; 2 when the record cannot be analysed (not
readable, not valid, not complete, no hands, a Ramsch or a Sie, or ``--from-trick`` out of
range): then ``cannot analyse (<reason>): <message>`` on stderr, in ``--lang``, and
``{"error": {"reason": .., "key": .., "message": ..}}`` on stdout, as ``verify`` does.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from scoring.management.commands.verify import read_source
from scoring.rules import records
from scoring.rules.core import LANGUAGES, RecordError
from scoring.rules.schafkopf.analysis import AnalysisError, analyse
from scoring.rules.skat import analysis as skat_analysis

CANNOT_ANALYSE = 2


class Command(BaseCommand):
    help = (
        "Analyse a Schafkopf or Skat record (JSON file, or - for stdin) with all hands open: the "
        "value of every legal card at every position, as JSON."
    )
    # Pure engine work: no database, so no system checks (they would open one).
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", help="record/1 JSON file, or - to read stdin")
        parser.add_argument(
            "--from-trick",
            type=int,
            default=1,
            dest="from_trick",
            help="first trick to analyse, 1-8 (Skat 1-10; default 1)",
        )
        parser.add_argument("--lang", choices=LANGUAGES, default="en", help="message language")

    def handle(self, *args, file, from_trick, lang, **options):
        try:
            source = records.load(read_source(file))
            if source.get("game") == "skat":
                document = skat_analysis.analyse(source, from_trick)
            else:
                document = analyse(source, from_trick)
        except RecordError as error:  # the file could not be read at all
            self._fail(AnalysisError.unreadable(error), lang)
        except (AnalysisError, skat_analysis.AnalysisError) as error:
            self._fail(error, lang)
        self.stdout.write(records.dumps(document))

    def _fail(self, error: AnalysisError | skat_analysis.AnalysisError, lang: str) -> None:
        message = error.text(lang)
        self.stderr.write(f"cannot analyse ({error.reason}): {message}")
        payload = {"reason": error.reason, "key": error.key, "message": message}
        self.stdout.write(records.dumps({"error": payload}))
        sys.exit(CANNOT_ANALYSE)
