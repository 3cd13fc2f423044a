"""Stichwahl (2–4 players, 36 whale cards): docs/rules/stichwahl.md.

- ``deck``: the deck as data (JSON definitions, validated; the default is unverified);
- ``tricks``: who wins a trick, what a premium card brings;
- ``scores``: score formulas, end of game, the scorepad's entry checks (one code for both);
- ``state``: ``State``, one hand in play, driven by event dicts as actions;
- ``record``: the game's record keys and ``verify_record``;
- ``bots``: ``simulate`` (a record) and ``playout`` (scores only, fast);
- ``profiles``: settings; ``messages``: English and German texts.

Deck format, settings, interpretations, actions and record keys: docs/stichwahl.md.
"""

from . import messages  # noqa: F401  (registers the texts)
from .bots import deal_hand, playout, simulate
from .deck import (
    ALL_CODES,
    FAMILIES,
    FAMILY_NAMES,
    FIVES,
    Card,
    Deck,
    DeckError,
    default_deck,
    load_deck,
    resolve_deck,
)
from .profiles import DEFAULT_PROFILE, PROFILES, check_setting
from .record import RECORD_KEYS, RECORD_OPTIONAL_KEYS, VERIFY_OPTIONS, verify_record
from .scores import (
    NAME,
    EntryProblem,
    card_total,
    check_hand,
    draw_pile_size,
    game_over,
    hand_points,
    next_first_leader,
    winner,
)
from .state import ActionError, State
from .tricks import premium_points, trick_winner

PLAYER_COUNTS = (2, 3, 4)

__all__ = [
    "ALL_CODES",
    "DEFAULT_PROFILE",
    "FAMILIES",
    "FAMILY_NAMES",
    "FIVES",
    "NAME",
    "PLAYER_COUNTS",
    "PROFILES",
    "RECORD_KEYS",
    "RECORD_OPTIONAL_KEYS",
    "VERIFY_OPTIONS",
    "ActionError",
    "Card",
    "Deck",
    "DeckError",
    "EntryProblem",
    "State",
    "card_total",
    "check_hand",
    "check_setting",
    "deal_hand",
    "default_deck",
    "draw_pile_size",
    "game_over",
    "hand_points",
    "load_deck",
    "next_first_leader",
    "playout",
    "premium_points",
    "resolve_deck",
    "simulate",
    "trick_winner",
    "verify_record",
    "winner",
]
