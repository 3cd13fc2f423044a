"""`make bench` measures a Skat league's standings too: it runs from a plain shell (as
test_bench.py starts the Schafkopf one) and prints its figures against its target; the
standings' queries do not grow with the players (the bench says so, and checks it)."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_skat_bench_runs_as_make_bench_starts_it():
    unset = ("DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY", "DJANGO_DEBUG", "DATABASE_URL")
    env = {name: value for name, value in os.environ.items() if name not in unset}
    small = ["--only", "skat", "--skat-players", "16", "--skat-rounds", "2", "--repeat", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "tournaments.bench", *small],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = re.findall(r"(\d+) Skat players, 2 rounds: standings .*?\((\d+) queries\)", done.stdout)
    assert [players for players, _queries in lines] == ["9", "16"]
    assert len({queries for _players, queries in lines}) == 1  # the same for more players
    assert "target: Skat standings under 200 ms" in done.stdout
    assert "queries independent of the players (ok)" in done.stdout
