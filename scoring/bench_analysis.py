"""Speed of the open-hand analysis (scoring/rules/schafkopf/analysis.py) on seeded games.

``python -m scoring.bench_analysis [--games N] [--seed S] [--from-trick T] [--only SET …]``
analyses whole games (every position, every legal card) of seeded bot-played Schafkopf
records (``records.simulate_records``, default seed ``analysis``) and prints seconds and
nodes per game, then the median and the maximum of each set, and at the end every set's
figures side by side, all measured in the same run (the same load):

- ``source``: today's figures, the source's contracts in turn — Rufspiel, Solo (Tout
  included), Wenz (Tout included) — in the default profile (target median ≤ 10 s);
- ``geier``, ``farbwenz``, ``farbgeier``, ``bettel``: the house contracts (their Touts
  included; Bettel and Bettel ouvert, with and without Stichzwang in turn), each offered
  alone: median ≤ 2 s, every game ≤ 10 s;
- ``kurz``: the short deck with every contract offered: median ≤ 0.2 s;
- ``skat``: Skat's analysis (scoring/rules/skat/analysis.py), whole games of seeded Skat
  records, suit games, Grand and Null in turn: median ≤ 0.5 s (``run_skat``).

A Bettel's bots stop at the trick that decided it, as its record may: its analysis has the
positions up to there, the first of them with the whole game ahead. docs/records.md
("Analysis") has the measured figures. Importing this module runs nothing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from scoring.rules.compiled import engine_kind
from scoring.rules.records import simulate_records

KINDS = (("rufspiel",), ("solo", "solo_tout"), ("wenz", "wenz_tout"))
TARGET_MEDIAN_SECONDS = 10.0
HOUSE_PROFILE = "tarif-10-20-50"
EVERY_CONTRACT = [
    "rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "geier", "farbwenz", "farbgeier",
    "geier_tout", "farbwenz_tout", "farbgeier_tout", "bettel", "bettel_ouvert",
]  # fmt: skip


@dataclass(frozen=True)
class BenchSet:
    """Games of ``kinds`` in turn (each a group of contract types), dealt under ``profile``
    with ``variants`` of its settings taken in turn; the targets in seconds per game."""

    name: str
    title: str
    kinds: tuple[tuple[str, ...], ...]
    median: float
    most: float | None = None
    profile: str | None = None
    variants: tuple[dict[str, Any], ...] = field(default_factory=lambda: ({},))


SETS = (
    BenchSet("source", "Rufspiel, Solo, Wenz (today's)", KINDS, TARGET_MEDIAN_SECONDS),
    BenchSet(
        "geier",
        "Geier",
        (("geier", "geier_tout"),),
        2.0,
        10.0,
        HOUSE_PROFILE,
        ({"contracts": ["geier", "geier_tout"]},),
    ),
    BenchSet(
        "farbwenz",
        "Farbwenz",
        (("farbwenz", "farbwenz_tout"),),
        2.0,
        10.0,
        HOUSE_PROFILE,
        ({"contracts": ["farbwenz", "farbwenz_tout"]},),
    ),
    BenchSet(
        "farbgeier",
        "Farbgeier",
        (("farbgeier", "farbgeier_tout"),),
        2.0,
        10.0,
        HOUSE_PROFILE,
        ({"contracts": ["farbgeier", "farbgeier_tout"]},),
    ),
    BenchSet(
        "bettel",
        "Bettel",
        (("bettel",), ("bettel_ouvert",)),
        2.0,
        10.0,
        HOUSE_PROFILE,
        (
            {"contracts": ["bettel", "bettel_ouvert"]},
            {"contracts": ["bettel", "bettel_ouvert"], "bettel_stichzwang": True},
        ),
    ),
    BenchSet(
        "kurz",
        "the short deck, every contract",
        tuple((kind,) for kind in EVERY_CONTRACT),
        0.2,
        None,
        HOUSE_PROFILE,
        ({"deck": "kurz", "contracts": EVERY_CONTRACT},),
    ),
)


def bench_records(
    games: int = 12, seed: str = "analysis", bench: BenchSet = SETS[0]
) -> list[dict[str, Any]]:
    """``games`` seeded records, the kinds of ``bench`` taken in turn, each under the next of
    its setting variants (the same seed gives the same records)."""
    streams = [_records(seed, bench.profile, variant) for variant in bench.variants]
    found: list[list[list[dict[str, Any]]]] = [[[] for _ in bench.kinds] for _ in streams]
    wanted: list[dict[str, Any]] = []
    while len(wanted) < games:
        kind = len(wanted) % len(bench.kinds)
        variant = len(wanted) // len(bench.kinds) % len(streams)
        waiting = found[variant]
        while not waiting[kind]:
            record = next(streams[variant])
            for number, types in enumerate(bench.kinds):
                if record["contract"]["type"] in types:
                    waiting[number].append(record)
        wanted.append(waiting[kind].pop(0))
    return wanted


def _records(
    seed: str, profile: str | None = None, overrides: dict[str, Any] | None = None
) -> Iterator[dict[str, Any]]:
    index = 0
    while True:
        batch = simulate_records(
            "schafkopf", 100, f"{seed}:{index}", profile=profile, overrides=overrides or None
        )
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
        "stichzwang": bool(record.get("settings", {}).get("bettel_stichzwang")),
        "seconds": seconds,
        "cpu_seconds": cpu,
        "nodes": analyser.nodes,
        "positions": len(document["positions"]),
        "value": document["value"],
        "objective": document["objective"],
    }


def run_set(bench: BenchSet, games: int, seed: str, from_trick: int) -> dict[str, Any]:
    """Measure one set, printing a line per game and its summary; the summary's figures."""
    print(f"{bench.title} ({bench.name}):")
    results = []
    for number, record in enumerate(bench_records(games, seed, bench), 1):
        result = measure(record, from_trick)
        results.append(result)
        kind = result["contract"] + (" +Stichzwang" if result["stichzwang"] else "")
        print(
            f"  game {number:>2} {kind:<26} {result['seconds']:6.2f} s "
            f"(CPU {result['cpu_seconds']:6.2f} s) {result['nodes']:>10,} nodes  "
            f"{result['positions']:>2} positions  value {result['value']} {result['objective']}",
            flush=True,
        )
    seconds = [result["seconds"] for result in results]
    cpu = [result["cpu_seconds"] for result in results]
    nodes = [result["nodes"] for result in results]
    summary = {
        "set": bench,
        "median": statistics.median(seconds),
        "max": max(seconds),
        "cpu_median": statistics.median(cpu),
        "cpu_max": max(cpu),
        "nodes_median": statistics.median(nodes),
        "nodes_max": max(nodes),
        "rate": sum(nodes) / max(sum(cpu), 1e-9),
    }
    summary["verdict"] = _verdict(summary)
    print(
        f"  median {summary['median']:.2f} s, max {summary['max']:.2f} s per game "
        f"(CPU median {summary['cpu_median']:.2f} s, max {summary['cpu_max']:.2f} s); "
        f"nodes median {summary['nodes_median']:,.0f}, max {summary['nodes_max']:,}, "
        f"{summary['rate']:,.0f}/CPU s; {_targets(bench)}: {summary['verdict']}"
    )
    return summary


SKAT_KINDS = (("karo", "herz", "pik", "kreuz"), ("grand",), ("null",))
SKAT_TARGET_MEDIAN = 0.5


def skat_records(games: int, seed: str) -> list[dict[str, Any]]:
    """``games`` seeded Skat records with a declarer, suit games, Grand and Null in turn."""
    waiting: list[list[dict[str, Any]]] = [[] for _ in SKAT_KINDS]
    wanted: list[dict[str, Any]] = []
    stream = (record for _, record, _ in simulate_records("skat", 10_000, seed))
    while len(wanted) < games:
        kind = len(wanted) % len(SKAT_KINDS)
        while not waiting[kind]:
            record = next(stream)
            for number, types in enumerate(SKAT_KINDS):
                if record["contract"]["type"] in types:
                    waiting[number].append(record)
        wanted.append(waiting[kind].pop(0))
    return wanted


def run_skat(games: int, seed: str) -> dict[str, Any]:
    """Skat's open-hand analysis of ``games`` whole games: a line per game, the summary."""
    from scoring.rules.skat.analysis import analyse

    print("Skat (skat):")
    cpu = []
    for number, record in enumerate(skat_records(games, seed), 1):
        start = time.process_time()
        document = analyse(record)
        cpu.append(time.process_time() - start)
        print(
            f"  game {number:>2} {record['contract']['type']:<6} {cpu[-1]:6.2f} CPU s  "
            f"value {document['value']} {document['objective']}",
            flush=True,
        )
    median = statistics.median(cpu)
    p90 = statistics.quantiles(cpu, n=10)[-1] if len(cpu) > 1 else cpu[0]
    verdict = "PASS" if median <= SKAT_TARGET_MEDIAN else "ABOVE"
    print(
        f"  median {median:.2f} CPU s, p90 {p90:.2f}, max {max(cpu):.2f} CPU s per game "
        f"(target median <= {SKAT_TARGET_MEDIAN:g} s): {verdict}"
    )
    return {"median": median, "p90": p90, "max": max(cpu), "verdict": verdict}


def _targets(bench: BenchSet) -> str:
    said = f"target median <= {bench.median:g} s"
    return said if bench.most is None else f"{said}, each <= {bench.most:g} s"


def _verdict(summary: dict[str, Any]) -> str:
    bench: BenchSet = summary["set"]
    met = summary["median"] <= bench.median and (bench.most is None or summary["max"] <= bench.most)
    return "PASS" if met else "ABOVE"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring.bench_analysis", description=__doc__)
    parser.add_argument("--games", type=int, default=12, help="games per set (default 12)")
    parser.add_argument("--seed", default="analysis", help="seed (default analysis)")
    parser.add_argument("--from-trick", type=int, default=1, help="first trick analysed")
    parser.add_argument(
        "--only",
        nargs="+",
        choices=[*(bench.name for bench in SETS), "skat"],
        help="only these sets",
    )
    args = parser.parse_args(argv)
    chosen = [bench for bench in SETS if not args.only or bench.name in args.only]
    print(
        f"Schafkopf open-hand analysis, {args.games} seeded games a set (seed {args.seed!r}), "
        f"from trick {args.from_trick} "
        f"(Python {platform.python_version()}, one process, {engine_kind()})"
    )
    if args.games < 1:
        return 0
    summaries = [run_set(bench, args.games, args.seed, args.from_trick) for bench in chosen]
    skat = run_skat(args.games, args.seed) if not args.only or "skat" in args.only else None
    print("In this run, seconds per game (wall clock):")
    for summary in summaries:
        bench = summary["set"]
        print(
            f"  {bench.title:<32} median {summary['median']:5.2f}  max {summary['max']:5.2f}  "
            f"({_targets(bench)}: {summary['verdict']})"
        )
    if skat is not None:
        print(
            f"  {'Skat (CPU seconds)':<32} median {skat['median']:5.2f}  p90 {skat['p90']:5.2f}  "
            f"max {skat['max']:5.2f}  "
            f"(target median <= {SKAT_TARGET_MEDIAN:g} s: {skat['verdict']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
