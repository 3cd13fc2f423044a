"""The content security policy (no inline scripts or styles) and htmx get along: a viewer's
phone receives a round live, and neither phone reports a CSP violation or a script error."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import viewer_link

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def watched(page):
    """The page, plus a list that collects CSP complaints and script errors as they come."""
    problems = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on(
        "console",
        lambda m: (
            problems.append(m.text)
            if m.type == "error" or "Content Security Policy" in m.text
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    return page, problems


def test_live_update_works_under_the_csp_without_violations(phone):
    scorer, scorer_problems = watched(phone())
    response = scorer.goto("/new/schatzsuche/")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    for seat, name in enumerate(["Anna", "Ben", "Cem"], start=1):
        scorer.get_by_role("textbox", name=f"Spieler {seat}").fill(name)
    scorer.get_by_role("button", name="Spiel beginnen").click()
    expect(scorer.get_by_role("heading", name=re.compile("Runde 1 von 10"))).to_be_visible()
    viewer_url = viewer_link(scorer)

    viewer, viewer_problems = watched(phone())
    polls = []
    viewer.on("request", lambda r: polls.append(r.url) if "/live/" in r.url else None)
    viewer.goto(viewer_url)
    expect(viewer.get_by_text("Noch keine Runde gespeichert.")).to_be_visible()

    for seat, (bid, tricks) in enumerate([(0, 0), (1, 1), (0, 0)]):
        scorer.locator(f"#id_bid_{seat}").fill(str(bid))
        scorer.locator(f"#id_tricks_{seat}").fill(str(tricks))
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()

    # htmx (a static script, allowed by script-src 'self') swaps the round in: the viewer's
    # page gets it with its stream's event, without fetching (scoring/events.py).
    expect(viewer.locator("#round-1")).to_be_visible()
    assert not polls, "the event brought the round, yet the viewer's page fetched it"
    for page, problems in ((scorer, scorer_problems), (viewer, viewer_problems)):
        assert page.evaluate("window.__csp") == []
        assert problems == []
