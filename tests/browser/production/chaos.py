"""The pub's bad Wi-Fi for the chaos test (test_production_chaos.py): a small HTTP proxy per
phone between its browser context and Caddy. While the weather is bad, each request waits
1–3 s and about 30 % are lost: half before they reach the server (the request is lost), half
after the server answered (the answer is lost: the server did the work, the phone never
hears of it). Event streams are passed on as they come (only their opening can be lost).

A proxy per phone, rather than Playwright's routing: a route handler of the sync API runs in
the test's one thread, so a delay there would hold every other request of both phones; and a
route cannot lose an answer after the server acted on it. Requests of the page and of its
service worker take the same way through the proxy, as on a real phone.

The phone sees the proxy's origin; the proxy gives the server Caddy's (Host, Origin, Referer,
and back in Location), so that CSRF and the links work as they would without it.
"""

import asyncio
import random
import re
import threading
import time
from urllib.parse import urlsplit

EVENTS = re.compile(r"/events/(\?|$)")
DROP = 0.3
LATENCY = (1.0, 3.0)


class ChaosProxy:
    def __init__(self, name: str, upstream: str, seed: int):
        self.name = name
        self.upstream = upstream.rstrip("/")
        parts = urlsplit(self.upstream)
        self.upstream_host, self.upstream_port = parts.hostname, parts.port
        # Decisions in the order requests arrive: the same seed gives the same sequence of
        # fates, though which request meets which depends on the timing.
        self.random = random.Random(f"{seed}-{name}")
        self.bad = False
        self.counts = {"passed": 0, "lost request": 0, "lost answer": 0}
        self.requests: list[tuple[float, str]] = []  # (when, what) of every request but static
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"chaos-{name}", daemon=True)
        self.thread.start()
        self.ready.wait(10)
        self.url = f"http://127.0.0.1:{self.port}"

    # --- the proxy's own thread ------------------------------------------------------------
    def _run(self):
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", 0)
        )
        self.port = self.server.sockets[0].getsockname()[1]
        self.ready.set()
        self.loop.run_forever()

    def stop(self):
        async def close():
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    def _fate(self, path: str) -> tuple[str, float]:
        if not self.bad:
            return "passed", 0.0
        delay = self.random.uniform(*LATENCY)
        lost = self.random.random() < DROP
        if lost and (EVENTS.search(path) or self.random.random() < 0.5):
            return "lost request", delay
        return ("lost answer" if lost else "passed"), delay

    def _to_upstream(self, head: str) -> bytes:
        lines = head.split("\r\n")
        out = [lines[0]]
        for line in lines[1:]:
            if not line:
                continue
            name, _, value = line.partition(":")
            key = name.strip().lower()
            if key in ("connection", "keep-alive"):
                continue
            if key == "host":
                value = f" {self.upstream_host}:{self.upstream_port}"
            elif key in ("origin", "referer"):
                value = value.replace(self.url, self.upstream)
            out.append(f"{name}:{value}")
        out.append("Connection: close")
        return ("\r\n".join(out) + "\r\n\r\n").encode("latin-1")

    def _to_phone(self, head: bytes) -> bytes:
        text = head.decode("latin-1")
        lines = [line for line in text.split("\r\n") if line]
        out = []
        for line in lines:
            name, _, value = line.partition(":")
            key = name.strip().lower()
            if key in ("connection", "keep-alive"):
                continue
            if key == "location":
                value = value.replace(self.upstream, self.url)
            out.append(f"{name}:{value}" if _ else line)
        out.append("Connection: close")
        return ("\r\n".join(out) + "\r\n\r\n").encode("latin-1")

    async def _handle(self, reader, writer):
        upstream_writer = None
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            length = re.search(r"(?im)^content-length:\s*(\d+)", head)
            body = await reader.readexactly(int(length.group(1))) if length else b""
            path = head.split(" ", 2)[1]
            fate, delay = self._fate(path)
            self.counts[fate] += 1
            if not path.startswith("/static/"):
                method = head.split(" ", 1)[0]
                self.requests.append((time.monotonic(), f"{method} {path} {fate} +{delay:.1f}s"))
            if delay:
                await asyncio.sleep(delay)
            if fate == "lost request":
                writer.transport.abort()
                return
            upstream_reader, upstream_writer = await asyncio.open_connection(
                self.upstream_host, self.upstream_port
            )
            upstream_writer.write(self._to_upstream(head) + body)
            await upstream_writer.drain()
            if fate == "lost answer":
                await upstream_reader.read()  # the server finishes its work and answers
                writer.transport.abort()
                return
            answer_head = await upstream_reader.readuntil(b"\r\n\r\n")
            writer.write(self._to_phone(answer_head))
            await writer.drain()
            pipe = asyncio.ensure_future(self._pipe(upstream_reader, writer))
            gone = asyncio.ensure_future(reader.read())  # the phone closed its end
            await asyncio.wait([pipe, gone], return_when=asyncio.FIRST_COMPLETED)
            pipe.cancel()
            gone.cancel()
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, IndexError):
            writer.transport.abort()
        except asyncio.CancelledError:
            writer.transport.abort()
            raise
        finally:
            if upstream_writer is not None:
                upstream_writer.transport.abort()
            if not writer.transport.is_closing():
                writer.close()

    @staticmethod
    async def _pipe(source, writer):
        while chunk := await source.read(65536):
            writer.write(chunk)
            await writer.drain()


def wait_for(condition, seconds: float, step: float = 0.25):
    """``condition()``'s first true value within ``seconds``, else its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)
