"""Bettel through the verifier: docs/rules/schafkopf.md ("Bettel", "Misplay").

"no trumps, Ober and Unter in their printed suits (A K O U 10 9 8 7)"; "lost as soon as the
declarer takes a trick; a record may go on, and the verdict says which trick decided it.
Violations after that trick do not change the result"; Stichzwang.
"""

from __future__ import annotations

from typing import Any

from scoring.rules import records
from tests.rules.test_schafkopf_play import cards

# Anna (seat 0) plays a Bettel in the stammtisch profile (Bettel at the Rufspiel price, 20).
HANDS = [
    cards("E7 EK G7 G8 H7 H8 S7 SA"),
    cards("EA E8 EO EU E10 E9 GA GK"),
    cards("GO GU G10 G9 HA HK HO HU"),
    cards("H10 H9 S8 SK SO SU S10 S9"),
]


# A Bettel Anna cannot lose: she holds the four lowest cards of every suit.
LOW_HANDS = [
    cards("E7 E8 G7 G8 H7 H8 S7 S8"),
    cards("EA EK EO EU E10 E9 GA GK"),
    cards("GO GU G10 G9 HA HK HO HU"),
    cards("H10 H9 SA SK SO SU S10 S9"),
]


def bettel(plays: str, dealer: int = 3, type_: str = "bettel", hands=HANDS, **settings: Any):
    return records.verify(
        {
            "format": "record/1",
            "game": "schafkopf",
            "profile": "stammtisch",
            "settings": {"contracts": ["rufspiel", "bettel", "bettel_ouvert"], **settings},
            "players": ["Anna", "Ben", "Cem", "Dora"],
            "dealer": dealer,
            "hands": hands,
            "plays": cards(plays),
            "contract": {"type": type_, "declarer": 0},
        }
    )


def broken(verdict) -> list[tuple[int | None, int | None, str]]:
    return [(v.trick, v.seat, v.rule) for v in verdict.violations]


def test_ober_and_unter_follow_their_printed_suits_and_rank_below_the_koenig():
    """EO follows Eichel and takes E7 (A K O U 10 ...); GO is no trump: Cem, without Eichel,
    may throw it; Dora's EU... is Ben's: nothing is trump."""
    verdict = bettel("E7 EO GO H9")
    assert verdict.valid and verdict.tricks[0]["winner"] == 1


def test_an_ober_is_not_a_card_of_the_led_suit_gras():
    """The issue's example: Ben plays EO on Gras although he holds Gras cards."""
    verdict = bettel("G7 EO G9 S9")
    assert broken(verdict) == [(1, 1, "follow_suit")]
    german = verdict.to_json("de")["violations"][0]["message"]
    assert german == "Ben spielte EO, obwohl GA der angespielten Farbe Gras auf der Hand war"


def test_the_first_trick_of_the_declarer_decides_and_later_faults_change_nothing():
    """Anna takes trick 1 with SA: the Bettel is lost there (complete, with a result); the
    record goes on, and Ben's revoke in trick 2 is reported but makes nobody the offender."""
    decided = bettel("SA GA HA S9")
    assert decided.valid and decided.complete and decided.to_play is None
    assert decided.result["decided_in"] == 1 and decided.result["won"] is False
    assert decided.result["scores"] == [-60, 20, 20, 20]
    assert (decided.result["schneider"], decided.result["schwarz"]) == (False, False)
    assert decided.result["laufende"] == 0
    later = bettel("SA GA HA S9  E7 GK G9 S8", misplay="offender_pays")
    assert broken(later) == [(2, 1, "follow_suit")]
    assert later.result["decided_in"] == 1 and later.result["offender"] is None
    assert later.result["penalty_scores"] == later.result["scores"] == [-60, 20, 20, 20]


def test_a_fault_in_the_deciding_trick_makes_the_offender_pay_the_bettel():
    """ "In a Bettel the offender's party loses at the Bettel's value": Dora does not follow
    Schellen in trick 1, which Anna takes; Dora pays the Bettel alone."""
    verdict = bettel("SA GA HA H9", misplay="offender_pays")
    assert broken(verdict) == [(1, 3, "follow_suit")]
    assert verdict.result["offender"] == 3
    assert verdict.result["penalty_scores"] == [60, 0, 0, -60]


def test_a_bettel_without_a_trick_is_won_and_ouvert_pays_double():
    """Anna ducks every trick: won at the Bettel's value; Bettel ouvert twice that."""
    plays = "E7 EA HA SA  GA GO SK G7  EK HK SO E8  GK GU SU G8  EO HO H10 H7"
    plays += "  EU HU S10 S7  E10 G10 H9 H8  E9 G9 S9 S8"
    won = bettel(plays, hands=LOW_HANDS)
    assert won.valid and won.complete, broken(won)
    assert won.result["tricks_per_seat"][0] == 0 and won.result["decided_in"] is None
    assert won.result["scores"] == [60, -20, -20, -20]
    ouvert = bettel(plays, type_="bettel_ouvert", hands=LOW_HANDS)
    assert ouvert.result["scores"] == [120, -40, -40, -40]


def test_stichzwang_names_the_card_that_should_have_headed_the_trick():
    """ "a player following suit in a Bettel must play a card higher than the best card of
    the trick if he has one (violation rule name `stichzwang`)": Ben leads E10, Anna plays
    E7 although EK heads it; without Stichzwang that is legal."""
    assert bettel("E10 GO H9 E7", dealer=0).valid
    verdict = bettel("E10 GO H9 E7", dealer=0, bettel_stichzwang=True)
    assert broken(verdict) == [(1, 0, "stichzwang")]
    message = verdict.to_json()["violations"][0]["message"]
    assert message == (
        "Anna played E7 although he could head the trick with EK "
        "(Stichzwang in the led suit Eichel)"
    )
    off_suit = bettel("E10 GO H9 S7", dealer=0, bettel_stichzwang=True)
    assert broken(off_suit) == [(1, 0, "follow_suit")]  # not even following
