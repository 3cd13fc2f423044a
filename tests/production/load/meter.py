"""``--meter``: the server's CPU by kind of request, so a run says where its CPU went.

The first middleware adds each request's CPU time (its thread's, which under gunicorn's one
thread per process is the request's) to a tally per view and method, and every two seconds
writes the tally to ``$LOAD_CPU_METER/<pid>.json``; the load test adds the files up. What
the tally misses (gunicorn itself, the middleware's own first lines) is the difference to the
process's CPU time.

Of each request it also tallies two parts, bounds on what a faster engine could take away:
rendering templates (the outermost rendering of each template tree, Django's or Jinja2's, the
form widgets; includes, parents and widgets are part of it) and executing queries (the
database driver's CPU, not the query's building).
"""

import functools
import json
import os
import threading
import time
from collections import defaultdict
from pathlib import Path

from django.db import connection

WRITE_EVERY_SECONDS = 2.0

# A tally entry: requests, CPU seconds, of which rendering templates, of which executing queries.
EMPTY = (0, 0.0, 0.0, 0.0)


class Tally:
    """One per process; gunicorn may build the middleware before it forks its workers, so the
    writer thread starts with a process's first request."""

    def __init__(self, folder: str):
        self.folder = Path(folder)
        self.kinds: dict[str, list[float]] = defaultdict(lambda: list(EMPTY))
        self.lock = threading.Lock()
        self.pid = 0

    def add(self, kind: str, *parts: float) -> None:
        with self.lock:
            if self.pid != os.getpid():
                self.pid = os.getpid()
                self.kinds.clear()
                threading.Thread(target=self.write_forever, daemon=True).start()
            entry = self.kinds[kind]
            entry[0] += 1
            for index, seconds in enumerate(parts, start=1):
                entry[index] += seconds

    def write_forever(self) -> None:
        while True:
            time.sleep(WRITE_EVERY_SECONDS)
            with self.lock:
                text = json.dumps(self.kinds)
            (self.folder / f"{self.pid}.json").write_text(text)


class Request(threading.local):
    """The running request's template and query CPU so far (gunicorn: a thread each)."""

    rendering = False
    templates = 0.0
    queries = 0.0


REQUEST = Request()


def timed_rendering(render):
    """``render`` (a template's), its CPU counted unless another template renders around it."""

    @functools.wraps(render)
    def wrapper(*args, **kwargs):
        if REQUEST.rendering:
            return render(*args, **kwargs)
        REQUEST.rendering = True
        start = time.thread_time()
        try:
            return render(*args, **kwargs)
        finally:
            REQUEST.rendering = False
            REQUEST.templates += time.thread_time() - start

    return wrapper


def timed_query(execute, sql, params, many, context):
    start = time.thread_time()
    try:
        return execute(sql, params, many, context)
    finally:
        REQUEST.queries += time.thread_time() - start


def time_rendering() -> None:
    from django.template import base
    from django.template.backends import jinja2

    base.Template._render = timed_rendering(base.Template._render)
    jinja2.Template.render = timed_rendering(jinja2.Template.render)


def kind_of(request, response) -> str:
    match = getattr(request, "resolver_match", None)
    name = match.url_name if match else "unresolved"
    extra = " htmx" if request.headers.get("HX-Request") else ""
    return f"{request.method} {name}{extra} {response.status_code}"


class CpuMeterMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.tally = Tally(os.environ["LOAD_CPU_METER"])
        time_rendering()

    def __call__(self, request):
        REQUEST.templates = REQUEST.queries = 0.0
        start = time.thread_time()
        with connection.execute_wrapper(timed_query):
            response = self.get_response(request)
        seconds = time.thread_time() - start
        self.tally.add(kind_of(request, response), seconds, REQUEST.templates, REQUEST.queries)
        return response


def read(folder: Path) -> dict[str, tuple]:
    """The tallies of every process, added up: kind → (requests, CPU seconds, of which
    rendering templates, of which executing queries)."""
    total: dict[str, list[float]] = defaultdict(lambda: list(EMPTY))
    for path in folder.glob("*.json"):
        for kind, entry in json.loads(path.read_text()).items():
            for index, value in enumerate(entry):
                total[kind][index] += value
    return {kind: (int(entry[0]), *entry[1:]) for kind, entry in total.items()}


def print_tally(folder: Path, server_cpu: float) -> None:
    tally = read(folder)
    if not tally:
        return
    metered = sum(entry[1] for entry in tally.values())
    print(f"  server CPU by request (gunicorn, {metered:.1f} s metered):")
    print(f"    {'':<42} {'':>6}   {'CPU each':>8}   {'total':>8}  {'':>7}  templates  queries")
    for kind, (count, seconds, templates, queries) in sorted(
        tally.items(), key=lambda item: -item[1][1]
    ):
        if seconds < 0.05 * metered / 10:
            continue
        print(
            f"    {kind:<42} {count:>6} × {1000 * seconds / count:6.2f} ms = {seconds:6.1f} s"
            f" ({100 * seconds / server_cpu:4.1f} %)  {templates:7.2f} s {queries:7.2f} s"
        )
    _, seconds, templates, queries = (sum(column) for column in zip(*tally.values(), strict=True))
    print(
        f"    {'all':<42} {'':>6}   {'':>8}   {seconds:6.1f} s {'':>8}  {templates:7.2f} s"
        f" {queries:7.2f} s"
    )
