"""Reading `record/1` and writing `verdict/1` (docs/rules/records.md, docs/records.md).

The common keys are checked here; each game module checks its own keys and judges the play.
A game module provides (see scoring/rules/__init__.py for the list of games):

- ``NAME``, ``DEFAULT_PROFILE``, ``PROFILES`` (profile name -> settings dict),
  ``PLAYER_COUNTS`` (allowed numbers of players in a record),
- ``RECORD_KEYS`` (required game keys), ``RECORD_OPTIONAL_KEYS``,
- ``verify_record(record, settings) -> Verdict`` for a record whose common keys are valid
  (and optionally ``VERIFY_OPTIONS``: the keyword arguments of ``verify`` it takes, e.g.
  ``("decks",)``),
- ``simulate(rng, settings, *, players=None, round_number=None) -> record`` for one seeded
  bot-played deal, and ``playout(...)`` with the same arguments returning only the scores.

docs/engine.md describes the whole contract; docs/records.md the formats as implemented.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from . import GameModule, get_game, jsontext
from .core import FORMAT, OR, RECORD_ERRORS, RecordError, Verdict, check_keys
from .draws import make_rng
from .i18n import Join

COMMON_REQUIRED = ("format", "game", "players")
COMMON_OPTIONAL = ("profile", "settings", "hands")
SIMULATION_HOOKS = ("DEFAULT_PROFILE", "PROFILES", "check_setting", "simulate")


def load(source: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Parse a record from JSON text (or take a dict); raises RecordError if unreadable."""
    if isinstance(source, dict):
        return source
    try:
        data = jsontext.loads(source)
    except ValueError as exc:  # also UnicodeDecodeError and nesting too deep
        raise RecordError("record", RECORD_ERRORS["not_json"], detail=exc) from None
    if not isinstance(data, dict):
        raise RecordError("record", RECORD_ERRORS["not_object"])
    return data


def load_game(name: Any) -> GameModule:
    """The game module for a record's ``game``; RecordError if it names no game of GAMES."""
    try:
        return get_game(name)
    except KeyError:
        raise RecordError("game", RECORD_ERRORS["unknown_game"], name=name) from None


def resolve_settings(game: GameModule, record: Mapping[str, Any]) -> dict[str, Any]:
    """The profile's settings with the record's overrides applied, each override checked."""
    profile = record.get("profile", game.DEFAULT_PROFILE)
    if not isinstance(profile, str) or profile not in game.PROFILES:
        known = ", ".join(sorted(game.PROFILES))
        raise RecordError("profile", RECORD_ERRORS["unknown_profile"], profile=profile, known=known)
    settings = dict(game.PROFILES[profile])
    overrides = record.get("settings", {})
    if not isinstance(overrides, dict):
        raise RecordError("settings", RECORD_ERRORS["not_object"])
    for key, value in overrides.items():
        if key not in settings:
            raise RecordError(f"settings.{key}", RECORD_ERRORS["unknown_setting"])
        normalize = getattr(game, "normalize_setting", None)
        if normalize is not None:
            value = normalize(key, value)
        game.check_setting(key, value)
        settings[key] = value
    settings["profile"] = profile
    return settings


def profile_settings(
    game: GameModule, profile: str | None = None, overrides: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Settings chosen outside a record (simulate, bench, tests): a profile, the default one
    if None, with ``overrides`` checked as a record's ``settings`` are."""
    chosen: dict[str, Any] = {"settings": overrides or {}}
    if profile is not None:
        chosen["profile"] = profile
    return resolve_settings(game, chosen)


def read(source: str | bytes | dict[str, Any]) -> tuple[GameModule, dict[str, Any], dict[str, Any]]:
    """Check the common keys; returns (game module, record, settings)."""
    record = load(source)
    if record.get("format") != FORMAT:
        raise RecordError("format", RECORD_ERRORS["format"], format=FORMAT)
    name = record.get("game")
    game = load_game(name)
    check_keys(
        record,
        "",
        (*COMMON_REQUIRED, *game.RECORD_KEYS),
        (*COMMON_OPTIONAL, *game.RECORD_OPTIONAL_KEYS),
    )
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players", RECORD_ERRORS["player_names"])
    if len(players) not in game.PLAYER_COUNTS:
        counts = Join(game.PLAYER_COUNTS, OR)
        raise RecordError("players", RECORD_ERRORS["player_count"], counts=counts)
    if "hands" in record:
        hands = record["hands"]
        if not isinstance(hands, list) or len(hands) != len(players):
            raise RecordError("hands", RECORD_ERRORS["hand_per_player"])
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
                raise RecordError(f"hands[{seat}]", RECORD_ERRORS["card_codes"])
    return game, record, resolve_settings(game, record)


def verify(source: str | bytes | dict[str, Any], *, decks: Iterable[Any] | None = None) -> Verdict:
    """Judge a record; raises RecordError when it cannot be read.

    ``decks`` are caller-supplied decks (Stichwahl: Deck objects or definition dicts, e.g.
    organizer-edited ones from the database) that a record may name besides the engine's
    own; they go to the game module only if it lists ``"decks"`` in ``VERIFY_OPTIONS``, so
    a caller may pass its decks with any record.
    """
    game, record, settings = read(source)
    options: dict[str, Any] = {}
    if decks is not None and "decks" in getattr(game, "VERIFY_OPTIONS", ()):
        options["decks"] = decks
    verdict = game.verify_record(record, settings, **options)
    # Rule names are shared between games; the game's own wording renders its verdict.
    verdict.violations = [violation.for_game(game.NAME) for violation in verdict.violations]
    return verdict


def dumps(obj: dict[str, Any]) -> str:
    """Records and verdicts as written by the engine: UTF-8 JSON, keys in the documented order."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def simulate_records(
    name: str,
    games: int,
    seed: str | int,
    *,
    profile: str | None = None,
    players: int | None = None,
    round_number: int | None = None,
    overrides: dict[str, Any] | None = None,
) -> Iterator[tuple[int, dict[str, Any], float]]:
    """Play ``games`` seeded bot games; yields (index, record, seconds the play took).

    Game ``i`` uses ``make_rng(f"{seed}:{i}")``, so a seed always gives the same records and
    any single game can be replayed on its own. ``overrides`` are settings of the profile,
    checked as a record's ``settings`` are. Seeding and setup are not timed.
    """
    game = get_game(name)
    missing = [hook for hook in SIMULATION_HOOKS if not hasattr(game, hook)]
    if missing:
        raise NotImplementedError(f"{name} does not provide {', '.join(missing)} yet")
    settings = profile_settings(game, profile, overrides)
    for index in range(games):
        rng = make_rng(f"{seed}:{index}")
        start = time.perf_counter()
        record = game.simulate(rng, settings, players=players, round_number=round_number)
        yield index, record, time.perf_counter() - start
