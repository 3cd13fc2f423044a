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


# A round panel is ``panel(request, access, number) -> str | None``: HTML on a round's page
# above its history (e.g. the round's disputes). Register in an AppConfig.ready().
ROUND_PANELS: list[Callable] = []


def register_round_panel(panel: Callable) -> Callable:
    if panel not in ROUND_PANELS:
        ROUND_PANELS.append(panel)
    return panel


def round_panels(request, access, number: int) -> list[str]:
    return [html for panel in ROUND_PANELS if (html := panel(request, access, number))]


# A table authority is ``fn(request, table) -> bool``: True when the logged-in user may act
# as organizer of this table (open and apply disputes without the table's scorer link).
# The tournaments app registers one for its tables; nobody has authority by default.
TABLE_AUTHORITIES: list[Callable] = []


def register_table_authority(fn: Callable) -> Callable:
    if fn not in TABLE_AUTHORITIES:
        TABLE_AUTHORITIES.append(fn)
    return fn


def has_table_authority(request, table) -> bool:
    return any(fn(request, table) for fn in TABLE_AUTHORITIES)


# A roster hook is ``fn(player)``, called when a person joins a group's roster or is renamed
# there (inside the transaction): the tournaments app keeps a club's Stammtisch roster and
# the club's members one record per person.
ROSTER_HOOKS: list[Callable] = []


def register_roster_hook(fn: Callable) -> Callable:
    if fn not in ROSTER_HOOKS:
        ROSTER_HOOKS.append(fn)
    return fn


def roster_changed(player) -> None:
    for fn in ROSTER_HOOKS:
        fn(player)


# A save hook is ``fn(table, revision, author) -> list[str]``, called when a save stores a new
# revision of a round (inside its transaction, the table's row held): it may store revisions
# of other rounds that this one changes (Skat's Bock games after a correction) and returns
# what it changed, in words, for the save's answer. Register in an AppConfig.ready().
SAVE_HOOKS: list[Callable] = []


def register_save_hook(fn: Callable) -> Callable:
    if fn not in SAVE_HOOKS:
        SAVE_HOOKS.append(fn)
    return fn


def round_saved(table, revision, author) -> list[str]:
    return [note for fn in SAVE_HOOKS for note in fn(table, revision, author)]
