"""A new version goes live while a table is open (issue 28, item 3): the static files change, so
their hashed names do, and the service worker with them. Before, the new worker was found only
when a page loaded, and once active it dropped the old version's static files, while the page
kept for offline use still loads those (the open tab's page, and every other kept page, until
it is fetched again): offline, that page showed without its styles and scripts, so without its
outbox, or nothing at all while the phone waited on a network that did not answer.

The open tab here is never closed: it is taken over by the new worker, saves and hears of
saves across the deploy, then reloads offline from the worker alone (the browser's HTTP cache
emptied: a phone may evict it, and only the worker's storage is meant to last), keeps new
games, and sends each once when online again.

The site is its own (module scope), with its static files' sources in a copy that the deploy
changes (deploy_settings.py), so the other tests' site keeps its static files."""

import re
import shutil
import time
from contextlib import ExitStack

import pytest
from playwright.sync_api import expect

from ..conftest import phones, viewer_link
from ..test_offline import confirmation, enter, ready_for_offline, revisions, start_table
from .conftest import ROOT, needs_postgresql, no_errors_logged, serve

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
]

# What the page loaded its scripts and styles from.
ASSETS = """() => [...document.querySelectorAll('script[src], link[rel=stylesheet]')]
    .map((element) => new URL(element.src || element.href).pathname)"""
# How the page's static files came: every one from the worker's Cache Storage.
DELIVERED = """() => performance.getEntriesByType("resource")
    .filter((entry) => entry.name.includes("/static/"))
    .map((entry) => [new URL(entry.name).pathname, entry.deliveryType, entry.responseStatus])"""
STYLED = """[...document.styleSheets].every((sheet) => {
    try { return sheet.cssRules.length > 0; } catch (error) { return false; } })"""
WORKERS = """() => navigator.serviceWorker.getRegistration().then((registration) => ({
    installing: !!registration.installing, waiting: !!registration.waiting,
    active: registration.active && registration.active.state,
    controller: navigator.serviceWorker.controller && navigator.serviceWorker.controller.state}))"""
# Whether the worker that keeps ``stylesheet`` (a file of the new version) controls the page,
# with none installing or waiting behind it.
TAKEN_OVER = """(stylesheet) => navigator.serviceWorker.getRegistration().then((registration) =>
    caches.open("stichblock-static").then((cache) => cache.match(stylesheet)).then((kept) =>
        !!kept && !registration.installing && !registration.waiting
        && registration.active.state === "activated"
        && navigator.serviceWorker.controller === registration.active))"""
# The paths of the static files the worker keeps.
KEPT_FILES = """() => caches.open("stichblock-static").then((cache) => cache.keys())
    .then((requests) => requests.map((request) => new URL(request.url).pathname))"""
# The page is never reloaded online: a mark set on it stays.
MARK = "() => { window.openedBeforeTheDeploy = true; }"


class Deployable:
    """The production site, whose static sources (``source``) a deploy changes."""

    def __init__(self, site, servers, source):
        self.site, self.servers, self.source = site, servers, source

    def deploy(self) -> None:
        """A new version with one changed stylesheet, as deploy/README.md upgrades: the new
        files collected into the static root the servers use (beside the old ones), then
        gunicorn and uvicorn restarted (``make serve-prod`` collects before it starts)."""
        with open(self.source / "css" / "app.css", "a") as css:
            css.write(f"\n/* version of {time.time()} */\n")
        self.servers.restart()


@pytest.fixture(scope="module")
def deployable(django_db_setup, tmp_path_factory):
    needs_postgresql()
    folder = tmp_path_factory.mktemp("deploy")
    source = folder / "source"
    shutil.copytree(ROOT / "static", source)
    with ExitStack() as stack:
        site, servers = serve(
            stack,
            folder,
            DJANGO_SETTINGS_MODULE="tests.browser.production.deploy_settings",
            STICHBLOCK_STATIC_SOURCE=str(source),
        )
        yield Deployable(site, servers, source)


@pytest.fixture(autouse=True)
def no_server_errors(deployable):
    """conftest.py's, for this module's site (not the session's, which it does not start)."""
    with no_errors_logged(deployable.site):
        yield


@pytest.fixture
def phone(browser, deployable):
    yield from phones(browser, deployable.site.url)


def stylesheet(page) -> str:
    return next(path for path in page.evaluate(ASSETS) if "/css/app." in path)


def test_an_open_table_keeps_working_online_and_offline_across_a_deploy(phone, deployable, shots):
    scorer = phone()
    table = start_table(scorer)
    ready_for_offline(scorer)
    viewer = phone()
    viewer.goto(viewer_link(scorer))
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(viewer.locator("#round-1")).to_be_visible()
    assets = scorer.evaluate(ASSETS)
    old_stylesheet = stylesheet(scorer)
    scorer.evaluate(MARK)
    outbox = scorer.locator("#outbox")

    deployable.deploy()
    viewer.reload()
    new_stylesheet = stylesheet(viewer)
    assert new_stylesheet != old_stylesheet, "the deploy changed no hashed name"

    # The new worker takes the open tab over by itself: not reloaded, not closed.
    deadline = time.monotonic() + 30
    while not scorer.evaluate(TAKEN_OVER, new_stylesheet):
        if time.monotonic() > deadline:
            pytest.fail(f"the new worker did not take the tab over: {scorer.evaluate(WORKERS)}")
        scorer.wait_for_timeout(250)
    # It keeps the old version's stylesheet too: the kept page loads it.
    assert old_stylesheet in scorer.evaluate(KEPT_FILES)
    # The tab saves as before, and the viewer hears of it through the new event server.
    enter(scorer, 2, [1, 0, 1], [1, 0, 1])
    expect(scorer.get_by_role("heading", name=re.compile("Runde 3 von 10"))).to_be_visible()
    expect(viewer.locator("#round-2")).to_be_visible()
    assert scorer.evaluate("window.openedBeforeTheDeploy"), "the tab was reloaded"
    shots(scorer, "deploy-1-online-after")

    # Offline, with only what the worker keeps: the page kept under the old version comes at
    # once, with the old version's scripts and styles, and keeps new games.
    cdp = scorer.context.new_cdp_session(scorer)
    cdp.send("Network.enable")
    cdp.send("Network.clearBrowserCache")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})  # its memory cache too
    scorer.context.set_offline(True)
    started = time.monotonic()
    scorer.reload()
    took = time.monotonic() - started
    assert scorer.evaluate("document.body.dataset.copy") == "cache"
    assert took < 2.0, f"the offline reload took {took:.1f} s"
    assert scorer.evaluate(ASSETS) == assets
    assert scorer.evaluate(STYLED), "a stylesheet of the kept page is missing"
    delivered = scorer.evaluate(DELIVERED)
    assert {path for path, _how, _status in delivered} >= set(assets), delivered
    assert all(how == "cache-storage" and code == 200 for _path, how, code in delivered), delivered
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    ready_for_offline(scorer)
    expect(scorer.locator("#net")).to_contain_text("Offline – letzter bekannter Stand von")
    enter(scorer, 3, [1, 1, 1], [1, 1, 1])
    expect(outbox.locator(".outbox-item")).to_have_count(1)
    enter(scorer, 4, [1, 2, 1], [1, 2, 1])
    expect(outbox.locator(".outbox-item")).to_have_count(2)
    scorer.reload()
    expect(outbox.locator(".outbox-item")).to_have_count(2)
    expect(outbox).to_contain_text("Runde 4 · von Anna")
    shots(scorer, "deploy-2-offline-kept")
    assert [number for number, _revision, _bids in revisions(table)] == [1, 2]

    # Online again: each game arrives once, and the viewer sees them.
    scorer.context.set_offline(False)
    # Sent in one go, told in one line.
    expect(
        confirmation(scorer, re.escape("2 Einträge gesendet (Runde 3 bis Runde 4)"))
    ).to_be_visible()
    expect(outbox).to_be_hidden()
    expect(viewer.locator("#round-4")).to_be_visible()
    shots(scorer, "deploy-3-sent")
    assert revisions(table) == [
        (1, 1, [0, 1, 0]),
        (2, 1, [1, 0, 1]),
        (3, 1, [1, 1, 1]),
        (4, 1, [1, 2, 1]),
    ]
