"""Figures of a load or fault run: requests/s, latency percentiles per kind, errors."""

from __future__ import annotations

from collections import Counter, defaultdict

EXPECTED = {
    "poll": {200, 304},
    "fetch": {200, 304},  # the fragment after an announced version (or a fallback poll)
    "stream": {200},  # an event stream opened
    "page": {200},
    "follow": {200},
    "entry": {200, 302, 409},  # 200: saved in place (offline.js), 302: a form's redirect
    "ahead": {200, 304},  # the blank forms of the rounds ahead (offline.js)
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
            label = f"{kind} ({status})" if kind in ("poll", "fetch") else kind
            by_kind[label].append(ms)
            by_kind["all"].append(ms)
        if fault_window and status == 503:
            last_503 = max(last_503 or t, t)
            if fault_window["down"] - 1 <= t <= fault_window["up"] + RECOVERY_GRACE:
                during_outage[kind] += 1
                continue
        # The event server was killed: its phones' reconnects fail until it is back.
        restarting = fault_window and "events_down" in fault_window
        if (
            restarting
            and kind == "stream"
            and status in (0, 503)
            and fault_window["events_down"] - 1 <= t <= fault_window["events_up"] + RECOVERY_GRACE
        ):
            during_outage["stream (event server restarting)"] += 1
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
        "wsgi_cpu": result.get("wsgi_cpu_seconds", 0.0),
        "asgi_cpu": result.get("asgi_cpu_seconds", 0.0),
        "steady_cpu": result.get("steady_cpu_seconds", float("nan")),
        "setup_cpu": result.get("setup_cpu_seconds", 0.0),
        "steady_seconds": result.get("steady_seconds", float("nan")),
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
    split = ""
    if summary.get("asgi_cpu"):
        split = f" = gunicorn {summary['wsgi_cpu']:.1f} s + uvicorn {summary['asgi_cpu']:.1f} s"
    setup = f" (+ {summary['setup_cpu']:.1f} s creating the tables)" if summary["setup_cpu"] else ""
    print(
        f"  server CPU {summary['server_cpu']:.1f} s{split} ({per_request:.2f} ms/request)"
        f"{setup}; load generator CPU {summary['generator_cpu']:.1f} s "
        f"({100 * summary['generator_cpu'] / summary['elapsed_total']:.0f} % of one core)"
    )
    if summary["steady_seconds"] == summary["steady_seconds"]:
        print(
            f"  server CPU after the ramp-up {summary['steady_cpu']:.1f} s in "
            f"{summary['steady_seconds']:.0f} s = "
            f"{100 * summary['steady_cpu'] / summary['steady_seconds']:.0f} % of one core"
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


def print_load(summaries: dict, floor: dict | None, database: dict, args, env) -> int:
    setup = (
        f"{args.tables} tables × {args.phones} phones ({args.scorers} on the scorer link), "
        f"{args.duration:.0f} s; gunicorn {args.workers} {args.worker_class} workers"
        + (f" × {args.threads} threads" if args.threads > 1 else "")
        + "; event streams on uvicorn (1 process)"
        + f"; PostgreSQL {'psycopg pool' if args.pool else 'persistent connections'}"
        + f"; rate limits in {'Redis' if env.get('REDIS_URL') else 'local memory'}"
    )
    print(f"== load test: {setup}")
    titles = {
        "poll": "phones poll every 3 s (as before)",
        "push": "phones hold their event stream (push)",
    }
    for live, summary in summaries.items():
        print_phase(f"app, {titles[live]}", summary)
    print_database(database)
    app = summaries[list(summaries)[-1]]
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
        # The figure issue 29 asks about: the whole app (gunicorn and the event streams) for
        # the phones' schedule against the floor's CPU for the same schedule, in this run.
        print(
            f"== server CPU app / floor: {app['server_cpu']:.1f} s / {floor['server_cpu']:.1f} s"
            f" = {app['server_cpu'] / floor['server_cpu']:.2f}× (target ≤ 1.0); after the "
            f"ramp-up {app['steady_cpu']:.1f} s / {floor['steady_cpu']:.1f} s = "
            f"{app['steady_cpu'] / floor['steady_cpu']:.2f}×"
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
    if events.get("events_down"):
        print(
            f"  event server killed {events['events_down'] - app['started']:.0f} s into the load,"
            f" back after {events['events_up'] - events['events_down']:.1f} s"
        )
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


# --- push: what the event streams delivered ---------------------------------------------------
# A save acknowledged this close to the end of the run may still be on its way: not counted.
END_GRACE = 5.0


def summarize_push(result: dict, outage: dict | None = None) -> dict:
    """Push latency (save acknowledged → each other phone of the table has the event, and →
    it shows the fragment), events lost (a phone with a stream never heard of a save, neither
    by an event nor by a page it loaded) and duplicated (a phone got a version it had already
    been sent), connections held."""
    # The phones hang up at the end of the run (``duration``); on a saturated machine the last
    # saves are acknowledged after that, and nobody is left listening for them.
    listened = min(result["elapsed"], result.get("duration", result["elapsed"]))
    end = result["started"] + listened - END_GRACE
    events, shown = defaultdict(list), defaultdict(list)
    phones_of = defaultdict(set)
    first_open = {}
    for t, phone, table, version in result["events"]:
        events[phone].append((t, version))
        phones_of[table].add(phone)
    for t, phone, table, version in result["shown"]:
        shown[phone].append((t, version))
        phones_of[table].add(phone)
    opened = Counter()
    for t, phone, table, what in result["streams"]:
        opened[what] += 1
        phones_of[table].add(phone)
        if what == "open":
            first_open.setdefault(phone, t)
    duplicated = 0
    for received in events.values():
        highest = -1
        for _t, version in sorted(received):
            if version <= highest:
                duplicated += 1
            highest = max(highest, version)
    push_ms, update_ms, lost, notified_by_page = [], [], [], 0
    # In a fault run, saves acknowledged from shortly before the database went away until the
    # grace after it came back reach the phones when the LISTEN connection is back: counted for
    # lost and duplicated, but their latency is the outage's, reported apart.
    outage_ms = []
    windows = [
        (outage[a] - 2, outage.get(b, outage[a]) + RECOVERY_GRACE)
        for a, b in (("down", "up"), ("events_down", "events_up"))
        if outage and a in outage
    ]
    for acked, table, version in result["acks"]:
        if acked > end:
            continue
        in_outage = any(start <= acked <= stop for start, stop in windows)
        for phone in phones_of[table]:
            if first_open.get(phone, float("inf")) > acked:
                continue  # no stream yet when the save came
            heard = next((t for t, v in sorted(events[phone]) if v >= version), None)
            seen = next((t for t, v in sorted(shown[phone]) if v >= version), None)
            if heard is None and seen is None:
                lost.append((table, version, phone))
                continue
            if seen is not None and seen <= acked + 0.001 and (heard is None or heard > seen):
                notified_by_page += 1  # the saving phone (or one that reloaded) shows it
                continue
            if in_outage:
                outage_ms.append((min(t for t in (heard, seen) if t is not None) - acked) * 1000)
                continue
            if heard is not None:
                push_ms.append((heard - acked) * 1000)
            if seen is not None:
                update_ms.append((seen - acked) * 1000)
    rss = result.get("asgi_rss_kib", {})
    held = result.get("held_max", 0)
    return {
        "push": latency(push_ms),
        "update": latency(update_ms),
        "outage": latency(outage_ms),
        "lost": lost,
        "duplicated": duplicated,
        "notified_by_page": notified_by_page,
        "held_max": held,
        "streams": opened,
        "rss_base_kib": rss.get("base", 0),
        "rss_peak_kib": rss.get("peak", 0),
        "kib_per_connection": (rss.get("peak", 0) - rss.get("base", 0)) / held if held else 0,
        "acks": len(result["acks"]),
    }


def print_push(push: dict, poll: dict | None, app: dict, args) -> int:
    print("== push (event streams)")
    p, u = push["push"], push["update"]
    print(
        f"  save acknowledged → other phones notified: p50 {p['p50']:.0f} ms, p95 {p['p95']:.0f}"
        f" ms, p99 {p['p99']:.0f} ms ({p['n']} notifications; negative: the event came before "
        f"the saving phone had its answer)"
    )
    print(
        f"  save acknowledged → other phones show it (event + fragment): p50 {u['p50']:.0f} ms, "
        f"p95 {u['p95']:.0f} ms, p99 {u['p99']:.0f} ms"
    )
    if push["outage"]["n"]:
        o = push["outage"]
        print(
            f"  saves around the outages → other phones notified: p50 {o['p50']:.0f} ms, "
            f"p95 {o['p95']:.0f} ms, p99 {o['p99']:.0f} ms ({o['n']}; their streams or the LISTEN "
            f"connection were coming back)"
        )
    streams = push["streams"]
    print(
        f"  connections held at most {push['held_max']}; streams opened {streams['open']}, "
        f"refused {streams['refused']}, ended {streams['close']}"
    )
    if push["rss_peak_kib"]:
        print(
            f"  uvicorn memory {push['rss_base_kib'] / 1024:.0f} MiB idle, "
            f"{push['rss_peak_kib'] / 1024:.0f} MiB at most: "
            f"{push['kib_per_connection']:.1f} KiB per held connection"
        )
    print(
        f"  events lost {len(push['lost'])}"
        + (f" {push['lost'][:5]}" if push["lost"] else "")
        + f", duplicated {push['duplicated']}"
    )
    if poll:
        entry = {
            k: s["latency"].get("entry", {}).get("p95", float("nan"))
            for k, s in (("poll", poll), ("push", app))
        }
        share = {}
        for k, s in (("poll", poll), ("push", app)):
            live = sum(n for (kind, _st), n in s["statuses"].items() if kind in ("poll", "fetch"))
            share[k] = 100 * live / max(s["requests"], 1)
        print(f"  {'':<34}{'polling':>12}{'push':>12}{'push/poll':>11}")
        rows = [
            ("requests/s", poll["rate"], app["rate"], "{:.0f}"),
            ("live requests (% of all)", share["poll"], share["push"], "{:.0f} %"),
            ("round entry p95 (ms)", entry["poll"], entry["push"], "{:.1f}"),
            ("server CPU (s)", poll["server_cpu"], app["server_cpu"], "{:.1f}"),
            (
                "server CPU (% of one core)",
                100 * poll["server_cpu"] / poll["elapsed_total"],
                100 * app["server_cpu"] / app["elapsed_total"],
                "{:.0f} %",
            ),
            (
                "after the ramp-up (% of one core)",
                100 * poll["steady_cpu"] / poll["steady_seconds"],
                100 * app["steady_cpu"] / app["steady_seconds"],
                "{:.0f} %",
            ),
        ]
        for label, before, after, fmt in rows:
            ratio = after / before if before else float("nan")
            print(f"  {label:<34}{fmt.format(before):>12}{fmt.format(after):>12}{ratio:>10.2f}×")
    ok = (
        not push["lost"]
        and push["duplicated"] == 0
        and app["error_count"] == 0
        and (p["n"] == 0 or p["p95"] < 1000)
    )
    print(
        f"== {'PASS' if ok else 'FAIL'} (push): p95 {p['p95']:.0f} ms (target < 1000), lost "
        f"{len(push['lost'])}, duplicated {push['duplicated']}, errors {app['error_count']}"
    )
    return 0 if ok else 1
