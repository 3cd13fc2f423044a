"""Schafkopf (docs/rules/schafkopf.md): the engine module and the scorepad's formulas.

Module contract (scoring/rules/records.py): ``NAME``, ``PLAYER_COUNTS``, ``DEFAULT_PROFILE``,
``PROFILES``, ``check_setting``, ``RECORD_KEYS``, ``RECORD_OPTIONAL_KEYS``, ``State``,
``verify_record``, ``simulate``, ``playout``. The scorepad settles games with ``settle``,
``settle_ramsch``, ``outcome_from_augen`` (an evening's Bock rounds and Stock with
``score_evening``) and checks entries with ``check_entry``;
docs/schafkopf.md describes all of it.
"""

from . import messages  # noqa: F401  (registers the verdict messages)
from .cards import AUGEN, DECK, NAME, SUITS
from .contracts import (
    CONTRACT_TYPES,
    RANK,
    Contract,
    after_all_passed,
    contract_fault,
    contract_problem,
    resolve_announcements,
)
from .entry import EntryProblem, check_entry, check_ramsch_entry
from .evening import Evening, EveningGame, GameFacts, score_evening
from .house import valid_contracts
from .record import (
    PLAYER_COUNTS,
    RECORD_KEYS,
    RECORD_OPTIONAL_KEYS,
    playout,
    simulate,
    verify_record,
)
from .state import HAND_CHECKS, MISPLAY_RULES, State
from .tariff import (
    DEFAULT_PROFILE,
    PROFILES,
    SETTING_SPECS,
    Outcome,
    check_profile,
    check_setting,
    counted_laufende,
    current_profile,
    game_value,
    outcome_from_augen,
    penalty_settle,
    profile_value,
    ramsch_multiplier,
    settle,
    settle_ramsch,
)

__all__ = [
    "AUGEN",
    "CONTRACT_TYPES",
    "DECK",
    "DEFAULT_PROFILE",
    "HAND_CHECKS",
    "MISPLAY_RULES",
    "NAME",
    "PLAYER_COUNTS",
    "PROFILES",
    "RANK",
    "RECORD_KEYS",
    "RECORD_OPTIONAL_KEYS",
    "SETTING_SPECS",
    "SUITS",
    "Contract",
    "EntryProblem",
    "Evening",
    "EveningGame",
    "GameFacts",
    "Outcome",
    "State",
    "after_all_passed",
    "check_entry",
    "check_profile",
    "check_ramsch_entry",
    "check_setting",
    "contract_fault",
    "contract_problem",
    "counted_laufende",
    "current_profile",
    "game_value",
    "outcome_from_augen",
    "penalty_settle",
    "playout",
    "profile_value",
    "ramsch_multiplier",
    "resolve_announcements",
    "score_evening",
    "settle",
    "settle_ramsch",
    "simulate",
    "valid_contracts",
    "verify_record",
]
