"""Production settings (DJANGO_PRODUCTION=1): `check --deploy` is clean, TLS-only cookies and
HSTS behind the proxy, the CSP header, and a refusal to start without a real secret key.

These run Django in a subprocess because settings are read once per process from the
environment, exactly as gunicorn does in production.
"""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def production_env(tmp_path, **extra) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "REDIS_", "RATELIMIT_")) and key != "DATABASE_URL"
    }
    env.update(
        DJANGO_SETTINGS_MODULE="stichblock.settings",
        DJANGO_PRODUCTION="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="stichblock.example",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://stichblock.example",
        REDIS_URL="redis://127.0.0.1:6379/0",
        STICHBLOCK_DATA_DIR=str(tmp_path),
    )
    env.update(extra)
    return env


def run(args, env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_reports_nothing_under_production_settings(tmp_path):
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production_env(tmp_path)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_warns_when_rate_limits_are_not_shared(tmp_path):
    env = production_env(tmp_path)
    del env["REDIS_URL"]
    result = run(["manage.py", "check", "--deploy"], env)
    assert "stichblock.W001" in result.stdout + result.stderr
    assert "Set REDIS_URL" in result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = production_env(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    result = run(["manage.py", "check"], env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_PRODUCTION=1" in result.stderr


PROBE = r"""
import json, django
from django.core.management import call_command
django.setup()
call_command("migrate", verbosity=0)
from django.test import Client
phone = Client(HTTP_HOST="stichblock.example")
out = {}
plain = phone.get("/")
out["http_status"], out["http_location"] = plain.status_code, plain.get("Location")
page = phone.get("/new/schatzsuche/", secure=True)
out["status"] = page.status_code
out["hsts"] = page.get("Strict-Transport-Security")
out["csp"] = page.get("Content-Security-Policy")
out["cookies"] = {name: {"secure": bool(c["secure"]), "httponly": bool(c["httponly"]),
                         "samesite": c["samesite"]} for name, c in page.cookies.items()}
health = Client().get("/healthz")
out["health"] = [health.status_code, health.content.decode()]
print(json.dumps(out))
"""


def test_behind_the_proxy_everything_is_https_only(tmp_path):
    result = run(["-c", PROBE], production_env(tmp_path))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    # Plain HTTP is redirected to HTTPS (the proxy normally does this before Django).
    assert seen["http_status"] == 301
    assert seen["http_location"] == "https://stichblock.example/"
    assert seen["status"] == 200
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert "script-src 'self'" in seen["csp"] and "'unsafe-inline'" not in seen["csp"]
    assert seen["cookies"]["sessionid"]["secure"] and seen["cookies"]["sessionid"]["httponly"]
    assert seen["cookies"]["csrftoken"]["secure"]
    # The health probe answers on plain HTTP from any host name (container checks).
    assert seen["health"] == [200, "ok\n"]


def test_a_sqlite_database_url_keeps_the_settings_for_concurrent_phones(tmp_path):
    """Without IMMEDIATE transactions and a busy timeout two phones saving at once get
    "database is locked"; a SQLite DATABASE_URL must not lose them."""
    env = production_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/club.sqlite3")
    code = (
        "import json, django; django.setup(); from django.db import connection;"
        "print(json.dumps(connection.settings_dict['OPTIONS']))"
    )
    result = run(["-c", code], env)
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]


SESSIONS = (
    "import django; django.setup(); from django.conf import settings;print(settings.SESSION_ENGINE)"
)


def test_sessions_are_read_from_the_cache_only_when_all_processes_share_it(tmp_path):
    """With Redis every app server reads the same copy; with a cache per process, a process
    that cached a session would go on showing it after another one changed it."""
    shared = production_env(tmp_path)
    assert run(["-c", SESSIONS], shared).stdout.strip().endswith(".cached_db")
    del shared["REDIS_URL"]
    assert run(["-c", SESSIONS], shared).stdout.strip().endswith(".db")


SIGNUP = (
    "import django; django.setup(); from django.conf import settings;"
    "print(settings.TOURNAMENT_SIGNUP)"
)


def test_organizer_sign_up_is_off_in_production_unless_switched_on(tmp_path):
    assert run(["-c", SIGNUP], production_env(tmp_path)).stdout.strip() == "False"
    switched_on = production_env(tmp_path, DJANGO_ORGANIZER_SIGNUP="1")
    assert run(["-c", SIGNUP], switched_on).stdout.strip() == "True"
    local = production_env(tmp_path)
    del local["DJANGO_PRODUCTION"]
    assert run(["-c", SIGNUP], local).stdout.strip() == "True"
    local["DJANGO_ORGANIZER_SIGNUP"] = "0"
    assert run(["-c", SIGNUP], local).stdout.strip() == "False"


def test_a_yes_no_setting_that_is_neither_stops_the_start(tmp_path):
    """``DJANGO_PRODUCTION=ja`` must not quietly mean "not production"."""
    result = run(["manage.py", "check"], production_env(tmp_path, DJANGO_PRODUCTION="ja"))
    assert result.returncode != 0
    assert "DJANGO_PRODUCTION='ja' is neither true" in result.stderr
    assert (
        run(["manage.py", "check"], production_env(tmp_path, DJANGO_PRODUCTION="on")).returncode
        == 0
    )


def test_without_debug_the_development_key_is_refused(tmp_path):
    env = production_env(tmp_path)
    del env["DJANGO_PRODUCTION"], env["DJANGO_SECRET_KEY"]
    refused = run(["-c", "import django; django.setup()"], env)
    assert refused.returncode != 0
    assert "DJANGO_SECRET_KEY must be set unless DJANGO_DEBUG=1" in refused.stderr
    assert (
        run(["-c", "import django; django.setup()"], {**env, "DJANGO_DEBUG": "1"}).returncode == 0
    )


def test_check_deploy_on_a_fresh_checkout_without_a_data_folder(tmp_path):
    """manage.py with nothing configured runs in development mode; the missing data folder
    is made, and check --deploy names what production needs instead of crashing."""
    env = production_env(tmp_path, STICHBLOCK_DATA_DIR=str(tmp_path / "data"))
    for name in ("DJANGO_PRODUCTION", "DJANGO_SECRET_KEY", "REDIS_URL"):
        del env[name]
    result = run(["manage.py", "check", "--deploy"], env)
    assert "unable to open database file" not in result.stderr
    assert "security.W018" in result.stdout + result.stderr  # DEBUG is on
    assert (tmp_path / "data").is_dir()


def test_an_unwritable_data_folder_is_named(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = production_env(tmp_path, STICHBLOCK_DATA_DIR=str(blocker / "data"), DJANGO_DEBUG="1")
    del env["DJANGO_PRODUCTION"]
    result = run(["manage.py", "check"], env)
    assert result.returncode != 0
    assert f"The local database folder {blocker / 'data'} cannot be created" in result.stderr


def test_the_servers_import_every_view_at_their_start_not_at_the_first_request(tmp_path):
    # The first phone after a restart waited about a second for the event server to import
    # the views (and each gunicorn worker's first request did it again after the fork).
    probe = (
        "import sys; from django.urls import get_resolver; import {module}; "
        "print('scoring.views' in sys.modules, get_resolver()._populated)"
    )
    for module in ("stichblock.asgi", "stichblock.wsgi"):
        result = run(["-c", probe.format(module=module)], production_env(tmp_path))
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["True", "True"], module


def test_gunicorn_compiles_the_templates_before_it_forks_its_workers(tmp_path):
    # A worker's first sheet pages compiled the templates and read the translations: several
    # times a page's CPU, again for every worker that replaces one after max_requests.
    probe = (
        "import stichblock.wsgi; from django.template import engines; "
        "from django.utils.translation import trans_real; "
        "from django.forms.renderers import get_default_renderer; "
        "cached = engines['django'].engine.template_loaders[0].get_template_cache; "
        "jinja = get_default_renderer().engine.env.cache; "
        "print(all(name in cached for name in ('scoring/table.html', 'scoring/_sheet.html', "
        "'scoring/schafkopf/_entry.html')), "
        "any('number.html' in str(key) for key in jinja), "
        "sorted(trans_real._translations))"
    )
    result = run(["-c", probe], production_env(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().split(maxsplit=2) == ["True", "True", "['de', 'en']"]
