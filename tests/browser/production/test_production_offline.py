"""A table in a pub with bad Wi-Fi, against the production set-up (issue 22: /sw.js answered
500 under manifest static files, so no phone could keep a page there, while every offline test
ran against the development server). The service worker installs from gunicorn, keeps the page
and the static files under their hashed names, shows its copy on a reload without a connection,
and the round entered meanwhile reaches PostgreSQL once when the connection is back."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from ..test_offline import confirmation, enter, ready_for_offline, revisions, start_table

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
]

HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.(css|js)$")
# What the page loaded its scripts and styles from.
ASSETS = """() => [...document.querySelectorAll('script[src], link[rel=stylesheet]')]
    .map((element) => new URL(element.src || element.href).pathname)"""


def test_a_round_entered_offline_survives_a_reload_and_is_stored_once(phone, production, shots):
    scorer = phone()
    service_worker = scorer.request.get("/sw.js")
    assert service_worker.status == 200, service_worker.text()[:500]
    table = start_table(scorer)
    assets = scorer.evaluate(ASSETS)
    assert assets and all(HASHED.match(path) for path in assets), assets
    ready_for_offline(scorer)
    worker = "navigator.serviceWorker.ready.then((registration) => registration.active.scriptURL)"
    assert scorer.evaluate(worker) == f"{production.url}/sw.js"

    scorer.context.set_offline(True)
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    outbox = scorer.locator("#outbox")
    expect(outbox).to_contain_text("Noch nicht gesendet")
    expect(outbox.locator(".outbox-item")).to_have_count(1)
    expect(outbox).to_contain_text("Runde 1 · von Anna")
    expect(scorer.locator("#net")).to_contain_text("1 Eintrag wartet aufs Senden")
    expect(scorer.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    shots(scorer, "production-offline-1-kept")

    # Without a connection the page, its hashed scripts and styles come from the worker: the
    # kept entry is listed by the page's script, laid out by its stylesheet.
    scorer.reload()
    assert scorer.evaluate("document.body.dataset.copy") == "cache"
    expect(scorer.locator("#net")).to_contain_text(
        re.compile(r"Offline – letzter bekannter Stand von \d\d:\d\d")
    )
    expect(outbox).to_contain_text("Runde 1 · von Anna")
    assert scorer.evaluate(ASSETS) == assets
    assert scorer.evaluate("[...document.styleSheets].every((sheet) => sheet.cssRules.length)")
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    shots(scorer, "production-offline-2-reloaded")
    assert revisions(table) == []

    scorer.context.set_offline(False)
    expect(confirmation(scorer, "Runde 1 gesendet")).to_be_visible()
    expect(scorer.locator("#net")).to_have_text("online")
    expect(outbox).to_be_hidden()
    expect(scorer.get_by_role("heading", name=re.compile("Runde 2 von 10"))).to_be_visible()
    shots(scorer, "production-offline-3-sent")
    assert revisions(table) == [(1, 1, [0, 1, 0])]
    # Once, also after the page has loaded again (nothing left to send twice).
    scorer.reload()
    expect(scorer.locator("#round-1")).to_be_visible()
    expect(outbox).to_be_hidden()
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_whole_game_offline_from_the_window_the_phone_keeps(phone, production):
    """Issue 28: the window of rounds ahead comes through Caddy compressed, a repeat costs a
    304, and a Schatzsuche game is entered offline from its first round to its last (the page
    itself brings only six)."""
    scorer = phone()
    table = start_table(scorer)
    ready_for_offline(scorer)
    key = scorer.url.rstrip("/").rsplit("/", 1)[-1]
    url = f"/t/{key}/ahead/?after=0"
    first = scorer.request.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.status == 200 and first.headers.get("content-encoding") == "gzip"
    assert first.text().count("<template data-round=") == 10
    again = scorer.request.get(url, headers={"If-None-Match": first.headers["etag"]})
    assert again.status == 304

    scorer.context.set_offline(True)
    for number in range(1, 10):
        enter(scorer, number, [0, 0, 0], [number, 0, 0])
        expect(scorer.get_by_role("button", name=f"Runde {number + 1} speichern")).to_be_visible()
    expect(scorer.locator("#outbox .outbox-item")).to_have_count(9)
    scorer.context.set_offline(False)
    expect(scorer.locator("#round-9")).to_be_visible(timeout=60_000)
    expect(scorer.locator("#outbox")).to_be_hidden()
    assert [number for number, _revision, _bids in revisions(table)] == list(range(1, 10))
