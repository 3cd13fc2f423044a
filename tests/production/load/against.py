"""``--against REV``: this code's pushed phase beside the polling of an older revision.

Issue 12 judges the pushed phase by "server CPU at most a third of today's", today's being the
code as it was when the issue was filed (6220b15: every phone polled). The machine's speed
drifts by a third within minutes here, so the two are measured in turns, ``--pairs`` times:
the old revision's own load test (in a throwaway git worktree on this virtualenv; ``--live
poll`` where it has that option, else its polling phase without the floor), then this code's
``--live push``, with the same tables, phones, duration and seed. Prints each pair's server
CPU, the ratio and the round entries' p95.

    python -m tests.production.load.run --against 6220b15 --pairs 2
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from .run import ROOT, sh

SERVER_CPU = re.compile(r"server CPU (\d+(?:\.\d+)?) s")
ENTRY_P95 = re.compile(r"round entry p95 (\d+(?:\.\d+)?) ms")


def figures(output: str) -> tuple[float, float]:
    """(server CPU s, round entry p95 ms) of the first phase a load test printed."""
    cpu, entry = SERVER_CPU.search(output), ENTRY_P95.search(output)
    if cpu is None or entry is None:
        raise SystemExit(f"no server CPU or round entry p95 in the load test's output:\n{output}")
    return float(cpu.group(1)), float(entry.group(1))


def load_test(cwd: Path, *args: str) -> str:
    return sh(sys.executable, "-m", "tests.production.load.run", *args, cwd=cwd).stdout


def polling_args(worktree: Path) -> list[str]:
    """How the old revision's load test runs only its polling phase."""
    source = (worktree / "tests/production/load/run.py").read_text()
    return ["--live", "poll"] if '"--live"' in source else ["--no-floor"]


def compare(args) -> int:
    common = [
        f"--tables={args.tables}",
        f"--phones={args.phones}",
        f"--duration={args.duration}",
        f"--seed={args.seed}",
    ]
    with tempfile.TemporaryDirectory(prefix="stichblock-against-") as parent:
        worktree = Path(parent) / "old"
        git = ["git", "-C", str(ROOT), "worktree"]
        sh(*git, "add", "--detach", str(worktree), args.against)
        try:
            (worktree / ".venv").symlink_to(Path(sys.executable).parent.parent)
            old = polling_args(worktree)
            rows = []
            for pair in range(1, args.pairs + 1):
                print(f"== pair {pair}: {args.against} polling, then this code pushed", flush=True)
                today = figures(load_test(worktree, *old, *common))
                pushed = figures(load_test(ROOT, "--live", "push", *common))
                rows.append((today, pushed))
        finally:
            sh(*git, "remove", "--force", str(worktree), check=False)
    print(f"== this code pushed beside {args.against} polling (server CPU, round entry p95)")
    ratios = []
    for (cpu_today, entry_today), (cpu_pushed, entry_pushed) in rows:
        ratios.append(cpu_pushed / cpu_today)
        print(
            f"  {cpu_today:6.1f} s, {entry_today:6.1f} ms  →  {cpu_pushed:6.1f} s, "
            f"{entry_pushed:6.1f} ms   {ratios[-1]:.2f}×"
        )
    worst = max(ratios)
    verdict = "within" if worst <= 1 / 3 else "OVER"
    print(f"== server CPU {worst:.2f}× of {args.against}'s at most ({verdict} a third)")
    return 0 if worst <= 1 / 3 else 1
