"""Schafkopf cards, trump orders, contract validity and announcements.

Rules: docs/rules/schafkopf.md ("Material", "Contracts and their rank", "Trumps",
"Rufspiel details", "Solo details", "Wenz details").
"""

import pytest

from scoring.rules.schafkopf import (
    AUGEN,
    DECK,
    PROFILES,
    Contract,
    after_all_passed,
    contract_problem,
    resolve_announcements,
    valid_contracts,
)
from tests.rules.test_schafkopf_play import cards

KURZ = PROFILES["kurzanleitung"]


def test_deck_and_augen():
    """ "32 cards ... Augen (card points): A 11, 10 10, K 4, O 3, U 2, 9/8/7 0; 120 in all"."""
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert {"EO", "GU", "HA", "S10", "E7"} <= set(DECK)
    assert (AUGEN["EA"], AUGEN["G10"], AUGEN["HK"], AUGEN["SO"], AUGEN["EU"], AUGEN["S9"]) == (
        11, 10, 4, 3, 2, 0,
    )  # fmt: skip
    assert sum(AUGEN.values()) == 120


def test_trump_orders():
    """ "Rufspiel: EO GO HO SO, EU GU HU SU, HA H10 HK H9 H8 H7 (14 trumps). Solo in suit X:
    the same with X in place of Herz. Wenz: EU GU HU SU only"."""
    ober_unter = cards("EO GO HO SO EU GU HU SU")
    assert list(Contract("rufspiel", 0, called="E").trumps.order) == [
        *ober_unter, "HA", "H10", "HK", "H9", "H8", "H7",
    ]  # fmt: skip
    assert list(Contract("solo", 0, suit="S").trumps.order)[8:] == cards("SA S10 SK S9 S8 S7")
    assert list(Contract("wenz", 0).trumps.order) == cards("EU GU HU SU")
    assert list(Contract("ramsch").trumps.order) == list(
        Contract("rufspiel", 0, called="G").trumps.order
    )


def test_plain_suit_orders():
    """ "Non-trump suits: A 10 K (O in Wenz) 9 8 7" — Herz is an ordinary suit in a Gras-Solo."""
    solo = Contract("solo", 0, suit="G").trumps
    herz = sorted((c for c in DECK if solo.suit_of[c] == "H"), key=solo.strength.get, reverse=True)
    assert herz == cards("HA H10 HK H9 H8 H7")
    wenz = Contract("wenz", 0).trumps
    eichel = sorted(
        (c for c in DECK if wenz.suit_of[c] == "E"), key=wenz.strength.get, reverse=True
    )
    assert eichel == cards("EA E10 EK EO E9 E8 E7")


def test_rufspiel_calls_only_a_sau_not_held_with_a_plain_card_of_its_suit():
    """ "He may only call a Sau he does not hold, of a suit in which he holds at least one card
    that is neither Ober nor Unter"."""
    hand = cards("EA E9 GO GU SO SU H7 HA")
    assert contract_problem(Contract("rufspiel", 0, called="G"), hand, KURZ) == {
        "reason_en": "he holds no Gras card other than Ober and Unter",
        "reason_de": "keine Gras-Karte außer Ober und Unter auf der Hand",
    }
    held = contract_problem(Contract("rufspiel", 0, called="E"), hand, KURZ)
    assert held["reason_en"] == "he holds the called Sau EA himself"
    assert (
        contract_problem(
            Contract("rufspiel", 0, called="S"), cards("EA S7 GO GU SO SU H7 HA"), KURZ
        )
        is None
    )


def test_no_rufspiel_with_all_callable_saue():
    """ "If no Sau can be called, he cannot play a Rufspiel" (source: all four Säue held)."""
    hand = cards("EA GA SA HA E7 G7 S7 H7")
    assert not [c for c in valid_contracts(hand, 0, KURZ) if c.type == "rufspiel"]


def test_solo_needs_a_card_of_its_suit_unless_the_setting_is_off():
    """ "The declarer must hold at least one card of the announced suit other than Ober and
    Unter [...; profile setting `solo_needs_suit_card`, default true]"."""
    hand = cards("EO GO HO SO EU GU HU SU")  # a Sie hand: no suit cards at all
    solo = Contract("solo", 0, suit="H")
    assert contract_problem(solo, hand, KURZ)["reason_en"] == (
        "he holds no Herz card other than Ober and Unter"
    )
    assert contract_problem(solo, hand, {**KURZ, "solo_needs_suit_card": False}) is None
    assert contract_problem(Contract("sie", 0), hand, KURZ) is None


def test_wenz_needs_nothing_and_sie_needs_all_ober_and_unter():
    """ "Wenz has no holding requirement (it may be played without any Unter)"; "Sie — the
    declarer holds all 4 Ober and all 4 Unter"."""
    hand = cards("EA E10 GA G10 SA S10 HA H10")
    assert contract_problem(Contract("wenz", 0), hand, KURZ) is None
    assert contract_problem(Contract("sie", 0), hand, KURZ)["reason_de"] == (
        "nicht alle vier Ober und alle vier Unter auf der Hand"
    )
    kinds = {c.type for c in valid_contracts(hand, 0, KURZ)}
    assert kinds == {"solo", "solo_tout", "wenz", "wenz_tout"}  # no Sau left to call


@pytest.mark.parametrize(
    ("leader", "announced", "winner"),
    [
        (1, [None, "rufspiel", None, "rufspiel"], 1),  # equal rank: the earlier seat keeps it
        (1, [None, "rufspiel", None, "wenz"], 3),  # higher rank takes it
        (1, ["solo", "solo", None, None], 1),  # the solo suit does not count; 1 speaks first
        (3, ["solo", "solo", None, None], 0),  # from seat 3 on, seat 0 speaks before seat 1
        (0, ["wenz_tout", "solo_tout", "wenz", "sie"], 3),
        (0, ["solo_tout", "wenz_tout", "solo", "wenz"], 0),
        (2, [None, None, None, None], None),
    ],
)
def test_announcement_resolution(leader, announced, winner):
    """ "a later player can only take the game with a higher-ranked contract; at equal rank the
    earlier seat (from left of the dealer) keeps it"; rank Sie > Solo-Tout > Wenz-Tout > Solo >
    Wenz > Rufspiel."""
    assert resolve_announcements(leader, announced) == winner


def test_what_happens_when_nobody_plays():
    """ "If nobody announces, the cards are thrown in and the deal passes on [...`passed_deal`:
    `next_dealer` (default) or `same_dealer`]"; clubs: Ramsch or a forced game."""
    assert after_all_passed(KURZ, 3) == {"action": "redeal", "dealer": 0}
    assert after_all_passed({**KURZ, "passed_deal": "same_dealer"}, 3) == {
        "action": "redeal",
        "dealer": 3,
    }
    assert after_all_passed({**KURZ, "passed_deal": "ramsch"}, 3) == {"action": "ramsch"}
    hands = [["E7"], ["G7"], ["EO"], ["S7"]]
    forced = {**KURZ, "passed_deal": "forced"}
    assert after_all_passed(forced, 3, hands=hands) == {"action": "forced", "seat": 2}
    assert after_all_passed(forced, 3) == {"action": "forced", "seat": None}


def test_contract_names_for_messages():
    assert Contract("rufspiel", 0, called="G").name("de") == "ein Rufspiel auf die Gras-Sau"
    assert Contract("solo_tout", 0, suit="S").name() == "a Schellen-Solo-Tout"
