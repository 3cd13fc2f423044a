"""Simulated phones at card tables, as an asyncio HTTP client in its own process.

Every table has scorer phones (the scorer link: they enter rounds, correct earlier ones and now
and then tap "save" twice) and viewer phones (the viewer link). With ``--live poll`` (the way
it was) every phone polls the live fragment every 3 s with If-None-Match, as htmx did; with
``--live push`` every phone holds its page's event stream (Server-Sent Events, on
``--events-base``, the ASGI server), fetches the fragment once when the stream announces a
version newer than the one it shows (a page without an open form, the viewers', gets the
fragment in the event and fetches nothing), reconnects with Last-Event-ID when the stream
drops, and polls only while it has no stream (static/js/live.js does the same). A scorer saves
a round from the sheet as offline.js does, in place (``HX-Request``: the answer is the next
form and the sheet, no new page, the stream stays), a correction from the round's page as a
form post and a new page; and it keeps the blank forms of the rounds ahead: the sheet page
brings them inline, and the phone asks for more when fewer than three are left (ahead.js).
Forms are real: the CSRF token, ``base`` and ``submission`` come from the page the phone
loaded, cookies are kept per phone, and the proxy's headers (X-Forwarded-Proto) are sent as
Caddy would.

Writes a JSON file with every request (kind, status, latency) and every submission (for the
database check in run.py). ``--mode floor`` sends the same schedule to a bare view.

    python -m tests.production.load.phones --base http://127.0.0.1:8765 --out app.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import random
import re
import resource
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import urljoin

import aiohttp

from .games import FILLERS, current_values

POLL_SECONDS = 3.0
INPUT = re.compile(r"<input\b[^>]*>")
ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')
FORM_ACTION = re.compile(r'<form method="post" action="(/t/[^"]+/rounds/(\d+)/save/)"')
LIVE_URL = re.compile(r'id="live"[^>]*hx-get="([^"]+)"')
SHOWN = re.compile(r'data-live-version="(\d+)"')
EVENTS_URL = re.compile(r'sse-connect="([^"]+)"')
RETRY_SECONDS = 2.0
LINK = re.compile(r"/t/([\w-]{16,})/")
NEXT_ROUND = re.compile(r'data-next-round="(\d*)"')
AHEAD_URL = re.compile(r'data-ahead="([^"]+)"')
# static/js/ahead.js: a sheet page brings the window of rounds ahead inline (read at once; since
# 2026-11-29 the whole window of AHEAD_KEEP after a multiple of AHEAD_STEP, as /ahead/ sends
# it) and asks /ahead/ for the next window whenever fewer than AHEAD_WANT are left past the
# server's next round, checked at once when the sheet loaded and 2 s after the table last
# changed. A window in which the game ends (data-last) covers the rest of the game.
INLINE_AHEAD = re.compile(r'id="rounds-ahead" data-after="(\d+)"><div ([^>]*)>')
WINDOW_COUNT = re.compile(r'data-count="(\d+)"')
WINDOW_LAST = re.compile(r'data-last="(\d+)"')
GAME_OVER = 10**9
AHEAD_KEEP, AHEAD_STEP, AHEAD_WANT = 56, 8, 44
LOADED_AHEAD_DELAY = 0.0
CHANGED_AHEAD_DELAY = 2.0


@dataclass
class Form:
    action: str
    round_number: int
    fields: dict[str, str]


def parse_form(page: str) -> Form | None:
    match = FORM_ACTION.search(page)
    if match is None:
        return None
    end = page.find("</form>", match.end())
    fields = {}
    for tag in INPUT.findall(page[match.end() : end]):
        attrs = dict(ATTR.findall(tag))
        if "name" in attrs and attrs.get("type") != "checkbox":
            fields[attrs["name"]] = html.unescape(attrs.get("value", ""))
    return Form(match.group(1), int(match.group(2)), fields)


@dataclass
class Run:
    base: str
    mode: str
    deadline: float
    max_requests: int
    fault: bool
    requests: list = field(default_factory=list)  # (t, kind, status, ms)
    submissions: list = field(default_factory=list)
    retried_saves: set = field(default_factory=set)  # saved again after a 503
    sent: int = 0
    live: str = "poll"
    events_base: str = ""
    # push: (t, phone, table, version) of every event; (t, table, version) of every
    # acknowledged save (the version its phone's next page showed); (t, phone, table, version)
    # of every fragment shown; stream (dis)connections.
    events: list = field(default_factory=list)
    acks: list = field(default_factory=list)
    shown: list = field(default_factory=list)
    streams: list = field(default_factory=list)  # (t, phone, table, "open"/"close"/"refused")
    held: int = 0
    held_max: int = 0
    stream_http: aiohttp.ClientSession | None = None  # streams: no connection limit
    background: set = field(default_factory=set)  # requests a phone makes beside its own course
    no_ahead: bool = False

    @property
    def over(self) -> bool:
        return time.time() >= self.deadline or self.sent >= self.max_requests


class Phone:
    def __init__(self, run: Run, http: aiohttp.ClientSession, rng: random.Random, name: str):
        self.run, self.http, self.rng, self.name = run, http, rng, name
        self.cookies: dict[str, str] = {}
        self.live_url: str | None = None
        self.events_url: str | None = None
        self.version = 0  # the table version the phone shows
        self.last_event_id: int | None = None
        self.table_key = ""
        self.stream_task: asyncio.Task | None = None
        self.reopen = asyncio.Event()
        self.loaded = asyncio.Event()  # a page with a stream has loaded
        self.leaving = False  # a form was sent: the page waits for the answer that replaces it
        # The browser's cache: htmx's request revalidates what it got for the same URL.
        self.etags: dict[str, str] = {}
        host = run.base.split("://", 1)[1]
        self.headers = {"X-Forwarded-Proto": "https", "Origin": f"https://{host}"}

    async def pause(self, seconds: float):
        """Waits, but never past the end of the run."""
        await asyncio.sleep(max(0.0, min(seconds, self.run.deadline - time.time())))

    async def request(self, kind, method, url, data=None, headers=None, *, record=True):
        """One request; returns (status, headers, body) or (0, {}, "") on a transport error."""
        self.run.sent += 1
        url = urljoin(self.run.base, url)
        all_headers = dict(self.headers, **(headers or {}))
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST":
            all_headers["Referer"] = all_headers["Origin"] + "/"
        start = time.perf_counter()
        try:
            async with self.http.request(
                method, url, data=data, headers=all_headers, allow_redirects=False
            ) as response:
                body = await response.text()
                status, response_headers = response.status, response.headers
                for name, morsel in response.cookies.items():
                    if morsel.value:
                        self.cookies[name] = morsel.value
                    else:
                        self.cookies.pop(name, None)
        except (TimeoutError, aiohttp.ClientError) as error:
            status, response_headers, body = 0, {}, type(error).__name__
        if status == 503 and "Retry-After" not in response_headers:
            status = 599  # a 503 that is not the app's "back in a moment" page
        ms = (time.perf_counter() - start) * 1000
        if record:
            self.run.requests.append((time.time(), kind, status, round(ms, 2)))
        return status, response_headers, body

    # --- what every phone does: poll the live fragment, or listen and fetch it -------------
    async def poll_forever(self, ramp: float):
        if self.run.live == "push" and self.run.mode != "floor":
            # The browser opens the page's stream as soon as the page has loaded.
            remaining = max(0.0, self.run.deadline - time.time())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.loaded.wait(), remaining)
            return await self.listen_forever()
        await self.pause(ramp + self.rng.uniform(0, POLL_SECONDS))
        while not self.run.over:
            if self.run.mode == "floor":
                await self.request("poll", "GET", "/_floor/")
            elif self.live_url:
                body = await self.get_fragment("poll")
                if body is not None:
                    self.follow_live_url(body)
            await self.pause(POLL_SECONDS)

    def follow_live_url(self, page: str):
        match = LIVE_URL.search(page)
        if match:
            self.live_url = html.unescape(match.group(1))
        match = EVENTS_URL.search(page)
        if match:
            self.events_url = html.unescape(match.group(1))
            self.loaded.set()
        match = SHOWN.search(page)
        if match:
            self.show(int(match.group(1)))
            if self.stream_task is not None and not self.stream_task.done():
                # A new page is a new EventSource in the browser: from the version it shows.
                self.reopen.set()

    def show(self, version: int):
        self.version = max(self.version, version)
        if self.run.live == "push":
            self.run.shown.append((time.time(), self.name, self.table_key, version))

    async def fetch_fragment(self):
        """What htmx does on an announced version (or a fallback poll): one conditional GET."""
        body = await self.get_fragment("fetch")
        if body is not None and (match := SHOWN.search(body)):
            self.show(int(match.group(1)))

    async def get_fragment(self, kind: str) -> str | None:
        """The live fragment, conditional on the ETag the browser's cache keeps per URL; its
        body when it changed, which a scorer's sheet takes its next form and its forms ahead
        from."""
        url = self.live_url
        headers = {"HX-Request": "true"}
        if url in self.etags:
            headers["If-None-Match"] = self.etags[url]
        status, response_headers, body = await self.request(
            kind, "GET", self.fetched_url(url), headers=headers
        )
        if status != 200:
            return None
        if etag := response_headers.get("ETag"):
            self.etags[url] = etag
        else:  # the next form came with it: not for a browser's cache
            self.etags.pop(url, None)
        self.fetched(body)
        self.check_ahead(body, CHANGED_AHEAD_DELAY)
        return body

    def fetched_url(self, url: str) -> str:
        return url

    def fetched(self, body: str):
        """A scorer's sheet takes the next form that came with the fragment (Scorer)."""

    def check_ahead(self, page: str | None, delay: float):
        """A scorer's sheet keeps the forms of the rounds ahead (Scorer); other pages do not."""

    async def listen_forever(self):
        """Holds the page's stream; between streams (refused, dropped) polls like live.js."""
        self.reopen = asyncio.Event()
        self.stream_task = asyncio.current_task()
        delay = RETRY_SECONDS
        while not self.run.over:
            if not self.events_url or not self.live_url:
                await self.pause(POLL_SECONDS)
                continue
            opened = await self.stream_once()
            if self.run.over:
                break
            if opened:
                delay = RETRY_SECONDS
            else:
                # No stream: poll meanwhile, back off like htmx's sse extension.
                waited = 0.0
                while waited < delay and not self.run.over:
                    await self.fetch_fragment()
                    await self.pause(min(POLL_SECONDS, delay - waited))
                    waited += POLL_SECONDS
                delay = min(delay * 2, 64)

    async def stream_once(self) -> bool:
        """One connection: True when it was open (and then ended or dropped)."""
        since = f"since={self.version}"
        url = re.sub(r"since=\d*", since, self.events_url)
        headers = dict(self.headers, Accept="text/event-stream")
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = str(self.last_event_id)
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.reopen.clear()
        start = time.perf_counter()
        self.run.sent += 1
        try:
            async with (self.run.stream_http or self.http).get(
                urljoin(self.run.events_base, url),
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=None, sock_read=60),
            ) as response:
                ms = (time.perf_counter() - start) * 1000
                if response.status != 200:
                    self.run.requests.append((time.time(), "stream", response.status, ms))
                    self.run.streams.append((time.time(), self.name, self.table_key, "refused"))
                    return False
                self.run.requests.append((time.time(), "stream", 200, round(ms, 2)))
                self.run.streams.append((time.time(), self.name, self.table_key, "open"))
                self.run.held += 1
                self.run.held_max = max(self.run.held_max, self.run.held)
                try:
                    await self.read_events(response)
                finally:
                    self.run.held -= 1
                    self.run.streams.append((time.time(), self.name, self.table_key, "close"))
                return True
        except (TimeoutError, aiohttp.ClientError, ConnectionError):
            self.run.requests.append((time.time(), "stream", 0, 0.0))
            return False

    async def read_events(self, response):
        fields: dict[str, str] = {}
        pending = b""
        # Whatever arrived, not line by line: an event with a fragment has a hundred lines, and
        # a turn of this process's loop per line made the phones, not the server, late.
        reader = asyncio.ensure_future(response.content.readany())
        reopen = asyncio.ensure_future(self.reopen.wait())
        try:
            while not self.run.over:
                remaining = max(0.01, self.run.deadline - time.time())
                done, _pending = await asyncio.wait(
                    {reader, reopen}, timeout=remaining, return_when=asyncio.FIRST_COMPLETED
                )
                if reopen in done or not done:
                    return  # a new page (its own stream), or the end of the run
                chunk = reader.result()
                if not chunk:
                    return  # the server closed the stream: reconnect
                reader = asyncio.ensure_future(response.content.readany())
                *lines, pending = (pending + chunk).split(b"\n")
                for line in lines:
                    text = line.decode().rstrip("\r")
                    if text:
                        name, _, value = text.partition(":")
                        value = value.removeprefix(" ")
                        # Several data lines make one value, joined by newlines (EventSource).
                        fields[name] = f"{fields[name]}\n{value}" if name in fields else value
                        continue
                    await self.dispatch(fields)
                    fields = {}
        finally:
            reader.cancel()
            reopen.cancel()

    async def dispatch(self, fields: dict[str, str]):
        """One event of the stream, as live.js takes it."""
        if fields.get("event") == "version":
            version = int(fields["data"])
            self.heard(version)
            if version > self.version and not self.leaving:
                await self.fetch_fragment()
        elif fields.get("event") == "moved":
            # A scorer's page takes the next form that came with the event when its own is
            # untouched and of the round just saved (sheet.js), else it fetches.
            version = int(fields["id"])
            self.heard(version)
            if version > self.version and not self.leaving and not self.moved_on(fields["data"]):
                await self.fetch_fragment()
        elif fields.get("event") == "sheet":
            # A page without an open form gets the fragment with the event (live.js swaps it
            # in): nothing to fetch.
            version = int(fields["id"])
            self.heard(version)
            if version > self.version and SHOWN.search(fields.get("data", "")):
                self.show(version)

    def moved_on(self, data: str) -> bool:
        """A scorer's sheet takes the moved-on answer of an event (Scorer); no other page."""
        return False

    def heard(self, version: int):
        self.last_event_id = version
        self.run.events.append((time.time(), self.name, self.table_key, version))

    async def open_page(self, url: str, kind="page") -> str | None:
        if self.run.mode == "floor":
            await self.request(kind, "GET", "/_floor/")
            return None
        status, _headers, body = await self.request(kind, "GET", url)
        if status != 200:
            return None
        self.follow_live_url(body)
        return body


class Table:
    def __init__(self, game: str, scorer_key: str = "", viewer_key: str = ""):
        self.game, self.scorer_key, self.viewer_key = game, scorer_key, viewer_key
        self.saved_rounds = 0  # highest round number this table's phones know is saved

    @property
    def scorer_url(self):
        return f"/t/{self.scorer_key}/"


async def create_table(phone: Phone, game: str, players: int) -> Table | None:
    """A phone starts a table through the real creation form, then reads the viewer link."""
    _status, _h, body = await phone.request("create", "GET", f"/new/{game}/")
    inputs = [dict(ATTR.findall(tag)) for tag in INPUT.findall(body)]
    form = {
        attrs["name"]: html.unescape(attrs.get("value", "")) for attrs in inputs if "name" in attrs
    }
    data = {
        "csrfmiddlewaretoken": form.get("csrfmiddlewaretoken", ""),
        **FILLERS[game].creation(players),
        "author": phone.name,
    }
    status, headers, _b = await phone.request("create", "POST", f"/new/{game}/", data=data)
    if status != 302:
        return None
    scorer_key = LINK.search(headers["Location"]).group(1)
    for _attempt in range(5):
        _s, _h, share = await phone.request("create", "GET", f"/t/{scorer_key}/share/")
        viewer_key = next((k for k in LINK.findall(share) if k != scorer_key), "")
        if viewer_key:
            return Table(game, scorer_key, viewer_key)
    return None


class Scorer(Phone):
    """Enters the next round, now and then corrects a saved one or taps save twice."""

    ahead_url = ""
    ahead_last: int | None = None  # the last of the rounds ahead it keeps
    ahead_checks = 0  # a newer check replaces one still waiting (offline.js's timer)
    sheet: str | None = None  # the sheet page as the phone shows it, with its entry form

    def fetched_url(self, url: str) -> str:
        """Between saves the phone's form is untouched (the user types just before saving),
        as offline.js tells the server: a round saved elsewhere brings the next form."""
        return f"{url}&untouched=1" if self.sheet and not self.leaving and "?" in url else url

    def fetched(self, body: str):
        if 'id="entry-area"' in body and parse_form(body) is not None:
            self.sheet = body
            if match := LIVE_URL.search(body):
                self.live_url = html.unescape(match.group(1))

    def moved_on(self, data: str) -> bool:
        form = parse_form(self.sheet) if self.sheet else None
        moved = json.loads(data)
        if form is None or form.round_number != moved["from"]:
            return False
        own = {
            "csrf": form.fields.get("csrfmiddlewaretoken", ""),
            "submission": str(uuid.uuid4()),
            "author": html.escape(form.fields.get("author", "")),
        }
        body = moved["html"]
        for part, value in own.items():
            body = body.replace(moved["parts"][part], value)
        self.fetched(body)
        if match := SHOWN.search(body):
            self.show(int(match.group(1)))
        self.check_ahead(body, CHANGED_AHEAD_DELAY)
        return True

    async def open_sheet(self, table) -> str | None:
        page = await self.open_page(table.scorer_url)
        self.check_ahead(page, LOADED_AHEAD_DELAY)
        return page

    def check_ahead(self, page: str | None, delay: float):
        """As ahead.js: takes the forms a sheet page brings inline, and checks whether more are
        needed when the sheet loaded or a moment after the table changed (the last change
        counts), beside whatever the phone does meanwhile."""
        if page and (match := AHEAD_URL.search(page)):
            self.ahead_url = html.unescape(match.group(1))
        if page and (match := INLINE_AHEAD.search(page)):
            count = WINDOW_COUNT.search(match.group(2))
            ends = WINDOW_LAST.search(match.group(2))
            inline_last = GAME_OVER if ends else int(match.group(1)) + int(count.group(1))
            self.ahead_last = max(inline_last, self.ahead_last or 0)
        self.ahead_checks += 1
        task = asyncio.ensure_future(self.keep_ahead_later(self.ahead_checks, page, delay))
        self.run.background.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(self.run.background.discard)

    async def keep_ahead_later(self, check: int, page: str | None, delay: float):
        await self.pause(delay)
        if check == self.ahead_checks and not self.run.over:
            await self.keep_ahead(page)

    async def keep_ahead(self, page: str | None):
        """ahead.js's ensure: the window of rounds ahead, asked for when the phone has none yet
        or fewer than AHEAD_WANT are left past the server's next round."""
        if self.run.mode == "floor" or self.run.no_ahead or not page:
            return
        match = NEXT_ROUND.search(page)
        if not self.ahead_url or not match or not match.group(1):
            return
        next_round = int(match.group(1))
        if self.ahead_last is not None and self.ahead_last >= next_round + AHEAD_WANT:
            return
        window = next_round - next_round % AHEAD_STEP
        url = f"{self.ahead_url}?after={window}"
        headers = {"If-None-Match": self.etags[url]} if url in self.etags else {}
        status, response_headers, body = await self.request("ahead", "GET", url, headers=headers)
        if status == 200:
            self.etags[url] = response_headers.get("ETag")
        if status in (200, 304):
            self.ahead_last = GAME_OVER if WINDOW_LAST.search(body[:300]) else window + AHEAD_KEEP

    async def play(self, table, ramp: float, think: float, p_correction: float, p_double: float):
        await self.pause(self.rng.uniform(0, ramp))
        self.sheet = await self.open_sheet(table)
        await self.pause(self.rng.uniform(0, think))
        while not self.run.over:
            if table.saved_rounds and self.rng.random() < p_correction:
                # Tap a saved round on the sheet, change it, save it with a reason.
                number = self.rng.randint(1, table.saved_rounds)
                round_page = await self.open_page(f"{table.scorer_url}rounds/{number}/")
                self.sheet = await self.save(table, round_page, p_double, True) or self.sheet
            else:
                # The sheet the phone shows carries the next round's form: the next one when
                # another phone's save reached it before the user typed (``moved_on``), else
                # possibly stale (saved meanwhile, and not yet heard of: a conflict).
                self.sheet = await self.save(table, self.sheet, p_double, False) or self.sheet
            await self.pause(self.rng.expovariate(1 / think))

    async def save(self, table: Table, page: str | None, p_double: float, correction: bool):
        """Fills and posts the form of ``page``; returns the page the save led to."""
        if self.run.mode == "floor":
            await self.request("entry", "POST", "/_floor/", data={"x": "1"})
            await self.open_page("/_floor/", kind="follow")
            return None
        form = parse_form(page) if page else None
        if form is None:  # the game is over (or the page failed): reload the sheet
            return await self.open_sheet(table)
        filler = FILLERS[table.game]
        before = current_values(form.fields)
        values = filler.round(form.round_number, self.rng)
        while correction and filler.same(values, before):
            values = filler.round(form.round_number, self.rng)
        data = {
            "csrfmiddlewaretoken": form.fields["csrfmiddlewaretoken"],
            "base": form.fields["base"],
            "submission": form.fields["submission"],
            "author": self.name,
            "reason": "Stiche falsch gezählt" if correction else "",
            **values,
        }
        double = self.rng.random() < p_double
        # The answer replaces the page: meanwhile it fetches nothing (live.js), not even the
        # change its own save announces on its stream before the answer comes.
        self.leaving = True
        try:
            return await self.post_and_follow(table, form, data, values, correction, double)
        finally:
            self.leaving = False

    async def post_and_follow(self, table, form, data, values, correction, double):
        taps = 2 if double else 1
        # From the sheet offline.js sends the save itself; a round's page posts its form.
        in_place = not correction
        results = await asyncio.gather(
            *(self.post_entry(form, data, in_place) for _ in range(taps))
        )
        for status, outcome, _body in results:
            saved_in_place = status == 200 and outcome in ("saved", "unchanged")
            self.run.submissions.append(
                {
                    "table": table.scorer_key,
                    "round": form.round_number,
                    "base": int(form.fields["base"]),
                    "submission": data["submission"],
                    "values": values,
                    "status": status,
                    "saved": saved_in_place or (status == 302 and "#round-" in outcome),
                    "correction": correction,
                    "double": double,
                    "t": time.time(),
                }
            )
        status, outcome, answer = results[-1]
        if status == 200 and outcome in ("saved", "unchanged"):
            # The answer is swapped in: the next round's form and the sheet; the stream stays.
            acknowledged = time.time()
            table.saved_rounds = max(table.saved_rounds, form.round_number)
            if match := LIVE_URL.search(answer):
                self.live_url = html.unescape(match.group(1))
            if match := SHOWN.search(answer):
                self.show(int(match.group(1)))
                self.run.acks.append((acknowledged, table.scorer_key, int(match.group(1))))
            self.check_ahead(answer, CHANGED_AHEAD_DELAY)
            return answer
        location = outcome
        if status == 302:
            acknowledged = time.time()
            table.saved_rounds = max(table.saved_rounds, form.round_number)
            page = await self.open_page(location, kind="follow")
            match = SHOWN.search(page or "")
            if match and "#round-" in location:
                self.run.acks.append((acknowledged, table.scorer_key, int(match.group(1))))
            self.check_ahead(page, LOADED_AHEAD_DELAY)
            return page
        if status == 409:
            # The conflict shows the newer entry; the user reloads the sheet and goes on.
            return await self.open_sheet(table)
        return None

    async def post_entry(self, form: Form, data: dict, in_place: bool) -> tuple[int, str, str]:
        """Posts the entry: (status, the redirect's Location or the in-place answer's
        Stichblock-Entry, body). While the app answers 503 (database restarting) the user goes
        back and saves again (offline.js sends it again): the same form, the same token."""
        headers = {"HX-Request": "true"} if in_place else {}
        for attempt in range(30):
            status, response_headers, body = await self.request(
                "entry", "POST", form.action, data=data, headers=headers
            )
            if not (self.run.fault and status in (0, 503)) or self.run.over:
                break
            self.run.retried_saves.add(data["submission"])
            await asyncio.sleep(float(response_headers.get("Retry-After", 2)) * (1 + attempt % 3))
        if status == 302:
            return status, response_headers.get("Location", ""), body
        return status, response_headers.get("Stichblock-Entry", ""), body


class Viewer(Phone):
    async def watch(self, table: Table, ramp: float):
        await self.pause(self.rng.uniform(0, ramp))
        await self.open_page(f"/t/{table.viewer_key}/")


async def main(args) -> dict:
    rng = random.Random(args.seed)
    # Idle connections are dropped before gunicorn closes them (its keepalive is 5 s): a
    # browser retries a request that meets a connection the server just closed; aiohttp does not.
    connector = aiohttp.TCPConnector(limit=args.connections, force_close=False, keepalive_timeout=3)
    timeout = aiohttp.ClientTimeout(total=args.timeout)
    async with aiohttp.ClientSession(
        connector=connector, timeout=timeout, cookie_jar=aiohttp.DummyCookieJar()
    ) as http:
        setup = Run(args.base, args.mode, time.time() + 600, 10**9, False)
        tables: list[tuple[Table, Phone]] = []
        if args.mode == "floor":
            tables = [(Table(args.game), None) for _ in range(args.tables)]
        else:
            gate = asyncio.Semaphore(16)

            async def start(i):
                async with gate:
                    phone = Scorer(setup, http, random.Random(rng.random()), f"Phone{i}-0")
                    return await create_table(phone, args.game, args.players), phone

            tables = await asyncio.gather(*(start(i) for i in range(args.tables)))
            missing = sum(1 for table, _phone in tables if table is None)
            if missing:
                raise SystemExit(f"{missing} of {args.tables} tables could not be created")

        run = Run(args.base, args.mode, time.time() + args.duration, args.max_requests, args.fault)
        run.live, run.events_base = args.live, args.events_base or args.base
        run.no_ahead = args.no_ahead
        run.stream_http = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0), cookie_jar=aiohttp.DummyCookieJar()
        )
        with open(args.out + ".started", "w") as marker:  # run.py times its faults from here
            marker.write(str(time.time()))
        tasks = []
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        started = time.time()
        for i, (table, creator) in enumerate(tables):
            for p in range(args.phones):
                name = f"Phone{i}-{p}"
                if p < args.scorers:
                    phone = Scorer(run, http, random.Random(rng.random()), name)
                    phone.table_key = table.scorer_key
                    if creator is not None and p == 0:
                        phone.cookies = dict(creator.cookies)  # the phone that created it
                    # One phone keeps the sheet; the others chip in now and then.
                    think = args.think if p == 0 else args.think * 3
                    tasks.append(
                        phone.play(table, args.ramp, think, args.corrections, args.doubles)
                    )
                else:
                    phone = Viewer(run, http, random.Random(rng.random()), name)
                    phone.table_key = table.scorer_key
                    tasks.append(phone.watch(table, args.ramp))
                tasks.append(phone.poll_forever(args.ramp))
        await asyncio.gather(*tasks)
        elapsed = time.time() - started
        await run.stream_http.close()
        cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return {
        "mode": args.mode,
        "tables": args.tables,
        "phones": args.phones,
        "started": started,
        "ramp": args.ramp,
        "elapsed": elapsed,
        "duration": args.duration,
        "generator_cpu_seconds": cpu,
        "requests": run.requests,
        "submissions": run.submissions,
        "retried_saves": sorted(run.retried_saves),
        "live": run.live,
        "events": run.events,
        "acks": run.acks,
        "shown": run.shown,
        "streams": run.streams,
        "held_max": run.held_max,
    }


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="http://127.0.0.1:PORT (loopback only)")
    parser.add_argument("--mode", choices=["app", "floor"], default="app")
    parser.add_argument("--live", choices=["poll", "push"], default="push")
    parser.add_argument("--events-base", default="", help="the ASGI server (push)")
    parser.add_argument("--game", default="schatzsuche", choices=sorted(FILLERS))
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--phones", type=int, default=4, help="phones per table")
    parser.add_argument("--scorers", type=int, default=2, help="of which on the scorer link")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--think", type=float, default=30.0, help="mean s between a scorer's saves")
    parser.add_argument("--ramp", type=float, default=10, help="s over which phones join")
    parser.add_argument("--corrections", type=float, default=0.15)
    parser.add_argument("--doubles", type=float, default=0.05)
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--timeout", type=float, default=15)
    parser.add_argument("--fault", action="store_true", help="retry saves through 503s")
    parser.add_argument("--no-ahead", action="store_true", help="scorers keep no forms ahead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    args.ramp = min(args.ramp, args.duration / 4)  # short runs keep a steady state to measure
    host = args.base.split("://", 1)[1].split(":")[0]
    if host not in ("127.0.0.1", "localhost", "[::1]"):
        parser.error("the load test only targets this machine's loopback address")
    return args


if __name__ == "__main__":
    arguments = parse_args()
    result = asyncio.run(main(arguments))
    with open(arguments.out, "w") as out:
        json.dump(result, out)
