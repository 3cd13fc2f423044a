"""Properties of whole Stichwahl hands: a legal action always exists until the end, no card
is lost or doubled, a hand replays to the same verdict, simulated hands verify as valid and
the fast playout agrees with the State (docs/rules/stichwahl.md, records.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import records
from scoring.rules.draws import make_rng
from scoring.rules.stichwahl import (
    PROFILES,
    State,
    card_total,
    check_hand,
    deal_hand,
    default_deck,
    hand_points,
    playout,
    simulate,
)

from .roundtrip import assert_roundtrip
from .test_stichwahl_play import cards_in_game

STANDARD = PROFILES["standard"]
SIMULATED_HANDS = 1000  # per player count


def dealt(players, seed):
    deal = deal_hand(make_rng(seed), default_deck(), players, STANDARD)
    names = ["Anna", "Ben", "Cem", "Dora"][:players]
    return deal, State(None, deal.trump, deal.marker, deal.start, deal.hands, names=names)


def record_of(deal, state, first_bonus, events):
    return {
        "format": "record/1",
        "game": "stichwahl",
        "players": state.names,
        "hands": deal.hands,
        "deck": default_deck().ref,
        "trump": {"family": deal.trump, "marker": deal.marker},
        "first_bonus": first_bonus,
        "start": deal.start,
        "events": events,
    }


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), data=st.data())
def test_any_legal_hand_keeps_every_card_and_replays_identically(players, seed, data):
    """A legal action exists until the hand is over; every card stays in exactly one place
    (hands, bonus cards, point piles, discard, draw pile, trick); the record of the hand
    verifies as valid with the same tricks and result."""
    deal, state = dealt(players, seed)
    first_bonus, events = [], []
    while not state.is_over:
        options = state.legal_plays()
        assert options, "no legal action although the hand is not over"
        action = data.draw(st.sampled_from(options))
        assert state.play(action) == []
        (first_bonus if "first_bonus" in action else events).append(action)
        assert cards_in_game(state) == card_total(players)
    first_bonus = [action["first_bonus"] for action in first_bonus]
    assert len(state.tricks) == 8 and all(hand == set() for hand in state.hands)
    result = state.result()
    assert result["scores"] == [
        hand_points(pile, unused)
        for pile, unused in zip(result["point_piles"], result["unused_bonus"], strict=True)
    ]
    # what the engine produces passes the scorepad's checks
    assert check_hand(result["point_piles"], result["unused_bonus"]) == []

    verdict = records.verify(records.dumps(record_of(deal, state, first_bonus, events)))
    assert verdict.valid and verdict.complete
    assert verdict.tricks == state.trick_list()
    assert verdict.result == result


@settings(max_examples=100, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32), data=st.data())
def test_any_card_can_be_recorded_and_the_verdict_reports_what_the_walk_saw(players, seed, data):
    """The arbiter may record illegal cards ("illegal ones still recordable"): any card of
    the game is accepted when not strict, and verifying the record reports exactly the
    violations the walk returned."""
    deal, state = dealt(players, seed)
    deck_cards = list(default_deck().codes(players))
    first_bonus, events, seen = [], [], []
    while not state.is_over:
        options = state.legal_plays()
        if state.phase == "turn" and data.draw(st.booleans()):
            options = [{"play": data.draw(st.sampled_from(deck_cards))}]
        if not options:  # a seat that gave its cards away has nothing legal left
            break
        action = data.draw(st.sampled_from(options))
        seen += state.play(action, strict=False)
        (first_bonus if "first_bonus" in action else events).append(action)
    first_bonus = [action["first_bonus"] for action in first_bonus]
    verdict = records.verify(record_of(deal, state, first_bonus, events))
    assert [(v.rule, v.seat, v.card) for v in verdict.violations] == [
        (v.rule, v.seat, v.card) for v in seen
    ]
    assert verdict.complete is state.is_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_hands_verify_replay_and_cut(players):
    """ "every record the engine writes must verify as valid" (tests/rules/roundtrip.py:
    valid, complete, same seed same records, JSON round trip, a cut record is incomplete);
    and no hand hands out more cards than the game has."""
    checked = assert_roundtrip("stichwahl", games=SIMULATED_HANDS, players=players)
    for _, verdict in checked:
        result = verdict.result
        assert sum(result["point_piles"]) + sum(result["unused_bonus"]) <= card_total(players)
        assert check_hand(result["point_piles"], result["unused_bonus"]) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_scores_equal_the_simulated_records(players):
    """The fast playout plays the same hand as simulate with the same seed (same deal, same
    random choices) and must reach the scores the State computes."""
    for game in range(300):
        seed = f"same:{players}:{game}"
        verdict = records.verify(simulate(make_rng(seed), STANDARD, players=players))
        assert playout(make_rng(seed), STANDARD, players=players) == verdict.result["scores"]


def test_same_seed_same_hand():
    """ "the same seed gives the same games"."""
    first = simulate(make_rng("x"), STANDARD, players=4)
    assert simulate(make_rng("x"), STANDARD, players=4) == first
    assert simulate(make_rng("y"), STANDARD, players=4) != first
