"""``--meter``: the server's CPU by kind of request, so a run says where its CPU went.

The first middleware adds each request's CPU time (its thread's, which under gunicorn's one
thread per process is the request's) to a tally per view and method, and every two seconds
writes the tally to ``$LOAD_CPU_METER/<pid>.json``; the load test adds the files up. What
the tally misses (gunicorn itself, the middleware's own first lines) is the difference to the
process's CPU time.
"""

import json
import os
import threading
import time
from collections import defaultdict
from pathlib import Path

WRITE_EVERY_SECONDS = 2.0


class Tally:
    """One per process; gunicorn may build the middleware before it forks its workers, so the
    writer thread starts with a process's first request."""

    def __init__(self, folder: str):
        self.folder = Path(folder)
        self.kinds: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        self.lock = threading.Lock()
        self.pid = 0

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            if self.pid != os.getpid():
                self.pid = os.getpid()
                self.kinds.clear()
                threading.Thread(target=self.write_forever, daemon=True).start()
            entry = self.kinds[kind]
            entry[0] += 1
            entry[1] += seconds

    def write_forever(self) -> None:
        while True:
            time.sleep(WRITE_EVERY_SECONDS)
            with self.lock:
                text = json.dumps(self.kinds)
            (self.folder / f"{self.pid}.json").write_text(text)


def kind_of(request, response) -> str:
    match = getattr(request, "resolver_match", None)
    name = match.url_name if match else "unresolved"
    extra = " htmx" if request.headers.get("HX-Request") else ""
    return f"{request.method} {name}{extra} {response.status_code}"


class CpuMeterMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.tally = Tally(os.environ["LOAD_CPU_METER"])

    def __call__(self, request):
        start = time.thread_time()
        response = self.get_response(request)
        self.tally.add(kind_of(request, response), time.thread_time() - start)
        return response


def read(folder: Path) -> dict[str, tuple[int, float]]:
    """The tallies of every process, added up: kind → (requests, CPU seconds)."""
    total: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for path in folder.glob("*.json"):
        for kind, (count, seconds) in json.loads(path.read_text()).items():
            total[kind][0] += count
            total[kind][1] += seconds
    return {kind: (int(count), seconds) for kind, (count, seconds) in total.items()}


def print_tally(folder: Path, server_cpu: float) -> None:
    tally = read(folder)
    if not tally:
        return
    metered = sum(seconds for _, seconds in tally.values())
    print(f"  server CPU by request (gunicorn, {metered:.1f} s metered):")
    for kind, (count, seconds) in sorted(tally.items(), key=lambda item: -item[1][1]):
        if seconds < 0.05 * metered / 10:
            continue
        print(
            f"    {kind:<42} {count:>6} × {1000 * seconds / count:6.2f} ms = {seconds:6.1f} s"
            f" ({100 * seconds / server_cpu:4.1f} %)"
        )
