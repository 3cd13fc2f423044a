"""Scharfe Schoten (3–4 players, 48 spice cards): docs/rules/scharfe-schoten.md.

- ``cards``: card codes, colour ranking, super trumps, trick winner;
- ``scores``: profiles, the score formulas and the scorepad's entry checks (one code for
  the pad and the engine), round rotation;
- ``messages``: the English and German texts of this game's rules;
- ``state``: ``State``, one round in play (cards and cupboard picks);
- ``record``: the game's record keys and ``verify_record``;
- ``bots``: ``simulate`` (a record) and ``playout`` (scores only, fast).

Settings, interpretations and record keys: docs/scharfe-schoten.md.
"""

from . import messages  # noqa: F401  (registers the texts)
from .bots import deal_round, dealt_hands, playout, simulate
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
from .record import RECORD_KEYS, RECORD_OPTIONAL_KEYS, verify_record
from .scores import (
    DEFAULT_PROFILE,
    NAME,
    PLAYER_COUNTS,
    PROFILES,
    EntryProblem,
    check_colour_counts,
    check_predictions,
    check_round,
    check_setting,
    check_tricks_won,
    prediction_points,
    round_scores,
    rounds_in_game,
    start_player,
    tricks_per_round,
    winners,
)
from .state import State

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
    "card_strengths",
    "check_colour_counts",
    "check_predictions",
    "check_round",
    "check_setting",
    "check_tricks_won",
    "colour_order",
    "deal_round",
    "dealt_hands",
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
