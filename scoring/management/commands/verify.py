"""``manage.py verify FILE|-``: judge a `record/1` file and print its `verdict/1`.

Exit status: 0 valid, 1 invalid, 2 not a readable record. For an unreadable record the
message naming the key goes to stderr and ``{"error": {"key": .., "message": ..}}`` to
stdout (docs/records.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from scoring.rules import records
from scoring.rules.core import LANGUAGES, RecordError

INVALID, UNREADABLE = 1, 2


class Command(BaseCommand):
    help = "Verify a game record (JSON file, or - for stdin) and print the verdict as JSON."
    # Pure engine work: no database, so no system checks (they would open one).
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", help="record/1 JSON file, or - to read stdin")
        parser.add_argument("--lang", choices=LANGUAGES, default="en", help="message language")

    def handle(self, *args, file, lang, **options):
        try:
            verdict = records.verify(read_source(file))
        except RecordError as error:
            self.stderr.write(f"unreadable record: {error.key}: {error.message}")
            self.stdout.write(
                records.dumps({"error": {"key": error.key, "message": error.message}})
            )
            sys.exit(UNREADABLE)
        self.stdout.write(records.dumps(verdict.to_json(lang)))
        if not verdict.valid:
            sys.exit(INVALID)


def read_source(file: str) -> bytes:
    if file == "-":
        return getattr(sys.stdin, "buffer", sys.stdin).read()
    try:
        return Path(file).read_bytes()
    except OSError as error:
        raise RecordError("record", f"cannot read {file}: {error.strerror}") from None
