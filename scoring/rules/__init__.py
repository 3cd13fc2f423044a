"""The rules engine: a plain Python package (no Django), one module per game.

Each game module offers a cloneable ``State`` (``legal_plays()``, ``play()``, ``is_over``,
``result()``, ``copy()``), deterministic seeded deals, the pure score formulas the scorepad
uses, and the hooks that ``records`` needs to verify and simulate `record/1` files
(``GameModule``; docs/engine.md, "What a game module provides").
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from random import Random
from typing import TYPE_CHECKING, Any, Protocol, cast

from . import compiled

if TYPE_CHECKING:
    from .core import Verdict

# Before any engine module is imported: a compiled build older than its source is not used.
compiled.use_fresh_build()

GAMES = ("schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl", "skat")


class GameModule(Protocol):
    """What ``records`` uses of a game module. Optional: ``VERIFY_OPTIONS`` (keyword
    arguments of ``verify_record``) and ``normalize_setting(key, value)``."""

    NAME: str
    PLAYER_COUNTS: tuple[int, ...]
    DEFAULT_PROFILE: str
    PROFILES: Mapping[str, Mapping[str, Any]]
    RECORD_KEYS: tuple[str, ...]
    RECORD_OPTIONAL_KEYS: tuple[str, ...]

    def check_setting(self, key: str, value: Any) -> None: ...

    def verify_record(
        self, record: dict[str, Any], settings: dict[str, Any], **options: Any
    ) -> Verdict: ...

    def simulate(
        self,
        rng: Random,
        settings: Mapping[str, Any],
        *,
        players: int | None = None,
        round_number: int | None = None,
    ) -> dict[str, Any]: ...

    def playout(
        self,
        rng: Random,
        settings: Mapping[str, Any],
        *,
        players: int | None = None,
        round_number: int | None = None,
    ) -> list[int]: ...


def get_game(name: str) -> GameModule:
    """The module of a game by its record name; KeyError for an unknown name."""
    if name not in GAMES:
        raise KeyError(name)
    return cast(GameModule, import_module(f"{__name__}.{name}"))
