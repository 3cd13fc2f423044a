"""The event stream of a table (scoring/events.py): the current version first, every saved
change within a second, a reconnect that resumes after Last-Event-ID, and the link checks.

These run the async view as an ASGI server does (Django's AsyncClient); on PostgreSQL the
stream's process LISTENs too (tests/scoring/test_push_postgres.py tests NOTIFY itself)."""

import asyncio
import functools
import json
import re
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client
from django.urls import reverse

from scoring import push
from scoring.events import close_connections
from scoring.models import Table

from .helpers import create_schatzsuche, post_round, renderings, round_fields, viewer_key

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_1 = round_fields([0, 1, 0], [0, 1, 0])
ROUND_2 = round_fields([1, 1, 0], [1, 1, 0])
ROUND_3 = round_fields([1, 2, 0], [1, 2, 0])


def streaming(test):
    """An async test of the stream, run in a thread with an event loop of its own: the
    browser tests' Playwright keeps a loop running in the main thread for the whole session."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        async def body():
            push.hub.forget()
            try:
                await test(*args, **kwargs)
            finally:
                await push.hub.stop_listening()  # its connection must not outlive the loop
                # sync_to_async ran the ORM in a thread of its own, with its own connection.
                await sync_to_async(close_connections)()

        in_thread(lambda: asyncio.run(body()))

    return run


def in_thread(work):
    """``work()`` in a new thread (no event loop there); its exception is raised here."""
    failure = []

    def target():
        try:
            work()
        except BaseException as error:
            failure.append(error)
        finally:
            close_connections()

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the test's thread did not finish within 60 s"
    if failure:
        raise failure[0]


@sync_to_async
def new_table(rounds=()):
    client = Client()
    table, key = create_schatzsuche(client)
    for number, fields in enumerate(rounds, start=1):
        assert post_round(client, key, number, fields).status_code == 302
    table.refresh_from_db()
    return client, table, key


@sync_to_async
def save(client, key, number, fields):
    response = post_round(client, key, number, fields)
    assert response.status_code == 302
    return Table.objects.get(accesses__key=key).version


def parse(chunk: bytes) -> list[dict]:
    """SSE messages of a chunk as dicts of their fields."""
    messages = []
    for block in chunk.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if fields:
            messages.append(fields)
    return messages


async def next_messages(stream, timeout=1.0) -> list[dict]:
    """The next chunk's messages, or a failure when nothing comes within ``timeout`` s."""
    return parse(await asyncio.wait_for(anext(stream), timeout))


async def open_stream(key, query="", **headers):
    url = reverse("table_events", args=[key]) + (f"?{query}" if query else "")
    response = await AsyncClient().get(url, headers=headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert "no-cache" in response["Cache-Control"]
    return response, aiter(response.streaming_content)


@streaming
async def test_first_event_is_the_current_version():
    _client, table, key = await new_table([ROUND_1, ROUND_2])
    assert table.version == 2
    _response, stream = await open_stream(key)
    try:
        retry, first = await next_messages(stream)
        assert retry == {"retry": str(push.RETRY_MS)}
        assert first == {"id": "2", "event": "version", "data": "2"}
    finally:
        await stream.aclose()


@streaming
async def test_a_save_reaches_a_listening_phone_within_a_second():
    client, table, key = await new_table([ROUND_1])
    viewer = await viewer_of(table)
    assert viewer != key
    _response, stream = await open_stream(viewer)
    try:
        await next_messages(stream)  # retry and version 1
        started = time.monotonic()
        waiting = asyncio.ensure_future(next_messages(stream, timeout=1.0))
        version = await save(client, key, 2, ROUND_2)
        messages = await waiting
        assert time.monotonic() - started < 1.0
        assert messages == [{"id": str(version), "event": "version", "data": str(version)}]
    finally:
        await stream.aclose()


@streaming
async def test_resume_after_last_event_id_skips_nothing_and_replays_nothing():
    client, _table, key = await new_table([ROUND_1, ROUND_2])
    # Up to date (Last-Event-ID 2 of 2): no event at all, only the retry line.
    _response, stream = await open_stream(key, **{"Last-Event-ID": "2"})
    try:
        assert await next_messages(stream) == [{"retry": str(push.RETRY_MS)}]
        await save(client, key, 3, ROUND_3)
        assert await next_messages(stream) == [{"id": "3", "event": "version", "data": "3"}]
    finally:
        await stream.aclose()
    # Missed version 2 and 3 while away (Last-Event-ID 1): one event with the newest, and
    # neither 1 again nor 2 (the fragment of version 3 holds everything).
    _response, stream = await open_stream(key, **{"Last-Event-ID": "1"})
    try:
        _retry, newest = await next_messages(stream)
        assert newest == {"id": "3", "event": "version", "data": "3"}
        with pytest.raises(TimeoutError):
            await next_messages(stream, timeout=0.3)
    finally:
        await stream.aclose()


@streaming
async def test_since_in_the_url_is_a_resume_point_too():
    _client, _table, key = await new_table([ROUND_1])
    response = await AsyncClient().get(reverse("table_events", args=[key]) + "?since=1")
    stream = aiter(response.streaming_content)
    try:
        assert await next_messages(stream) == [{"retry": str(push.RETRY_MS)}]
    finally:
        await stream.aclose()


@streaming
async def test_every_link_of_the_table_may_listen_and_a_bad_key_is_404():
    _client, table, key = await new_table()
    for link in (key, await viewer_of(table)):
        _response, stream = await open_stream(link)
        await stream.aclose()
    response = await AsyncClient().get(reverse("table_events", args=["no-such-key-0123456789"]))
    assert response.status_code == 404
    response = await AsyncClient().post(reverse("table_events", args=[key]))
    assert response.status_code == 405


@streaming
async def test_a_lock_is_pushed_too():
    """Every change that bumps the version (locks, disputes) reaches the stream."""
    _client, table, key = await new_table([ROUND_1])
    _response, stream = await open_stream(key)
    try:
        await next_messages(stream)
        from scoring.services import Author, lock_table

        await sync_to_async(lock_table)(table, Author("Org"), "confirmed")
        assert await next_messages(stream) == [{"id": "2", "event": "version", "data": "2"}]
    finally:
        await stream.aclose()


@streaming
async def test_a_conflict_rolled_back_announces_nothing():
    client, _table, key = await new_table([ROUND_1])
    _response, stream = await open_stream(key)
    try:
        await next_messages(stream)
        # A stale form (base 0 for a saved round) is refused: the version bump rolls back.
        other = round_fields([1, 0, 0], [1, 0, 0])
        response = await sync_to_async(post_round)(client, key, 1, other)
        assert response.status_code == 409
        with pytest.raises(TimeoutError):
            await next_messages(stream, timeout=0.3)
    finally:
        await stream.aclose()


@sync_to_async
def viewer_of(table):
    return viewer_key(table)


# --- a server with a thread per connection (runserver, the live server), and production WSGI


def test_a_threaded_server_streams_from_a_thread(settings):
    settings.LIVE_EVENTS_WSGI = True
    in_thread(threaded_stream)


def threaded_stream():
    client = Client()
    _table, key = create_schatzsuche(client)
    post_round(client, key, 1, ROUND_1)
    response = client.get(reverse("table_events", args=[key]))
    assert response.status_code == 200 and response.streaming
    stream = iter(response.streaming_content)
    assert parse(next(stream))[1] == {"id": "1", "event": "version", "data": "1"}
    response.close()


def test_a_production_wsgi_worker_refuses_to_be_held(settings):
    """gunicorn's threads must not be held by phones: 204 tells EventSource to stop, the page
    polls (static/js/live.js)."""
    settings.LIVE_EVENTS_WSGI = False
    client = Client()
    _table, key = create_schatzsuche(client)
    responses = []
    in_thread(lambda: responses.append(client.get(reverse("table_events", args=[key]))))
    assert responses[0].status_code == 204


def test_the_page_connects_to_its_stream_and_the_fragment_names_its_version():
    client = Client()
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, ROUND_1)
    page = client.get(reverse("table", args=[key])).content.decode()
    events = reverse("table_events", args=[key])
    assert f'sse-connect="{events}?since=1&amp;moved=1"' in page
    assert 'hx-ext="sse"' in page and "js/htmx-ext-sse-2.2.4.min.js" in page
    assert 'data-live-version="1"' in page and "every 3s" not in page
    fragment = client.get(reverse("table_live", args=[key]), headers={"HX-Request": "true"})
    assert 'data-live-version="1"' in fragment.content.decode()
    assert table.version == 0  # as created; the round made it 1


class AsgiServer:
    """Calls the project's ASGI application (stichblock/asgi.py) as uvicorn does."""

    def __init__(self, path: str, cookie: str = "", query: str = ""):
        from stichblock.asgi import application

        headers = [(b"host", b"testserver")]
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 40000),
            "server": ("testserver", 80),
        }
        self.incoming, self.outgoing = asyncio.Queue(), asyncio.Queue()
        self.incoming.put_nowait({"type": "http.request", "body": b"", "more_body": False})
        self.task = asyncio.ensure_future(application(scope, self.incoming.get, self.outgoing.put))

    async def start(self) -> tuple[int, dict]:
        message = await asyncio.wait_for(self.outgoing.get(), 5)
        return message["status"], {k.decode().lower(): v.decode() for k, v in message["headers"]}

    async def messages(self, timeout=1.0) -> list[dict]:
        message = await asyncio.wait_for(self.outgoing.get(), timeout)
        return parse(message["body"])

    async def close(self):
        await self.incoming.put({"type": "http.disconnect"})
        await asyncio.wait_for(self.task, 5)


@streaming
async def test_a_phone_that_opened_the_link_gets_its_stream_before_the_middleware():
    """The early path (scoring.events.early_stream, under ASGI): the browser's signed tag of
    the link spares the stream the whole stack (no CSP header shows it); changes still arrive."""
    from stichblock import proofs

    client, _table, key = await new_table([ROUND_1])
    path = reverse("table_events", args=[key])
    server = AsgiServer(path, cookie=f"{proofs.LINKS_COOKIE}={proofs.link_tag(key)}")
    try:
        status, headers = await server.start()
        assert status == 200 and headers["content-type"] == "text/event-stream"
        assert "content-security-policy" not in headers
        assert (await server.messages())[1] == {"id": "1", "event": "version", "data": "1"}
        await save(client, key, 2, ROUND_2)
        assert await server.messages() == [{"id": "2", "event": "version", "data": "2"}]
    finally:
        await server.close()
    # Without the tag the whole stack serves the same stream (its headers show it).
    server = AsgiServer(path)
    try:
        status, headers = await server.start()
        assert status == 200 and "content-security-policy" in headers
    finally:
        await server.close()
    # A tag proves nothing about a key that is no link: the early path leaves it to the whole
    # stack (which answers 404 and counts the guess, test_every_link_…).
    from django.test import AsyncRequestFactory

    from scoring.events import early_stream

    bad = "no-such-key-0123456789"
    request = AsyncRequestFactory().get(reverse("table_events", args=[bad]))
    request.COOKIES[proofs.LINKS_COOKIE] = proofs.link_tag(bad)
    assert await early_stream(request) is None


# --- a page without an open form gets the fragment in the event (SheetEvents) ---------------


def sse_messages(chunk: bytes) -> list[dict]:
    """As the browser reads them: a message's ``data`` lines joined by newlines."""
    messages = []
    for block in chunk.decode().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            name, _, value = line.partition(": ")
            fields[name] = fields[name] + "\n" + value if name in fields else value
        if block.strip():
            messages.append(fields)
    return messages


def test_a_page_without_an_open_form_asks_for_the_fragment_with_its_events():
    client = Client()
    table, key = create_schatzsuche(client)
    viewer = viewer_key(table)
    viewer_page = client.get(reverse("table", args=[viewer])).content.decode()
    scorer_page = client.get(reverse("table", args=[key])).content.decode()
    assert f'sse-connect="{reverse("table_events", args=[viewer])}?since=0&amp;sheet=1"' in (
        viewer_page
    )
    assert f'sse-connect="{reverse("table_events", args=[key])}?since=0&amp;moved=1"' in scorer_page


@sync_to_async
def fetched_fragment(key: str, language: str = "de") -> str:
    client = Client()
    client.cookies["django_language"] = language
    url = reverse("table_live", args=[key]) + "?round=&base="
    return client.get(url, headers={"HX-Request": "true"}).content.decode()


@streaming
async def test_viewer_phones_get_the_fragment_in_the_event_rendered_once_for_all():
    """Two viewers on the same link and language share one rendering; each gets what a fetch
    of its fragment would bring (the round's facts beside the sheet included), with its own
    link's key and never the scorer's; the scorer's stream (its page has a form) only
    announces the version."""
    client, table, key = await new_table([ROUND_1])
    viewer = await sync_to_async(viewer_key)(table)
    _scorer, scorer = await open_stream(key, **{"Last-Event-ID": "1"})
    _sheet_a, sheet_a = await open_sheet_stream(viewer)
    _sheet_b, sheet_b = await open_sheet_stream(viewer)
    for stream in (scorer, sheet_a, sheet_b):
        assert await next_messages(stream) == [{"retry": str(push.RETRY_MS)}]
    with renderings("scoring/_live.html") as rendered:
        await save(client, key, 2, ROUND_2)
        got = [sse_messages(await asyncio.wait_for(anext(s), 2)) for s in (sheet_a, sheet_b)]
    # Once for the viewers (and once for the scorers' moved-on answer).
    assert [c["access"].role for c in rendered] == ["viewer", "scorer"]
    assert got[0] == got[1]
    [event] = got[0]
    assert event["id"] == "2" and event["event"] == "sheet"
    html = event["data"]
    assert 'id="round-2"' in html and 'data-live-version="2"' in html
    assert 'hx-swap-oob="true"' in html and "Runde 3 von 10" in html
    assert viewer in html and key not in html
    assert html == "\n".join((await fetched_fragment(viewer)).splitlines())
    assert await next_messages(scorer) == [{"id": "2", "event": "version", "data": "2"}]


async def open_sheet_stream(key, language="de", **headers):
    client = AsyncClient()
    client.cookies["django_language"] = language
    url = reverse("table_events", args=[key]) + "?since=1&sheet=1"
    response = await client.get(url, headers=headers)
    assert response.status_code == 200
    return response, aiter(response.streaming_content)


@streaming
async def test_the_fragment_comes_in_the_saving_phones_language_others_fetch_theirs():
    """The save renders the viewers' fragment in its phone's language (the event server takes
    it from the cache, it renders nothing): a viewer in that language gets it with the event,
    one in another language the bare version (its page fetches its own)."""
    client, table, key = await new_table([ROUND_1])
    viewer = await sync_to_async(viewer_key)(table)
    _g, german = await open_sheet_stream(viewer, "de")
    _e, english = await open_sheet_stream(viewer, "en")
    for stream in (german, english):
        await next_messages(stream)

    with renderings("scoring/_live.html") as rendered:
        await save(client, key, 2, ROUND_2)
        [de] = sse_messages(await asyncio.wait_for(anext(german), 2))
        [en] = sse_messages(await asyncio.wait_for(anext(english), 2))
    assert [c["access"].role for c in rendered] == ["viewer", "scorer"]
    assert de["event"] == "sheet" and 'id="round-2"' in de["data"]
    assert "Verlauf der Gesamtpunkte" in de["data"]
    assert en == {"id": "2", "event": "version", "data": "2"}

    client.cookies["django_language"] = "en"
    await save(client, key, 3, ROUND_3)
    [de] = sse_messages(await asyncio.wait_for(anext(german), 2))
    [en] = sse_messages(await asyncio.wait_for(anext(english), 2))
    assert en["event"] == "sheet" and 'id="round-3"' in en["data"]
    assert "Totals over the game" in en["data"] and "Verlauf" not in en["data"]
    assert de == {"id": "3", "event": "version", "data": "3"}


@streaming
async def test_the_early_stream_sends_the_fragment_too():
    from stichblock import proofs

    client, table, key = await new_table([ROUND_1])
    viewer = await sync_to_async(viewer_key)(table)
    path = reverse("table_events", args=[viewer])
    cookie = f"{proofs.LINKS_COOKIE}={proofs.link_tag(viewer)}"
    server = AsgiServer(path, cookie=cookie, query="since=1&sheet=1")
    try:
        status, headers = await server.start()
        assert status == 200 and "content-security-policy" not in headers  # the early path
        assert await server.messages() == [{"retry": str(push.RETRY_MS)}]
        await save(client, key, 2, ROUND_2)
        [event] = sse_messages((await asyncio.wait_for(server.outgoing.get(), 2))["body"])
        assert event["event"] == "sheet" and event["id"] == "2"
        assert 'id="round-2"' in event["data"] and key not in event["data"]
    finally:
        await server.close()


def test_a_save_is_answered_even_when_the_viewers_fragment_cannot_be_rendered(monkeypatch):
    """The fragment the save renders for the viewers is a courtesy: the round is stored and
    acknowledged as always, and the viewers' pages fetch it instead."""
    from scoring import rendering

    def broken(access):
        raise RuntimeError("no fragment")

    monkeypatch.setattr(rendering, "formless_fragment", broken)
    client = Client()
    table, key = create_schatzsuche(client)
    response = post_round(client, key, 1, ROUND_1)
    assert response.status_code == 302 and response.url.endswith("#round-1")
    page = client.get(reverse("table", args=[viewer_key(table)])).content.decode()
    assert 'id="round-1"' in page


def test_the_event_streams_need_no_view_module():
    """The event server renders with scoring.rendering, which the views use too: importing
    the streams pulls in no view module (once a lazy import cycle events -> views)."""
    import subprocess
    import sys

    code = (
        "import django, sys; django.setup(); import scoring.events; "
        "print(sorted(m for m in sys.modules if m.startswith('scoring.views')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "DJANGO_SETTINGS_MODULE": "tests.settings"},
    )
    assert result.stdout.strip() == "[]"


def without_own_values(page: str) -> str:
    """A moved-on answer without what differs from phone to phone: the values of its CSRF
    token, submission and name fields."""
    own = r'(<input[^>]*name="(?:csrfmiddlewaretoken|submission|author)"[^>]*?) value="[^"]*"'
    return re.sub(own, r"\1", page)


@sync_to_async
def fetched_moved_on(key: str, number: int) -> tuple[str, str]:
    client = Client()
    url = reverse("table_live", args=[key]) + f"?round={number}&base=0&untouched=1"
    response = client.get(url, headers={"HX-Request": "true"})
    return response["Stichblock-Entry"], response.content.decode()


@streaming
async def test_a_scorer_page_gets_the_next_form_with_the_event():
    """The other scorer's page (moved=1) gets with the event what its fetch with an untouched
    form of the round just saved would bring, rendered once by the save, with stand-ins for
    its CSRF token, submission and name, which it puts in (static/js/sheet.js); a scorer's
    stream that did not ask for it gets the bare version."""
    client, _table, key = await new_table([ROUND_1])
    _moved, moved_stream = await open_stream(key, **{"Last-Event-ID": "1"}, query="moved=1")
    _plain, plain_stream = await open_stream(key, **{"Last-Event-ID": "1"})
    for stream in (moved_stream, plain_stream):
        await next_messages(stream)
    await save(client, key, 2, ROUND_2)
    [event] = sse_messages(await asyncio.wait_for(anext(moved_stream), 2))
    assert event["id"] == "2" and event["event"] == "moved"
    moved = json.loads(event["data"])
    assert moved["from"] == 2 and set(moved["parts"]) == {"csrf", "submission", "author"}
    assert all(moved["html"].count(stand_in) == 1 for stand_in in moved["parts"].values())
    state, fetched = await fetched_moved_on(key, 2)
    assert state == "moved-on"
    assert without_own_values(moved["html"]) == without_own_values(fetched)
    assert 'data-live-version="2"' in moved["html"] and "Runde 3" in moved["html"]
    assert reverse("round_save", args=[key, 3]) in moved["html"]
    assert await next_messages(plain_stream) == [{"id": "2", "event": "version", "data": "2"}]


@streaming
async def test_a_viewer_asking_for_the_next_form_gets_the_bare_version():
    client, table, key = await new_table([ROUND_1])
    viewer = await sync_to_async(viewer_key)(table)
    _response, stream = await open_stream(viewer, **{"Last-Event-ID": "1"}, query="moved=1")
    await next_messages(stream)
    await save(client, key, 2, ROUND_2)
    assert await next_messages(stream, 2) == [{"id": "2", "event": "version", "data": "2"}]
