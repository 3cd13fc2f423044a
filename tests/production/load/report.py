"""Figures of a load or fault run: requests/s, latency percentiles per kind, errors."""

from __future__ import annotations

from collections import Counter, defaultdict

EXPECTED = {
    "poll": {200, 304},
    "page": {200},
    "follow": {200},
    "entry": {302, 409},
    "create": {200, 302},
}
# After PostgreSQL is back, phones may see 503s this long (a worker's next request reconnects).
RECOVERY_GRACE = 10.0


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(p / 100 * len(sorted_values)) - 1))
    return sorted_values[index]


def latency(values: list[float]) -> dict:
    values = sorted(values)
    return {
        "n": len(values),
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "p99": percentile(values, 99),
    }


def summarize(result: dict, fault_window: dict | None = None) -> dict:
    """Figures of the steady state: requests finished after the phones' ramp-up (every
    phone loading its page at once is the evening's start, not its normal load)."""
    steady_from = result["started"] + result.get("ramp", 0)
    warmup = [r for r in result["requests"] if r[0] < steady_from]
    requests = [r for r in result["requests"] if r[0] >= steady_from]
    by_kind = defaultdict(list)
    statuses = Counter()
    errors = Counter()
    during_outage = Counter()
    last_503 = None
    expected = EXPECTED if result["mode"] == "app" else defaultdict(lambda: {200})
    for t, kind, status, ms in result["requests"]:
        steady = t >= steady_from
        if steady:
            statuses[(kind, status)] += 1
            label = f"{kind} ({status})" if kind == "poll" else kind
            by_kind[label].append(ms)
            by_kind["all"].append(ms)
        if fault_window and status == 503:
            last_503 = max(last_503 or t, t)
            if fault_window["down"] - 1 <= t <= fault_window["up"] + RECOVERY_GRACE:
                during_outage[kind] += 1
                continue
        if status not in expected[kind]:
            errors[f"{kind} {status}" + ("" if steady else " (ramp-up)")] += 1
    elapsed = result["elapsed"] - result.get("ramp", 0)
    return {
        "warmup": len(warmup),
        "requests": len(requests),
        "started": result["started"],
        "elapsed": elapsed,
        "elapsed_total": result["elapsed"],
        "rate": len(requests) / elapsed if elapsed else 0,
        "latency": {kind: latency(values) for kind, values in sorted(by_kind.items())},
        "statuses": statuses,
        "errors": errors,
        "error_count": sum(errors.values()),
        "during_outage": during_outage,
        "last_503": last_503,
        "generator_cpu": result["generator_cpu_seconds"],
        "server_cpu": result.get("server_cpu_seconds", 0.0),
    }


def print_latencies(summary: dict):
    print(f"  {'':<14}{'count':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for kind, figures in summary["latency"].items():
        print(
            f"  {kind:<14}{figures['n']:>8}{figures['p50']:>9.1f}"
            f"{figures['p95']:>9.1f}{figures['p99']:>9.1f}"
        )


def print_phase(title: str, summary: dict):
    print(f"== {title}")
    print(
        f"  {summary['requests']} requests in {summary['elapsed']:.1f} s after the ramp-up "
        f"({summary['warmup']} during it) = "
        f"{summary['rate']:.0f} req/s; errors {summary['error_count']}"
        + (f" {dict(summary['errors'])}" if summary["errors"] else "")
    )
    per_request = 1000 * summary["server_cpu"] / max(summary["requests"] + summary["warmup"], 1)
    print(
        f"  server CPU {summary['server_cpu']:.1f} s ({per_request:.2f} ms/request); "
        f"load generator CPU {summary['generator_cpu']:.1f} s "
        f"({100 * summary['generator_cpu'] / summary['elapsed_total']:.0f} % of one core)"
    )
    print_latencies(summary)


def print_database(database: dict):
    print(
        f"== database: {database['rounds']} rounds, {database['revisions']} revisions; "
        f"saves sent {database['sent']}, acknowledged {database['acknowledged']} "
        f"({database['corrections_acknowledged']} corrections), conflicts {database['conflicts']},"
        f" double taps {database['double_taps']}"
    )
    print(f"  lost {database['lost']}, duplicated {database['duplicated']}")
    for problem, examples in database["problems"].items():
        print(f"  PROBLEM {problem}: {examples}")


def print_load(app: dict, floor: dict | None, database: dict, args, env) -> int:
    setup = (
        f"{args.tables} tables × {args.phones} phones ({args.scorers} on the scorer link), "
        f"{args.duration:.0f} s; gunicorn {args.workers} {args.worker_class} workers"
        + (f" × {args.threads} threads" if args.threads > 1 else "")
        + f"; PostgreSQL {'psycopg pool' if args.pool else 'persistent connections'}"
        + f"; rate limits in {'Redis' if env.get('REDIS_URL') else 'local memory'}"
    )
    print(f"== load test: {setup}")
    print_phase("app (Schatzsuche scorer and viewer links)", app)
    print_database(database)
    if floor:
        print_phase("floor (a bare Django view, same schedule)", floor)
        a, f = app["latency"]["all"], floor["latency"]["all"]
        cpu_a = app["server_cpu"] / max(app["requests"] + app["warmup"], 1)
        cpu_f = floor["server_cpu"] / max(floor["requests"] + floor["warmup"], 1)
        print(
            f"== app / floor: p50 {a['p50'] / f['p50']:.1f}×, p95 {a['p95'] / f['p95']:.1f}×, "
            f"server CPU per request {cpu_a / cpu_f:.1f}×, "
            f"req/s {app['rate']:.0f} / {floor['rate']:.0f}"
        )
    entry = app["latency"].get("entry", {"p95": float("nan")})
    ok = app["error_count"] == 0 and database["lost"] == 0 and database["duplicated"] == 0
    ok = ok and not database["problems"]
    if entry["p95"] != entry["p95"]:  # NaN: no round entry in the steady state
        verdict = "no round entries measured"
    else:
        target = "under" if entry["p95"] < 100 else "OVER"
        verdict = f"round entry p95 {entry['p95']:.1f} ms ({target} the 100 ms target)"
    print(
        f"== {'PASS' if ok else 'FAIL'}: errors {app['error_count']}, lost {database['lost']}, "
        f"duplicated {database['duplicated']}; {verdict}"
    )
    return 0 if ok else 1


def print_fault(app: dict, database: dict, events: dict, args) -> int:
    down, up = events.get("down"), events.get("up")
    print(
        f"== fault test: {args.tables} tables × {args.phones} phones, {args.duration:.0f} s; "
        f"PostgreSQL cluster '{args.fault_cluster}' stopped "
        f"{down - app['started'] if down else float('nan'):.0f} s into the load, "
        f"down {up - down if down and up else float('nan'):.1f} s"
    )
    print_phase("app during the fault run", app)
    outage = dict(app["during_outage"])
    print(f"  503 pages while PostgreSQL was down or reconnecting: {outage or 'none'}")
    if app["last_503"] and up:
        after = app["last_503"] - up
        print(
            f"  last 503 answered {after:.1f} s after PostgreSQL was back"
            if after >= 0
            else f"  normal answers again {-after:.1f} s before `pg_ctlcluster start` returned"
        )
    print(
        f"  saves sent again after a 503 (same submission): {database['retried']}; "
        f"of those acknowledged {database['retried_acknowledged']}, stored exactly once "
        f"{database['retried_stored_once']}"
    )
    print_database(database)
    recovered = bool(up) and (app["last_503"] is None or app["last_503"] <= up + RECOVERY_GRACE)
    server_errors = sum(n for (kind, status), n in app["statuses"].items() if status == 500)
    ok = (
        app["error_count"] == 0
        and server_errors == 0
        and recovered
        and database["lost"] == 0
        and database["duplicated"] == 0
        and not database["problems"]
        and sum(outage.values()) > 0
        and database["retried_stored_once"] == database["retried_acknowledged"]
    )
    print(
        f"== {'PASS' if ok else 'FAIL'}: 503s while down {sum(outage.values())}, "
        f"500s {server_errors}, other errors {app['error_count']}, recovered {recovered}, "
        f"lost {database['lost']}, duplicated {database['duplicated']}, "
        f"half-written {len(database['problems'])}"
    )
    return 0 if ok else 1
