"""Skat (docs/rules/skat.md): the engine module and the scorepad's formulas.

Module contract (scoring/rules/records.py): ``NAME``, ``PLAYER_COUNTS``, ``DEFAULT_PROFILE``,
``PROFILES``, ``check_setting``, ``RECORD_KEYS``, ``RECORD_OPTIONAL_KEYS``, ``State``,
``verify_record``, ``simulate``, ``playout``. The scorepad checks a game with
``check_entry``, scores it with ``score_entry`` (``score_game`` underneath) and a list with
``score_list`` (Seeger-Fabian, Verlustspielgeld); docs/skat.md describes all of it.
"""

from . import messages  # noqa: F401  (registers the texts)
from .bidding import Auction
from .cards import AUGEN, DECK, NAME, SUITS
from .contracts import (
    ALL_TYPES,
    BASE,
    DECLARED,
    NULL_VALUES,
    Contract,
    contract_problem,
    parse_contract,
)
from .entry import EntryProblem, check_entry, score_entry
from .house import BockFacts, bock_games, ramsch_scores
from .profiles import DEFAULT_PROFILE, PROFILES, SETTING_SPECS, check_setting
from .record import (
    PLAYER_COUNTS,
    RECORD_KEYS,
    RECORD_OPTIONAL_KEYS,
    playout,
    simulate,
    verify_record,
)
from .seeger import (
    ListGame,
    ListResult,
    PlayerList,
    game_points,
    list_complete,
    loss_fee,
    score_list,
    tie_break_key,
)
from .state import MISPLAY_RULES, State
from .values import (
    BID_VALUES,
    GameScore,
    Outcome,
    doubling,
    level_of,
    matadors_of,
    null_value,
    outcome_from_augen,
    overbid_value,
    score_game,
    trump_order,
)

__all__ = [
    "ALL_TYPES",
    "AUGEN",
    "BASE",
    "BID_VALUES",
    "DECK",
    "DECLARED",
    "DEFAULT_PROFILE",
    "MISPLAY_RULES",
    "NAME",
    "NULL_VALUES",
    "PLAYER_COUNTS",
    "PROFILES",
    "RECORD_KEYS",
    "RECORD_OPTIONAL_KEYS",
    "SETTING_SPECS",
    "SUITS",
    "Auction",
    "BockFacts",
    "Contract",
    "EntryProblem",
    "GameScore",
    "ListGame",
    "ListResult",
    "Outcome",
    "PlayerList",
    "State",
    "bock_games",
    "check_entry",
    "check_setting",
    "contract_problem",
    "doubling",
    "game_points",
    "level_of",
    "list_complete",
    "loss_fee",
    "matadors_of",
    "null_value",
    "outcome_from_augen",
    "overbid_value",
    "parse_contract",
    "playout",
    "ramsch_scores",
    "score_entry",
    "score_game",
    "score_list",
    "simulate",
    "tie_break_key",
    "trump_order",
    "verify_record",
]
