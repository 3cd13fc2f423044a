"""The automated WCAG 2.2 AA check: axe-core (from the npm registry, pinned in
tests/browser/axe/package-lock.json, installed by ``make axe``) injected into a Playwright
page and run with the rules tagged WCAG 2.0, 2.1 and 2.2 level A and AA.

Injected through the DevTools protocol (``page.evaluate``), not as a <script>, so the app's
Content-Security-Policy (no inline scripts) stays as it is and is checked as a user gets it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE_JS = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

RUN = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: "tag", values: tags}});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary,
                                  html: n.html.slice(0, 200)})),
    }));
}"""


def axe_source() -> str:
    if not AXE_JS.exists():
        message = f"{AXE_JS} is missing: run `make axe` (npm ci of axe-core)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE_JS.read_text()


def violations(page, source: str) -> list[dict]:
    """axe's WCAG 2.x A/AA violations of what the page shows now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(source)
    return page.evaluate(RUN, WCAG_AA)


def describe(label: str, found: list[dict]) -> str:
    lines = [f"{label}: {len(found)} WCAG 2.2 AA violation(s)"]
    for violation in found:
        lines.append(f"  [{violation['impact']}] {violation['id']}: {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {node['target']}  {node['html']}")
            lines.append("      " + (node["summary"] or "").replace("\n", "\n      "))
    return "\n".join(lines)
