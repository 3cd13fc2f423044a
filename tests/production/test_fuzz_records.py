"""Bad records for the `verify` path: whatever arrives (docs/records.md), the engine either
refuses it with a RecordError naming the key or returns a verdict; it never crashes.

Records are fuzzed two ways: any JSON at all, and valid simulated records of every game with
random damage (keys removed, values replaced, lists cut, shuffled or doubled)."""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import GAMES
from scoring.rules.core import RecordError, Verdict
from scoring.rules.records import simulate_records, verify

# FUZZ_EXAMPLES=5000 for a longer hunt than the suite's.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "CA", "S10", "HK", "ober", "♣A", "1", "-1"])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner, max_size=6)
    ),
    max_leaves=30,
)


def judged(source) -> Verdict | None:
    """The verdict, or None for a RecordError; anything else fails the test."""
    try:
        verdict = verify(source)
    except RecordError as refusal:
        assert refusal.key and refusal.message
        return None
    assert isinstance(verdict, Verdict)
    json.dumps(verdict.to_json())  # a verdict can always be written out
    return verdict


# Every game simulates its records: a game without them fails here instead of shrinking the fuzz.
VALID = {game: [record for _i, record, _s in simulate_records(game, 3, "fuzz")] for game in GAMES}


@FUZZ
@given(json_values)
def test_any_json_value_is_refused_or_judged(value):
    """As the verify command reads it (JSON text), and as a dict through the Python API."""
    judged(json.dumps(value))
    if isinstance(value, dict):
        judged(value)


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_text_is_refused_or_judged(text):
    judged(text)


@FUZZ
@given(
    st.sampled_from(sorted(VALID)),
    st.dictionaries(
        st.sampled_from(["format", "game", "players", "profile", "settings"]),
        json_values,
        max_size=3,
    ),
)
def test_records_with_bad_common_keys_are_refused_or_judged(game, overrides):
    record = dict(VALID[game][0], **overrides)
    judged(record)


def paths(value, prefix=()):
    """Every place in a record: (path, value) for each dict key and list index."""
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def damaged(record, choice: int, action: str, replacement):
    """A deep copy of ``record`` with one place damaged."""
    record = json.loads(json.dumps(record))
    places = [p for p, _v in paths(record) if p]
    path = places[choice % len(places)]
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last, value = path[-1], parent[path[-1]]
    if action == "remove":
        del parent[last]
    elif action == "replace":
        parent[last] = replacement
    elif action == "cut" and isinstance(value, list):
        parent[last] = value[: len(value) // 2]
    elif action == "reverse" and isinstance(value, list):
        parent[last] = value[::-1]
    elif action == "double" and isinstance(value, list):
        parent[last] = value + value
    else:
        parent[last] = replacement
    return record


@FUZZ
@given(
    st.sampled_from(sorted(VALID)),
    st.integers(0, 2),
    st.lists(
        st.tuples(
            st.integers(0, 10**6),
            st.sampled_from(["remove", "replace", "cut", "reverse", "double"]),
            json_values,
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_damaged_simulated_records_are_refused_or_judged(game, which, damage):
    record = VALID[game][which]
    for choice, action, replacement in damage:
        record = damaged(record, choice, action, replacement)
    judged(record)


@pytest.mark.parametrize("game", sorted(VALID))
def test_the_undamaged_records_are_judged_valid(game):
    """The fuzzing starts from records the engine accepts: otherwise it would prove little."""
    for record in VALID[game]:
        verdict = judged(record)
        assert verdict is not None and verdict.valid, verdict and verdict.violations


# Nesting and size at the limits: the parser's recursion must never escape as a crash.
NESTINGS = {
    "arrays": lambda depth: "[" * depth + "]" * depth,
    "objects": lambda depth: '{"a": ' * depth + "1" + "}" * depth,
    "inside a record": lambda depth: json.dumps({**VALID["schafkopf"][0], "plays": "X"}).replace(
        '"X"', "[" * depth + "]" * depth
    ),
    "unclosed": lambda depth: "[" * depth,
}


@pytest.mark.parametrize("shape", NESTINGS)
@pytest.mark.parametrize("depth", [31, 32, 33, 999, 1_000, 100_000])
def test_nesting_at_and_beyond_the_limit_is_refused_or_judged(shape, depth):
    assert judged(NESTINGS[shape](depth)) is None


def test_a_record_padded_to_the_upload_limit_is_read():
    from scoring.disputes.forms import MAX_RECORD_BYTES

    record = dict(VALID["schafkopf"][0])
    text = json.dumps(record)
    record["players"] = [*record["players"][:-1], "x" * (MAX_RECORD_BYTES - len(text) - 10)]
    assert len(json.dumps(record)) < MAX_RECORD_BYTES
    assert judged(json.dumps(record)) is not None


def duplicated(record, first, second):
    """The record with its ``second`` card play replaced by its ``first`` (a card played
    twice); Stichwahl's plays are ``{"play": card}`` events among others."""
    if "plays" in record:
        plays = list(record["plays"])
        plays[second] = plays[first]
        return {**record, "plays": plays}
    events = list(record["events"])
    at = [index for index, event in enumerate(events) if "play" in event]
    events[at[second]] = {"play": events[at[first]]["play"]}
    return {**record, "events": events}


def card_plays(record) -> int:
    if "plays" in record:
        return len(record["plays"])
    return sum(1 for event in record["events"] if "play" in event)


@pytest.mark.parametrize("game", GAMES)
def test_a_card_played_twice_anywhere_is_judged_never_a_crash(game):
    """Every pair of plays of a few records, one played again in the other's place; a
    Schafkopf deal with 121 Augen once crashed the scoring instead of being judged."""
    import random

    from scoring.rules.draws import make_rng

    rng = make_rng(f"twice:{game}")
    for record in VALID[game]:
        count = card_plays(record)
        pairs = [(a, b) for a in range(count) for b in range(count) if a != b]
        for first, second in random.Random(rng.random()).sample(pairs, min(300, len(pairs))):
            judged(duplicated(record, first, second))


def test_a_schafkopf_deal_whose_cards_are_not_one_deck_has_no_result():
    from scoring.rules.draws import make_rng
    from scoring.rules.records import get_game, profile_settings

    schafkopf = get_game("schafkopf")
    record = schafkopf.simulate(make_rng("dup:2"), profile_settings(schafkopf), players=4)
    twice = duplicated(record, 2, 5)  # 121 Augen as recorded
    verdict = verify(twice)
    assert verdict.complete and not verdict.valid and verdict.result is None
    assert "card_played_twice" in [violation.rule for violation in verdict.violations]
