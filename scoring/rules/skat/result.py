"""The verdict's ``result`` of a finished deal, scored with the scorepad's own formulas
(``values.score_game``, ``seeger.game_points``, ``house.ramsch_scores``); called by
``State.result()`` with what the deal's play gave.

Misplays (docs/rules/skat.md, "Misplays"): a rule broken before the game was decided loses
the game for the declarer who broke it, valued without the Schneider or Schwarz reached
(announced levels still count), and wins it for him when an opponent broke it, with the
levels he announced. Setting ``misplay: reached`` adds the Schneider reached by the time of
the violation (Schwarz cannot be reached before the last trick).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import TOTAL_AUGEN, TRICKS
from .contracts import NULL, Contract
from .house import ramsch_scores
from .seeger import ListGame, game_points
from .values import (
    SCHNEIDER_ANNOUNCED_AUGEN,
    WIN_AUGEN,
    doubling,
    outcome_from_augen,
    score_game,
)


@dataclass(frozen=True, slots=True)
class Misplay:
    """The first misplay: who, and the declarer's and opponents' Augen (the Skat counted for
    the declarer) in the tricks finished before it."""

    seat: int
    declarer_augen: int
    opponent_augen: int
    opponent_tricks: int


def needed_augen(contract: Contract) -> int:
    return SCHNEIDER_ANNOUNCED_AUGEN if contract.schneider or contract.ouvert else WIN_AUGEN


def decided(
    contract: Contract, declarer_augen: int, opponent_augen: int, opponent_tricks: int
) -> bool:
    """Whether a suit game or Grand is decided by the Augen and tricks taken so far (a Null
    ends with its declarer's first trick, so every earlier card counts)."""
    if contract.type == NULL:
        return False
    if contract.schwarz or contract.ouvert:
        return opponent_tricks > 0
    need = needed_augen(contract)
    return declarer_augen >= need or opponent_augen > TOTAL_AUGEN - need


def game_result(
    contract: Contract,
    settings: Mapping[str, Any],
    *,
    bid: int,
    matadors: int | None,
    augen: Sequence[int],
    tricks: Sequence[int],
    skat_augen: int,
    misplay: Misplay | None,
    kontra: int | None,
    re: int | None,
) -> dict[str, Any]:
    """Result of a declared game; ``augen``/``tricks`` per seat from the tricks only."""
    declarer = contract.declarer
    assert declarer is not None
    declarer_augen = augen[declarer] + skat_augen
    declarer_tricks = tricks[declarer]
    kontra_counts = settings["kontra"] and kontra is not None
    multiplier = doubling(kontra_counts, kontra_counts and re is not None)
    announced = {
        "hand": contract.hand,
        "schneider_announced": contract.schneider,
        "schwarz_announced": contract.schwarz,
        "ouvert": contract.ouvert,
    }
    if contract.type == NULL:
        won = declarer_tricks == 0 if misplay is None else misplay.seat != declarer
        score = score_game(NULL, won=won, bid=bid, multiplier=multiplier, **announced)
    else:
        if misplay is None:
            all_or_none = declarer_tricks in (0, TRICKS)
            outcome = outcome_from_augen(
                declarer_augen,
                schwarz=all_or_none,
                schneider_announced=contract.schneider or contract.ouvert,
                schwarz_announced=contract.schwarz or contract.ouvert,
            )
            won, schneider, schwarz = outcome.won, outcome.schneider, outcome.schwarz
        else:
            won = misplay.seat != declarer
            schwarz = False
            reached = settings["misplay"] == "reached"
            innocent = misplay.opponent_augen if won is False else misplay.declarer_augen
            schneider = reached and innocent >= SCHNEIDER_ANNOUNCED_AUGEN
        score = score_game(
            contract.type, won=won, bid=bid, matadors=matadors, schneider=schneider,
            schwarz=schwarz, multiplier=multiplier, **announced,
        )  # fmt: skip
    scores = [0, 0, 0]
    scores[declarer] = score.list_points
    seeger = game_points(ListGame(declarer, score.won, score.list_points), 3)
    return {
        "scores": scores,
        "seeger_fabian": seeger,
        "contract": contract.to_json(),
        "bid": bid,
        "won": score.won,
        "value": score.value,
        "base_value": score.base_value,
        "level": score.level,
        "matadors": score.matadors,
        "overbid": score.overbid,
        "schneider": score.schneider,
        "schwarz": score.schwarz,
        "multiplier": score.multiplier,
        "augen": {"declarer": declarer_augen, "opponents": TOTAL_AUGEN - declarer_augen},
        "augen_per_seat": list(augen),
        "tricks_per_seat": list(tricks),
        "skat_augen": skat_augen,
        "kontra": kontra if kontra_counts else None,
        "re": re if kontra_counts and re is not None else None,
        "misplay": None if misplay is None else misplay.seat,
    }


def ramsch_result(
    augen: Sequence[int], tricks: Sequence[int], skat_augen: int, last: int
) -> dict[str, Any]:
    """Result of a Ramsch; the Skat counts for ``last``, the winner of the last trick."""
    with_skat = [a + (skat_augen if seat == last else 0) for seat, a in enumerate(augen)]
    scores = ramsch_scores(with_skat, tricks)
    return {
        "scores": scores,
        "seeger_fabian": scores,
        "contract": {"type": "ramsch"},
        "augen_per_seat": with_skat,
        "tricks_per_seat": list(tricks),
        "skat_augen": skat_augen,
        "jungfrauen": [seat for seat, won in enumerate(tricks) if won == 0],
        "durchmarsch": TRICKS in tricks,
    }


def passed_result() -> dict[str, Any]:
    """An eingepasst deal: nobody scores."""
    return {"scores": [0, 0, 0], "seeger_fabian": [0, 0, 0], "contract": {"type": "eingepasst"}}
