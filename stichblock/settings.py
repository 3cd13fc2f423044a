"""Settings for Stichblock, configured from environment variables.

Local defaults are safe and useful: SQLite in ./data, DEBUG only when DJANGO_DEBUG says so.
Production sets DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS and DATABASE_URL (see deploy/).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def env_bool(name: str, default: bool = False) -> bool:
    """A yes/no setting. A value that is clearly neither stops the start: "DJANGO_PRODUCTION=ja"
    silently meaning "not production" would sign sessions with the development key."""
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={os.environ[name]!r} is neither true ({', '.join(TRUE_WORDS)}) "
        f"nor false ({', '.join(FALSE_WORDS)})."
    )


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG")
# Production = behind the TLS-terminating proxy of deploy/: secure cookies, HSTS, a real key.
PRODUCTION = env_bool("DJANGO_PRODUCTION")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_PRODUCTION=1.")
    if not DEBUG:
        # Sessions and the links' proofs are signed with this key: a published one is only
        # good for development on one's own machine.
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set unless DJANGO_DEBUG=1 (local development), e.g. "
            "DJANGO_SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )
    SECRET_KEY = "insecure-local-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
    "scoring",
    "scoring.groups",
    "tournaments",
    "stichblock",
]

MIDDLEWARE = [
    # First: the proxy's and orchestrator's health probe needs no host check, session or redirect.
    "stichblock.health.HealthCheckMiddleware",
    # Second: a poll whose ETag still matches is answered at once (scoring/middleware.py).
    "scoring.middleware.LivePollMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # After the locale (its 429 page speaks the user's language), before CSRF (refused
    # login floods count too).
    "stichblock.ratelimit.RateLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "stichblock.errors.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "stichblock.urls"
WSGI_APPLICATION = "stichblock.wsgi.application"
ASGI_APPLICATION = "stichblock.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Form widgets through Jinja2 (Django ships its widget templates for it): an entry form's ~150
# widget renderings through Django's template engine were half of a scorer's sheet page.
FORM_RENDERER = "django.forms.renderers.Jinja2"

# --- Database -------------------------------------------------------------------------------
# SQLite needs WAL and IMMEDIATE transactions, or concurrent phones get "database is locked"
# (measured: docs/production.md). PostgreSQL needs persistent connections.
DATA_DIR = Path(os.environ.get("STICHBLOCK_DATA_DIR", BASE_DIR / "data"))
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=600, conn_health_checks=True)
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = {
            **SQLITE_OPTIONS,
            **DATABASES["default"].get("OPTIONS", {}),
        }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # While PostgreSQL restarts, fail fast (a 503 page) instead of hanging a worker.
        DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 3)
        if env_bool("DJANGO_DB_POOL"):
            # psycopg's pool instead of one persistent connection per worker (docs/production.md
            # has the measurements); Django requires CONN_MAX_AGE=0 with a pool.
            DATABASES["default"]["CONN_MAX_AGE"] = 0
            DATABASES["default"]["OPTIONS"]["pool"] = {
                "min_size": int(os.environ.get("DJANGO_DB_POOL_MIN", 2)),
                "max_size": int(os.environ.get("DJANGO_DB_POOL_MAX", 4)),
                "timeout": 5,
            }
else:
    try:
        # SQLite creates its file, not the folder: without it even `check` fails to connect.
        DATA_DIR.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ImproperlyConfigured(
            f"The local database folder {DATA_DIR} cannot be created ({error.strerror}): set "
            "STICHBLOCK_DATA_DIR to a writable folder, or DATABASE_URL."
        ) from None
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "stichblock.sqlite3",
            "CONN_MAX_AGE": 600,
            "OPTIONS": SQLITE_OPTIONS,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Anyone may create an organizer account at /accounts/signup/ when this is on: handy locally,
# so production keeps it off unless DJANGO_ORGANIZER_SIGNUP=1 (accounts then come from
# `manage.py create_organizer`).
TOURNAMENT_SIGNUP = env_bool("DJANGO_ORGANIZER_SIGNUP", not PRODUCTION)
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Internationalisation: German first, English available -------------------------------
LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Berlin"
USE_TZ = True

# --- Static files: served by WhiteNoise (and by the proxy in production) --------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# Without a collectstatic run (development, tests, `make run`) serve straight from the sources.
WHITENOISE_USE_FINDERS = not env_bool("DJANGO_MANIFEST_STATIC")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("DJANGO_MANIFEST_STATIC")
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Sessions and security ------------------------------------------------------------------
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
# A form sent too late or without cookies: say so in the user's language, nothing was saved.
CSRF_FAILURE_VIEW = "stichblock.errors.csrf_failure"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# htmx is served from static/ and we use no inline scripts, so a strict policy works.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

if PRODUCTION:
    # The proxy terminates TLS and sets X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # The directive only allows a submission to the browsers' preload list; set
    # DJANGO_HSTS_PRELOAD=0 for a domain whose subdomains may not all have TLS.
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)

# --- Cache and rate limits ------------------------------------------------------------------
# Several app servers must count together, so production points REDIS_URL at one Redis; a
# single development process counts in its own memory (check --deploy warns about that).
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            # django-redis, not Django's own backend: pyproject.toml says why.
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("DJANGO_CACHE_PREFIX", "stichblock"),
        }
    }
    # Sessions read from the shared cache, written through to the database: a scorer's page,
    # save and fetch each read the session (the author's name) and are spared a query each.
    # Not with a cache per process: another process would keep showing an old copy.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# What is the same for every request a process answers (the pages' script and style tags, the
# offline scripts' words per language): rendered once per process, in its own memory; in
# development every time (an edited template shows at once, as the others do).
CACHES["local"] = {
    "BACKEND": (
        "django.core.cache.backends.dummy.DummyCache"
        if DEBUG
        else "django.core.cache.backends.locmem.LocMemCache"
    ),
    "LOCATION": "stichblock-local",
}
RATELIMIT_STORAGE_URI = REDIS_URL or "memory://"
RATELIMIT_KEY_PREFIX = os.environ.get("DJANGO_CACHE_PREFIX", "stichblock") + "-limits"
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", True)

# Behind the proxy, REMOTE_ADDR is the proxy; it passes the client's address in a header that
# it sets itself (deploy/Caddyfile: X-Real-IP), named here as a META key: HTTP_X_REAL_IP.
CLIENT_IP_HEADER = os.environ.get("DJANGO_CLIENT_IP_HEADER", "")
# Limits ("count/period", the `limits` library's notation): lookups of links that do not
# exist per client (key guessing; browsers that opened a link before keep it), requests per
# client and table link (a phone polls 20 a minute; a pub behind one address may have a
# dozen), login attempts per client, failed logins per username and client (then that client
# waits the period, twice as long after every further failure, up to the longest wait in
# seconds; stichblock/ratelimit.py, login lockout) and per username from all clients together
# (beyond it a new address pauses between attempts, 2, 4, 8 … up to RATELIMIT_LOGIN_SLOWEST
# seconds: a slow-down, never a lockout; a browser or address that logged in as the user
# before skips it and counts only its own failures), sign-ups per client.
RATELIMIT_UNKNOWN_KEY = os.environ.get("RATELIMIT_UNKNOWN_KEY", "20/10minutes")
RATELIMIT_TABLE_LINK = os.environ.get("RATELIMIT_TABLE_LINK", "300/minute")
RATELIMIT_LOGIN_IP = os.environ.get("RATELIMIT_LOGIN_IP", "30/10minutes")
RATELIMIT_LOGIN_USERNAME = os.environ.get("RATELIMIT_LOGIN_USERNAME", "10/10minutes")
RATELIMIT_LOGIN_LONGEST_WAIT = int(os.environ.get("RATELIMIT_LOGIN_LONGEST_WAIT", 24 * 60 * 60))
RATELIMIT_LOGIN_USERNAME_ALL = os.environ.get("RATELIMIT_LOGIN_USERNAME_ALL", "50/10minutes")
RATELIMIT_LOGIN_SLOWEST = int(os.environ.get("RATELIMIT_LOGIN_SLOWEST", 60))
RATELIMIT_SIGNUP_IP = os.environ.get("RATELIMIT_SIGNUP_IP", "10/hour")
# Pages of an evening started offline (scoring/groups/prototype.py), per group link from all
# clients together: an evening page asks once per table size; the answers come from the cache.
RATELIMIT_PROTOTYPE = os.environ.get("RATELIMIT_PROTOTYPE", "30/minute")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Background work (the open-hand analysis) runs in a separate worker process that reads its
# queue from the database: `manage.py db_worker` (make run starts one; deploy/ runs one).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# Analyses a link may start per window; a finished analysis is shown to anyone, any time.
RATELIMIT_ANALYSIS_LINK = os.environ.get("RATELIMIT_ANALYSIS_LINK", "5/hour")

# --- Live updates (scoring/push.py, scoring/events.py) --------------------------------------
# Event streams are served by the ASGI server (deploy/: uvicorn beside gunicorn). A server
# with a thread per connection may hold them too (runserver, the tests' live server); a
# production WSGI worker answers 204 instead, and the page falls back to polling.
LIVE_EVENTS_WSGI = env_bool("DJANGO_LIVE_EVENTS_WSGI", not PRODUCTION)
