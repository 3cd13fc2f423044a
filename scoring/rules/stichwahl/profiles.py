"""Rule profiles and their settings (docs/stichwahl.md, "Settings").

The 2-player variant is not a setting: it is the rule set for 2 players (the four 5s
removed), chosen by the number of players.
"""

from __future__ import annotations

from typing import Any

from ..core import RECORD_ERRORS, RecordError
from ..i18n import N_

DEFAULT_PROFILE = "standard"
SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    # Who leads the first trick of the next hand [interpretation; the source is silent].
    "first_leader": ("rotate", "choose"),
    # Two equal cards (two 5s of the same family) in a trick [interpretation].
    "equal_cards": ("earlier_wins",),
}
PROFILES: dict[str, dict[str, Any]] = {
    "standard": {"first_leader": "rotate", "equal_cards": "earlier_wins"},
}


def check_setting(key: str, value: Any) -> None:
    choices = SETTING_CHOICES.get(key)
    if choices is None:
        raise RecordError(f"settings.{key}", N_("is not a setting of Stichwahl"))
    if value not in choices or not isinstance(value, str):
        allowed = ", ".join(repr(choice) for choice in choices)
        raise RecordError(f"settings.{key}", RECORD_ERRORS["one_of"], allowed=allowed)
