"""Rate limits with counters shared by all app servers (the ``limits`` library, fixed windows,
in Redis when REDIS_URL is set), and the login signals they need.

Nothing here keeps state in process memory that another server would need.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
import threading
import time

import limits
import limits.errors
import limits.storage
import limits.strategies
from django.conf import settings
from django.contrib.auth.views import LoginView
from django.core import checks
from django.http import HttpResponse

from scoring.keys import is_link_key

from . import proofs
from .errors import error_page

log = logging.getLogger("stichblock")


def client_ip(request) -> str:
    """The client's address: the proxy's header when configured and valid, else the peer."""
    header = settings.CLIENT_IP_HEADER
    candidates = []
    if header:
        # The proxy sets this header itself; with several values the first is the client's.
        candidates.append(request.META.get(header, "").split(",")[0].strip())
    candidates.append(request.META.get("REMOTE_ADDR", ""))
    for candidate in candidates:
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            continue
    # A unix socket without the proxy header: every such client shares one counter.
    return "0.0.0.0"


def is_login_view(request, view_func) -> bool:
    view_class = getattr(view_func, "view_class", None)
    if view_class is not None and issubclass(view_class, LoginView):
        return True
    match = request.resolver_match
    return match is not None and match.view_name in ("login", "admin:login")


class RateLimitMiddleware:
    """Limits with counters shared by all app servers (the ``limits`` library, fixed windows,
    in Redis when REDIS_URL is set; one counter update is one round trip):

    - links (any URL with a ``key``): a client whose lookups of keys that do not exist reach
      RATELIMIT_UNKNOWN_KEY is refused on keys that do not exist (guessing links must not pay
      off); a real link still opens, whether its browser opened it before
      (stichblock/proofs.py, no database query) or not: phones sharing a pub's address keep
      working, and new ones join, while someone there guesses. Only misses count: a 404
      under an existing key (a round not entered yet) is no guess. One client's requests on
      one link are limited to RATELIMIT_TABLE_LINK;
    - login: POSTs to a login view per client (RATELIMIT_LOGIN_IP); failed logins lock a
      username out for one client only, with growing delays (RATELIMIT_LOGIN_USERNAME,
      the login lockout below), so the organizer elsewhere still logs in; a browser that
      logged in as that user before counts its own failures only, so nobody can lock the
      organizer's devices out. Failures from all addresses together beyond
      RATELIMIT_LOGIN_USERNAME_ALL slow the username down (a short, growing pause between
      attempts, at most RATELIMIT_LOGIN_SLOWEST seconds) instead of locking it: many
      addresses with one wrong password each cannot keep the organizer out, and a browser or
      address that signed in as that user before does not wait at all. Sign-ups per client
      (RATELIMIT_SIGNUP_IP).

    Refusals are a 429 page in the user's language with Retry-After. When the counter store
    is down the limits are skipped (logged), never the site.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        # Built once per process, before requests (and threads) arrive.
        if settings.RATELIMIT_ENABLE:
            try:
                limiter()
            except (limits.errors.StorageError, OSError) as error:
                log.warning("rate-limit store not ready yet: %s", error)

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        key = match.kwargs.get("key") if match is not None else None
        if key is not None:
            if response.status_code < 400:
                proofs.remember_link(request, response, key)
            elif response.status_code == 404 and not key_exists(request, key):
                counted("hit", rate("UNKNOWN_KEY"), "unknown-key", client_ip(request))
        username = getattr(request, TRUST_LOGIN, None)
        if username:
            proofs.trust_login(request, response, username)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        ip = client_ip(request)
        # (group, check): each check, in order, answers the seconds to wait or None.
        checks = []
        if "key" in view_kwargs:
            key = view_kwargs["key"]
            # The proof first: it costs no round trip to the counter store.
            if not proofs.knows_link(request, key):
                checks.append(("unknown-key", lambda: guessing(ip, key)))
            checks.append(
                ("table-link", lambda: limited("table-link", "TABLE_LINK", ip, key, hit=True))
            )
        elif request.method == "POST" and is_login_view(request, view_func):
            username = login_username(request)
            device = proofs.trusted_device(request, username)
            # Remembered for the failure count (count_failed_login, after the password check).
            setattr(request, LOGIN_ATTEMPT, (username, device))
            if device:
                checks = [("login-device", lambda: locked_out(username, device))]
            else:
                checks = [
                    ("login-ip", lambda: limited("login-ip", "LOGIN_IP", ip, hit=True)),
                    ("login-user", lambda: locked_out(username, ip)),
                    ("login-user-all", lambda: slowed_down(username, ip)),
                ]
        elif request.method == "POST" and request.resolver_match.url_name == "signup":
            checks = [("signup", lambda: limited("signup", "SIGNUP_IP", ip, hit=True))]
        for group, check in checks:
            if wait := check():
                return self.refusal(request, group, wait)
        return None

    @staticmethod
    def refusal(request, group, wait: int) -> HttpResponse:
        log.warning("rate limit %s reached by %s on %s", group, client_ip(request), request.path)
        return error_page(
            "429.html",
            429,
            retry_after=wait,
            minutes=(wait + 59) // 60,
            about_links=group in ("unknown-key", "table-link"),
        )


# Request attributes between the middleware and the auth signals (stichblock/apps.py).
LOGIN_ATTEMPT = "_stichblock_login_attempt"
TRUST_LOGIN = "_stichblock_trust_login"


def key_exists(request, key: str) -> bool:
    """Only asked for 404s under a key (rare), never on the polling path. A key of any
    registered kind (scoring.keys.register_link_key) is a real link, so a 404 under it is
    an ordinary miss (e.g. a round not entered yet), not a guess."""
    return proofs.knows_link(request, key) or is_link_key(key)


def guessing(ip: str, key: str) -> int | None:
    """The seconds a client that guessed too many keys waits, or None. Over the limit a real
    link still passes: a key has 144 random bits, so telling a real one from a guess gains a
    guesser nothing, while refusing it would lock a pub behind one address out of its own
    tables. Only then is the database asked (one query per kind of link)."""
    wait = limited("unknown-key", "UNKNOWN_KEY", ip)
    return None if wait and is_link_key(key) else wait


def limited(group: str, name: str, *identifiers, hit: bool = False) -> int | None:
    """The seconds to wait when ``identifiers`` reached the RATELIMIT_<name> limit, else None
    (``hit``: this request counts). A store outage allows (fail open)."""
    item = rate(name)
    if counted("hit" if hit else "test", item, group, *identifiers) is not False:
        return None
    stats = counted("get_window_stats", item, group, *identifiers)
    return max(math.ceil(stats.reset_time - time.time()), 1) if stats else 60


def login_username(request) -> str:
    return request.POST.get("username", "").strip().casefold()[:150]


def count_failed_login(sender, credentials=None, request=None, **kwargs):
    """user_login_failed: only wrong passwords count against a username (a login that works
    costs nothing), per client address and for all addresses together, or per trusted
    device."""
    attempt = getattr(request, LOGIN_ATTEMPT, None)
    if attempt is None:
        return  # not through a login view (e.g. a management command)
    username, device = attempt
    if device:
        lock_out(username, device)
        return
    lock_out(username, client_ip(request))
    slow_down(username)


def note_login(sender, request=None, user=None, **kwargs):
    """user_logged_in: the browser gets the trusted-login cookie (set on the response); the
    failures before it were the user's own typing, so they are forgotten."""
    if request is None or user is None:
        return
    setattr(request, TRUST_LOGIN, user.get_username().casefold()[:150])
    attempt = getattr(request, LOGIN_ATTEMPT, None)
    if attempt is not None:
        username, device = attempt
        stored("clear", lockout_key("failures", username, device or client_ip(request)))
        # The address is known for this user now: the slow-down across addresses spares it.
        stored("incr", lockout_key("known", username, client_ip(request)), KNOWN_ADDRESS_KEEP)


# --- Login lockout: per username and client, with growing delays ---------------------------
# RATELIMIT_LOGIN_USERNAME ("10/10minutes") allows that many wrong passwords for a username
# from one client (address or trusted device); then the client waits that long, and every
# further wrong password doubles the wait, up to RATELIMIT_LOGIN_LONGEST_WAIT. A fixed window
# would let a guesser go on at the same pace for ever. Failures are remembered for
# RATELIMIT_LOGIN_LONGEST_WAIT from the first one. Only that client waits: the organizer at
# another address logs in as usual.


def lockout_key(kind: str, username: str, client: str) -> str:
    return f"login-{kind}/{username}/{client}"


def lock_out(username: str, client: str) -> None:
    """A wrong password for ``username`` from ``client``: count it, and lock when due."""
    longest = settings.RATELIMIT_LOGIN_LONGEST_WAIT
    failures = stored("incr", lockout_key("failures", username, client), longest)
    item = rate("LOGIN_USERNAME")
    if failures is None or failures < item.amount:
        return
    wait = min(item.get_expiry() * 2 ** (failures - item.amount), longest)
    # A fresh key: the store sets a counter's expiry only when it creates it.
    key = lockout_key("lock", username, client)
    stored("clear", key)
    stored("incr", key, wait)


def locked_out(username: str, client: str) -> int | None:
    """The seconds ``client`` still waits before trying ``username`` again, or None."""
    key = lockout_key("lock", username, client)
    if not stored("get", key):
        return None
    expiry = stored("get_expiry", key)
    # Rounded up: a client that waits the Retry-After it was told must not be refused again.
    return max(math.ceil(expiry - time.time()), 1) if expiry else None


# --- Across addresses: a slow-down, never a lockout ---------------------------------------
# Failures for a username from all untrusted clients together count in a fixed window of
# RATELIMIT_LOGIN_USERNAME_ALL. Beyond its amount every further failure makes the next
# attempt from a new address wait 2, 4, 8 … seconds, at most RATELIMIT_LOGIN_SLOWEST: guessing
# from many addresses gets no faster than one password per that many seconds, and the
# organizer on a new device waits that long at worst. A known browser (proofs.py) or an
# address that signed in as that user before skips the pause (the per-address lock stays).

KNOWN_ADDRESS_KEEP = 60 * 60 * 24 * 90
ALL_CLIENTS = "*"


def slow_down(username: str) -> None:
    item = rate("LOGIN_USERNAME_ALL")
    failures = stored("incr", lockout_key("failures", username, ALL_CLIENTS), item.get_expiry())
    if failures is None or failures < item.amount:
        return
    pause = min(2 ** (failures - item.amount + 1), settings.RATELIMIT_LOGIN_SLOWEST)
    key = lockout_key("lock", username, ALL_CLIENTS)
    stored("clear", key)
    stored("incr", key, pause)


def slowed_down(username: str, ip: str) -> int | None:
    """The seconds a new address waits before trying ``username``, or None."""
    if stored("get", lockout_key("known", username, ip)):
        return None
    return locked_out(username, ALL_CLIENTS)


def rate(name: str):
    """A RATELIMIT_<name> setting ("20/10 minutes") as a limits item (parsed once)."""
    return parse_rate(getattr(settings, f"RATELIMIT_{name}"))


@functools.cache
def parse_rate(text: str):
    return limits.parse(text)


def limiter() -> limits.strategies.FixedWindowRateLimiter:
    with _limiter_lock:
        return _limiter(settings.RATELIMIT_STORAGE_URI, settings.RATELIMIT_KEY_PREFIX)


# Threaded workers (gthread) must not build the store twice at once: limits' first-use
# dependency check is not thread-safe (it reported redis as missing under load).
_limiter_lock = threading.Lock()


@functools.cache
def _limiter(uri: str, prefix: str):
    options = {"key_prefix": prefix, "wrap_exceptions": True}
    if uri.startswith("redis"):
        options.update(socket_timeout=1, socket_connect_timeout=1)
    return limits.strategies.FixedWindowRateLimiter(
        limits.storage.storage_from_string(uri, **options)
    )


def counted(operation: str, *args):
    """``limiter().<operation>(*args)``; None when the store cannot be reached (fail open)."""
    return fail_open(lambda: getattr(limiter(), operation)(*args))


def stored(operation: str, *args):
    """``<the limiter's store>.<operation>(*args)``, as ``counted``."""
    return fail_open(lambda: getattr(limiter().storage, operation)(*args))


def fail_open(call):
    if not settings.RATELIMIT_ENABLE:
        return None
    try:
        return call()
    except (limits.errors.StorageError, OSError) as error:
        log.warning("rate limits skipped, counter store unavailable: %s", error)
        return None


def reset_rate_limits():
    """Forget every count (tests start from zero)."""
    limiter().storage.reset()


def check_shared_cache(app_configs, **kwargs):
    """Several app servers (or gunicorn workers) count rate limits together only in a
    shared store."""
    uri = settings.RATELIMIT_STORAGE_URI
    if uri.startswith("memory"):
        return [
            checks.Warning(
                f"Rate-limit counters are kept per process ({uri}).",
                hint="Set REDIS_URL so that all app servers share one set of counters.",
                id="stichblock.W001",
            )
        ]
    return []
