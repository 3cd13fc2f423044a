"""The speed work on Skat's ``simulate`` (issue 30) must not change a single record: the JSON
of 2,000 seeded records per profile, and the list points ``playout`` scores for the same seeds,
hashed and compared with the hashes today's records gave (written here literally)."""

from __future__ import annotations

import hashlib
import json

import pytest

from scoring.rules import get_game, records
from scoring.rules.draws import make_rng

GAMES = 2_000
RECORD_HASHES = {
    "isko": "6a746934bc82f5253cd3d3eb9dac649c0f0f3c1981986c051c1200b95b6641d4",
    "stammtisch-skat": "0e44d6a372ca2ce72640b647208cec1a81d166f159738c5a3861c041ec99e5b6",
}
SCORE_HASHES = {
    "isko": "c41d6b0e9e94ce95f70e44079f0eb3e536c219891752691be360aaad52541102",
    "stammtisch-skat": "9ff2ece8f215bc681161f2ed9af222c103c73dad7839ef0831f9261ef33a13fe",
}


def record_hash(profile: str) -> str:
    digest = hashlib.sha256()
    for _, record, _ in records.simulate_records("skat", GAMES, "stable", profile=profile):
        digest.update(json.dumps(record, sort_keys=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def score_hash(profile: str) -> str:
    game = get_game("skat")
    settings = records.profile_settings(game, profile, None)
    digest = hashlib.sha256()
    for index in range(GAMES):
        scores = game.playout(make_rng(f"stable:{index}"), settings)
        digest.update(json.dumps(scores).encode())
        digest.update(b"\n")
    return digest.hexdigest()


@pytest.mark.parametrize("profile", sorted(RECORD_HASHES))
def test_simulated_records_are_unchanged(profile):
    assert record_hash(profile) == RECORD_HASHES[profile]


@pytest.mark.parametrize("profile", sorted(SCORE_HASHES))
def test_played_out_scores_are_unchanged(profile):
    assert score_hash(profile) == SCORE_HASHES[profile]
