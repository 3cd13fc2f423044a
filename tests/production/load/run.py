"""Load test (make loadtest) and fault test (make faulttest) against gunicorn + PostgreSQL.

Starts everything it needs on this machine's loopback and removes it afterwards: a throwaway
database (a dedicated PostgreSQL cluster for the fault test, so that restarting it disturbs
nobody else), the app under gunicorn with production settings (Redis for the rate-limit
counters when one answers on 127.0.0.1:6379) and the event streams under uvicorn beside it (as
deploy/ runs them), the simulated phones (phones.py, a process of their own), then the
database check (verify.py). ``--live both`` (the default) runs the same schedule twice, first
with phones that poll (as before), then with phones that hold their event stream, and prints
the two side by side; ``--floor`` adds the schedule against a bare view. Bounded: --duration
seconds and --max-requests per phase.

    python -m tests.production.load.run --tables 200 --phones 4 --duration 60
    python -m tests.production.load.run --live push --tables 1000 --duration 60
    python -m tests.production.load.run --fault --tables 50 --duration 40
    python -m tests.production.load.run --against 6220b15 --pairs 2   (against.py)
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path

from . import meter
from .report import print_fault, print_load, print_push, summarize, summarize_push

ROOT = Path(__file__).resolve().parents[3]
VENV_BIN = Path(sys.executable).parent
PG_ADMIN = os.environ.get("LOAD_PG_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sh(*command, check=True, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if check and result.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return result


# --- PostgreSQL -------------------------------------------------------------------------------
def pg_version() -> str:
    return sorted(os.listdir("/etc/postgresql"), key=lambda v: [int(x) for x in v.split(".")])[-1]


@contextmanager
def dedicated_cluster(name: str, port: int):
    """A PostgreSQL cluster of its own (Debian's pg_createcluster), dropped afterwards."""
    version = pg_version()
    if name == "main":  # explicitly asked to restart the machine's shared cluster
        yield version, name, PG_ADMIN
        return
    if Path(f"/etc/postgresql/{version}/{name}").exists():
        sh("pg_dropcluster", "--stop", version, name, check=False)
    sh("pg_createcluster", version, name, "-p", str(port), "--", "--auth=trust")
    sh("pg_ctlcluster", "--skip-systemctl-redirect", version, name, "start")
    try:
        yield version, name, f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        sh("pg_dropcluster", "--stop", version, name, check=False)


@contextmanager
def throwaway_database(admin_url: str):
    import psycopg

    name = f"stichblock_load_{os.getpid()}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        from django.conf import settings

        if settings.configured:
            from django.db import connections

            connections.close_all()
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def redis_url() -> str:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            if s.recv(16).startswith(b"+PONG"):
                return "redis://127.0.0.1:6379/0"
    except OSError:
        pass
    return ""


# --- the app ----------------------------------------------------------------------------------
def server_env(database_url: str, port: int, static_root: str, args) -> dict:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_", "REDIS"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tests.production.load.settings",
        DATABASE_URL=database_url,
        DJANGO_PRODUCTION="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_MANIFEST_STATIC="1",
        DJANGO_STATIC_ROOT=static_root,
        DJANGO_CACHE_PREFIX=f"load-{os.getpid()}",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY=str(args.workers),
        GUNICORN_WORKER_CLASS=args.worker_class,
        GUNICORN_THREADS=str(args.threads),
        GUNICORN_MAX_REQUESTS="0",  # no recycling: worker CPU times cover the whole run
        GUNICORN_LOG_LEVEL="warning",
    )
    if args.pool:
        env["DJANGO_DB_POOL"] = "1"
    if args.meter:
        env["LOAD_CPU_METER"] = args.meter
    if url := redis_url():
        env["REDIS_URL"] = url
    return env


def manage(env: dict, *command: str):
    sh(str(VENV_BIN / "python"), "manage.py", *command, cwd=ROOT, env=env)


@contextmanager
def gunicorn(env: dict, port: int, log_path: Path):
    log = open(log_path, "w")  # noqa: SIM115 - closed below, after the server stopped
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "-c", "deploy/gunicorn.conf.py", "stichblock.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_health(server, port, log_path)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


class EventServer:
    """uvicorn for the event streams, as deploy/ runs it (one process, uvloop); the fault test
    kills and restarts it (``restart``) so that every phone's stream drops at once."""

    def __init__(self, env: dict, port: int, log, args):
        # uvicorn would read gunicorn's WEB_CONCURRENCY as its own number of processes.
        self.env = {k: v for k, v in env.items() if k != "WEB_CONCURRENCY"}
        self.env["DJANGO_DB_POOL"] = "1"
        self.port, self.log, self.args = port, log, args
        self.process = self.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def start(self) -> subprocess.Popen:
        command = [
            str(VENV_BIN / "uvicorn"), "stichblock.asgi:application",
            "--host", "127.0.0.1", "--port", str(self.port), "--loop", "uvloop",
            "--http", "httptools", "--no-access-log", "--log-level", "warning",
            "--backlog", "4096", "--timeout-graceful-shutdown", "3",
            "--workers", str(self.args.events_workers),
        ]  # fmt: skip
        process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        wait_for_health(process, self.port, Path(self.log.name))
        return process

    def restart(self):
        self.process.kill()  # a crash: no goodbye to the phones
        self.process.wait(timeout=30)
        self.process = self.start()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


@contextmanager
def uvicorn(env: dict, port: int, log_path: Path, args):
    log = open(log_path, "w")  # noqa: SIM115 - closed below, after the server stopped
    server = EventServer(env, port, log, args)
    try:
        yield server
    finally:
        server.stop()
        log.close()


def wait_for_health(server, port: int, log_path: Path):
    deadline = time.time() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            if server.poll() is not None or time.time() > deadline:
                raise SystemExit(f"the server did not start; see {log_path}") from None
            time.sleep(0.2)


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def total_rss(server: subprocess.Popen) -> int:
    """KiB of memory of a server's process and its workers."""
    return sum(rss_kib(pid) for pid in server_cpu(server))


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds of a process, with its exited children (reaped workers) included."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # utime, stime, cutime, cstime
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def server_cpu(server: subprocess.Popen) -> dict[int, float]:
    """CPU seconds of a server's master (gunicorn, uvicorn) and each worker, by process id."""
    try:
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    except OSError:
        children = []
    return {pid: process_cpu_seconds(pid) for pid in [server.pid, *map(int, children)]}


def run_phones(port: int, mode: str, out: Path, args, server, events=None, live="poll") -> dict:
    command = [
        str(VENV_BIN / "python"), "-m", "tests.production.load.phones",
        "--base", f"http://127.0.0.1:{port}", "--mode", mode, "--out", str(out),
        "--live", live,
        "--events-base", f"http://127.0.0.1:{events[1]}" if events else "",
        "--tables", str(args.tables), "--phones", str(args.phones),
        "--scorers", str(args.scorers), "--duration", str(args.duration),
        "--max-requests", str(args.max_requests), "--think", str(args.think),
        "--seed", str(args.seed), "--ramp", str(args.ramp),
    ]  # fmt: skip
    if args.fault:
        command.append("--fault")
    if args.no_ahead:
        command.append("--no-ahead")
    events_server = events[0] if events else None
    before = server_cpu(server)
    events_before = server_cpu(events_server) if events_server else {}
    rss = {"base": total_rss(events_server) if events_server else 0, "peak": 0}
    done = threading.Event()

    marker = Path(str(out) + ".started")
    steady: dict = {}
    # The phones' schedule starts once every table exists (the marker): the tables' creation
    # before it is no part of the schedule the floor runs too, and is counted apart (setup).
    start: dict = {}

    def sample():
        while not done.wait(0.02 if not start else 0.5):
            if not start and marker.exists():
                start["wsgi"] = server_cpu(server)
                start["asgi"] = server_cpu(events_server) if events_server else {}
            if events_server:
                rss["peak"] = max(rss["peak"], total_rss(events_server))
            if not steady and marker.exists():
                ramp = min(args.ramp, args.duration / 4)
                if time.time() >= float(marker.read_text() or 0) + ramp:
                    steady["wsgi"] = server_cpu(server)
                    steady["asgi"] = server_cpu(events_server) if events_server else {}
                    steady["t"] = time.time()

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        subprocess.run(command, cwd=ROOT, check=True, timeout=args.duration + 900)
    finally:
        done.set()
    # Workers that started during the run count from zero.
    wsgi_after = server_cpu(server)
    asgi_after = server_cpu(events_server) if events_server else {}
    everything = sum(s - before.get(pid, 0.0) for pid, s in wsgi_after.items()) + sum(
        s - events_before.get(pid, 0.0) for pid, s in asgi_after.items()
    )
    if start:
        before, events_before = start["wsgi"], start["asgi"]
    cpu = sum(seconds - before.get(pid, 0.0) for pid, seconds in wsgi_after.items())
    events_cpu = sum(seconds - events_before.get(pid, 0.0) for pid, seconds in asgi_after.items())
    result = json.loads(out.read_text())
    if steady:
        # After the ramp-up (every phone opening its page), to the end of the run.
        now = {"wsgi": server_cpu(server), "asgi": {}}
        if events_server:
            now["asgi"] = server_cpu(events_server)
        result["steady_cpu_seconds"] = sum(
            seconds - steady[kind].get(pid, 0.0)
            for kind in ("wsgi", "asgi")
            for pid, seconds in now[kind].items()
        )
        result["steady_seconds"] = time.time() - steady["t"]
    result["wsgi_cpu_seconds"] = cpu
    result["asgi_cpu_seconds"] = events_cpu
    result["server_cpu_seconds"] = cpu + events_cpu
    result["setup_cpu_seconds"] = everything - cpu - events_cpu
    result["asgi_rss_kib"] = rss
    return result


def restart_later(version, cluster, started: Path, delay: float, down: float, events: dict):
    """``delay`` seconds into the load (the phones write ``started`` when it begins) stops the
    cluster, keeps it down ``down`` seconds and starts it; down=0: `pg_ctlcluster restart`."""

    def restart():
        deadline = time.time() + 300
        while not started.exists() and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(delay)
        ctl = ["pg_ctlcluster", "--skip-systemctl-redirect", version, cluster]
        events["down"] = time.time()
        if down:
            sh(*ctl, "stop")
            time.sleep(down)
            sh(*ctl, "start")
        else:
            sh(*ctl, "restart")
        events["up"] = time.time()

    thread = threading.Thread(target=restart, daemon=True)
    thread.start()
    return thread


def restart_events_later(server: EventServer, started: Path, delay: float, events: dict):
    """``delay`` seconds into the load kills the event server and starts it again: every
    phone's stream drops and must reconnect and catch up by version."""

    def restart():
        deadline = time.time() + 300
        while not started.exists() and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(delay)
        events["events_down"] = time.time()
        server.restart()
        events["events_up"] = time.time()

    thread = threading.Thread(target=restart, daemon=True)
    thread.start()
    return thread


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.against:
        from .against import compare  # it runs this module's load tests itself

        return compare(args)
    port = free_port()
    work = Path(tempfile.mkdtemp(prefix="stichblock-load-"))
    if args.meter is not None:
        args.meter = str(work / "meter")
        Path(args.meter).mkdir()
    events: dict = {}
    floor = None
    try:
        with ExitStack() as stack:
            if args.fault:
                version, name, admin_url = stack.enter_context(
                    dedicated_cluster(args.fault_cluster, args.fault_port)
                )
            else:
                version, name, admin_url = None, None, PG_ADMIN
            database_url = stack.enter_context(throwaway_database(admin_url))
            env = server_env(database_url, port, str(work / "static"), args)
            manage(env, "migrate", "--noinput")
            manage(env, "collectstatic", "--noinput", "-v0")
            events_port = free_port()
            with (
                gunicorn(env, port, work / "gunicorn.log") as server,
                uvicorn(env, events_port, work / "uvicorn.log", args) as events_server,
            ):
                streams = (events_server, events_port)
                phases = ["poll", "push"] if args.live == "both" else [args.live]
                results = {}
                for live in phases:
                    restarter = None
                    if args.fault:
                        started = work / f"{live}.json.started"
                        delay = args.duration * args.restart_at
                        restarter = restart_later(version, name, started, delay, args.down, events)
                        if live == "push" and args.restart_events_at:
                            restart_events_later(
                                events_server,
                                started,
                                args.duration * args.restart_events_at,
                                events,
                            )
                    results[live] = run_phones(
                        port, "app", work / f"{live}.json", args, server, streams, live
                    )
                    if restarter:
                        restarter.join(timeout=120)
                if args.meter:
                    time.sleep(2 * meter.WRITE_EVERY_SECONDS)  # the workers' last tallies
                if not args.fault and args.floor:
                    floor = run_phones(port, "floor", work / "floor.json", args, server)
            for key in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY"):
                os.environ[key] = env[key]
            import django

            django.setup()
            from .verify import check_database

            database = check_database(
                [sub for result in results.values() for sub in result["submissions"]],
                fault=args.fault,
                retried=tuple(s for result in results.values() for s in result["retried_saves"]),
            )
        window = events if args.fault else None
        summaries = {
            live: summarize(result, fault_window=window) for live, result in results.items()
        }
        push = summarize_push(results["push"], window) if "push" in results else None
        if args.fault:
            code = print_fault(summaries[phases[-1]], database, events, args)
            if push:
                code |= print_push(push, summaries.get("poll"), summaries["push"], args)
            return code
        floor_summary = summarize(floor) if floor else None
        code = print_load(summaries, floor_summary, database, args, env)
        if args.meter:
            meter.print_tally(Path(args.meter), results[phases[-1]]["wsgi_cpu_seconds"])
        if push:
            code |= print_push(push, summaries.get("poll"), summaries["push"], args)
        return code
    finally:
        if args.keep:
            print(f"(kept {work})")
        else:
            shutil.rmtree(work, ignore_errors=True)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument(
        "--scorers", type=int, default=2, help="phones per table on the scorer link"
    )
    parser.add_argument("--duration", type=float, default=60, help="seconds of load per phase")
    parser.add_argument("--max-requests", type=int, default=200_000, help="per phase")
    parser.add_argument("--think", type=float, default=30.0, help="mean s between a scorer's saves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ramp", type=float, default=10, help="s over which phones join")
    # The defaults of deploy/gunicorn.conf.py.
    parser.add_argument("--workers", type=int, default=os.cpu_count() + 1)
    parser.add_argument("--worker-class", default="gthread", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--events-workers", type=int, default=1, help="uvicorn processes")
    parser.add_argument("--pool", action="store_true", help="psycopg pool, not persistent conns")
    parser.add_argument("--floor", action="store_true", help="also the schedule on a bare view")
    parser.add_argument(
        "--live",
        choices=["both", "poll", "push"],
        default="both",
        help="phones that poll, that hold their event stream, or one phase of each",
    )
    parser.add_argument("--fault", action="store_true", help="restart PostgreSQL mid-load")
    parser.add_argument(
        "--no-ahead",
        action="store_true",
        help="scorers ask for no forms ahead (as the load test before 2026-11-26: like for like)",
    )
    parser.add_argument(
        "--fault-cluster",
        default="stichblock_fault",
        help='cluster to restart; "main" restarts the shared one',
    )
    parser.add_argument("--fault-port", type=int, default=5439)
    parser.add_argument("--restart-at", type=float, default=0.35, help="fraction of --duration")
    parser.add_argument(
        "--down", type=float, default=5, help="s PostgreSQL stays down (0: restart)"
    )
    parser.add_argument(
        "--restart-events-at",
        type=float,
        default=0.7,
        help="fault test: kill and restart the event server at this fraction of --duration "
        "(0: never)",
    )
    parser.add_argument("--keep", action="store_true", help="keep logs and results")
    parser.add_argument(
        "--meter",
        action="store_const",
        const="",
        help="print gunicorn's CPU by kind of request (meaningful for one phase: --live push)",
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        help="this code pushed beside REV's polling, in turns (issue 12's 'today's': 6220b15)",
    )
    parser.add_argument("--pairs", type=int, default=2, help="--against: rounds of both")
    args = parser.parse_args(argv)
    if args.fault and args.live == "both":
        args.live = "push"  # the fault test: phones on their streams through the restart
    return args


if __name__ == "__main__":
    sys.exit(main())
