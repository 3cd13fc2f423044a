"""Running the engine's management commands in-process, as the tests of verify and analyse do."""

import io
import json
import sys

from django.core.management import call_command


def run_command(name, *args, stdin=None, monkeypatch=None):
    """Run ``manage.py <name> <args>`` in-process; returns (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        call_command(name, *args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, out.getvalue(), err.getvalue()


def write(tmp_path, record, name="record.json") -> str:
    """A record (dict, or text as it is) in a file; returns its path."""
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return str(path)
