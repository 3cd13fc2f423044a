"""Schafkopf play: following, trick winners and the called-Sau duties, through the State.

Rules: docs/rules/schafkopf.md ("Play", "Rufspiel details"). The helpers at the top
(``hands_with``, ``finish``, the two Rufspiel deals) are shared by the other Schafkopf tests.
"""

import pytest

from scoring.rules.core import IllegalPlay
from scoring.rules.schafkopf import DECK, PROFILES, Contract, State
from scoring.rules.schafkopf.play import trick_winner

KURZ = {**PROFILES["kurzanleitung"], "profile": "kurzanleitung"}
NAMES = ["Anna", "Ben", "Cem", "Dora"]


def cards(text: str) -> list[str]:
    return text.split()


def hands_with(fixed: dict[int, str]) -> list[list[str]]:
    """A full deal: the given seats hold (at least) the given cards; the rest of the deck fills
    every hand up to 8 cards, seat by seat in deck order."""
    hands = [fixed.get(seat, "").split() for seat in range(4)]
    taken = {card for hand in hands for card in hand}
    rest = [card for card in DECK if card not in taken]
    for hand in hands:
        missing = 8 - len(hand)
        hand += rest[:missing]
        rest = rest[missing:]
    assert all(len(hand) == 8 for hand in hands) and not rest
    return hands


def finish(state: State, choose=None) -> list[str]:
    """Play the game to the end: ``choose(state, legal)`` picks a card (default: first legal)."""
    played = []
    while not state.is_over:
        legal = state.legal_plays()
        assert legal, f"no legal card for seat {state.to_play}"
        card = choose(state, legal) if choose else legal[0]
        state.play(card)
        played.append(card)
    return played


def strongest(state: State, legal: list[str]) -> str:
    led = state.trumps.suit_of[state.current[0]] if state.current else None
    return max(legal, key=lambda card: state.trumps.key(card, led))


# A Rufspiel on the Schellen-Sau, declarer Anna (seat 0), partner Cem (seat 2, holds SA):
# Anna draws the trumps, Ben wins trick 7 with GA and leads EA in trick 8, where Cem may at
# last discard the Sau. Declaring party 73 Augen; Anna's EO GO HO SO EU GU are 6 Laufende.
DISCARD_HANDS = [
    cards("EO GO HO SO EU GU S7 G7"),
    cards("EA E10 EK E9 E8 GA HU SU"),
    cards("SA HA H10 HK H9 H8 H7 E7"),
    cards("G10 GK G9 G8 S10 SK S9 S8"),
]
DISCARD_PLAYS = cards(
    "EO HU H7 G8  GO SU H8 G9  HO E8 H9 GK  SO E9 HK G10  EU EK H10 S8  GU E10 HA S9"
    "  G7 GA E7 SK  EA SA S10 S7"
)
DISCARD_CONTRACT = Contract("rufspiel", 0, called="S")

# A Rufspiel on the Eichel-Sau, declarer Anna (seat 0); Cem (seat 2) holds EA and only two
# more Eichel besides Ober and Unter, so he may not run away.
EICHEL_HANDS = hands_with({0: "E10 E7 GO HO GA G7 S7 H7", 2: "EA E9 E8 EU GU G10 GK SA"})
EICHEL_CONTRACT = Contract("rufspiel", 0, called="E")


def rufspiel_state(hands=EICHEL_HANDS, leader=0, contract=EICHEL_CONTRACT, settings=KURZ):
    return State(contract, settings, leader=leader, hands=hands, players=NAMES)


def test_trumps_are_their_own_suit_an_ober_does_not_follow_its_printed_suit():
    """ "Follow the led suit if you can; if trump is led, play trump if you can (trumps are
    their own suit: an Ober/Unter is never a card of its printed suit, except in Wenz for the
    Ober)"."""
    hands = hands_with({0: "E7 GA G7 S7 SA S10 H9 H8", 1: "EO EU GK G9 G8 S9 S8 SK"})
    state = State(Contract("solo", 3, suit="G"), KURZ, leader=0, hands=hands, players=NAMES)
    state.play("E7")
    # Ben holds EO and EU but no Eichel card: they are trumps, so he may play anything.
    assert sorted(state.legal_plays()) == sorted(hands[1])
    state.play("GK")  # a Gras-Solo: GK is a trump, played on Eichel
    assert state.violations == []


def test_when_trump_is_led_an_unter_must_be_played():
    """ "if trump is led, play trump if you can"."""
    hands = hands_with({0: "HA E7 GA G7 S7 SA S10 H9", 1: "EU EA E10 EK E9 GK G9 G8"})
    state = State(Contract("rufspiel", 3, called="G"), KURZ, leader=0, hands=hands, players=NAMES)
    state.play("HA")
    assert state.legal_plays() == ["EU"]
    [violation] = state.play("EA", strict=False)
    assert violation.rule == "follow_suit"
    assert violation.message(NAMES) == "Ben played EA although he held EU of the led suit trump"
    assert violation.message(NAMES, "de") == (
        "Ben spielte EA, obwohl EU der angespielten Farbe Trumpf auf der Hand war"
    )


def test_records_md_example_message_for_a_revoke():
    """records.md: "Ben played H9 although he held EA of the led suit Eichel"."""
    hands = hands_with({0: "E7 GA G7 S7 SA S10 H8 H7", 1: "EA H9 GK G9 G8 S9 S8 SK"})
    state = State(Contract("solo", 0, suit="G"), KURZ, leader=0, hands=hands, players=NAMES)
    state.play("E7")
    with pytest.raises(IllegalPlay) as raised:
        state.play("H9")
    assert raised.value.rule == "follow_suit"
    assert raised.value.message == "Ben played H9 although he held EA of the led suit Eichel"
    assert state.to_play == 1  # a strict refusal changes nothing


def test_in_wenz_the_ober_belongs_to_its_suit_and_the_unter_is_trump():
    """ "Wenz: EU GU HU SU only. In every suit the Ober ranks between König and Neun"."""
    hands = hands_with({0: "EA G7 S7 SA S10 H8 H7 HK", 1: "EO EU GK G9 G8 S9 S8 SK"})
    state = State(Contract("wenz", 2), KURZ, leader=0, hands=hands, players=NAMES)
    state.play("EA")
    assert state.legal_plays() == ["EO"]
    state.play("EO")
    assert state.violations == []


def test_no_duty_to_head_the_trick_or_to_ruff():
    """ "There is no duty to head the trick or to ruff; a player who cannot follow may play
    any card"."""
    hands = hands_with(
        {0: "GA E7 G7 S7 SA S10 H8 H7", 1: "G9 EO EU EK E9 E8 S9 S8", 2: "EA E10 GO GU HA HK SO SU"}
    )
    state = State(Contract("solo", 3, suit="E"), KURZ, leader=0, hands=hands, players=NAMES)
    state.play("GA")
    assert state.legal_plays() == ["G9"]  # must follow, but with any card: the low one
    state.play("G9")
    # Cem has no Gras (GO and GU are trumps): he may trump or throw off, as he likes.
    assert state.legal_plays() == hands[2]


@pytest.mark.parametrize(
    ("contract", "cards", "winner"),
    [
        (Contract("rufspiel", 0, called="E"), ["EA", "E7", "H7", "E10"], 2),  # lowest trump
        (Contract("rufspiel", 0, called="E"), ["E9", "GA", "SA", "E8"], 0),  # off-suit never wins
        (Contract("rufspiel", 0, called="E"), ["HA", "SU", "EO", "H10"], 2),  # Ober over Unter
        (Contract("solo", 0, suit="G"), ["HA", "H10", "G7", "HO"], 3),  # HO is a trump
        (Contract("solo", 0, suit="G"), ["HA", "H10", "G7", "HK"], 2),  # Herz no trump in Gras-Solo
        (Contract("wenz", 0), ["EK", "EO", "E9", "HA"], 0),  # K over O in Wenz
        (Contract("wenz", 0), ["EA", "HO", "SU", "GU"], 3),  # GU over SU
    ],
)
def test_trick_winner(contract, cards, winner):
    """ "Trick winner: the highest trump in the trick; if none, the highest card of the led
    suit"."""
    assert trick_winner(contract.trumps, cards) == winner


def test_called_suit_led_partner_must_play_the_sau():
    """ "when the called suit is led by anybody else, the partner must play the called Sau"."""
    state = rufspiel_state()
    state.play("E7")
    state.play(state.legal_plays()[0])
    assert state.legal_plays() == ["EA"]
    [violation] = state.check("E9")
    assert violation.rule == "called_ace_must_be_played"
    assert violation.message(NAMES) == (
        "Cem played E9 but had to play the called Sau EA: the called suit Eichel was led for "
        "the first time"
    )


def test_partner_leading_the_called_suit_must_lead_the_sau():
    """ "when the partner leads the called suit he must lead the Sau, unless he holds 4 or more
    cards of that suit (Ober and Unter not counted, the Sau counted)"."""
    state = rufspiel_state(leader=2)
    assert "E9" not in state.legal_plays() and "EA" in state.legal_plays()
    assert "G10" in state.legal_plays()  # any other suit may be led
    [violation] = state.play("E9", strict=False)
    assert violation.rule == "called_suit_led_without_ace"
    assert "holding only 3 cards of that suit" in violation.message(NAMES)


def test_davonlaufen_with_four_cards_then_the_sau_is_an_ordinary_card():
    """ "then he may lead another card of that suit ("davonlaufen"). Once the called suit has
    been led (also by davonlaufen), the Sau is an ordinary card: the partner follows the suit
    with any card of it and may discard the Sau"."""
    hands = hands_with({0: "E10 E7 GO HO GA G7 S7 H7", 2: "EA EK E9 E8 EU GU S8 SK"})
    state = rufspiel_state(hands=hands, leader=2)
    assert "E9" in state.legal_plays()  # four Eichel: EA EK E9 E8
    for card in ("E9", "SA", "E10", "G10"):  # Cem runs away, Anna wins with E10
        state.play(card)
    assert state.called_led_in == 0 and state.leader == 0
    follow = state.copy()
    follow.play("E7")
    follow.play(follow.legal_plays()[0])
    assert sorted(follow.legal_plays()) == ["E8", "EA", "EK"]
    discard = state.copy()
    discard.play("G7")
    discard.play("G8")
    assert "EA" in discard.legal_plays()  # no Gras: he may discard the Sau now


def test_sau_may_not_be_discarded_before_the_eighth_trick_but_in_it():
    """ "the partner may not discard the called Sau on another suit, except in the 8th trick"."""
    state = rufspiel_state(DISCARD_HANDS, 0, DISCARD_CONTRACT)
    for card in DISCARD_PLAYS[:26]:
        state.play(card)
    # Trick 7: Gras led, Cem holds no Gras and no trump, only SA and E7.
    assert state.to_play == 2 and state.hand(2) == ["SA", "E7"]
    assert state.legal_plays() == ["E7"]
    [violation] = state.check("SA")
    assert violation.rule == "called_ace_discarded"
    assert violation.message(NAMES, "de") == (
        "Cem schmierte die gerufene Sau SA, bevor die Ruffarbe Schellen angespielt wurde "
        "(erst im 8. Stich erlaubt)"
    )
    for card in DISCARD_PLAYS[26:]:
        state.play(card)  # strict: SA discarded on EA in the 8th trick is legal
    assert state.is_over and state.violations == []


def test_duties_end_once_the_called_suit_was_led():
    """ "The following duties hold only while the called suit has not yet been led"."""
    state = rufspiel_state()
    state.play("E7")
    state.play(state.legal_plays()[0])
    state.play("EA")
    state.play(state.legal_plays()[0])
    assert state.called_led_in == 0
    # From now on Cem is bound by nothing but following.
    while not state.is_over:
        state.play(state.legal_plays()[0])
    assert state.violations == []


def test_a_legal_card_always_exists_and_strict_play_refuses_illegal_ones():
    state = rufspiel_state(DISCARD_HANDS, 0, DISCARD_CONTRACT)
    played = finish(state)
    assert len(played) == 32 and state.is_over
    assert state.legal_plays() == [] and state.to_play is None


def test_copy_is_independent():
    state = rufspiel_state()
    state.play("E7")
    twin = state.copy()
    twin.play(twin.legal_plays()[0])
    assert len(state.current) == 1 and len(twin.current) == 2
    assert state.hand(1) != twin.hand(1)


def test_stoss_window_and_parties():
    """ "Until the second card of the game is played ... any player of the opposing party may
    say Stoß (×2). After a Stoß, within the same window, a player of the declaring party may
    answer Retour"."""
    state = rufspiel_state()
    with pytest.raises(IllegalPlay) as raised:
        state.say_stoss(2)  # Cem holds the called Sau: he belongs to the declaring party
    assert raised.value.rule == "stoss_not_allowed"
    with pytest.raises(IllegalPlay) as raised:
        state.say_retour(0)
    assert raised.value.rule == "retour_without_stoss"
    state.play("E7")
    state.say_stoss(1)  # while only the lead lies on the table
    with pytest.raises(IllegalPlay) as raised:
        state.say_retour(3)
    assert raised.value.rule == "retour_not_allowed"
    state.say_retour(2)
    state.play(state.legal_plays()[0])
    late = rufspiel_state()
    late.play("E7")
    late.play(late.legal_plays()[0])
    with pytest.raises(IllegalPlay) as raised:
        late.say_stoss(1)  # the second card is down: too late
    assert raised.value.message == "Ben may not say Stoß: the second card has been played"
    assert state.stoss_counts and state.retour_counts
