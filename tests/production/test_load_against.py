"""The load test's comparison with an older revision (tests/production/load/against.py) reads
the figures that each revision's load test prints."""

import pytest

from tests.production.load.against import figures, polling_args

# As the code of the time (6220b15) prints its polling phase.
OLD = """== app (Schatzsuche scorer and viewer links)
  14544 requests in 50.0 s after the ramp-up (898 during it) = 291 req/s; errors 0
  server CPU 60.5 s (3.92 ms/request); load generator CPU 7.7 s (13 % of one core)
== PASS: errors 0, lost 0, duplicated 0; round entry p95 86.2 ms (under the 100 ms target)
"""
# As this code prints a pushed phase.
NEW = """== app, phones hold their event stream (push)
  3197 requests in 50.1 s after the ramp-up (900 during it) = 64 req/s; errors 0
  server CPU 34.7 s = gunicorn 30.3 s + uvicorn 4.4 s (8.47 ms/request); load generator CPU 4.5 s
  server CPU after the ramp-up 22.8 s in 50 s = 46 % of one core
== PASS: errors 0, lost 0, duplicated 0; round entry p95 48.3 ms (under the 100 ms target)
"""


def test_the_figures_of_both_revisions_outputs_are_read():
    assert figures(OLD) == (60.5, 86.2)
    assert figures(NEW) == (34.7, 48.3)  # the whole phase, not the part after the ramp-up


def test_an_output_without_figures_stops_the_comparison():
    with pytest.raises(SystemExit, match="no server CPU"):
        figures("== FAIL: 3 tables could not be created")


def test_a_revision_runs_its_polling_phase_as_its_load_test_knows_it(tmp_path):
    run = tmp_path / "tests/production/load/run.py"
    run.parent.mkdir(parents=True)
    run.write_text('parser.add_argument("--no-floor", action="store_true")\n')
    assert polling_args(tmp_path) == ["--no-floor"]
    run.write_text('parser.add_argument(\n    "--live",\n    choices=["both", "poll"],\n)\n')
    assert polling_args(tmp_path) == ["--live", "poll"]
