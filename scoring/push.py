"""Changes are pushed, not polled: version bumps that notify, and the hub every stream waits on.

A table (or a tournament) has a ``version`` that every saved change bumps. ``bump_version``
does that in one statement and announces the new version:

- on PostgreSQL with ``NOTIFY`` in the same statement, so in the same transaction as the
  change: every app server hears of it exactly when the change commits, never when it rolls
  back (a conflict), never before the data is visible;
- in this process after the commit (``transaction.on_commit``): enough for one process with
  SQLite (``make run``, the tests), and the quickest way to streams of the same process.

Each process has one ``Hub``: the latest known version of every channel (``table:<id>``,
``tournament:<id>``) and the streams waiting on them. On PostgreSQL an asyncio task (started by
the first event stream of the process) LISTENs on one connection of its own and feeds the hub;
after every (re)connect it reads the versions of all watched channels once, so whatever
changed while it was away (a database restart) reaches the phones then. A stream only ever
sends the newest version of what it watches: a phone that missed three changes gets one event,
and fetches the fragment once (docs/production.md: "Live updates are pushed").
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Iterator

from django.db import connections, transaction

from .shared import Shared

log = logging.getLogger("stichblock")

# The NOTIFY channel; payloads are "<kind>:<id>:<version>", e.g. "table:12:7".
CHANNEL = "stichblock_changes"
# Rendered fragments for the streams (``Sheets.publish``): "<name>\n<base64 of zlib of JSON>".
SHEETS = "stichblock_sheets"
SHEET_PAYLOAD_MAX = 7900  # PostgreSQL refuses payloads of 8000 bytes and more
SHEETS_REMEMBERED = 500  # a stream needs one for about a second after its version
# Idle streams send a ping this often: it keeps proxies and NAT from closing them, lets a phone
# tell a stalled stream from a quiet table, and finds phones that went away.
PING_SECONDS = 20.0
# A stream ends after this long (plus jitter); the browser reconnects at once with
# Last-Event-ID. It spreads phones over app servers again after one was added or restarted.
STREAM_SECONDS = 15 * 60
# A stream held by a thread (runserver, the tests' live server) pings more often: a write is
# how it notices that its phone went away, and until then it keeps the thread.
THREAD_PING_SECONDS = 5.0
# How long the browser waits before reconnecting a dropped stream (the SSE "retry:" field).
RETRY_MS = 2000
# Versions of channels nobody here watches are kept for late joiners (a stream registering
# just after a change it read too early); bounded, the oldest forgotten first.
REMEMBERED = 50_000

KINDS = {"table": "scoring_table", "tournament": "tournaments_tournament"}


def channel(kind: str, pk: int) -> str:
    return f"{kind}:{pk}"


# --- announcing changes -----------------------------------------------------------------------


def bump_version(kind: str, pk: int, *, unlocked_only: bool = False, using="default") -> int | None:
    """``version = version + 1`` of one row of ``kind`` (a table or a tournament); returns the
    new version, or None when no row was updated (no such row, or with ``unlocked_only`` a
    locked table). The update holds the row until commit, so changes to one table take turns.
    """
    connection = connections[using]
    quote = connection.ops.quote_name
    where = f"{quote('id')} = %s" + (f" AND {quote('locked_at')} IS NULL" if unlocked_only else "")
    update = f"UPDATE {quote(KINDS[kind])} SET version = version + 1 WHERE {where}"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"WITH bumped AS ({update} RETURNING id, version) "
                f"SELECT version, pg_notify(%s, %s || ':' || id || ':' || version) FROM bumped",
                [pk, CHANNEL, kind],
            )
        else:
            cursor.execute(f"{update} RETURNING version", [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    version = row[0]
    transaction.on_commit(lambda: hub.publish(channel(kind, pk), version), using=using)
    return version


# --- the hub ----------------------------------------------------------------------------------


class Watcher:
    """One stream's interest: its channels, and how to wake it (from any thread)."""

    def __init__(self, channels: Iterable[str], loop: asyncio.AbstractEventLoop | None = None):
        self.channels = tuple(channels)
        self.loop = loop
        if loop is None:
            self._event: threading.Event | asyncio.Event = threading.Event()
        else:
            self._event = asyncio.Event()

    def wake(self) -> None:
        if self.loop is None:
            self._event.set()
        else:
            with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits any more
                self.loop.call_soon_threadsafe(self._event.set)

    def wait(self, timeout: float) -> bool:
        """Blocks until woken or ``timeout`` (a thread's stream); True when woken."""
        woken = self._event.wait(timeout)
        self._event.clear()
        return woken

    async def await_wake(self, timeout: float) -> bool:
        """The same for a stream in an event loop."""
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        finally:
            self._event.clear()
        return True


class Hub:
    """The latest version of every channel this process heard of, and who waits for which."""

    def __init__(self):
        self._lock = threading.Lock()
        self._versions: OrderedDict[str, int] = OrderedDict()
        self._watchers: dict[str, set[Watcher]] = {}
        self._listener: asyncio.Task | None = None
        self._listener_loop: asyncio.AbstractEventLoop | None = None
        self.listening = threading.Event()
        self.stats = {"notifications": 0, "resyncs": 0, "listen_errors": 0}
        self.sheets = Sheets()  # what the streams send with a version (SheetEvents)

    # versions
    def version(self, name: str) -> int:
        with self._lock:
            return self._versions.get(name, 0)

    def total(self, names: Iterable[str]) -> int:
        """The version of a stream watching ``names``: the sum of theirs (each only grows)."""
        with self._lock:
            return sum(self._versions.get(name, 0) for name in names)

    def publish(self, name: str, version: int) -> None:
        """``name`` is at ``version`` now; wakes its watchers unless that is old news."""
        with self._lock:
            if version <= self._versions.get(name, -1):
                return
            self._versions[name] = version
            self._versions.move_to_end(name)
            while len(self._versions) > REMEMBERED:
                oldest = next(iter(self._versions))
                if oldest in self._watchers:
                    self._versions.move_to_end(oldest)
                    break
                del self._versions[oldest]
            watchers = list(self._watchers.get(name, ()))
        for watcher in watchers:
            watcher.wake()

    # watchers
    def watch(self, watcher: Watcher) -> None:
        with self._lock:
            for name in watcher.channels:
                self._watchers.setdefault(name, set()).add(watcher)

    def unwatch(self, watcher: Watcher) -> None:
        with self._lock:
            for name in watcher.channels:
                watchers = self._watchers.get(name)
                if watchers is not None:
                    watchers.discard(watcher)
                    if not watchers:
                        del self._watchers[name]

    def forget(self) -> None:
        """Forget every version (tests: a new database may reuse ids)."""
        with self._lock:
            self._versions.clear()

    def watched(self) -> list[str]:
        with self._lock:
            return list(self._watchers)

    @property
    def connections(self) -> int:
        with self._lock:
            return len({w for ws in self._watchers.values() for w in ws})

    # PostgreSQL
    def start_listening(self) -> None:
        """Starts the LISTEN task in the running loop (once per process and loop); on SQLite
        there is nothing to listen to: changes come from this process only."""
        if not on_postgresql():
            return
        loop = asyncio.get_running_loop()
        if self._listener is not None and not self._listener.done():
            if self._listener_loop is loop:
                return
            with contextlib.suppress(RuntimeError):  # the loop of an earlier test, closed
                self._listener.cancel()
        self.listening.clear()
        self._listener_loop = loop
        self._listener = loop.create_task(self._listen(), name="stichblock-listen")

    async def stop_listening(self) -> None:
        task, self._listener = self._listener, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.listening.clear()

    async def _listen(self) -> None:
        import psycopg

        delay = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    **listen_params(), autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {SHEETS}")
                    # Whatever changed while nobody listened (start, database restart).
                    await self._resync(conn)
                    self.listening.set()
                    delay = 0.5
                    while True:
                        async for notify in conn.notifies(timeout=PING_SECONDS):
                            if notify.channel == SHEETS:
                                self.sheets.received(notify.payload)
                                continue
                            self.stats["notifications"] += 1
                            self._payload(notify.payload)
                        await conn.execute("SELECT 1")  # a dead connection raises here
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.stats["listen_errors"] += 1
                log.warning("push: LISTEN connection lost (%s); reconnecting", error)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    def _payload(self, payload: str) -> None:
        try:
            kind, pk, version = payload.split(":")
            self.publish(channel(kind, int(pk)), int(version))
        except ValueError:
            log.warning("push: unreadable notification %r", payload)

    async def _resync(self, conn) -> None:
        self.stats["resyncs"] += 1
        ids: dict[str, list[int]] = {}
        for name in self.watched():
            kind, pk = name.split(":")
            ids.setdefault(kind, []).append(int(pk))
        for kind, pks in ids.items():
            cursor = await conn.execute(
                f"SELECT id, version FROM {KINDS[kind]} WHERE id = ANY(%s)", [pks]
            )
            for pk, version in await cursor.fetchall():
                self.publish(channel(kind, pk), version)


def on_postgresql() -> bool:
    """From the settings: in an event loop ``connections[...]`` would make a connection object
    per request (its storage is per context there)."""
    from django.conf import settings

    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def listen_params() -> dict:
    """Connection parameters of the default database for psycopg (the test database in tests)."""
    settings = connections["default"].settings_dict
    params = {
        "dbname": settings["NAME"],
        "user": settings["USER"] or None,
        "password": settings["PASSWORD"] or None,
        "host": settings["HOST"] or None,
        "port": settings["PORT"] or None,
        "application_name": "stichblock-listen",
    }
    ignored = {"pool", "server_side_binding", "isolation_level", "assume_role", "cursor_factory"}
    params.update({k: v for k, v in settings.get("OPTIONS", {}).items() if k not in ignored})
    return {k: v for k, v in params.items() if v is not None}


class Sheets:
    """Fragments rendered for the streams by the request that made the change (a save), so
    that an event server sends them without a query, a cache lookup or a rendering of its own
    (scoring.events.SheetEvents): they come in over NOTIFY, next to the versions."""

    def __init__(self):
        self._lock = threading.Lock()
        self._sheets: OrderedDict[str, Shared] = OrderedDict()
        self._waiting: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}

    def publish(self, name: str, rendered: Shared, *, using="default") -> bool:
        """``rendered`` is the fragment ``name``: for the streams of this process at once, and
        for the other processes' over NOTIFY (PostgreSQL; left out when too big: their pages
        then fetch it). False when it was left out."""
        self.remember(name, rendered)
        connection = connections[using]
        if connection.vendor != "postgresql":
            return True
        packed = base64.b64encode(zlib.compress(json.dumps(rendered).encode())).decode()
        payload = f"{name}\n{packed}"
        if len(payload) > SHEET_PAYLOAD_MAX:
            return False
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [SHEETS, payload])
        return True

    def received(self, payload: str) -> None:
        try:
            name, packed = payload.split("\n", 1)
            html, stand_ins = json.loads(zlib.decompress(base64.b64decode(packed)))
        except ValueError:
            log.warning("push: unreadable sheet %r", payload[:80])
            return
        self.remember(name, Shared(html, stand_ins))

    def remember(self, name: str, rendered: Shared) -> None:
        with self._lock:
            self._sheets[name] = rendered
            self._sheets.move_to_end(name)
            while len(self._sheets) > SHEETS_REMEMBERED:
                self._sheets.popitem(last=False)
            waiting = self._waiting.pop(name, [])
        for loop, arrived in waiting:
            with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits any more
                loop.call_soon_threadsafe(arrived.set)

    async def wait_for(self, name: str, timeout: float) -> Shared | None:
        """The fragment ``name`` once it is here, or None after ``timeout`` seconds."""
        arrived = asyncio.Event()
        with self._lock:
            if name in self._sheets:
                return self._sheets[name]
            self._waiting.setdefault(name, []).append((asyncio.get_running_loop(), arrived))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrived.wait(), timeout)
        with self._lock:
            waiters = self._waiting.get(name, [])
            waiters[:] = [w for w in waiters if w[1] is not arrived]
            if not waiters:
                self._waiting.pop(name, None)
            return self._sheets.get(name)

    def wait_for_sync(self, name: str, timeout: float) -> Shared | None:
        """``wait_for`` in a thread that holds one stream (runserver, the tests' live server):
        a look every few milliseconds is all such a server needs."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if name in self._sheets:
                    return self._sheets[name]
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.02)

    def forget(self) -> None:
        with self._lock:
            self._sheets.clear()


hub = Hub()
sheets = hub.sheets


# --- the event stream -------------------------------------------------------------------------


def resume_point(request) -> int | None:
    """The version the phone already has: Last-Event-ID (the browser's reconnect), else the
    ``since`` the page put into the stream's URL; None when it said neither."""
    for value in (request.headers.get("Last-Event-ID", ""), request.GET.get("since", "")):
        value = value.strip()
        if value.isdecimal() and len(value) <= 12:
            return int(value)
    return None


def event(version: int) -> bytes:
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


PING = b"event: ping\ndata: -\n\n"
HEAD = f"retry: {RETRY_MS}\n\n".encode()  # a stream's first bytes: the reconnect delay


class Versions:
    """What a stream sends for a new version: the plain announcement (the page fetches what
    it shows). Other announcers (scoring.events.SheetEvents) send what the page shows with it;
    ``announce`` returns the version actually sent, which may be newer than the one asked."""

    def announce(self, version: int) -> tuple[int, bytes]:
        return version, event(version)

    async def announce_async(self, version: int) -> tuple[int, bytes]:
        return self.announce(version)


class Stream:
    """One phone's stream of versions of ``channels``, starting from ``versions`` (read from
    the database after the watcher was registered, so no change falls between)."""

    def __init__(
        self,
        channels: dict[str, int],
        since: int | None,
        *,
        lifetime=STREAM_SECONDS,
        reconnect_on: str | None = None,
        announcer: Versions | None = None,
    ):
        self.channels = channels
        self.since = since
        self.lifetime = lifetime
        # A change of this channel may change the set of channels (a round published adds
        # tables): the stream ends after announcing it, and the reconnect watches the new set.
        self.reconnect_on = reconnect_on
        self.announcer = announcer or Versions()

    def _ended(self, start: int | None) -> bool:
        return self.reconnect_on is not None and hub.version(self.reconnect_on) != start

    def _seed(self) -> int:
        for name, version in self.channels.items():
            hub.publish(name, version)
        return hub.total(self.channels)

    def _begin(self) -> tuple[int | None, int, int | None, float]:
        """The version to announce first (None when the phone has it already: nothing old
        is sent again), the version the phone has, the reconnect channel's version and the
        stream's deadline (after the watcher is registered)."""
        current = self._seed()
        due = current if self.since is None or current > self.since else None
        start = hub.version(self.reconnect_on) if self.reconnect_on else None
        return due, self.since or 0, start, time.monotonic() + self.lifetime

    def _after_wake(self, woken: bool, sent: int) -> tuple[int | None, bool]:
        """After a wake-up: the version to announce (None when nothing new came) and whether
        a ping is due (nothing came at all)."""
        current = hub.total(self.channels)
        if current > sent:
            return current, False
        return None, not woken

    def __iter__(self) -> Iterator[bytes]:
        """For a server with a thread per connection (runserver, the test server)."""
        watcher = Watcher(self.channels)
        hub.watch(watcher)
        try:
            due, sent, start, deadline = self._begin()
            chunk = b""
            if due is not None:
                sent, chunk = self.announcer.announce(due)
            yield HEAD + chunk
            while time.monotonic() < deadline:
                due, ping = self._after_wake(watcher.wait(THREAD_PING_SECONDS), sent)
                if due is not None:
                    sent, chunk = self.announcer.announce(due)
                    yield chunk
                    if self._ended(start):
                        return
                elif ping:
                    yield PING
        finally:
            hub.unwatch(watcher)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        """For an ASGI server: thousands of these wait in one event loop."""
        watcher = Watcher(self.channels, asyncio.get_running_loop())
        hub.watch(watcher)
        try:
            due, sent, start, deadline = self._begin()
            chunk = b""
            if due is not None:
                sent, chunk = await self.announcer.announce_async(due)
            yield HEAD + chunk
            while time.monotonic() < deadline:
                woken = await watcher.await_wake(PING_SECONDS)
                due, ping = self._after_wake(woken, sent)
                if due is not None:
                    sent, chunk = await self.announcer.announce_async(due)
                    yield chunk
                    if self._ended(start):
                        return
                elif ping:
                    yield PING
        finally:
            hub.unwatch(watcher)
