"""What scoring/events.py borrows from asgiref's internals still works in the asgiref installed.

``release_request_thread`` lets a held stream's request thread go. asgiref has no public way to
do that, so it reads ``SyncToAsync.thread_sensitive_context`` (the request's
``ThreadSensitiveContext``, which Django's ASGI handler enters), pops the context's thread from
``SyncToAsync.context_to_thread_executor`` and leaves alone a context's own ``_executor``
(asgiref 3.13: an executor its owner passed in and keeps). None of these is documented: an
asgiref upgrade that changes them fails here, with what to look at, rather than in production,
where streams would silently keep a thread each (or shut down an executor somebody else owns).
pyproject.toml keeps asgiref to the versions tested here.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version

import pytest
from asgiref.sync import SyncToAsync, ThreadSensitiveContext, sync_to_async

from scoring.events import release_request_thread

CHANGED = (
    f"asgiref {version('asgiref')} changed {{what}}, which scoring/events.py "
    "release_request_thread relies on: adapt it to this asgiref, or keep asgiref below this "
    "version in pyproject.toml"
)
OWN_EXECUTOR = "executor" in inspect.signature(ThreadSensitiveContext).parameters


def run(work):
    """``await work()`` in a thread with an event loop of its own (the browser tests'
    Playwright keeps a loop running in the main thread)."""
    with ThreadPoolExecutor(max_workers=1) as runner:
        return runner.submit(asyncio.run, work()).result()


def request_thread() -> threading.Thread:
    return threading.current_thread()


def test_the_internals_are_where_events_py_looks_for_them():
    context = getattr(SyncToAsync, "thread_sensitive_context", None)
    assert isinstance(context, contextvars.ContextVar), CHANGED.format(
        what="SyncToAsync.thread_sensitive_context (a ContextVar)"
    )
    executors = getattr(SyncToAsync, "context_to_thread_executor", None)
    assert isinstance(executors, weakref.WeakKeyDictionary), CHANGED.format(
        what="SyncToAsync.context_to_thread_executor (a WeakKeyDictionary)"
    )
    if OWN_EXECUTOR:
        owned = ThreadPoolExecutor(max_workers=1)
        assert getattr(ThreadSensitiveContext(executor=owned), "_executor", None) is owned, (
            CHANGED.format(what="where ThreadSensitiveContext keeps its executor (_executor)")
        )
        owned.shutdown()
    else:
        assert getattr(ThreadSensitiveContext(), "_executor", None) is None, CHANGED.format(
            what="ThreadSensitiveContext._executor (set without an executor passed in)"
        )


def test_a_request_thread_is_let_go():
    """As under uvicorn: Django's ASGI handler runs each request in a ThreadSensitiveContext,
    whose synchronous parts get a thread of their own until the response ends."""

    async def request():
        async with ThreadSensitiveContext() as context:
            thread = await sync_to_async(request_thread)()
            assert SyncToAsync.thread_sensitive_context.get(None) is context, CHANGED.format(
                what="what SyncToAsync.thread_sensitive_context holds in a request"
            )
            assert context in SyncToAsync.context_to_thread_executor, CHANGED.format(
                what="where a request's thread is kept (SyncToAsync.context_to_thread_executor)"
            )
            await release_request_thread()
            assert context not in SyncToAsync.context_to_thread_executor
            thread.join(timeout=10)
            assert not thread.is_alive(), CHANGED.format(what="how a request's thread ends")
            # The request goes on after the stream: what it runs synchronously still runs.
            assert await sync_to_async(request_thread)() is not thread

    run(request)


@pytest.mark.skipif(
    not OWN_EXECUTOR, reason="this asgiref has no ThreadSensitiveContext(executor=)"
)
def test_an_executor_its_owner_keeps_is_left_alone():
    owned = ThreadPoolExecutor(max_workers=1)

    async def request():
        async with ThreadSensitiveContext(executor=owned) as context:
            thread = await sync_to_async(request_thread)()
            await release_request_thread()
            assert SyncToAsync.context_to_thread_executor.get(context) is owned, CHANGED.format(
                what="how a ThreadSensitiveContext's own executor is told apart (_executor)"
            )
            assert await sync_to_async(request_thread)() is thread

    try:
        run(request)
        assert owned.submit(request_thread).result(timeout=10).is_alive()
    finally:
        owned.shutdown()
