"""PostgreSQL LISTEN/NOTIFY (scoring/push.py): what another app server hears of a save.

A second ``Hub`` stands for another app server's process: it hears only what PostgreSQL
delivers, nothing published in this process. Runs when DATABASE_URL is PostgreSQL (CI's second
and third runs); on SQLite there is nothing to listen to and the module is skipped as a whole.
"""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction

from scoring import push
from scoring.events import close_connections
from scoring.models import Table

from .test_live_events import in_thread

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="LISTEN/NOTIFY needs DATABASE_URL=postgres://…"
    ),
]


def other_server(test):
    """Runs the async test in a thread with its own event loop (see test_live_events.py) and
    hands it a second Hub that LISTENs: another app server's process."""

    def run():
        async def body():
            hub = push.Hub()
            hub.start_listening()
            try:
                for _ in range(100):
                    if hub.listening.is_set():
                        break
                    await asyncio.sleep(0.05)
                assert hub.listening.is_set(), "the LISTEN connection did not come up in 5 s"
                await test(hub)
            finally:
                await hub.stop_listening()
                await sync_to_async(close_connections)()

        in_thread(lambda: asyncio.run(body()))

    run.__name__, run.__doc__ = test.__name__, test.__doc__
    return run


@sync_to_async
def new_table() -> Table:
    return Table.objects.create(game="schatzsuche", profile_name="x")


@sync_to_async
def bump(table: Table, *, fail: bool = False) -> int | None:
    try:
        with transaction.atomic():
            version = push.bump_version("table", table.pk)
            if fail:
                raise RuntimeError("rolled back")
    except RuntimeError:
        return None
    return version


async def wait_for(hub: push.Hub, name: str, version: int, seconds: float = 1.0) -> float:
    """Seconds until ``hub`` knows ``name`` at ``version``; fails after ``seconds``."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while hub.version(name) < version:
        assert loop.time() - start < seconds, f"{name} not at {version} after {seconds} s"
        await asyncio.sleep(0.01)
    return loop.time() - start


@other_server
async def test_a_committed_change_reaches_another_server_and_a_rolled_back_one_does_not(
    other_server,
):
    table = await new_table()
    name = push.channel("table", table.pk)
    assert await bump(table) == 1
    assert await wait_for(other_server, name, 1) < 1.0
    assert await bump(table, fail=True) is None
    await asyncio.sleep(0.3)
    assert other_server.version(name) == 1, "a rolled-back change was announced"
    assert await bump(table) == 2  # the rolled-back bump left the version where it was
    await wait_for(other_server, name, 2)


@other_server
async def test_the_notification_comes_with_the_commit_not_before(other_server):
    table = await new_table()
    name = push.channel("table", table.pk)
    committed = threading.Event()
    release = threading.Event()

    def slow_save():
        try:
            with transaction.atomic():
                push.bump_version("table", table.pk)
                release.wait(5)
            committed.set()
        finally:
            connection.close()  # this thread's own connection

    worker = threading.Thread(target=slow_save)
    worker.start()
    try:
        await asyncio.sleep(0.3)
        assert other_server.version(name) == 0, "announced before the commit"
    finally:
        release.set()
        await asyncio.to_thread(worker.join, 5)
    await wait_for(other_server, name, 1)
    assert committed.is_set()


@other_server
async def test_after_the_listen_connection_is_lost_the_server_catches_up(other_server):
    """PostgreSQL restarting: the LISTEN connection dies, a change is made while nobody
    listens, and the process reads the versions it watches once it is back."""
    table = await new_table()
    name = push.channel("table", table.pk)
    watcher = push.Watcher([name], asyncio.get_running_loop())
    other_server.watch(watcher)

    @sync_to_async
    def kill_listener():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'stichblock-listen' AND datname = current_database()"
            )
            return cursor.rowcount

    assert await kill_listener() >= 1
    for _ in range(100):  # until the hub noticed
        if not other_server.listening.is_set():
            break
        await asyncio.sleep(0.02)
    assert await bump(table) == 1  # most likely nobody listens at this moment
    assert await watcher.await_wake(6.0), "not woken after the LISTEN connection came back"
    assert other_server.version(name) == 1
    assert other_server.stats["resyncs"] >= 2 and other_server.stats["listen_errors"] >= 1
    other_server.unwatch(watcher)


@other_server
async def test_a_saved_round_brings_the_viewers_fragment_to_the_other_server(hub):
    """The save renders the viewers' fragment and sends it with NOTIFY: another event server
    has it without a query, a cache lookup or a rendering of its own (scoring.events)."""
    from django.test import Client

    from scoring import live
    from scoring.models import Access

    from .helpers import create_schatzsuche, post_round, round_fields

    @sync_to_async
    def save_round() -> tuple[str, Access]:
        client = Client()
        table, key = create_schatzsuche(client)
        assert post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0])).status_code == 302
        table.refresh_from_db()
        viewer = table.accesses.get(role=Access.Role.VIEWER)
        name = live.formless_key(table.pk, table.created_at, table.version, "de", viewer.role)
        return name, viewer

    name, viewer = await save_round()
    rendered = await hub.sheets.wait_for(name, 2.0)
    assert rendered is not None, "the fragment did not come over NOTIFY"
    html = rendered.for_phone(key=viewer.key)
    assert 'id="round-1"' in html and 'data-live-version="1"' in html and viewer.key in html
