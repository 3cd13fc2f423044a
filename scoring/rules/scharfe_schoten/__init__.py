"""Scharfe Schoten (3–4 players, 48 spice cards): ../shared/rules/scharfe-schoten.md.

- ``cards``: card codes, colour ranking, super trumps, trick winner;
- ``scores``: the score formulas and the scorepad's entry checks (one code for both);
- ``state``: ``State``, one round in play (cards and cupboard picks);
- ``record``: the game's record keys and ``verify_record``;
- ``bots``: ``simulate`` (a record) and ``playout`` (scores only, fast).

Settings, interpretations and record keys: docs/scharfe-schoten.md.
"""

from ..core import RecordError, add_messages
from .bots import NAME, choose, playout, simulate
from .cards import (
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    CUPBOARD_SIZE,
    HAND_SIZE,
    card_strengths,
    colour_order,
    super_trumps,
)
from .messages import TEXTS, Violation
from .record import RECORD_KEYS, RECORD_OPTIONAL_KEYS, verify_record
from .scores import (
    EntryProblem,
    check_colour_counts,
    check_predictions,
    check_round,
    check_tricks_won,
    prediction_points,
    round_scores,
    rounds_in_game,
    start_player,
    tricks_per_round,
    winners,
)
from .state import State

PLAYER_COUNTS = (3, 4)
DEFAULT_PROFILE = "standard"
PROFILES: dict[str, dict] = {"standard": {}}  # no settings yet (rules: "Game")

# Our own rule, so its text can live in the shared catalogue too (e.g. for a rule list).
add_messages({"cupboard_colour_empty": TEXTS["cupboard_colour_empty"]})


def check_setting(key: str, value) -> None:
    raise RecordError(f"settings.{key}", "Scharfe Schoten has no settings yet")


__all__ = [
    "CARDS",
    "COLOURS",
    "COLOUR_NAMES",
    "CUPBOARD_SIZE",
    "DEFAULT_PROFILE",
    "HAND_SIZE",
    "NAME",
    "PLAYER_COUNTS",
    "PROFILES",
    "RECORD_KEYS",
    "RECORD_OPTIONAL_KEYS",
    "EntryProblem",
    "State",
    "Violation",
    "card_strengths",
    "check_colour_counts",
    "check_predictions",
    "check_round",
    "check_setting",
    "check_tricks_won",
    "choose",
    "colour_order",
    "playout",
    "prediction_points",
    "round_scores",
    "rounds_in_game",
    "simulate",
    "start_player",
    "super_trumps",
    "tricks_per_round",
    "verify_record",
    "winners",
]
