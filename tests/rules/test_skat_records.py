"""Skat records (docs/records.md, "Skat keys"): the round trip, seeded simulation, every game
type, the Skat counted for Augen and matadors, and the record errors by key."""

from collections import Counter

import pytest

from scoring.rules import records
from scoring.rules.core import RecordError
from tests.rules.roundtrip import assert_roundtrip

AUGEN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
JACKS = ["CJ", "SJ", "HJ", "DJ"]
TRUMP_LETTER = {"karo": "D", "herz": "H", "pik": "S", "kreuz": "C"}


def augen(cards):
    return sum(AUGEN[card[1:]] for card in cards)


def test_simulated_deals_verify_and_replay():
    assert_roundtrip("skat", games=400)


def test_stammtisch_deals_verify_and_replay():
    checked = assert_roundtrip("skat", games=300, profile="stammtisch-skat")
    kinds = Counter(record["contract"]["type"] for record, _ in checked)
    assert kinds["ramsch"] > 0 and kinds["eingepasst"] == 0
    assert any("kontra" in record for record, _ in checked)
    assert any("re" in record for record, _ in checked)


def _run(games=400, seed="types", profile=None):
    return [
        (record, records.verify(record))
        for _, record, _ in records.simulate_records("skat", games, seed, profile=profile)
    ]


def test_the_same_seed_gives_the_same_records():
    first = [r for _, r, _ in records.simulate_records("skat", 50, "again")]
    assert first == [r for _, r, _ in records.simulate_records("skat", 50, "again")]
    assert first != [r for _, r, _ in records.simulate_records("skat", 50, "other")]


def test_every_game_type_appears_in_a_seeded_run():
    run = _run()
    seen = Counter()
    for record, verdict in run:
        contract = record["contract"]
        kind = contract["type"]
        if kind == "null":
            kind += " hand" * contract.get("hand", False) + " ouvert" * contract.get(
                "ouvert", False
            )
        elif contract.get("hand"):
            seen["hand"] += 1
            seen["schneider announced"] += contract.get("schneider", False)
        seen[kind] += 1
        if verdict.result.get("overbid"):
            seen["overbid"] += 1
        if verdict.result.get("won"):
            seen["won"] += 1
    for kind in ("karo", "herz", "pik", "kreuz", "grand", "null", "null hand", "null ouvert",
                 "null hand ouvert", "eingepasst", "hand", "schneider announced", "overbid",
                 "won"):  # fmt: skip
        assert seen[kind] > 0, kind


def _trumps(game):
    if game == "grand":
        return JACKS
    suit = TRUMP_LETTER[game]
    return JACKS + [suit + rank for rank in ("A", "10", "K", "Q", "9", "8", "7")]


def test_the_skat_counts_for_augen_and_matadors():
    checked = 0
    for record, verdict in _run():
        contract = record["contract"]
        if contract["type"] not in ("grand", *TRUMP_LETTER):
            continue
        declarer = contract["declarer"]
        laid = record.get("discard", record["skat"])
        taken = [t["cards"] for t in verdict.tricks if t["winner"] == declarer]
        expected = sum(augen(cards) for cards in taken) + augen(laid)
        assert verdict.result["augen"]["declarer"] == expected
        twelve = set(record["hands"][declarer]) | set(record["skat"])
        order = _trumps(contract["type"])
        holds = order[0] in twelve
        run = next((i for i, card in enumerate(order) if (card in twelve) != holds), len(order))
        assert verdict.result["matadors"] == (run if holds else -run)
        checked += 1
    assert checked > 100


def _record(**changes):
    record = next(
        r for _, r, _ in records.simulate_records("skat", 50, "errors")
        if r["contract"]["type"] == "grand" and "discard" in r
    )  # fmt: skip
    return {**record, **changes}


def _error(record):
    with pytest.raises(RecordError) as raised:
        records.verify(record)
    return raised.value.key


def test_record_errors_name_the_key():
    record = _record()
    declarer = record["contract"]["declarer"]
    assert _error({**record, "bidding": [19]}) == "bidding[0]"
    assert _error({**record, "bidding": ["ja"]}) == "bidding[0]"
    assert _error({**record, "bidding": [18]}) == "bidding"  # unfinished
    assert (
        _error({**record, "contract": {**record["contract"], "declarer": (declarer + 1) % 3}})
        == "contract.declarer"
    )
    assert _error({k: v for k, v in record.items() if k != "discard"}) == "discard"
    assert _error({**record, "discard": ["CJ", "CJ"]}) == "discard"
    assert _error({**record, "skat": [record["hands"][0][0], "D7"]}) == "skat"
    assert (
        _error({**record, "contract": {**record["contract"], "schneider": True}})
        == "contract.schneider"
    )
    assert (
        _error({**record, "contract": {**record["contract"], "matadors": 5}}) == "contract.matadors"
    )
    assert _error({**record, "kontra": (declarer + 1) % 3}) == "kontra"  # isko: no Kontra
    assert _error({**record, "settings": {"misplay": "sometimes"}}) == "settings.misplay"


def test_a_null_below_the_bid_is_refused():
    record = _record(
        bidding=[18, "ja", 20, "ja", 22, "ja", 23, "ja", 24, "passe", "passe"],
        contract={"type": "null", "declarer": 1},
    )
    assert _error(record) == "contract.type"


def test_all_passed_is_eingepasst_in_isko_and_ramsch_at_the_stammtisch():
    record = _record(bidding=["passe", "passe", "passe"], contract={"type": "eingepasst"}, plays=[])
    record.pop("discard")
    verdict = records.verify(record)
    assert verdict.valid and verdict.complete and verdict.result["scores"] == [0, 0, 0]
    assert _error({**record, "profile": "stammtisch-skat"}) == "contract.type"


def test_a_verdict_names_a_revoke_in_german():
    record = _record()
    verdict = records.verify(record)
    # find a trick where the second player followed and swap in an off-suit card he held
    for number, trick in enumerate(verdict.tricks):
        cards = trick["cards"]
        if cards[0][0] == cards[1][0] and "J" not in (cards[0][1:], cards[1][1:]):
            seat = (trick["leader"] + 1) % 3
            later = [c for t in verdict.tricks[number + 1 :] for c in t["cards"]]
            other = next((c for c in later if c[0] != cards[0][0] and c[1:] != "J"
                          and c in _hand(record, seat)), None)  # fmt: skip
            if other is None:
                continue
            plays = list(record["plays"])
            i, j = plays.index(cards[1]), plays.index(other)
            plays[i], plays[j] = plays[j], plays[i]
            broken = records.verify({**record, "plays": plays})
            first = broken.violations[0]
            assert (first.rule, first.trick, first.seat, first.card) == (
                "follow_suit",
                number + 1,
                seat,
                other,
            )
            assert "Stich" in first.message(record["players"], "de")
            return
    pytest.skip("no trick to break in this record")


def _hand(record, seat):
    hand = list(record["hands"][seat])
    if record["contract"].get("declarer") == seat and "discard" in record:
        hand = [c for c in hand + record["skat"] if c not in record["discard"]]
    return hand
