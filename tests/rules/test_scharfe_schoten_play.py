"""Scharfe Schoten play: ranking, super trumps, following, trick winners and the spice
cupboard (docs/rules/scharfe-schoten.md, "A round"), through ``State``."""

import pytest

from scoring.rules.core import IllegalPlay
from scoring.rules.scharfe_schoten import (
    CARDS,
    State,
    card_strengths,
    colour_order,
    super_trumps,
)
from scoring.rules.scharfe_schoten.play import trick_winner_offset

# The rulebook's example page: green 10 > black 9 > red 2 > yellow 1.
RULEBOOK_NUMBERS = {"R": 2, "G": 10, "Y": 1, "B": 9}
NAMES = ["Anna", "Ben", "Cem", "Dora"]
PREDICTIONS = [
    {"most": "R", "fewest": "Y"},
    {"most": "B", "fewest": "R"},
    {"most": "G", "fewest": "B"},
    {"most": "Y", "fewest": "G"},
]
# A 4-player deal for the rulebook's trick: Anna leads R9, Ben has no red card, Cem and Dora
# must follow red, Dora holds the red super trump R2. The cupboard (the 8 cards nobody
# holds) is R1 R10 R12 Y1 Y11 Y12 B11 B12: three red, no green, three yellow, two black.
HANDS = [
    ["R3", "R6", "R9", "G1", "G2", "G3", "Y2", "Y3", "B1", "B2"],
    ["G4", "G5", "G6", "Y4", "Y5", "Y6", "B3", "B8", "B9", "B10"],
    ["R4", "R7", "R11", "G7", "G8", "G9", "Y7", "Y8", "B4", "B5"],
    ["R2", "R5", "R8", "G10", "G11", "G12", "Y9", "Y10", "B6", "B7"],
]


def new_state(hands=HANDS, start=0):
    return State(hands, RULEBOOK_NUMBERS, start, PREDICTIONS[: len(hands)], names=NAMES)


def play_all(state, actions):
    for action in actions:
        state.play(action)
    return state


def test_colours_rank_by_their_number_cards():
    """ "Example from the rulebook: green 10 > black 9 > … > yellow 1; green is the highest
    colour, yellow the lowest"."""
    assert colour_order(RULEBOOK_NUMBERS) == ["G", "B", "R", "Y"]
    assert super_trumps(RULEBOOK_NUMBERS) == ["G10", "B9", "R2", "Y1"]


def test_super_trumps_beat_everything_and_rank_in_colour_order():
    """ "they rank among themselves in the same order (the super trump of the top colour is
    the highest card of the game)"."""
    strengths = card_strengths(RULEBOOK_NUMBERS)
    assert max(CARDS, key=strengths.__getitem__) == "G10"
    assert trick_winner_offset(["G12", "Y1", "B12"], strengths) == 1  # lowest super trump
    assert trick_winner_offset(["Y1", "R2", "B9", "G9"], strengths) == 2


def test_higher_colour_beats_led_colour_and_value_decides_within_a_colour():
    """ "otherwise the highest value among the cards of the highest-ranked colour present in
    the trick (the led colour has no special rank: a higher colour played as a discard
    wins)"."""
    strengths = card_strengths(RULEBOOK_NUMBERS)
    assert trick_winner_offset(["Y12", "R1", "Y11"], strengths) == 1
    assert trick_winner_offset(["B3", "B8", "R12", "B5"], strengths) == 1
    assert trick_winner_offset(["R12", "G1", "G3", "B12"], strengths) == 2


def test_rulebook_trick_red_super_trump_wins():
    """Rulebook: red 9 led, black 8 (no red in hand) beats it, red 11 stays below the black 8,
    the super trump "red 2" takes the trick (rules: "Trick winner: the highest super trump
    in the trick, if any")."""
    state = play_all(new_state(), ["R9", "B8", "R11", "R2"])
    assert state.tricks == [{"leader": 0, "cards": ["R9", "B8", "R11", "R2"], "winner": 3}]
    assert state.collected[3] == {"R": 3, "G": 0, "Y": 0, "B": 1}
    # "plus one more card from the spice cupboard": Dora picks before she leads
    assert state.awaiting_pick and state.to_play == 3
    state.play("Y")
    assert state.collected[3] == {"R": 3, "G": 0, "Y": 1, "B": 1}
    assert not state.awaiting_pick and state.to_play == 3


def test_rulebook_trick_with_black_9_the_black_super_trump_wins():
    """Rulebook: "If the second player had played the super trump "black 9" instead of the
    black 8, he would have taken the trick"."""
    state = play_all(new_state(), ["R9", "B9", "R11", "R2"])
    assert state.tricks[0]["winner"] == 1
    assert state.to_play == 1 and state.awaiting_pick


def test_must_follow_the_led_colour_if_able():
    """ "Each other player, in turn clockwise, must play the led colour if able ...
    otherwise any card"."""
    state = play_all(new_state(), ["R9"])
    assert state.legal_plays() == sorted(HANDS[1], key=CARDS.index)  # Ben has no red
    state.play("B8")
    assert state.legal_plays() == ["R4", "R7", "R11"]
    with pytest.raises(IllegalPlay) as raised:
        state.play("G7")
    assert raised.value.rule == "follow_suit"
    assert raised.value.message == "Cem played G7 while holding R4, R7, R11 of the led colour red"
    assert state.trick == ["R9", "B8"]  # a refused card changes nothing


def test_super_trumps_follow_their_own_colour():
    """ "(super trumps are cards of their colour and follow this duty too)"."""
    state = play_all(new_state(), ["R9", "B8", "R11"])
    assert "R2" in state.legal_plays()
    assert "G10" not in state.legal_plays()  # the green super trump is no way out
    with pytest.raises(IllegalPlay, match="G10") as raised:
        state.play("G10")
    assert raised.value.rule == "follow_suit"
    # and a super trump may not be played on another colour while that colour is held
    state = play_all(new_state(start=1), ["B3", "B4"])
    assert state.legal_plays() == ["B6", "B7"]
    assert state.check_card("R2")[0].rule == "follow_suit"


def test_strict_play_refuses_cards_not_in_hand_and_names_the_holder():
    state = new_state()
    with pytest.raises(IllegalPlay) as raised:
        state.play("R5")
    assert raised.value.rule == "card_not_in_hand"
    assert raised.value.message == "Anna played R5 but does not hold it (Dora holds it)"
    with pytest.raises(IllegalPlay, match="spice cupboard"):
        state.play("R12")
    with pytest.raises(IllegalPlay) as raised:
        state.play("R13")
    assert raised.value.rule == "unknown_card"


def test_not_strict_records_the_card_anyway_and_returns_the_violations():
    state = new_state()
    state.play("R9")
    violations = state.play("G4", strict=False)
    assert violations == [] and state.trick == ["R9", "G4"]
    violations = state.play("G7", strict=False)
    assert [v.rule for v in violations] == ["follow_suit"]
    assert state.trick == ["R9", "G4", "G7"] and "G7" not in state.hands[2]


def test_cupboard_picks_only_colours_it_still_has():
    """ "The winner adds the trick to his collection plus one cupboard card of a colour of
    his choice (he picks by the visible back ...)"."""
    state = play_all(new_state(), ["R9", "B8", "R11", "R2"])
    assert state.legal_plays() == ["R", "Y", "B"]  # the cupboard has no green
    with pytest.raises(IllegalPlay) as raised:
        state.play("G")
    assert raised.value.rule == "cupboard_colour_empty"
    violations = state.pick("G", strict=False)
    assert [v.rule for v in violations] == ["cupboard_colour_empty"]
    assert (violations[0].trick, violations[0].seat) == (1, 3)
    assert violations[0].message(NAMES, "de") == (
        "Dora nahm nach Stich 1 eine Karte in Grün aus dem Gewürzschrank, dort lag aber keine"
        " mehr in Grün"
    )


def test_cupboard_lasts_8_of_10_tricks_with_4_players():
    """ "with 4 players it is empty after 8 of the 10 tricks"."""
    state = new_state()
    picks = 0
    while not state.is_over:
        if state.awaiting_pick:
            picks += 1
            assert len(state.tricks) <= 8
        state.play(state.legal_plays()[0])
    assert picks == 8 and len(state.tricks) == 10
    assert state.cupboard == {"R": 0, "G": 0, "Y": 0, "B": 0}
    totals = [sum(counts.values()) for counts in state.collected]
    assert sum(totals) == 48


def test_cupboard_lasts_exactly_the_12_tricks_with_3_players():
    """ "With 3 players the cupboard (12) lasts exactly the 12 tricks"."""
    hands = [CARDS[0:12], CARDS[12:24], CARDS[24:36]]  # the cupboard is all black
    state = new_state(hands)
    assert state.cupboard == {"R": 0, "G": 0, "Y": 0, "B": 12}
    while len(state.tricks) < 12:
        state.play(state.legal_plays()[0])
    assert not state.is_over and state.awaiting_pick  # the 12th pick is still due
    state.play("B")
    assert state.is_over and state.to_play is None
    assert state.picks == ["B"] * 12
    assert [sum(counts.values()) for counts in state.collected] == [
        4 * won for won in state.tricks_won
    ]


def test_result_lists_scores_collections_tricks_and_prediction_points():
    state = new_state()
    while not state.is_over:
        state.play(state.legal_plays()[-1])
    result = state.result()
    assert set(result) >= {"scores", "collected", "tricks_won", "predictions"}
    for seat, prediction in enumerate(result["predictions"]):
        assert prediction["most"] == PREDICTIONS[seat]["most"]
        parts = prediction["most_points"] + prediction["fewest_points"] + prediction["difference"]
        assert result["scores"][seat] == prediction["total"] == parts
    assert sum(result["tricks_won"]) == 10
    assert result["super_trumps"] == ["G10", "B9", "R2", "Y1"]


def test_result_is_none_until_the_round_is_over_and_copy_is_independent():
    state = play_all(new_state(), ["R9", "B8"])
    clone = state.copy()
    clone.play("R11")
    assert state.trick == ["R9", "B8"] and "R11" in state.hands[2]
    assert state.result() is None
    assert clone.to_play == 3 and state.to_play == 2


def test_without_hands_every_card_not_yet_played_is_legal():
    """records.md: without hands the engine "still checks order, duplicates, trick winners
    and scores, but not the duties to follow" — so the State offers every card still out
    (as the other games do) and judges only what it can."""
    state = State(None, RULEBOOK_NUMBERS, 0, PREDICTIONS, players=4, names=NAMES)
    assert state.legal_plays() == list(CARDS) and state.hand(0) is None
    play_all(state, ["R9", "B8", "R11", "R2"])  # Dora's super trump wins; she picks
    assert state.legal_plays() == ["R", "G", "Y", "B"]  # the cupboard's contents are unknown
    state.play("G")
    assert state.legal_plays() == [c for c in CARDS if c not in ("R9", "B8", "R11", "R2")]
    assert state.play("G7") == []  # any colour may follow: the duty cannot be checked
    with pytest.raises(IllegalPlay) as raised:
        state.play("R9")
    assert raised.value.rule == "card_played_twice"


def test_hand_lists_the_cards_still_held_in_card_order():
    state = play_all(new_state(), ["R9"])
    assert state.hand(0) == ["R3", "R6", "G1", "G2", "G3", "Y2", "Y3", "B1", "B2"]
    assert state.hand(1) == HANDS[1]
