"""The ASGI application: the event streams (scoring/events.py) under uvicorn (deploy/).

A phone opening the stream of a link its browser opened before is answered before Django's
request handling (``scoring.events.early_stream``): no middleware, no request signals, and
none of the worker threads Django starts for each request's synchronous parts (starting one
blocks the event loop until the new thread runs, which on a busy machine held every other
phone's connect up). Everything else goes through Django as usual."""

import asyncio
import io
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stichblock.settings")
get_asgi_application()  # django.setup()

from stichblock.warm import load_urls  # noqa: E402

load_urls()

from django.core.exceptions import RequestAborted  # noqa: E402
from django.core.handlers.asgi import ASGIHandler, ASGIRequest  # noqa: E402

from scoring.events import early_stream  # noqa: E402


class StichblockASGIHandler(ASGIHandler):
    async def __call__(self, scope, receive, send):
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not scope["path"].endswith("/events/")
        ):
            return await super().__call__(scope, receive, send)
        first = await receive()  # a GET's only http.request (or the client already left)
        if first["type"] == "http.request" and not first.get("more_body"):
            response = await early_stream(ASGIRequest(scope, io.BytesIO(first.get("body", b""))))
            if response is not None:
                return await self.stream(response, receive, send)
        replay = [first]

        async def receive_again():
            return replay.pop() if replay else await receive()

        return await super().__call__(scope, receive_again, send)

    async def stream(self, response, receive, send):
        """Django's own sending (``ASGIHandler.handle``), ended when the phone goes away."""

        class Sent(Exception):
            pass

        try:
            async with asyncio.TaskGroup() as group:
                group.create_task(self.listen_for_disconnect(receive))
                await self.send_response(response, send)
                raise Sent
        except* (Sent, RequestAborted, OSError):
            pass


application = StichblockASGIHandler()
