"""The verdict's ``result`` of a finished deal, scored with the scorepad's own formulas.

schafkopf.md "Result" and "Misplay": the scores as played, and under ``misplay:
offender_pays`` the penalty scores too, judged at the first misplay. Called by
``State.result()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypedDict

from ..core import Violation
from .cards import AUGEN, TOTAL_AUGEN, Deck
from .contracts import SIE, Contract
from .tariff import (
    doublings,
    game_value,
    outcome_from_augen,
    penalty_settle,
    ramsch_losers,
    ramsch_multiplier,
    settle,
    settle_ramsch,
)


class State(Protocol):
    """What a result is read from: a finished deal (``state.State``, which builds on this
    module and calls it, so it is described here rather than imported)."""

    @property
    def contract(self) -> Contract: ...
    @property
    def settings(self) -> Mapping[str, Any]: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def finished(self) -> Sequence[Any]: ...  # the tricks, each with ``cards`` and ``winner``
    @property
    def stoss(self) -> int | None: ...
    @property
    def retour(self) -> int | None: ...
    @property
    def klopfen(self) -> tuple[int, ...]: ...
    @property
    def declaring_party(self) -> list[int]: ...
    @property
    def decided_in(self) -> int | None: ...
    @property
    def stoss_counts(self) -> bool: ...
    @property
    def retour_counts(self) -> bool: ...
    def augen_per_seat(self) -> list[int]: ...
    def tricks_per_seat(self) -> list[int]: ...
    def laufende(self) -> int: ...
    def schwarz_scored(self) -> bool: ...
    def first_misplay(self) -> Violation | None: ...
    def offender(self) -> int | None: ...


class _Terms(TypedDict):
    """What ``settle`` needs of a game besides its outcome."""

    laufende: int
    stoss: bool
    retour: bool
    klopfen: int
    suit: str | None


def game_result(state: State) -> dict[str, Any]:
    """Result of a game with a declarer (everything but Ramsch)."""
    contract, settings = state.contract, state.settings
    declarer = contract.declarer
    if declarer is None:
        raise ValueError("only a Ramsch has no declarer")
    party = state.declaring_party
    augen, tricks = state.augen_per_seat(), state.tricks_per_seat()
    if contract.type == SIE:  # shown, not played
        party_augen = party_tricks = None
        won, schneider, schwarz = True, False, False
    else:
        party_augen = sum(augen[seat] for seat in party)
        party_tricks = sum(tricks[seat] for seat in party)
        outcome = outcome_from_augen(
            party_augen, party_tricks, contract.type, all_tricks=state.deck.tricks
        )
        won, schneider = outcome.won, outcome.schneider
        schwarz = outcome.schwarz and state.schwarz_scored()
    laufende = state.laufende()
    terms = _Terms(
        laufende=laufende,
        stoss=state.stoss_counts,
        retour=state.retour_counts,
        klopfen=len(state.klopfen),
        suit=contract.suit,
    )
    partner = party[1] if len(party) == 2 else None
    scores = settle(
        settings, contract.type, declarer, partner,
        won=won, schneider=schneider, schwarz=schwarz, **terms,
    )  # fmt: skip
    value = game_value(
        settings,
        contract.type,
        schneider=schneider,
        schwarz=schwarz,
        laufende=laufende,
        suit=contract.suit,
    )
    result = {
        "scores": scores,
        "contract": contract.to_json(),
        "declaring_party": party,
        "augen": _by_party(party_augen, TOTAL_AUGEN),
        "tricks_won": _by_party(party_tricks, sum(tricks)),
        "augen_per_seat": augen,
        "tricks_per_seat": tricks,
        "won": won,
        "schneider": schneider,
        "schwarz": schwarz,
        "laufende": laufende,
        "value": value,
        "multiplier": doublings(
            settings, int(terms["stoss"]) + int(terms["retour"]) + terms["klopfen"]
        ),
        "stoss": state.stoss if terms["stoss"] else None,
        "retour": state.retour if terms["retour"] else None,
        "klopfen": list(state.klopfen),
    }
    if contract.is_bettel:
        result["decided_in"] = state.decided_in
    if settings["misplay"] == "offender_pays":
        misplay = state.first_misplay()
        result["offender"] = None if misplay is None else misplay.seat
        result["penalty_scores"] = scores
        if misplay is not None and misplay.seat is not None:
            offender = misplay.seat
            # Only a Schneider the innocent party had reached before the misplay's trick
            # counts; a game ended by a misplay is never Schwarz.
            schneider = party_augen is not None and not contract.is_bettel
            if schneider:
                innocent = [seat for seat in range(4) if (seat in party) != (offender in party)]
                reached = _augen_before(state, innocent, misplay.trick)
                schneider = reached >= (90 if offender in party else 91)
            result["penalty_schneider"] = schneider
            result["penalty_scores"] = penalty_settle(
                settings, contract.type, declarer, partner, offender,
                schneider=schneider, schwarz=False, **terms,
            )  # fmt: skip
    return result


def _augen_before(state: State, seats: list[int], trick: int | None) -> int:
    """The Augen ``seats`` had taken in the tricks finished before ``trick`` (1-based; None:
    before the first card), counted from the cards of those tricks."""
    done = state.finished[: 0 if trick is None else trick - 1]
    return sum(sum(AUGEN.get(c, 0) for c in t.cards) for t in done if t.winner in seats)


def ramsch_result(state: State) -> dict[str, Any]:
    """Result of a Ramsch: everybody for himself, the most Augen lose."""
    settings = state.settings
    augen, tricks = state.augen_per_seat(), state.tricks_per_seat()
    jungfrauen = [seat for seat, won in enumerate(tricks) if won == 0]
    klopfen = len(state.klopfen)
    scores = settle_ramsch(settings, augen, jungfrauen, klopfen=klopfen)
    result = {
        "scores": scores,
        "contract": state.contract.to_json(),
        "declaring_party": [],
        "augen_per_seat": augen,
        "tricks_per_seat": tricks,
        "losers": ramsch_losers(augen),
        "jungfrauen": jungfrauen,
        "value": settings["ramsch_price"],
        "multiplier": ramsch_multiplier(settings, len(jungfrauen), klopfen),
        "klopfen": list(state.klopfen),
    }
    if settings["misplay"] == "offender_pays":
        offender = state.offender()
        result["offender"] = offender
        result["penalty_scores"] = scores
        if offender is not None:
            result["penalty_scores"] = settle_ramsch(
                settings, augen, jungfrauen, klopfen=klopfen, losers=[offender]
            )
    return result


def _by_party(declaring: int | None, total: int) -> dict[str, int] | None:
    return None if declaring is None else {"declaring": declaring, "opponents": total - declaring}
