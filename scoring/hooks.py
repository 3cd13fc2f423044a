"""Extension points for other apps (tournaments, disputes) without editing the scorepad views.

A table panel is a function ``panel(request, access, summary) -> str | None`` returning HTML
shown on the table page under the round facts (e.g. a tournament's confirmation box).
Register panels in an AppConfig.ready().
"""

from collections.abc import Callable

TABLE_PANELS: list[Callable] = []


def register_table_panel(panel: Callable) -> Callable:
    if panel not in TABLE_PANELS:
        TABLE_PANELS.append(panel)
    return panel


def table_panels(request, access, summary) -> list[str]:
    return [html for panel in TABLE_PANELS if (html := panel(request, access, summary))]
