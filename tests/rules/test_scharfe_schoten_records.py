"""Scharfe Schoten records and verdicts: docs/rules/records.md ("scharfe_schoten" keys,
"Verdict") through ``records.verify``."""

import copy
import json

import pytest

from scoring.rules import records
from scoring.rules.core import RecordError
from scoring.rules.draws import make_rng
from scoring.rules.scharfe_schoten import simulate
from tests.rules.test_scharfe_schoten_play import HANDS, NAMES, PREDICTIONS, RULEBOOK_NUMBERS


def record(**changes):
    base = {
        "format": "record/1",
        "game": "scharfe_schoten",
        "players": NAMES,
        "hands": HANDS,
        "start": 0,
        "numbers": RULEBOOK_NUMBERS,
        "predictions": PREDICTIONS,
        "cupboard_picks": [],
        "plays": [],
    }
    base = copy.deepcopy(base)
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


def verdict_of(rec, lang="en"):
    return records.verify(json.dumps(rec)).to_json(lang)


def simulated(players, seed):
    return simulate(make_rng(seed), {"profile": "standard"}, players=players)


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"start": 4}, "start"),
        ({"start": None}, "start"),
        ({"numbers": {"R": 2, "G": 10, "Y": 1}}, "numbers.B"),
        ({"numbers": {"R": 2, "G": 10, "Y": 1, "B": 13}}, "numbers.B"),
        ({"numbers": {"R": 2, "G": 10, "Y": 1, "B": "9"}}, "numbers.B"),
        ({"numbers": {"R": 2, "G": 10, "Y": 1, "B": 9, "X": 3}}, "numbers.X"),
        ({"numbers": {"R": 2, "G": 10, "Y": 2, "B": 9}}, "numbers"),
        ({"predictions": PREDICTIONS[:3]}, "predictions"),
        (
            {"predictions": [*PREDICTIONS[:2], {"most": "G", "fewest": "G"}, PREDICTIONS[3]]},
            "predictions[2]",
        ),
        (
            {"predictions": [PREDICTIONS[0], {"most": "P", "fewest": "R"}, *PREDICTIONS[2:]]},
            "predictions[1].most",
        ),
        ({"predictions": [{"most": "R"}, *PREDICTIONS[1:]]}, "predictions[0].fewest"),
        ({"cupboard_picks": ["R", "green"]}, "cupboard_picks[1]"),
        ({"cupboard_picks": ["R"] * 9}, "cupboard_picks"),
        ({"cupboard_picks": "RGY"}, "cupboard_picks"),
        ({"plays": ["R9", 7]}, "plays"),
        ({"plays": ["R9"] * 41}, "plays"),
        ({"hands": [HANDS[0], HANDS[1][:9], HANDS[2], HANDS[3]]}, "hands[1]"),
        ({"hands": [HANDS[0], HANDS[1], ["R3", *HANDS[2][1:]], HANDS[3]]}, "hands[2]"),
        ({"hands": [["R13", *HANDS[0][1:]], *HANDS[1:]]}, "hands[0]"),
        ({"dealer": 0}, "dealer"),
        ({"players": NAMES[:2]}, "players"),
        ({"settings": {"trump_duty": "always"}}, "settings.trump_duty"),
        ({"profile": "kurzanleitung"}, "profile"),
    ],
)
def test_unreadable_records_name_the_offending_key(changes, key):
    """records.md: "exits 2 when the file is not a readable record (with a message naming
    the offending key)"; "an unknown key is an error, not silently ignored"."""
    with pytest.raises(RecordError) as raised:
        records.verify(record(**changes))
    assert raised.value.key == key


def test_picks_must_match_the_tricks_won_while_the_cupboard_lasts():
    """records.md: `cupboard_picks` is the "colour taken by each trick's winner, in trick
    order, as long as the cupboard lasts"."""
    trick_1, trick_2 = ["R9", "B8", "R11", "R2"], ["R5", "R3", "B10", "R4"]
    with pytest.raises(RecordError, match="no colour for trick 1") as raised:
        records.verify(record(plays=trick_1 + trick_2))
    assert raised.value.key == "cupboard_picks"
    # a record that stops early may already list the picks of tricks still to come
    verdict = verdict_of(record(plays=trick_1, cupboard_picks=["R", "Y", "B"]))
    assert verdict["valid"] and not verdict["complete"] and verdict["to_play"] == 3


def test_rulebook_trick_in_a_record():
    verdict = verdict_of(record(plays=["R9", "B8", "R11", "R2", "R5"], cupboard_picks=["Y"]))
    assert verdict["valid"] and not verdict["complete"]
    assert verdict["tricks"] == [
        {"leader": 0, "cards": ["R9", "B8", "R11", "R2"], "winner": 3},
        {"leader": 3, "cards": ["R5"], "winner": None},
    ]
    assert verdict["to_play"] == 0 and verdict["result"] is None


def test_incomplete_records_say_who_is_to_act():
    """records.md: "`complete` is false when the record stops before the end: `to_play` is
    then the seat to act and `result` is `null`"."""
    empty = verdict_of(record())
    assert (empty["valid"], empty["complete"], empty["to_play"]) == (True, False, 0)
    assert empty["tricks"] == [] and empty["result"] is None
    at_the_pick = verdict_of(record(plays=["R9", "B9", "R11", "R2"]))
    assert at_the_pick["to_play"] == 1  # Ben won with B9 and still picks from the cupboard
    assert at_the_pick["tricks"][0]["winner"] == 1 and not at_the_pick["complete"]


def test_every_violation_is_reported_and_the_walk_goes_on():
    """records.md: "A card that seat does not hold is `card_not_in_hand` (the message names
    who holds it, if anybody); checking goes on ... Every violation is reported"."""
    plays = ["R9", "G4", "G7", "R12", "R9"]
    verdict = verdict_of(record(plays=plays, cupboard_picks=["G"]))
    assert not verdict["valid"]
    found = [(v["trick"], v["seat"], v["card"], v["rule"]) for v in verdict["violations"]]
    assert found == [
        (1, 2, "G7", "follow_suit"),
        (1, 3, "R12", "card_not_in_hand"),
        (1, 2, None, "cupboard_colour_empty"),
        (2, 2, "R9", "card_played_twice"),
    ]
    assert [v["message"] for v in verdict["violations"]] == [
        "Cem played G7 while holding R4, R7, R11 of the led colour red",
        "Dora played R12 but does not hold it (it lies in the spice cupboard)",
        "Cem took a green card from the spice cupboard after trick 1, but the cupboard had"
        " no green card left",
        "Cem played R9, which was already played in trick 1",
    ]
    # the trick is judged as played: green outranks red, so Cem's G7 wins
    assert verdict["tricks"][0]["winner"] == 2 and verdict["tricks"][1]["leader"] == 2


def test_messages_in_german():
    verdict = verdict_of(record(plays=["R9", "R5", "G7"]), lang="de")
    assert [v["message"] for v in verdict["violations"]] == [
        "Ben spielte R5, hat die Karte aber nicht (Dora hat sie)",
        "Cem spielte G7, hatte aber R4, R7, R11 der angespielten Farbe Rot",
    ]


@pytest.mark.parametrize("players", [3, 4])
def test_without_hands_order_winners_and_scores_are_still_checked(players):
    """records.md: "without them the engine still checks order, duplicates, trick winners
    and scores, but not the duties to follow, and lists those checks in `checks_skipped`"."""
    full = simulated(players, seed=11)
    handless = {key: value for key, value in full.items() if key != "hands"}
    with_hands, without = verdict_of(full), verdict_of(handless)
    assert without["valid"] and without["complete"]
    assert without["checks_skipped"] == ["card_not_in_hand", "follow_suit"]
    assert with_hands["checks_skipped"] == []
    assert without["tricks"] == with_hands["tricks"]
    assert without["result"] == with_hands["result"]
    # a card played twice is still found
    handless["plays"][5] = handless["plays"][0]
    assert "card_played_twice" in [v["rule"] for v in verdict_of(handless)["violations"]]


def test_without_hands_the_cupboard_is_known_once_every_card_is_played():
    """Without hands the cupboard is the cards nobody played, so a complete record's picks
    can be checked; an incomplete one lists `cupboard_colour_empty` as skipped."""
    rec = simulated(3, seed=5)
    del rec["hands"]
    played = set(rec["plays"])
    cupboard = {c: sum(1 for v in range(1, 13) if f"{c}{v}" not in played) for c in "RGYB"}
    picks = rec["cupboard_picks"]
    other = next(colour for colour in "RGYB" if colour != picks[0])
    picks[0] = other  # one card of `other` more than the cupboard held
    over_pick = [i for i, colour in enumerate(picks) if colour == other][cupboard[other]]
    verdict = verdict_of(rec)
    assert verdict["complete"] and not verdict["valid"]
    assert [(v["rule"], v["trick"]) for v in verdict["violations"]] == [
        ("cupboard_colour_empty", over_pick + 1)
    ]
    assert verdict["violations"][0]["seat"] == verdict["tricks"][over_pick]["winner"]
    assert verdict["result"] is not None  # judged as recorded

    rec["plays"] = rec["plays"][:9]
    rec["cupboard_picks"] = rec["cupboard_picks"][:3]
    partial = verdict_of(rec)
    assert partial["checks_skipped"] == ["card_not_in_hand", "follow_suit", "cupboard_colour_empty"]
    assert not partial["complete"]


def test_a_simulated_round_verifies_and_round_trips_as_json():
    rec = simulated(4, seed=3)
    text = records.dumps(rec)
    verdict = records.verify(text)
    assert verdict.valid and verdict.complete and verdict.to_play is None
    assert len(rec["cupboard_picks"]) == 8 and len(rec["plays"]) == 40
    result = verdict.result
    assert sum(result["tricks_won"]) == 10
    for colour in "RGYB":
        assert sum(counts[colour] for counts in result["collected"]) == 12
    # the winners of the first 8 tricks took one cupboard card each
    picks = [sum(t["winner"] == seat for t in verdict.tricks[:8]) for seat in range(4)]
    assert [sum(c.values()) for c in result["collected"]] == [
        4 * won + picked for won, picked in zip(result["tricks_won"], picks, strict=True)
    ]
