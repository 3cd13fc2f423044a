"""Skat's open-hand analysis (docs/records.md, "Analysis (`analysis/1`, Skat)"): its values
checked against a plain minimax written here over ``State`` (no pruning, no tables), its
consistency along the game, the Skat counted, and the refusals."""

import itertools

import pytest

from scoring.rules import records
from scoring.rules.skat import State, parse_contract
from scoring.rules.skat.analysis import AnalysisError, analyse

AUGEN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def _declared(count, seed="analysis", kinds=("grand", "karo", "herz", "pik", "kreuz", "null")):
    found = []
    for _, record, _ in records.simulate_records("skat", 60, seed):
        if record["contract"]["type"] in kinds:
            found.append(record)
            if len(found) == count:
                break
    return found


def _state_after(record, plays):
    contract, matadors = parse_contract(record["contract"])
    hands = [list(h) for h in record["hands"]]
    laid = record["skat"]
    if "discard" in record:
        twelve = hands[contract.declarer] + record["skat"]
        laid = record["discard"]
        hands[contract.declarer] = [c for c in twelve if c not in laid]
    settings = records.profile_settings(records.get_game("skat"))
    state = State(contract, settings, hands=hands, laid_away=laid, matadors=matadors)
    for card in plays:
        state.play(card)
    return state, contract


def minimax(state, contract):
    """The declarer's Augen to come (Null: 1 if he takes a trick), all playing perfectly."""
    if state.is_over:
        return 0
    seat = state.to_play
    declarer = contract.declarer
    null = contract.type == "null"
    results = []
    for card in state.legal_plays():
        twin = state.copy()
        before = len(twin.finished)
        twin.play(card)
        gained = 0
        if len(twin.finished) > before:
            trick = twin.finished[-1]
            if trick.winner == declarer:
                if null:
                    results.append(1)
                    continue
                gained = sum(AUGEN[c[1:]] for c in trick.cards)
        results.append(gained + minimax(twin, contract))
    return max(results) if (seat == declarer) != null else min(results)


def test_the_endgame_values_equal_a_plain_minimax():
    checked = 0
    for record in _declared(6):
        document = analyse(record, from_trick=8)
        plays = record["plays"]
        # From the 8th trick on (9 cards or fewer): a full minimax is quick.
        for index, position in enumerate(document["positions"], start=21):
            state, contract = _state_after(record, plays[:index])
            done = _taken(record, state, contract)
            for card, value in position["values"].items():
                twin = state.copy()
                before = len(twin.finished)
                twin.play(card)
                gained = 0
                if len(twin.finished) > before and twin.finished[-1].winner == contract.declarer:
                    if contract.type == "null":
                        assert value == 1
                        continue
                    gained = sum(AUGEN[c[1:]] for c in twin.finished[-1].cards)
                assert value == done + gained + minimax(twin, contract), (index, card)
                checked += 1
    assert checked > 20


def _taken(record, state, contract):
    """What the declarer has already: Augen with the laid-away cards (Null: tricks)."""
    won = [t for t in state.finished if t.winner == contract.declarer]
    if contract.type == "null":
        return len(won)
    laid = record.get("discard", record["skat"])
    return sum(AUGEN[c[1:]] for c in laid) + sum(AUGEN[c[1:]] for t in won for c in t.cards)


def test_values_are_consistent_along_the_game_and_end_with_the_result():
    for record in _declared(5, seed="consistent"):
        document = analyse(record, from_trick=6)
        positions = document["positions"]
        for here, after in itertools.pairwise(positions):
            assert here["values"][here["played"]] == after["best"]
            assert here["loss"] == abs(here["best"] - here["values"][here["played"]])
        verdict = records.verify(record)
        last = positions[-1]
        if record["contract"]["type"] == "null":
            assert last["values"][last["played"]] == (0 if verdict.result["won"] else 1)
        else:  # the Skat counts: the declarer's Augen of the verdict, laid-away cards included
            assert last["values"][last["played"]] == verdict.result["augen"]["declarer"]


def test_could_the_declarer_have_won():
    for record in _declared(8, seed="winnable", kinds=("grand", "karo", "herz", "pik", "kreuz")):
        document = analyse(record, from_trick=5)  # "could he still have won from trick 5?"
        if record["contract"].get("schwarz"):
            continue
        need = 90 if record["contract"].get("schneider") else 61
        assert document["winnable"] is (document["value"] >= need)
        given = document["given_away"]
        if given is not None:
            position = next(
                p for p in document["positions"]
                if (p["trick"], p["seat"], p["played"]) == tuple(given.values())
            )  # fmt: skip
            assert position["best"] >= need > position["values"][position["played"]]


def test_refusals_name_the_reason():
    record = next(
        r for _, r, _ in records.simulate_records("skat", 200, "refuse")
        if r["contract"]["type"] == "eingepasst"
    )  # fmt: skip
    with pytest.raises(AnalysisError) as raised:
        analyse(record)
    assert raised.value.reason == "no_declarer"
    declared = _declared(1)[0]
    with pytest.raises(AnalysisError) as raised:
        analyse(
            {k: v for k, v in declared.items() if k != "hands"}
            | {"contract": {**declared["contract"], "matadors": 1}}
        )
    assert raised.value.reason in ("no_hands", "unreadable")
    with pytest.raises(AnalysisError) as raised:
        analyse({**declared, "plays": declared["plays"][:5]})
    assert raised.value.reason == "incomplete"
    assert "vollständig" in raised.value.text("de")
    with pytest.raises(AnalysisError) as raised:
        analyse(declared, from_trick=11)
    assert raised.value.reason == "from_trick"


def test_the_analysis_reports_its_progress_position_by_position():
    record = _declared(1)[0]
    reports = []
    document = analyse(
        record, from_trick=7, progress=lambda done, total: reports.append((done, total))
    )
    total = len(record["plays"]) - 6 * 3
    assert [done for done, _ in reports] == list(range(1, total + 1))
    assert {size for _, size in reports} == {total}
    assert len(document["positions"]) == total
