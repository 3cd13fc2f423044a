"""Skat's analysis against its own earlier answers: 30 seeded bot-played records (suit games,
Grand and Null in turn) and the `analysis/1` documents the analysis gave for them before it
was made faster (tests/rules/skat_analysis_fixtures.json, written by the code of commit
66e809d with ``python -m tests.rules.test_skat_analysis_fixtures``). Every document must stay
what it was: every position's values, best and loss, the verdict and the card that gave the
game away. The records are stored whole, so a change to the bots does not change them."""

import json
import sys
import time
from pathlib import Path

import pytest

from scoring.rules import records
from scoring.rules.skat.analysis import analyse

FIXTURES = Path(__file__).with_name("skat_analysis_fixtures.json")
KINDS = (("karo", "herz", "pik", "kreuz"), ("grand",), ("null",))
GAMES = 30
SEED = "fixtures"


def _seeded_records(games=GAMES, seed=SEED):
    """``games`` seeded records with a declarer, suit games, Grand and Null in turn."""
    waiting = [[] for _ in KINDS]
    wanted = []
    stream = (record for _, record, _ in records.simulate_records("skat", 10_000, seed))
    while len(wanted) < games:
        kind = len(wanted) % len(KINDS)
        while not waiting[kind]:
            record = next(stream)
            for number, types in enumerate(KINDS):
                if record["contract"]["type"] in types:
                    waiting[number].append(record)
        wanted.append(waiting[kind].pop(0))
    return wanted


def _fixtures():
    return json.loads(FIXTURES.read_text())


@pytest.mark.parametrize("number", range(GAMES))
def test_the_analysis_says_what_it_said_before(number):
    fixture = _fixtures()[number]
    assert analyse(fixture["record"]) == fixture["document"]


def test_the_fixtures_cover_every_kind_of_game():
    types = {fixture["record"]["contract"]["type"] for fixture in _fixtures()}
    assert {"grand", "null"} <= types and types & {"karo", "herz", "pik", "kreuz"}
    given_away = [fixture["document"]["given_away"] for fixture in _fixtures()]
    assert any(given_away) and not all(given_away)


def _write():
    fixtures = []
    for number, record in enumerate(_seeded_records()):
        start = time.process_time()
        document = analyse(record)
        seconds = time.process_time() - start
        print(number, record["contract"]["type"], f"{seconds:.2f} s", flush=True)
        fixtures.append({"record": record, "document": document})
    FIXTURES.write_text(json.dumps(fixtures, separators=(",", ":"), sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.exit(_write())
