"""Signed cookies by which a browser shows what it had before a rate limit struck, so that
limits aimed at guessers do not lock out the people they protect (stichblock/ratelimit.py):

- known links: a short tag (an HMAC with the secret key) of every link this browser opened
  successfully. While a client address is refused for guessing links, a request whose link is
  among its tags passes without a database query: the phones at a club hall (one public
  address) keep scoring while someone on the same Wi-Fi guesses. (A real link the browser
  has not opened yet passes too, after a lookup: stichblock/ratelimit.py, ``guessing``.)
- trusted logins: a successful login leaves a signed cookie with the account's name and a
  random device id. Login attempts from that browser for that account count their failures on
  a counter of their own, so wrong passwords typed elsewhere — even at the same address —
  cannot lock the organizer's own phone or laptop out.

Both are checked without the database or the session.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

LINKS_COOKIE = "stichblock_links"
LINKS_KEEP = 30  # tables, disputes and standings one phone opens in a month
LINKS_MAX_AGE = 60 * 60 * 24 * 30

LOGIN_COOKIE = "stichblock_login"
LOGIN_SALT = "stichblock.trusted-login"
LOGIN_KEEP = 5  # accounts remembered per browser
LOGIN_MAX_AGE = 60 * 60 * 24 * 365


def link_tag(key: str) -> str:
    return salted_hmac("stichblock.known-link", key, algorithm="sha256").hexdigest()[:16]


def link_tags(request) -> list[str]:
    return [tag for tag in request.COOKIES.get(LINKS_COOKIE, "").split(".") if tag]


def knows_link(request, key: str) -> bool:
    return link_tag(key) in link_tags(request)


def remember_link(request, response, key: str) -> None:
    """Add the link's tag to the browser's cookie; no Set-Cookie when it is there already."""
    tag, tags = link_tag(key), link_tags(request)
    if tag in tags:
        return
    set_cookie(response, LINKS_COOKIE, ".".join([tag, *tags][:LINKS_KEEP]), LINKS_MAX_AGE)


def trusted_login(request) -> dict:
    """{"device": id, "users": [casefolded usernames]} of this browser's past logins."""
    try:
        data = signing.loads(
            request.COOKIES.get(LOGIN_COOKIE, ""), salt=LOGIN_SALT, max_age=LOGIN_MAX_AGE
        )
    except signing.BadSignature:
        return {}
    return data if isinstance(data, dict) else {}


def trusted_device(request, username: str) -> str | None:
    """The device id when this browser has logged in as ``username`` before, else None."""
    data = trusted_login(request)
    return data.get("device") if username in data.get("users", []) else None


def trust_login(request, response, username: str) -> None:
    data = trusted_login(request)
    users = [username, *(user for user in data.get("users", []) if user != username)]
    value = {"device": data.get("device") or secrets.token_hex(8), "users": users[:LOGIN_KEEP]}
    set_cookie(response, LOGIN_COOKIE, signing.dumps(value, salt=LOGIN_SALT), LOGIN_MAX_AGE)


def set_cookie(response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
