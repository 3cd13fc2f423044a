"""The production set-up for the browser tests in this folder (docs/production.md, "Browser
tests against production"): gunicorn started by ``make serve-prod`` (production settings,
collected static files with hashed names), uvicorn by ``make serve-events``, both on
PostgreSQL, and Caddy in front with deploy/Caddyfile, so that the phones' requests take the
routes they take in production: ``/…/events/`` to uvicorn, ``/static/`` from disk, the rest to
gunicorn.

The servers use pytest-django's test database (a throwaway copy of DATABASE_URL's, emptied
after each test), so a test checks what was stored with the ORM as the other browser tests do.
Without PostgreSQL the tests are skipped; without Caddy too, but under CI they fail.
"""

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..conftest import phones

ROOT = Path(__file__).resolve().parents[3]
CADDY = os.environ.get("CADDY", "caddy")
# A cold start collects the static files (compressed) and checks the migrations first.
START_SECONDS = 180
# A traceback, or an answer 500 and up in gunicorn's access log.
SERVER_ERROR = re.compile(r'Traceback|" 5\d\d \d')


@dataclass
class Site:
    url: str  # the proxy's: what the phones open
    app_url: str  # gunicorn's, bypassing the proxy
    events_url: str  # uvicorn's
    logs: Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must install it (.ci/run)")
    pytest.skip(reason)


def database_url(settings_dict: dict) -> str:
    """The test database as a DATABASE_URL for the servers."""
    user = settings_dict["USER"] or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""
    host = settings_dict["HOST"] or "127.0.0.1"
    port = settings_dict["PORT"] or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


def derived_caddyfile(folder: Path, static_root: Path) -> Path:
    """deploy/Caddyfile itself, with the collected static files where this run put them,
    without Caddy's admin endpoint (its fixed port would clash with another run's), and a short
    grace period on stopping: Caddy holds a stream whose phone has gone until the next event or
    ping (20 s) and would wait for it."""
    production = (ROOT / "deploy" / "Caddyfile").read_text()
    assert production.count("root * /srv/static") == 1, "deploy/Caddyfile moved its static root"
    derived = folder / "Caddyfile"
    derived.write_text(
        "{\n\tadmin off\n\tdefault_bind 127.0.0.1\n\tgrace_period 3s\n}\n\n"
        + production.replace("root * /srv/static", f"root * {static_root}")
    )
    return derived


def start(stack: ExitStack, command: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    """``command`` in a process group of its own (make and the server it execs), stopped with
    the stack."""
    log = stack.enter_context(open(log_path, "a"))  # noqa: SIM115 - closed by the stack
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )

    stack.callback(stop, process)
    return process


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to the process group, as systemd stops a service (gunicorn finishes the requests
    it is answering), SIGKILL after 30 s."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_until_up(url: str, process: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{url} did not come up; its log:\n{log_path.read_text()[-4000:]}")
        time.sleep(0.2)


def server_env(static_root: Path, **settings: str) -> dict:
    """The environment the servers get: production settings as deploy/ gives them, not this
    test process's (tests.settings, DJANGO_ALLOW_ASYNC_UNSAFE, make's own variables)."""
    from django.db import connection

    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "GUNICORN_", "MAKE", "MFLAGS"))
        and name not in ("PORT", "EVENTS_PORT", "WEB_CONCURRENCY")
    }
    env.update(
        DATABASE_URL=database_url(connection.settings_dict),
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),  # serve-events needs serve-prod's
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_CLIENT_IP_HEADER="HTTP_X_REAL_IP",  # as behind Caddy (deploy/compose.yaml)
        DJANGO_CACHE_PREFIX=f"production-browser-{os.getpid()}-{static_root.parent.name}",
        **settings,
    )
    return env


MAKE = ["make", "--no-print-directory", "-o", "install"]  # .venv is there: we run in it


class Servers:
    """gunicorn (``make serve-prod``, which collects the static files first) and uvicorn
    (``make serve-events``) on fixed ports, which ``restart`` stops and starts again as a
    deploy does (``systemctl restart stichblock stichblock-events``)."""

    def __init__(self, stack: ExitStack, site: Site, env: dict, app_port: int, events_port: int):
        self.stack, self.site, self.env = stack, site, env
        self.app_port, self.events_port = app_port, events_port
        self.processes: list[subprocess.Popen] = []
        self.proxy: subprocess.Popen | None = None

    def start(self) -> None:
        app_log, events_log = self.site.logs / "serve-prod.log", self.site.logs / "serve-events.log"
        app = start(self.stack, [*MAKE, "serve-prod", f"PORT={self.app_port}"], self.env, app_log)
        wait_until_up(self.site.app_url, app, app_log)
        # After serve-prod: it collects the static files that both servers read.
        command = [*MAKE, "serve-events", f"EVENTS_PORT={self.events_port}"]
        events = start(self.stack, command, self.env, events_log)
        wait_until_up(self.site.events_url, events, events_log)
        self.processes = [app, events]

    def restart(self) -> None:
        for process in self.processes:
            stop(process)
        self.start()
        # Caddy skips an upstream that refused connections for 10 s (fail_duration).
        if self.proxy is not None:
            wait_until_up(self.site.url, self.proxy, self.site.logs / "caddy.log")


def serve(stack: ExitStack, folder: Path, **settings: str) -> tuple[Site, Servers]:
    """The production site in ``folder`` (its collected static files, logs and Caddy's data)."""
    caddy = shutil.which(CADDY)
    if not caddy:
        missing(f"{CADDY} not installed (apt install caddy)")
    static_root = folder / "static"
    app_port, events_port, proxy_port = free_port(), free_port(), free_port()
    env = server_env(static_root, **settings)
    site = Site(
        url=f"http://127.0.0.1:{proxy_port}",
        app_url=f"http://127.0.0.1:{app_port}",
        events_url=f"http://127.0.0.1:{events_port}",
        logs=folder,
    )
    servers = Servers(stack, site, env, app_port, events_port)
    servers.start()

    proxy_env = {
        **env,
        "STICHBLOCK_DOMAIN": site.url,  # http://: no TLS here, so no certificates either
        "STICHBLOCK_APP_HOST": "127.0.0.1",
        "STICHBLOCK_APP_PORT": str(app_port),
        "STICHBLOCK_EVENTS_HOST": "127.0.0.1",
        "STICHBLOCK_EVENTS_PORT": str(events_port),
        "XDG_CONFIG_HOME": str(folder),
        "XDG_DATA_HOME": str(folder),
    }
    caddyfile = derived_caddyfile(folder, static_root)
    proxy_log = folder / "caddy.log"
    command = [caddy, "run", "--adapter", "caddyfile", "--config", str(caddyfile)]
    servers.proxy = start(stack, command, proxy_env, proxy_log)
    wait_until_up(site.url, servers.proxy, proxy_log)
    return site, servers


def needs_postgresql() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: make test-prod-browser (DATABASE_URL=postgres://…)")


@pytest.fixture(scope="session")
def production(django_db_setup, tmp_path_factory):
    needs_postgresql()
    with ExitStack() as stack:
        site, _servers = serve(stack, tmp_path_factory.mktemp("production"))
        yield site


@contextmanager
def no_errors_logged(site: Site):
    """Fails when either server of ``site`` logged an error meanwhile: a 500 of a request the
    page makes on its own (as /sw.js was) shows nowhere on the screen."""
    logs = [site.logs / "serve-prod.log", site.logs / "serve-events.log"]
    sizes = {log: log.stat().st_size for log in logs}
    yield
    for log in logs:
        with open(log) as text:
            text.seek(sizes[log])
            errors = [line for line in text.read().splitlines() if SERVER_ERROR.search(line)]
        assert not errors, f"{log.name}:\n" + "\n".join(errors)


@pytest.fixture(autouse=True)
def no_server_errors(production):
    with no_errors_logged(production):
        yield


@pytest.fixture
def phone(browser, production):
    """As tests/browser/conftest.py's ``phone``, on the production site instead of Django's
    live server."""
    yield from phones(browser, production.url)
