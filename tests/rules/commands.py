"""Running the engine's management commands in-process, as the tests of verify and analyse do."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


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


def run_process(name, *args, stdin: str):
    """``manage.py <name> <args>`` as a real process reading ``stdin``, as a shell pipeline
    runs it, on a machine without a database (the commands are pure engine work)."""
    no_database = {**os.environ, "DATABASE_URL": "sqlite:////nonexistent-dir/none.sqlite3"}
    return subprocess.run(
        [sys.executable, "manage.py", name, *args],
        cwd=ROOT,
        env=no_database,
        input=stdin.encode(),
        capture_output=True,
        timeout=120,
        check=False,
    )
