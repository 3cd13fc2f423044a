"""The ASGI application: the event streams (scoring/events.py) under uvicorn (deploy/).

A phone opening the stream of a link it opened before is answered before the middleware
(``scoring.middleware.early_stream``); everything else goes through Django as usual."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stichblock.settings")
get_asgi_application()  # django.setup()

from django.core.handlers.asgi import ASGIHandler  # noqa: E402

from scoring.middleware import early_stream  # noqa: E402


class StichblockASGIHandler(ASGIHandler):
    async def get_response_async(self, request):
        response = await early_stream(request)
        if response is None:
            return await super().get_response_async(request)
        response._resource_closers.append(request.close)
        return response


application = StichblockASGIHandler()
