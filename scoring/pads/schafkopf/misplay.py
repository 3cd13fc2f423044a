"""Misplays (Fehlspiel) on the sheet, for profiles with ``misplay: offender_pays``.

docs/rules/schafkopf.md, "Misplay": "`offender_pays` scores a game with a violation as
lost by the offender's party at its plain value (Schneider/Schwarz only if already reached),
the offender paying his partner's share too (partner 0)". The amounts are the engine's
``penalty_settle``; this module only says when a misplay can be entered and, for a disputed
game, what the engine's verdict says about it.

A misplayed game's data is a played game's plus ``misplay`` (the offender's table seat);
``won``/``schneider``/``schwarz`` are the penalty's outcome from the declaring party's side
(won when an opponent misplayed; Schneider/Schwarz what the other party had reached), and
``result`` and ``augen`` are empty: the misplay, not the Augen, decided the game. Games
without a misplay have no ``misplay`` key, so tables without the rule carry no trace of it.

A Ramsch or a thrown-in deal cannot be entered as a misplay: the rule speaks of the
offender's party and his partner's share, which a Ramsch (everybody alone) does not have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from ...rules.schafkopf import game_value
from .labels import PLAYED

OFFENDER_PAYS = "offender_pays"
MISPLAY, AS_PLAYED = "misplay", "as_played"
# What the other party had already reached when the misplay ended the game.
REACHED = {"": (False, False), "schneider": (True, False), "schwarz": (True, True)}
REACHED_NAMES = {
    "": _("nothing"),
    "schneider": _("Schneider"),
    "schwarz": _("Schwarz"),
}


def offered(profile: Mapping[str, Any]) -> bool:
    """Whether the table's rules score a misplay against the offender."""
    return profile.get("misplay") == OFFENDER_PAYS


def schneider_counts(profile: Mapping[str, Any], contract: str, suit: str | None = None) -> bool:
    """Whether Schneider or Schwarz change the game's value (never in a Tout or Sie; in a
    Solo or Wenz only where ``schneider_scope`` says so) — asked of the engine's tariff."""
    plain = game_value(profile, contract, suit=suit)
    return plain != game_value(profile, contract, schneider=True, suit=suit) or plain != (
        game_value(profile, contract, schwarz=True, suit=suit)
    )


def reached_key(schneider: bool, schwarz: bool) -> str:
    return "schwarz" if schwarz else "schneider" if schneider else ""


def penalty_outcome(party: set[int], offender: int, reached: str) -> dict:
    """won/schneider/schwarz of a misplayed game from the declaring party's side."""
    schneider, schwarz = REACHED[reached]
    return {"won": offender not in party, "schneider": schneider, "schwarz": schwarz}


# --- disputes ---------------------------------------------------------------------------------
def verdict_offender(table, verdict: dict, seats: list[int]) -> int | None:
    """The offender's table seat when the verdict scores a misplay the sheet can record."""
    result = verdict.get("result") or {}
    offender = result.get("offender")
    if not offered(table.profile) or offender is None:
        return None
    if result["contract"]["type"] not in PLAYED:
        return None  # a Ramsch: see the module's docstring
    return seats[offender]


def verdict_reached(table, result: dict) -> str:
    """What the innocent party had reached when the misplay happened, as the engine judged it
    (docs/rules/schafkopf.md, "Misplay": Schneider only if reached in the tricks before the
    misplay's trick; a game ended by a misplay is never Schwarz). Where Schneider does not
    count, nothing is asked."""
    contract = result["contract"]
    if result["augen"] is None or not schneider_counts(
        table.profile, contract["type"], contract.get("suit")
    ):
        return ""
    return reached_key(bool(result.get("penalty_schneider")), False)
