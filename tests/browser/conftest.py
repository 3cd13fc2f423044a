"""Browser tests: Playwright driving Debian's chromium (Playwright cannot download browsers here).

Every module here sets ``pytestmark = pytest.mark.browser``. Without /usr/bin/chromium they
are skipped locally, but fail under CI.
"""

import os
import re
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 360, "height": 740}
# Assertions wait this long too (Playwright's default is 5 s): pages that poll every 3 s get
# at least three tries on a busy CI machine before a test calls them stale.
WAIT_MS = 10_000

# Playwright's sync API runs an event loop in this thread; Django's ORM refuses to run inside
# one unless told that this test process knows what it is doing.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; CI must install Debian's chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt install chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server):
    """A factory of phone-sized browser contexts (each its own cookies), German by default."""
    yield from phones(browser, live_server.url)


def phones(browser, base_url: str):
    """``phone``'s factory for a site at ``base_url``; closes its contexts when resumed."""
    contexts = []

    def open_phone(locale="de-DE"):
        context = browser.new_context(
            viewport=PHONE, locale=locale, base_url=base_url, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shots(tmp_path):
    """Screenshots to look at: into $OFFLINE_SHOTS when set, else the test's own folder."""
    folder = Path(os.environ.get("OFFLINE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return lambda page, name: page.screenshot(path=folder / f"{name}.png", full_page=True)


def decode_qr(locator) -> str:
    """What a phone's camera reads from the QR code ``locator`` shows on the screen."""
    import io

    import zxingcpp
    from PIL import Image

    codes = zxingcpp.read_barcodes(Image.open(io.BytesIO(locator.screenshot())))
    assert len(codes) == 1, f"expected one readable QR code, found {len(codes)}"
    return codes[0].text


def check_fits(page, label: str) -> None:
    """What a 360 px phone shows of this page: nothing wider than the screen, no table that
    scrolls sideways, no cell cut off (other than a name shortened on purpose with "…"), and
    no total broken over two lines."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], label
    widest = page.evaluate(
        """() => [...document.querySelectorAll('table')].map(t => {
               const box = t.getBoundingClientRect();
               return {right: box.right, width: t.scrollWidth, shown: t.parentElement.clientWidth};
           })"""
    )
    for table in widest:
        assert table["right"] <= PHONE["width"], f"{label}: a table ends at {table['right']} px"
        assert table["width"] <= table["shown"], f"{label}: a table needs sideways scrolling"
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('td, th')]
               .filter(cell => cell.scrollWidth > cell.clientWidth + 1
                               && getComputedStyle(cell).textOverflow !== 'ellipsis')
               .map(cell => cell.textContent.trim())"""
    )
    assert not clipped, f"{label}: cut-off cells {clipped}"
    broken = page.evaluate(
        """() => [...document.querySelectorAll('td.sum, .sheet .total, .sk-circled')]
               .filter(number => {
                   const text = document.createRange();
                   text.selectNodeContents(number);
                   return text.getClientRects().length > 1;
               })
               .map(number => number.textContent.trim())"""
    )
    assert not broken, f"{label}: numbers broken over two lines {broken}"


def start_schatzsuche(page, players=("Anna", "Ben", "Cem")) -> None:
    """Start a Schatzsuche table on this phone, as a player does, and wait for round 1."""
    from playwright.sync_api import expect

    page.goto("/new/schatzsuche/")
    for seat, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}").fill(name)
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name=re.compile("Runde 1 von 10"))).to_be_visible()


def viewer_link(page) -> str:
    """The table's viewer link as its "Teilen" page shows it; the phone goes back after."""
    page.get_by_role("link", name="Teilen").click()
    url = page.locator("section", has_text="Zuschauer-Link").locator(".url a").inner_text()
    page.go_back()
    return url


@pytest.fixture(scope="session")
def axe():
    """``axe(page, label)``: fails with every WCAG 2.2 AA violation axe-core finds on the page
    as it is now (tests/browser/accessibility.py); ``axe.found(page)`` only returns them."""
    from .accessibility import axe_source, describe, violations

    source = axe_source()

    class Axe:
        def found(self, page) -> list[dict]:
            return violations(page, source)

        def __call__(self, page, label: str) -> None:
            found = self.found(page)
            assert not found, describe(label, found)

    return Axe()
