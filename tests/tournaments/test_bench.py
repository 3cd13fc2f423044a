"""`make bench` ends with the tournament standings bench: it runs from a plain shell, on
production settings without a secret key or a database of its own (it makes a throwaway
one), and prints its figures against the target."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_standings_bench_runs_as_make_bench_starts_it():
    unset = ("DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY", "DJANGO_DEBUG", "DATABASE_URL")
    env = {name: value for name, value in os.environ.items() if name not in unset}
    small = ["--players", "8", "--rounds", "1", "--games", "2", "--repeat", "1"]
    small += ["--evenings", "2", "--series-players", "8", "--series-rounds", "1"]
    small += ["--series-games", "2", "--skat-players", "9", "--skat-rounds", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "tournaments.bench", *small],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "8 players, 1 rounds × 2 games: page" in done.stdout
    assert "target: page under 100 ms" in done.stdout
    assert " 2 evenings,    8 players: ranked in" in done.stdout
    # The series is ranked cold (after a correction) and warm (its evenings' totals stored).
    assert "queries) cold, one game corrected" in done.stdout
    assert "queries) warm, nothing changed" in done.stdout
    assert "target: ranked under 200 ms" in done.stdout
