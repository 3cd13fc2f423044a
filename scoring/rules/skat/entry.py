"""A game as the paper list holds it: the checks the scorepad enforces and its score
(docs/rules/skat.md, "Checks the scorepad enforces").

``check_entry`` returns every problem (field and rule; ``EntryProblem.message(lang)`` words
it); ``score_entry`` checks and scores with ``values.score_game``, the formula the verifier
uses too. The table enters either the declarer's Augen (the Skat counted) or won/lost with
Schneider and Schwarz, as the paper list does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import EntryProblem as CoreEntryProblem
from .cards import NAME, TOTAL_AUGEN
from .contracts import DECLARED, NULL, contract_problem
from .values import (
    BID_VALUES,
    MAX_MATADORS,
    GameScore,
    doubling,
    null_value,
    outcome_from_augen,
    score_game,
)

# The most Augen two cards hold (A + A): a declarer without a trick has no more.
SKAT_MAX_AUGEN = 22


@dataclass(frozen=True)
class EntryProblem(CoreEntryProblem):
    game: ClassVar[str | None] = NAME


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_entry(
    settings: dict[str, Any] | Any,
    *,
    declarer: Any,
    game: Any,
    players: int = 3,
    sitting_out: int | None = None,
    hand: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
    matadors: Any = None,
    augen: Any = None,
    won: bool | None = None,
    schneider: bool = False,
    schwarz: bool = False,
    bid: Any = 18,
    kontra: bool = False,
    re: bool = False,
) -> list[EntryProblem]:
    """Every problem of one entered game (none: it can be saved).

    ``declarer`` a seat of the table (not the dealer sitting out), ``game`` one of
    ``karo herz pik kreuz grand null``; ``matadors`` +n for "mit n", −n for "ohne n" (not for
    a Null); either ``augen`` (0–120, the Skat counted) or ``won`` with the ``schneider`` and
    ``schwarz`` reached; ``bid`` a game value; Kontra/Re only where the profile has them.
    """
    problems: list[EntryProblem] = []
    if not _is_int(declarer) or not 0 <= declarer < players or declarer == sitting_out:
        problems.append(EntryProblem("declarer", "seat_invalid"))
    if game not in DECLARED:
        return [*problems, EntryProblem("game", "unknown_game_type")]
    fault = contract_problem(
        game, hand=hand, schneider=schneider_announced, schwarz=schwarz_announced, ouvert=ouvert
    )
    if fault is not None:
        field = {"schneider": "schneider_announced", "schwarz": "schwarz_announced"}
        problems.append(EntryProblem(field.get(fault[0], fault[0]), fault[1]))
    if not _is_int(bid) or bid not in BID_VALUES:
        problems.append(EntryProblem("bid", "bid_not_a_value"))
    elif game == NULL and null_value(hand, ouvert) < bid:
        problems.append(
            EntryProblem(
                "game", "null_below_bid", params={"value": null_value(hand, ouvert), "bid": bid}
            )
        )
    if game == NULL:
        if matadors is not None:
            problems.append(EntryProblem("matadors", "null_has_no_matadors"))
        if won is None:
            problems.append(EntryProblem("won", "won_or_lost_required"))
    else:
        top = MAX_MATADORS[game]
        if not _is_int(matadors) or not 1 <= abs(matadors) <= top:
            problems.append(EntryProblem("matadors", "matadors_out_of_range", params={"high": top}))
        problems.extend(_result_problems(augen, won, schwarz))
    if (kontra or re) and not settings["kontra"]:
        problems.append(EntryProblem("kontra", "no_kontra_in_profile"))
    elif re and not kontra:
        problems.append(EntryProblem("re", "re_without_kontra"))
    return problems


def _result_problems(augen: Any, won: bool | None, schwarz: bool) -> list[EntryProblem]:
    if augen is None:
        return [] if won is not None else [EntryProblem("augen", "augen_or_won_required")]
    if won is not None:
        return [EntryProblem("won", "augen_and_won")]
    if not _is_int(augen) or not 0 <= augen <= TOTAL_AUGEN:
        return [EntryProblem("augen", "augen_out_of_range")]
    if schwarz and SKAT_MAX_AUGEN < augen < TOTAL_AUGEN:
        return [EntryProblem("schwarz", "schwarz_needs_all_tricks")]
    return []


def score_entry(
    settings: dict[str, Any] | Any,
    *,
    declarer: int,
    game: str,
    players: int = 3,
    sitting_out: int | None = None,
    hand: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
    matadors: int | None = None,
    augen: int | None = None,
    won: bool | None = None,
    schneider: bool = False,
    schwarz: bool = False,
    bid: int = 18,
    kontra: bool = False,
    re: bool = False,
    bock: bool = False,
) -> GameScore:
    """The score of an entry ``check_entry`` accepts (ValueError naming the problems else):
    value, overbid, won and list points."""
    problems = check_entry(
        settings, declarer=declarer, game=game, players=players, sitting_out=sitting_out,
        hand=hand, schneider_announced=schneider_announced, schwarz_announced=schwarz_announced,
        ouvert=ouvert, matadors=matadors, augen=augen, won=won, schneider=schneider,
        schwarz=schwarz, bid=bid, kontra=kontra, re=re,
    )  # fmt: skip
    if problems:
        raise ValueError("; ".join(f"{p.field}: {p.message()}" for p in problems))
    if augen is not None:
        outcome = outcome_from_augen(
            augen,
            schwarz=schwarz,
            schneider_announced=schneider_announced or schwarz_announced or ouvert,
            schwarz_announced=schwarz_announced or ouvert,
        )
        won, schneider, schwarz = outcome.won, outcome.schneider, outcome.schwarz
    assert won is not None
    return score_game(
        game, won=won, bid=bid, matadors=matadors, hand=hand, schneider=schneider,
        schwarz=schwarz, schneider_announced=schneider_announced,
        schwarz_announced=schwarz_announced, ouvert=ouvert,
        multiplier=doubling(kontra, re, bock),
    )  # fmt: skip
