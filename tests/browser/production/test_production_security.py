"""Issue 29 §4 in the production configuration (gunicorn behind Caddy, PostgreSQL): HEAD on the
form pages, the settle-up's paid marks with numbers beyond PostgreSQL's integer column, an
invalid season start, and real links opening at an address that guessed too many. A plain
HTTP client is enough: these are answers, not screens."""

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.test import Client

from scoring.groups.models import Group
from scoring.rules.schafkopf import PROFILES
from tests.groups.helpers import start_group

pytestmark = [pytest.mark.production_browser, pytest.mark.django_db(transaction=True)]


class Browser:
    """Cookies kept, no redirects followed: each answer as the server gave it."""

    def __init__(self, site: str):
        self.site = site

        # Production's cookies are Secure; the test site is plain HTTP on 127.0.0.1, which a
        # browser counts as secure too.
        class LocalPolicy(http.cookiejar.DefaultCookiePolicy):
            def return_ok_secure(self, cookie, request):
                return True

        self.cookies = http.cookiejar.CookieJar(LocalPolicy())

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect
        )

    def open(self, path: str, data: dict | None = None, method: str | None = None):
        body = None if data is None else urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.site + path, data=body, method=method)
        token = next((c.value for c in self.cookies if c.name == "csrftoken"), None)
        if token and data is not None:
            request.add_header("X-CSRFToken", token)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()


def make_group() -> Group:
    return Group.objects.create(
        name="Stammtisch Krone",
        game="schafkopf",
        profile_name="tarif-10-20-50",
        profile=dict(PROFILES["tarif-10-20-50"]),
        rule_data={"preset": "tarif-10-20-50", "first_dealer": "0"},
    )


def test_form_pages_answer_head_through_the_proxy(production):
    browser = Browser(production.url)
    group = make_group()
    paths = ["/new/schafkopf/", "/g/new/schafkopf/", "/accounts/login/"]
    paths += [f"/g/{group.scorer_key}/roster/", f"/g/{group.scorer_key}/evening/"]
    for path in [*paths, "/accounts/signup/"]:  # sign-ups may be closed: then 403 for both
        get_status, get_headers, _body = browser.open(path)
        status, headers, body = browser.open(path, method="HEAD")
        assert status == get_status and (get_status == 200 or path not in paths), path
        assert body == b"" and headers["Content-Type"] == get_headers["Content-Type"], path


def test_garbled_paid_marks_and_season_starts_are_422_on_postgresql(production):
    group = make_group()
    browser = Browser(production.url)
    assert browser.open(f"/g/{group.scorer_key}/roster/")[0] == 200  # the CSRF cookie
    paid = f"/g/{group.scorer_key}/paid/"
    for field, value in [("amount", str(2**31)), ("evening", str(2**63)), ("payer", "x")]:
        form = {"evening": "1", "amount": "500", "paid": "1", field: value}
        status, _headers, body = browser.open(paid, form)
        assert status == 422, (field, body[:300])
    status, _headers, body = browser.open(
        f"/g/{group.scorer_key}/season-start/", {"season_day": "29", "season_month": "1"}
    )
    assert status == 422 and b"Tag: eine Zahl von 1 bis 28" in body


def test_a_real_link_opens_at_an_address_that_guessed_too_many(production):
    """All requests come from one address here (the test's, through Caddy's X-Real-IP)."""
    group = make_group()
    guesser = Browser(production.url)
    statuses = []
    for number in range(120):  # the limit counts per app process without Redis
        statuses.append(guesser.open(f"/t/guess-{number}/")[0])
        if statuses[-1] == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) == {404}
    for _attempt in range(6):  # whichever process answers
        newcomer = Browser(production.url)
        assert newcomer.open(f"/g/{group.viewer_key}/")[0] == 200
        assert guesser.open(f"/g/{group.scorer_key}/")[0] == 200


def test_twenty_calls_for_the_offline_pages_at_once_leave_the_site_answering(production):
    """Issue 29 §4.9: 20 concurrent requests for the offline evening's pages from one link
    filled every worker. Now one request makes them, the others get them from the cache or a
    429, and an ordinary page answers meanwhile."""
    import statistics
    import time
    from concurrent.futures import ThreadPoolExecutor

    # Through the group form in-process: the servers share the test database.
    group = start_group(Client())
    offline = f"/g/{group.scorer_key}/evening/offline/4/"
    page = f"/g/{group.viewer_key}/"
    Browser(production.url).open(page)  # warm

    def timed(path):
        started = time.perf_counter()
        status = Browser(production.url).open(path)[0]
        return status, time.perf_counter() - started

    with ThreadPoolExecutor(max_workers=24) as pool:
        storm = [pool.submit(timed, offline) for _ in range(20)]
        time.sleep(0.05)
        ordinary = [timed(page) for _ in range(20)]
        answers = [future.result() for future in storm]
    statuses = [status for status, _seconds in answers]
    assert set(statuses) <= {200, 429} and 200 in statuses, statuses
    seconds = sorted(s for _status, s in ordinary)
    p95 = seconds[int(len(seconds) * 0.95) - 1]
    print(
        f"\noffline pages: {statuses.count(200)} × 200, {statuses.count(429)} × 429, "
        f"slowest {max(s for _x, s in answers) * 1000:.0f} ms; ordinary page meanwhile: "
        f"median {statistics.median(seconds) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
    )
    assert all(status == 200 for status, _s in ordinary)
