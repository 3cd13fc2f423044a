"""Properties of whole Scharfe Schoten rounds: every card ends in a collection, a legal play
always exists, a round replays to the same verdict, simulated rounds verify as valid and the
fast playout agrees with the State (docs/rules/scharfe-schoten.md, records.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import records
from scoring.rules.draws import make_rng
from scoring.rules.scharfe_schoten import (
    COLOURS,
    CUPBOARD_SIZE,
    HAND_SIZE,
    State,
    check_round,
    deal_round,
    dealt_hands,
    playout,
    prediction_points,
    round_scores,
    simulate,
)
from tests.rules.roundtrip import assert_roundtrip

SIMULATED_ROUNDS = 1000  # per player count


def dealt_state(players, seed):
    players, deck, numbers, predictions, start = deal_round(make_rng(seed), players)
    return State(dealt_hands(deck, players), numbers, start, predictions)


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32), data=st.data())
def test_any_legal_round_collects_all_48_cards_and_replays_identically(players, seed, data):
    """ "Per round, for each colour the counts of all players sum to 12 (every card ends in a
    collection), hence all counts sum to 48"; and a legal play exists until the round ends."""
    state = dealt_state(players, seed)
    names = ["Anna", "Ben", "Cem", "Dora"][:players]
    hands = [sorted(hand) for hand in state.hands]
    while not state.is_over:
        options = state.legal_plays()
        assert options, "no legal play although the round is not over"
        state.play(data.draw(st.sampled_from(options)))
    for colour in COLOURS:
        assert sum(counts[colour] for counts in state.collected) == 12
    assert len(state.picks) == CUPBOARD_SIZE[players]
    assert all(hand == set() for hand in state.hands)
    result = state.result()
    assert result["scores"] == round_scores(state.collected, state.predictions)
    # what the engine produces passes the scorepad's checks
    assert check_round(state.predictions, state.collected, state.tricks_won) == []

    record = {
        "format": "record/1",
        "game": "scharfe_schoten",
        "players": names,
        "hands": hands,
        "start": state.start,
        "numbers": state.numbers,
        "predictions": state.predictions,
        "cupboard_picks": state.picks,
        "plays": [card for trick in state.tricks for card in trick["cards"]],
    }
    verdict = records.verify(records.dumps(record))
    assert verdict.valid and verdict.complete
    assert verdict.tricks == state.trick_list()
    assert verdict.result == result


@given(
    counts=st.fixed_dictionaries({colour: st.integers(0, 20) for colour in COLOURS}),
    prediction=st.lists(st.sampled_from(COLOURS), min_size=2, max_size=2, unique=True),
)
def test_prediction_points_parts(counts, prediction):
    """ "Most ... → 5; ... shared ... → 3; otherwise 0" (fewest likewise); "If both scored
    more than 0, add c[M] − c[F]"."""
    most, fewest = prediction
    most_points, fewest_points, difference, total = prediction_points(counts, most, fewest)
    assert most_points in (0, 3, 5) and fewest_points in (0, 3, 5)
    assert (most_points == 5) == all(counts[most] > counts[c] for c in COLOURS if c != most)
    assert (fewest_points == 0) == any(counts[fewest] > counts[c] for c in COLOURS)
    assert difference == (counts[most] - counts[fewest] if most_points and fewest_points else 0)
    assert difference >= 0
    assert total == most_points + fewest_points + difference


@pytest.mark.parametrize("players", [3, 4])
def test_simulated_rounds_all_verify_as_valid(players):
    """records.md: "every record the engine writes must verify as valid"; and every card
    ends in a collection, the cupboard lasting its 12 or 8 picks."""
    checked = assert_roundtrip("scharfe_schoten", games=SIMULATED_ROUNDS, players=players)
    assert len(checked) == SIMULATED_ROUNDS
    for record, verdict in checked:
        assert len(record["plays"]) == players * HAND_SIZE[players]
        assert len(record["cupboard_picks"]) == CUPBOARD_SIZE[players]
        for colour in COLOURS:
            assert sum(counts[colour] for counts in verdict.result["collected"]) == 12


@pytest.mark.parametrize("players", [3, 4])
def test_playout_scores_equal_the_verified_simulation(players):
    """The fast playout draws like ``simulate``: one seed, the same round, the same scores."""
    for seed in range(300):
        record = simulate(make_rng(seed), {"profile": "standard"}, players=players)
        scores = playout(make_rng(seed), {}, players=players)
        assert records.verify(record).result["scores"] == scores, seed


def test_simulation_is_deterministic_and_rounds_rotate_the_start():
    first = simulate(make_rng("club night"), {"profile": "standard"}, players=3)
    again = simulate(make_rng("club night"), {"profile": "standard"}, players=3)
    assert first == again
    assert simulate(make_rng(1), {}, players=4)["players"] == ["Anna", "Ben", "Cem", "Dora"]
    starts = [simulate(make_rng(9), {}, players=4, round_number=r)["start"] for r in (1, 2, 3, 4)]
    assert starts == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        playout(make_rng(1), {}, players=3, round_number=4)
    with pytest.raises(ValueError):
        playout(make_rng(1), {}, players=5)
