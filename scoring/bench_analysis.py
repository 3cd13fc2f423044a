"""Speed of the open-hand analysis (scoring/rules/schafkopf/analysis.py) on seeded games.

``python -m scoring.bench_analysis [--games N] [--seed S] [--from-trick T]`` takes the first
seeded bot-played Schafkopf records (``records.simulate_records``, default seed
``analysis``) of each kind in turn — Rufspiel, Solo (Tout included), Wenz (Tout included) —
until it has N (default 12), analyses each whole game (every position, every legal card)
and prints seconds and nodes per game, then the median and the maximum. The target is a
median of at most 10 s per game (docs/records.md, "Analysis"). Importing this module runs
nothing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from scoring.rules.compiled import engine_kind
from scoring.rules.records import simulate_records

KINDS = (("rufspiel",), ("solo", "solo_tout"), ("wenz", "wenz_tout"))
TARGET_MEDIAN_SECONDS = 10.0


def bench_records(games: int = 12, seed: str = "analysis") -> list[dict[str, Any]]:
    """``games`` seeded records, the kinds of KINDS taken in turn (the same seed gives the
    same records)."""
    wanted: list[dict[str, Any]] = []
    found: list[list[dict[str, Any]]] = [[] for _ in KINDS]
    stream = _records(seed)
    while len(wanted) < games:
        kind = len(wanted) % len(KINDS)
        while not found[kind]:
            record = next(stream)
            for number, types in enumerate(KINDS):
                if record["contract"]["type"] in types:
                    found[number].append(record)
        wanted.append(found[kind].pop(0))
    return wanted


def _records(seed: str) -> Iterator[dict[str, Any]]:
    index = 0
    while True:
        batch = simulate_records("schafkopf", 100, f"{seed}:{index}")
        for _, record, _ in batch:
            yield record
        index += 1


def measure(record: dict[str, Any], from_trick: int = 1) -> dict[str, Any]:
    """Analyse one record: its contract, seconds (wall clock and CPU), nodes searched (calls
    of ``Analyser.search``, table hits included) and value."""
    from scoring.rules.schafkopf.analysis import Analyser, prepare

    start, cpu = time.perf_counter(), time.process_time()
    analyser = Analyser(prepare(record, from_trick))
    document = analyser.document(from_trick)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "contract": record["contract"]["type"],
        "seconds": seconds,
        "cpu_seconds": cpu,
        "nodes": analyser.nodes,
        "positions": len(document["positions"]),
        "value": document["value"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring.bench_analysis", description=__doc__)
    parser.add_argument("--games", type=int, default=12, help="number of games (default 12)")
    parser.add_argument("--seed", default="analysis", help="seed (default analysis)")
    parser.add_argument("--from-trick", type=int, default=1, help="first trick analysed")
    args = parser.parse_args(argv)
    print(
        f"Schafkopf open-hand analysis, {args.games} seeded games (seed {args.seed!r}), "
        f"from trick {args.from_trick} "
        f"(Python {platform.python_version()}, one process, {engine_kind()})"
    )
    results = []
    for number, record in enumerate(bench_records(args.games, args.seed), 1):
        result = measure(record, args.from_trick)
        results.append(result)
        print(
            f"  game {number:>2} {result['contract']:<10} {result['seconds']:6.2f} s "
            f"(CPU {result['cpu_seconds']:6.2f} s) {result['nodes']:>10,} nodes  "
            f"value {result['value']}",
            flush=True,
        )
    if not results:
        return 0
    seconds = [result["seconds"] for result in results]
    cpu = [result["cpu_seconds"] for result in results]
    nodes = [result["nodes"] for result in results]
    median = statistics.median(seconds)
    verdict = "PASS" if median <= TARGET_MEDIAN_SECONDS else "ABOVE"
    print(
        f"median {median:.2f} s, max {max(seconds):.2f} s per game "
        f"(CPU median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s); "
        f"nodes median {statistics.median(nodes):,.0f}, max {max(nodes):,}, "
        f"{sum(nodes) / sum(cpu):,.0f}/CPU s; "
        f"target median <= {TARGET_MEDIAN_SECONDS:g} s: {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
