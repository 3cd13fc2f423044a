"""Two phones at one table: the viewer's sheet shows the scorer's round within about a second of
the save, because the server pushed it over the page's event stream — not because the page
polled. The viewer's page has no form open, so the event carries its fragment: no fetch."""

import time

import pytest
from playwright.sync_api import expect

from .conftest import start_schatzsuche, viewer_link

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_viewer_sees_a_saved_round_within_two_seconds_without_polling(phone):
    scorer = phone()
    start_schatzsuche(scorer)
    viewer_url = viewer_link(scorer)

    viewer = phone()
    requests = []
    viewer.on("request", lambda r: requests.append((time.monotonic(), r.url)))
    streams = []
    viewer.on("response", lambda r: streams.append(r) if "/events/" in r.url else None)
    viewer.goto(viewer_url)
    expect(viewer.get_by_text("Noch keine Runde gespeichert.")).to_be_visible()
    # The stream is open (the EventSource got its 200 text/event-stream answer) ...
    deadline = time.monotonic() + 10
    while not streams and time.monotonic() < deadline:
        viewer.wait_for_timeout(100)
    assert streams and streams[0].status == 200
    assert streams[0].headers["content-type"].startswith("text/event-stream")
    # ... and while nothing changes the page asks for nothing: a polling page would have
    # fetched its fragment at least once in these 4 s (it polled every 3 s).
    viewer.wait_for_timeout(4000)
    assert not [url for _t, url in requests if "/live/" in url], "the page polled"

    for seat, (bid, tricks) in enumerate([(0, 0), (1, 1), (0, 0)]):
        scorer.locator(f"#id_bid_{seat}").fill(str(bid))
        scorer.locator(f"#id_tricks_{seat}").fill(str(tricks))
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    saved = time.monotonic()  # the scorer's phone shows the acknowledgement

    expect(viewer.locator("#round-1")).to_be_visible(timeout=2000)
    shown = time.monotonic()
    assert shown - saved < 2.0
    # The round's facts beside the sheet came with it (the next round's dealer and bids).
    expect(viewer.get_by_text("Runde 2 von 10")).to_be_visible()
    fetches = [t for t, url in requests if "/live/" in url]
    assert not fetches, f"the event brought the sheet, yet the page fetched {len(fetches)} times"
    assert viewer.locator("[data-live-version]").get_attribute("data-live-version") == "1"
    # The stream stayed open through the swap: one connection, no reconnect.
    assert len([url for _t, url in requests if "/events/" in url]) == 1


def enter_round(page, number, bids, tricks):
    for seat, (bid, won) in enumerate(zip(bids, tricks, strict=True)):
        page.locator(f"#id_bid_{seat}").fill(str(bid))
        page.locator(f"#id_tricks_{seat}").fill(str(won))
    page.get_by_role("button", name=f"Runde {number} speichern").click()


# The copy of the page the service worker keeps for offline use.
KEPT_COPY = """() => caches.open(document.body.dataset.pageCache)
    .then((cache) => cache.match(location.href.split("#")[0]))
    .then((kept) => (kept ? kept.text() : ""))"""


def test_saving_keeps_the_page_and_its_stream_and_a_conflict_shows_in_place(phone, shots):
    """The scorer's phone sends a save from the page and swaps in the answer: the next round's
    form, the message and the sheet, with no new page and no new stream. Another scorer's save
    of the same round meanwhile shows in place, with both entries and what was typed."""
    anna = phone()
    start_schatzsuche(anna)
    ben = phone()
    ben.goto(anna.url)
    expect(ben.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    pages, streams = [], []
    anna.on("request", lambda r: pages.append(r.url) if r.resource_type == "document" else None)
    anna.on("request", lambda r: streams.append(r.url) if "/events/" in r.url else None)
    anna.wait_for_timeout(1000)  # the page's stream is open
    ben.locator("#id_bid_0").fill("1")  # Ben has begun to enter round 1 too

    enter_round(anna, 1, [0, 1, 0], [0, 1, 0])
    expect(anna.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    expect(anna.locator("#round-1")).to_be_visible()
    enter_round(anna, 2, [1, 0, 1], [1, 0, 1])
    expect(anna.get_by_text("Runde 2 gespeichert.")).to_be_visible()
    expect(anna.get_by_text("Runde 1 gespeichert.")).to_have_count(0)  # old news is gone
    expect(anna.get_by_role("button", name="Runde 3 speichern")).to_be_visible()
    expect(anna.get_by_text("Runde 3 von 10")).to_be_visible()
    assert anna.locator("[data-live-version]").get_attribute("data-live-version") == "2"
    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert pages == [], "a save loaded a new page"
    assert len(streams) <= 1, "a save opened a new stream"  # 0: the one from before
    shots(anna, "save-in-place")

    # Ben still has round 1 open: his save meets Anna's.
    ben_posts = []
    ben.on("request", lambda r: ben_posts.append(r.resource_type) if r.method == "POST" else None)
    enter_round(ben, 1, [1, 1, 1], [1, 0, 0])
    conflict = ben.locator(".conflict")
    expect(conflict).to_contain_text("Nicht gespeichert")
    # Anna's entry, beside his form with what he typed.
    expect(conflict.locator("dt", has_text="Ansage von Anna").locator("+ dd")).to_have_text("0")
    expect(ben.locator("#id_bid_0")).to_have_value("1")
    expect(ben.locator("#round-2")).to_be_visible()  # the sheet came with the answer
    shots(ben, "save-conflict-in-place")
    assert ben_posts == ["fetch"], ben_posts


def test_an_untouched_form_moves_on_when_the_other_phone_saves_its_round(phone, shots):
    """Ben has the sheet open and has typed nothing: when Anna saves the round his form is for,
    his page shows the next round's form by itself (no reload, no conflict), says why, and his
    save of it goes through."""
    anna = phone()
    start_schatzsuche(anna)
    ben = phone()
    ben.goto(anna.url)
    expect(ben.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    # The service worker keeps the page (the forms ahead are asked for only later).
    ben.wait_for_function(f"({KEPT_COPY})().then((text) => text.includes('/rounds/1/save/'))")
    documents = []
    ben.on("request", lambda r: documents.append(r.url) if r.resource_type == "document" else None)
    ben.wait_for_timeout(1000)  # the page's stream is open

    enter_round(anna, 1, [0, 1, 0], [0, 1, 0])
    expect(anna.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    expect(ben.get_by_role("button", name="Runde 2 speichern")).to_be_visible(timeout=3000)
    expect(ben.get_by_text("Das Formular zeigt jetzt Runde 2.")).to_be_visible()
    expect(ben.locator("#round-1")).to_be_visible()
    expect(ben.get_by_text("Runde 2 von 10")).to_be_visible()
    assert ben.evaluate("document.documentElement.scrollWidth") <= 360
    shots(ben, "moved-on")
    assert documents == [], "the page was loaded again"

    # The copy the phone keeps for offline use has the new form too (without the note).
    ben.wait_for_function(f"({KEPT_COPY})().then((text) => text.includes('/rounds/2/save/'))")
    ben.context.set_offline(True)
    ben.reload()
    assert ben.evaluate("document.body.dataset.copy") == "cache"
    expect(ben.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    expect(ben.locator(".moved-on")).to_have_count(0)
    ben.context.set_offline(False)
    ben.reload()

    enter_round(ben, 2, [1, 0, 1], [1, 0, 1])
    expect(ben.get_by_text("Runde 2 gespeichert.")).to_be_visible()
    expect(ben.locator(".conflict")).to_have_count(0)
    expect(anna.locator("#round-2")).to_be_visible()


# Ben types into his form right after his page asked for the fragment as an untouched form.
TYPE_WHILE_FETCHING = """() => document.addEventListener("htmx:beforeRequest", (event) => {
    if (window.typed || !event.detail.pathInfo.requestPath.includes("/live/")) return;
    window.typed = true;
    const input = document.getElementById("id_bid_0");
    input.value = "2";
    input.dispatchEvent(new Event("input", { bubbles: true }));
})"""


def fetching_the_next_form(page) -> None:
    """The page's stream announces bare versions (no ``moved=1``): the page fetches what
    changed, as it does when the next form does not come with the event (a save in another
    language, a sheet too big for the event)."""
    page.route(
        "**/events/**", lambda route: route.continue_(url=route.request.url.replace("&moved=1", ""))
    )


def test_what_is_typed_while_the_next_form_is_on_its_way_stays(phone):
    """Ben starts typing just after his page asked for the news as an untouched form: the next
    form that comes back is not swapped in over what he typed; he gets the warning instead."""
    anna = phone()
    start_schatzsuche(anna)
    ben = phone()
    fetching_the_next_form(ben)
    ben.goto(anna.url)
    expect(ben.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    ben.wait_for_timeout(1000)  # the page's stream is open
    ben.evaluate(TYPE_WHILE_FETCHING)

    enter_round(anna, 1, [0, 1, 0], [0, 1, 0])
    warning = ben.get_by_text("Runde 1 wurde gerade auf einem anderen Handy gespeichert.")
    expect(warning).to_be_visible()
    assert ben.evaluate("window.typed") is True
    expect(ben.locator("#id_bid_0")).to_have_value("2")
    expect(ben.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    expect(ben.locator(".moved-on")).to_have_count(0)
    expect(ben.locator("#round-1")).to_be_visible()


def test_the_kept_copy_follows_the_sheet_without_fetching_the_page_again(phone):
    """What a viewer's page gets over its stream also goes into the copy the phone keeps for
    offline use: reloaded without a connection, it shows the round; and the phone fetched no
    page for it."""
    scorer = phone()
    start_schatzsuche(scorer)
    viewer = phone()
    viewer.goto(viewer_link(scorer))
    viewer.wait_for_selector("body[data-offline-ready]", state="attached")
    page_url = viewer.url.split("#")[0]
    fetched = []
    viewer.context.on("request", lambda r: fetched.append(r.url) if r.url == page_url else None)

    enter_round(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(viewer.locator("#round-1")).to_be_visible()
    viewer.wait_for_function(f"({KEPT_COPY})().then((text) => text.includes('id=\"round-1\"'))")
    viewer.wait_for_timeout(3000)  # the old way refetched the whole page 2 s after a change
    assert fetched == []

    viewer.context.set_offline(True)
    viewer.reload()
    assert viewer.evaluate("document.body.dataset.copy") == "cache"
    expect(viewer.locator("#round-1")).to_be_visible()
    expect(viewer.get_by_text("Runde 2 von 10")).to_be_visible()
