"""Schafkopf properties over many games: zero-sum payouts, Augen and tricks conserved, a legal
card always at hand, and bot-played records that verify, replay and score like ``playout``.
"""

import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import records
from scoring.rules.draws import make_rng
from scoring.rules.schafkopf import (
    CONTRACT_TYPES,
    DECK,
    PROFILES,
    RANK,
    State,
    playout,
    settle,
    settle_ramsch,
    simulate,
    valid_contracts,
)
from tests.rules.roundtrip import assert_roundtrip

PROFILE_NAMES = sorted(PROFILES)
# Settings that change how bots announce and how games are scored, beyond the presets.
VARIANTS = [
    {},
    {"passed_deal": "ramsch", "allow_klopfen": True, "schwarz_must_be_claimed": True},
    {"passed_deal": "forced", "solo_needs_suit_card": False, "max_doublings": 1},
    {"allow_stoss": False, "base_herz_solo": 70, "tout_basis": "base", "laufende_cap": 4},
]


@given(
    profile=st.sampled_from(PROFILE_NAMES),
    contract=st.sampled_from(sorted(RANK)),
    declarer=st.integers(0, 3),
    partner_step=st.integers(1, 3),
    won=st.booleans(),
    schneider=st.booleans(),
    schwarz=st.booleans(),
    laufende=st.integers(0, 14),
    stoss=st.booleans(),
    retour=st.booleans(),
    klopfen=st.integers(0, 4),
    suit=st.sampled_from("EGHS"),
)
def test_every_payout_is_zero_sum(profile, contract, declarer, partner_step, **outcome):
    """ "Every game is zero-sum"; Rufspiel +T +T −T −T, otherwise ±3T against ∓T each."""
    partner = (declarer + partner_step) % 4 if contract == "rufspiel" else None
    scores = settle(PROFILES[profile], contract, declarer, partner, **outcome)
    assert sum(scores) == 0
    value = abs(scores[declarer])
    if partner is None:
        assert sorted(abs(s) for s in scores) == [value // 3] * 3 + [value]
    else:
        assert scores[partner] == scores[declarer] and all(abs(s) == value for s in scores)
    assert (scores[declarer] > 0) == outcome["won"] or value == 0


@given(
    augen=st.lists(st.integers(0, 120), min_size=4, max_size=4),
    jungfrauen=st.sets(st.integers(0, 3)),
    klopfen=st.integers(0, 4),
    profile=st.sampled_from(PROFILE_NAMES),
)
def test_ramsch_payouts_are_zero_sum(augen, jungfrauen, klopfen, profile):
    scores = settle_ramsch(PROFILES[profile], augen, jungfrauen, klopfen=klopfen)
    assert sum(scores) == 0
    assert all(scores[seat] <= 0 for seat in range(4) if augen[seat] == max(augen))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_legal_card_always_exists_and_augen_and_tricks_are_conserved(data):
    """Any deal, any valid contract, any sequence of legal cards: the game reaches its end with
    120 Augen in 8 tricks and no violation."""
    deck = data.draw(st.permutations(DECK))
    hands = [list(deck[start : start + 8]) for start in range(0, 32, 8)]
    profile = PROFILES[data.draw(st.sampled_from(PROFILE_NAMES))]
    declarer = data.draw(st.integers(0, 3))
    options = [c for c in valid_contracts(hands[declarer], declarer, profile) if c.type != "sie"]
    contract = data.draw(st.sampled_from(options))
    state = State(contract, profile, leader=data.draw(st.integers(0, 3)), hands=hands)
    while not state.is_over:
        legal = state.legal_plays()
        assert legal, "a seat has no legal card"
        state.play(data.draw(st.sampled_from(legal)))  # strict: raises on a wrong "legal" card
    result = state.result()
    assert sum(result["augen_per_seat"]) == 120 and sum(result["tricks_per_seat"]) == 8
    assert result["augen"]["declaring"] + result["augen"]["opponents"] == 120
    assert sum(result["scores"]) == 0 and state.all_violations() == []


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    profile=st.sampled_from(PROFILE_NAMES),
    variant=st.sampled_from(VARIANTS),
    players=st.sampled_from([4, 5]),
)
def test_simulated_record_replays_and_scores_like_playout(seed, profile, variant, players):
    """A record the engine writes replays card by card through the strict State to the same
    tricks, and ``playout`` with the same seed gives the verdict's scores."""
    chosen = {**PROFILES[profile], **variant, "profile": profile}
    record = simulate(make_rng(seed), chosen, players=players)
    verdict = records.verify(record)
    assert verdict.valid and verdict.complete
    assert playout(make_rng(seed), chosen, players=players) == verdict.result["scores"]
    game, _, resolved = records.read(record)
    keys = game.record.read_game_keys(record, resolved)
    state = State(keys["contract"], resolved, leader=keys["leader"], hands=record["hands"])
    for card in record["plays"]:
        assert card in state.legal_plays()
        state.play(card)
    assert state.tricks == verdict.tricks
    if resolved["misplay"] == "offender_pays":
        assert verdict.result["penalty_scores"] == verdict.result["scores"]


def test_thousands_of_simulated_games_verify_in_every_profile():
    """records.md: "every record the engine writes must verify as valid"."""
    seen = collections.Counter()
    for profile in PROFILE_NAMES:
        for variant in VARIANTS:
            checked = assert_roundtrip(
                "schafkopf", games=250, seed=f"sk-{profile}", profile=profile, overrides=variant
            )
            for record, verdict in checked:
                seen[record["contract"]["type"]] += 1
                if len(record["plays"]) == 32:  # a Sie has none, a lost Bettel may stop
                    assert sum(verdict.result["augen_per_seat"]) == 120
    assert sum(seen.values()) == 250 * len(PROFILE_NAMES) * len(VARIANTS)
    # Every contract a preset offers but the Sie (one deal in ten million) shows up.
    offered = {kind for profile in PROFILES.values() for kind in profile["contracts"]}
    assert set(seen) == (set(CONTRACT_TYPES) | offered) - {"sie"}


def test_five_player_tables_verify():
    """A tournament table of 5: the dealer sits out and the record uses ``leader``."""
    checked = assert_roundtrip("schafkopf", games=100, seed="sk-five", players=5)
    for record, _ in checked:
        assert record["leader"] == 0 and "dealer" not in record and len(record["players"]) == 4
