"""Skat's rule profiles and settings: every **[interpretation]** of docs/rules/skat.md is a
setting (docs/skat.md lists them). ``isko`` (default) is tournament Skat;
``stammtisch-skat`` adds Kontra/Re, Ramsch when all pass and Bock rounds."""

from __future__ import annotations

from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError

DEFAULT_PROFILE: Final = "isko"
ISKO: Final[dict[str, Any]] = {
    "passed_counts_as_game": True,
    "misplay": "isko",
    "games_per_list_3": 36,
    "games_per_list_4": 48,
    "tie_break": "won_then_lost",
    "loss_fee_cents": 50,
    "loss_fee_high_cents": 100,
    "loss_fee_high_from": 4,
    "kontra": False,
    "ramsch": False,
    "bock_rounds": False,
}
PROFILES: Final[dict[str, dict[str, Any]]] = {
    "isko": ISKO,
    "stammtisch-skat": {**ISKO, "kontra": True, "ramsch": True, "bock_rounds": True},
}
# kind, allowed: "bool"; "choice" (values); "int" (low, high)
SETTING_SPECS: Final[dict[str, tuple[str, Any]]] = {
    "passed_counts_as_game": ("bool", None),
    "misplay": ("choice", ("isko", "reached")),
    "games_per_list_3": ("int", (1, 999)),
    "games_per_list_4": ("int", (1, 999)),
    "tie_break": ("choice", ("won_then_lost", "lot")),
    "loss_fee_cents": ("int", (0, 100_000)),
    "loss_fee_high_cents": ("int", (0, 100_000)),
    "loss_fee_high_from": ("int", (1, 999)),
    "kontra": ("bool", None),
    "ramsch": ("bool", None),
    "bock_rounds": ("bool", None),
}


def check_setting(key: str, value: Any) -> None:
    """Raise RecordError("settings.<key>") unless ``value`` is allowed for the setting."""
    where = f"settings.{key}"
    if key not in SETTING_SPECS:
        raise RecordError(where, RECORD_ERRORS["unknown_setting"])
    kind, allowed = SETTING_SPECS[key]
    if kind == "bool":
        if not isinstance(value, bool):
            raise RecordError(where, RECORD_ERRORS["not_bool"])
    elif kind == "choice":
        if not isinstance(value, str) or value not in allowed:
            raise RecordError(where, RECORD_ERRORS["one_of"], allowed=", ".join(allowed))
    else:
        low, high = allowed
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RecordError(where, RECORD_ERRORS["out_of_range"], low=low, high=high)
