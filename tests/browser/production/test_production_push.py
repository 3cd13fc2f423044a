"""Every phone at the table sees a saved round without reloading, in production: the viewer's
page holds its event stream through Caddy on uvicorn (gunicorn refuses streams there, with a
204 that turns the page to polling), and the scorer's save on gunicorn reaches it through
PostgreSQL's NOTIFY."""

import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from ..conftest import start_schatzsuche, viewer_link
from ..test_live_push import enter_round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
]


def test_the_viewer_phone_sees_the_scorers_round_pushed_through_uvicorn(phone, production, shots):
    scorer = phone()
    start_schatzsuche(scorer)
    viewer = phone()
    viewer.goto(viewer_link(scorer))
    expect(viewer.get_by_text("Noch keine Runde gespeichert.")).to_be_visible()
    requests, streams = [], []
    viewer.on("request", lambda r: requests.append((r.resource_type, r.url)))
    viewer.on("response", lambda r: streams.append(r) if "/events/" in r.url else None)
    viewer.reload()  # with the listeners in place from the start
    deadline = time.monotonic() + 10
    while not streams and time.monotonic() < deadline:
        viewer.wait_for_timeout(100)
    assert streams, "the page opened no event stream"
    stream = streams[0]
    assert stream.status == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    # The same stream asked of gunicorn directly is refused: the 200 came from uvicorn.
    path = urlsplit(stream.url).path
    with urllib.request.urlopen(production.app_url + path, timeout=10) as refused:
        assert refused.status == 204
    requests.clear()

    enter_round(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    saved = time.monotonic()
    expect(viewer.locator("#round-1")).to_be_visible(timeout=5000)
    shown = time.monotonic() - saved
    expect(viewer.get_by_text("Runde 2 von 10")).to_be_visible()
    shots(viewer, "production-push-viewer")
    # Pushed, not polled: the page was not loaded again and did not ask for its sheet (it
    # came with the event); a polling page would have needed up to 3 s.
    assert not [url for kind, url in requests if kind == "document"], requests
    assert not [url for _kind, url in requests if "/live/" in url], requests
    assert shown < 2.0, f"the viewer showed the round {shown:.1f} s after the save"
    assert Revision.objects.filter(round__number=1).count() == 1
