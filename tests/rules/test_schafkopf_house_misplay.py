"""Misplay under ``offender_pays`` judged at the violation: docs/rules/schafkopf.md ("Misplay").

"Schneider counts in the penalty result only if the non-offending party had reached it in
the tricks completed before the trick in which the (first) violation happened"; "a game
ended by a misplay is never Schwarz". The two examples of the rules page are played here.
"""

from __future__ import annotations

from typing import Any

from scoring.rules import records
from scoring.rules.schafkopf import State
from scoring.rules.schafkopf.record import read_game_keys
from tests.rules.test_schafkopf_play import cards

# A Rufspiel on the Eichel-Sau of Anna (seat 0) with Ben (seat 1, holds EA) in turnier-1-15.
HANDS = [
    cards("G9 EK HA G10 S8 S7 SK H7"),
    cards("GA E8 H9 GO G7 EA SU EO"),
    cards("SA GK HK HU E7 EU H10 E10"),
    cards("G8 GU E9 S10 SO HO S9 H8"),
]
# Tricks 1-6: the declaring party takes 98 Augen; trick 7 is led by Ben with E8.
SIX_TRICKS = cards(
    "H7 GO H10 HO  G7 GK G8 G10  G9 GA SA S10  EA E10 E9 EK  SU HK SO HA  GU SK EO EU"
)


def record(plays: list[str], **changes: Any) -> dict[str, Any]:
    return {
        "format": "record/1",
        "game": "schafkopf",
        "profile": "turnier-1-15",
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "dealer": 3,
        "hands": HANDS,
        "plays": plays,
        "contract": {"type": "rufspiel", "declarer": 0, "called": "E"},
        **changes,
    }


def played_out(plays: list[str], **changes: Any) -> dict[str, Any]:
    """The record with ``plays`` and then each seat's first legal card to the end."""
    _, data, settings = records.read(record(plays, **changes))
    keys = read_game_keys(data, settings)
    state = State(keys["contract"], settings, leader=keys["leader"], hands=data["hands"])
    for card in plays:
        state.play(card, strict=False)
    plays = list(plays)
    while not state.complete:
        card = state.legal_plays()[0]
        state.play(card)
        plays.append(card)
    return record(plays, **changes)


def test_the_declaring_party_had_98_augen_before_the_trick_of_the_revoke():
    """Example: "an opponent revokes in trick 7 after the declaring party took 98 Augen in
    tricks 1–6 → +2, +2, −4, 0"."""
    verdict = records.verify(played_out([*SIX_TRICKS, "E8", "HU"]))  # Cem holds E7
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations] == [(7, 2, "follow_suit")]
    result = verdict.result
    assert sum(result["augen_per_seat"][:2]) >= 91
    assert result["offender"] == 2
    assert result["penalty_scores"] == [2, 2, -4, 0]


def test_a_revoke_in_the_first_trick_is_paid_at_the_plain_value_whatever_follows():
    """Example: "an opponent revokes in trick 1 → +1, +1, 0, −2 (whatever happens after)"."""
    verdict = records.verify(played_out(cards("H7 GO H10 G8")))  # Dora holds trumps
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations] == [(1, 3, "follow_suit")]
    assert verdict.result["offender"] == 3
    assert verdict.result["penalty_scores"] == [1, 1, 0, -2]


def test_a_schneider_reached_only_after_the_revoke_does_not_count():
    """Cem revokes in trick 5, when the declaring party had 87 Augen; it ends with 96 as
    played (Schneider), but the penalty is the plain value."""
    verdict = records.verify(played_out([*SIX_TRICKS[:16], "SU", "E7"]))  # Cem holds HK
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations] == [(5, 2, "follow_suit")]
    assert verdict.result["augen"] == {"declaring": 96, "opponents": 24}
    assert verdict.result["scores"] == [2, 2, -2, -2]  # as played: Schneider
    assert verdict.result["penalty_scores"] == [1, 1, -2, 0]


def test_a_misplay_of_the_declarer_makes_his_party_lose_and_his_partner_score_0():
    """Anna does not follow Gras in trick 2 (she holds G9 and G10): the opponents had taken
    nothing before it, so no Schneider; Anna pays her partner's share too."""
    verdict = records.verify(played_out([*SIX_TRICKS[:4], "G7", "GK", "G8", "S8"]))
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations] == [(2, 0, "follow_suit")]
    assert verdict.result["offender"] == 0
    assert verdict.result["penalty_scores"] == [-2, 0, 1, 1]
