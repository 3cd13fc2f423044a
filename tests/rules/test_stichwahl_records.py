"""Stichwahl records and verdicts: the record keys, errors naming the key, violations in
English and German, incomplete records, records without hands
(docs/rules/stichwahl.md "Record format", docs/rules/records.md)."""

import copy

import pytest

from scoring.rules import records
from scoring.rules.core import RecordError
from scoring.rules.draws import make_rng
from scoring.rules.stichwahl import PROFILES, default_deck, simulate
from scoring.rules.stichwahl.deck import FLIP

from .test_stichwahl_play import NAMES, deal, pick

DECK_REF = default_deck().ref


def make_record(hands, events, first_bonus, trump="B", marker=9, start=0, **extra):
    return {
        "format": "record/1",
        "game": "stichwahl",
        "players": NAMES[: len(hands)],
        "hands": hands,
        "deck": DECK_REF,
        "trump": {"family": trump, "marker": marker},
        "first_bonus": first_bonus,
        "start": start,
        "events": events,
        **extra,
    }


def simulated(seed=6, players=3):
    """A complete random hand (seed 6 has a leader choice after an unchosen 5)."""
    return simulate(make_rng(seed), PROFILES["standard"], players=players)


def rulebook_record(*more_events):
    flip = pick(bonus=FLIP, family="O")
    hands = deal(4, {0: ["N2"], 1: ["N6", flip], 2: ["B9"], 3: ["N7", "5a"]}, void={2: "N"})
    first_bonus = [hands[0][-1], flip, hands[2][-1], hands[3][-1]]
    events = [
        {"play": "N2"},
        {"bonus": flip},
        {"play": "N6"},
        {"play": "B9"},
        {"play": "5a"},
        {"premium": "N2"},
        *more_events,
    ]
    return make_record(hands, events, first_bonus, trump="B", marker=1), flip


def test_rulebook_example_as_a_record():
    """The seed's "Beispielrunde" as a record: Lina wins trick 1 with the trump Blauwal 9
    after Tim's flip, chooses Andreas' 2 for 3 points, and Jan (his 5 was not chosen) is
    to name the next leader."""
    record, flip = rulebook_record()
    verdict = records.verify(records.dumps(record))
    assert verdict.valid and not verdict.complete and verdict.result is None
    assert verdict.to_play == 3
    [trick] = verdict.tricks
    assert trick["leader"] == 0 and trick["cards"] == ["N2", "N6", "B9", "5a"]
    assert trick["winner"] == 2 and trick["premium"] == "N2" and trick["points"] == 3
    assert (trick["trump"], trick["marker"]) == ("B", 9)
    assert trick["bonuses"] == [{"seat": 1, "bonus": flip}]
    record["events"].append({"leader": 1})
    verdict = records.verify(record)
    assert verdict.to_play == 1


def test_simulated_record_is_complete_and_valid_with_its_result():
    """Verdict `result`: "scores, point piles and unused bonus cards per seat"."""
    verdict = records.verify(records.dumps(simulated()))
    assert verdict.valid and verdict.complete and verdict.to_play is None
    result = verdict.result
    assert len(verdict.tricks) == 8 and all(t["winner"] is not None for t in verdict.tricks)
    assert result["scores"] == [
        pile + unused // 2
        for pile, unused in zip(result["point_piles"], result["unused_bonus"], strict=True)
    ]
    assert result["deck"] == DECK_REF and result["deck_verified"] is False


def first_index(events, key):
    return next(index for index, event in enumerate(events) if key in event)


def setting(key, value):
    def mutate(record):
        record[key] = value

    return mutate


def drop_first_premium(record):
    """A card played while the premium choice is due."""
    index = first_index(record["events"], "premium")
    del record["events"][index]
    return f"events[{index}]"


def leader_seven(record):
    events = record["events"]
    index = first_index(events, "leader")
    events[index] = {"leader": 7}
    return f"events[{index}].leader"


def premium_not_in_trick(record):
    events = record["events"]
    index = first_index(events, "premium")
    played = {e["play"] for e in events if "play" in e}
    events[index] = {"premium": next(c for c in default_deck().cards if c not in played)}
    return f"events[{index}].premium"


def event_after_the_end(record):
    record["events"].append({"leader": 0})
    return f"events[{len(record['events']) - 1}]"


def keyed(key, mutate):
    def run(record):
        mutate(record)
        return key

    return run


MUTATIONS = {
    "deck unknown": keyed("deck", setting("deck", "stichwahl-default@99")),
    "deck not a string": keyed("deck", setting("deck", 7)),
    "trump family": keyed("trump.family", setting("trump", {"family": "X", "marker": 9})),
    "trump marker 5": keyed("trump.marker", setting("trump", {"family": "N", "marker": 5})),
    "trump marker missing": keyed("trump.marker", setting("trump", {"family": "N"})),
    "trump unknown key": keyed("trump.colour", lambda r: r["trump"].update(colour="N")),
    "first_bonus too short": keyed("first_bonus", lambda r: r["first_bonus"].pop()),
    "first_bonus too long": keyed("first_bonus", lambda r: r["first_bonus"].append("5d")),
    "first_bonus unknown card": keyed(
        "first_bonus[1]", lambda r: r["first_bonus"].__setitem__(1, "X7")
    ),
    "first_bonus twice": keyed(
        "first_bonus[1]", lambda r: r["first_bonus"].__setitem__(1, r["first_bonus"][0])
    ),
    "start": keyed("start", setting("start", 3)),
    "events not a list": keyed("events", setting("events", "N2 N6")),
    "events missing": keyed("events", lambda r: r.pop("events")),
    "event shape": keyed(
        "events[0]", lambda r: r["events"].__setitem__(0, {"play": "N2", "bonus": "O1"})
    ),
    "event family": keyed(
        "events[0].family", lambda r: r["events"].insert(0, {"bonus": "O1", "family": "Z"})
    ),
    "event card not a code": keyed("events[0].play", lambda r: r["events"].insert(0, {"play": 12})),
    "premium not due": keyed("events[0]", lambda r: r["events"].insert(0, {"premium": "N2"})),
    "first bonus as event": keyed(
        "events[0]", lambda r: r["events"].insert(0, {"first_bonus": "N2"})
    ),
    "premium missing": drop_first_premium,
    "leader no such seat": leader_seven,
    "premium not in trick": premium_not_in_trick,
    "event after the end": event_after_the_end,
    "hand too short": keyed("hands[0]", lambda r: r["hands"][0].pop()),
    "hand unknown card": keyed("hands[1]", lambda r: r["hands"][1].__setitem__(0, "Z9")),
    "card dealt twice": keyed("hands[1]", lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0])),
    "equal_cards": keyed("settings.equal_cards", setting("settings", {"equal_cards": "later"})),
    "first_leader": keyed("settings.first_leader", setting("settings", {"first_leader": "x"})),
    "plays is not a Stichwahl key": keyed("plays", setting("plays", [])),
}


@pytest.mark.parametrize("mutate", MUTATIONS.values(), ids=MUTATIONS.keys())
def test_unreadable_record_names_the_key(mutate):
    """ "exits 2 when the file is not a readable record (with a message naming the
    offending key)"; "an unknown key is an error"."""
    record = copy.deepcopy(simulated())
    key = mutate(record)
    with pytest.raises(RecordError) as error:
        records.verify(record)
    assert error.value.key == key


def test_two_player_hands_have_no_fives():
    """ "2-player variant: remove the four 5s" — a 5 in a 2-player hand is not a card of
    this game."""
    record = simulated(players=2)
    record["hands"][0][0] = "5a"
    with pytest.raises(RecordError) as error:
        records.verify(record)
    assert error.value.key == "hands[0]"


def test_settings_first_leader_choose_is_accepted():
    """Setting `first_leader`: `rotate` (default) or `choose` — a single hand's verdict is
    the same under both (the record names its first leader in `start`)."""
    record = simulated()
    rotate = records.verify(record).to_json()
    record["settings"] = {"first_leader": "choose"}
    assert records.verify(record).to_json() == rotate


# --- violations -------------------------------------------------------------------------


def first_trick_record(given, plays, first_bonus=None, void=None, players=3):
    hands = deal(players, given, void)
    bonus = first_bonus or [hand[-1] for hand in hands]
    return make_record(hands, [{"play": card} for card in plays], bonus)


def test_card_not_in_hand_names_the_holder():
    """ "A card that seat does not hold is card_not_in_hand (the message names who holds
    it, if anybody); checking goes on with the remaining plays." """
    record = first_trick_record({0: ["O9"], 1: ["O8"], 2: ["O7"]}, ["O9", "O7", "O8"])
    verdict = records.verify(record)
    assert [(v.rule, v.seat, v.card) for v in verdict.violations] == [
        ("card_not_in_hand", 1, "O7"),
        ("card_not_in_hand", 2, "O8"),
    ]
    messages = verdict.to_json("en")["violations"]
    assert messages[0]["message"] == "Tim played O7 but does not hold it (Lina holds it)"
    assert verdict.to_json("de")["violations"][1]["message"] == (
        "Lina spielte O8, hat die Karte aber nicht (Tim hat sie)"
    )
    assert verdict.to_play == 0, "Andreas won the trick as recorded and chooses the premium"


def test_card_from_the_draw_pile():
    """With 3 players 9 cards are never dealt: playing one names the draw pile."""
    hands = deal(3, {0: ["O9"]})
    undealt = next(c for c in default_deck().codes(3) if not any(c in h for h in hands))
    record = make_record(hands, [{"play": "O9"}, {"play": undealt}], [h[-1] for h in hands])
    [violation] = records.verify(record).to_json()["violations"]
    assert violation["rule"] == "card_not_in_hand"
    assert violation["message"].endswith("(it is in the draw pile)")


def test_card_played_twice_and_unknown_card():
    """card_played_twice names the earlier trick; unknown_card for a code that is no card
    of this game — both recorded, and the walk goes on."""
    record = first_trick_record({0: ["O9"], 1: ["O8"], 2: ["O7"]}, ["O9", "O8", "O7"])
    record["events"] += [{"premium": "O8"}, {"play": "O9"}, {"play": "X3"}]
    verdict = records.verify(record)
    assert [(v.rule, v.seat, v.trick) for v in verdict.violations] == [
        ("card_played_twice", 0, 2),
        ("unknown_card", 1, 2),
    ]
    messages = [v["message"] for v in verdict.to_json()["violations"]]
    assert messages[0] == "Andreas played O9, which was already played in trick 1"
    assert verdict.to_play == 2 and verdict.tricks[1]["cards"] == ["O9", "X3"]


def test_a_five_is_unknown_in_the_two_player_variant():
    """ "2-player variant: remove the four 5s"."""
    record = first_trick_record({0: ["O9"]}, ["O9", "5a"], players=2)
    [violation] = records.verify(record).violations
    assert (violation.rule, violation.card) == ("unknown_card", "5a")


def test_follow_suit_message_names_the_family():
    """ "Follow the led family if able" — the message lists the cards that would have
    followed, with the family's name in the reader's language."""
    record = first_trick_record({0: ["N4"], 1: ["N8", "O2"]}, ["N4", "O2"])
    [violation] = records.verify(record).violations
    assert violation.rule == "follow_suit"
    verdict = records.verify(record)
    assert "of the led family Narwhal" in verdict.to_json("en")["violations"][0]["message"]
    assert (
        "der ausgespielten Walfamilie Narwal" in verdict.to_json("de")["violations"][0]["message"]
    )


def test_first_bonus_not_in_hand():
    """ "Every player chooses one hand card and lays it face up as his first bonus card"."""
    record = first_trick_record({0: ["N4"], 1: ["N8"]}, [])
    record["first_bonus"][0] = "N8"
    record["first_bonus"][1] = record["hands"][1][-1]
    [violation] = records.verify(record).violations
    assert (violation.rule, violation.seat, violation.trick) == ("first_bonus_not_in_hand", 0, None)


def test_premium_not_allowed_in_a_record():
    """ "The winner chooses one card played by another player" — choosing his own card is
    reported as premium_not_allowed, and the walk goes on."""
    record = first_trick_record({0: ["O9"], 1: ["O8"], 2: ["O7"]}, ["O9", "O8", "O7"])
    record["events"] += [{"premium": "O9"}, {"play": record["hands"][0][1]}]
    verdict = records.verify(record)
    assert [v.rule for v in verdict.violations] == ["premium_not_allowed"]
    assert verdict.to_json("de")["violations"][0]["message"].startswith(
        "Andreas wählte die eigene Karte O9"
    )
    assert verdict.tricks[1]["cards"] == [record["hands"][0][1]]


def test_bonus_not_owned_in_a_record():
    """ "bonus_not_owned when a player uses a bonus card he does not have in front of him"."""
    record, flip = rulebook_record()
    record["events"].insert(0, {"bonus": flip})  # Andreas uses Tim's card
    verdict = records.verify(record)
    [violation] = verdict.violations
    assert (violation.rule, violation.seat) == ("bonus_not_owned", 0)
    assert verdict.to_json("en")["violations"][0]["message"].endswith(
        "(it lies in front of Tim as a bonus card)"
    )


def test_every_violation_is_reported_and_the_result_still_computed():
    """ "Every violation is reported, not only the first"; "The result is computed as if the
    cards had been played as recorded"."""
    record = simulated(seed=11)
    events = record["events"]
    plays = [i for i, e in enumerate(events) if "play" in e]
    # the last two players of the last trick each play the other's card
    events[plays[-2]], events[plays[-1]] = events[plays[-1]], events[plays[-2]]
    verdict = records.verify(record)
    misplays = [(v.rule, v.trick) for v in verdict.violations if v.rule == "card_not_in_hand"]
    assert misplays == [("card_not_in_hand", 8), ("card_not_in_hand", 8)]
    assert verdict.complete and sum(verdict.result["point_piles"]) > 0


# --- incomplete records and records without hands -----------------------------------------


def test_incomplete_record():
    """ "complete is false when the record stops before the end: to_play is then the seat to
    act and result is null"; "tricks lists complete tricks, then a trick in progress (with
    winner: null)"."""
    record = simulated()
    events = record["events"]
    plays = [i for i, e in enumerate(events) if "play" in e]
    record["events"] = events[: plays[4] + 1]  # the second card of trick 2
    verdict = records.verify(record)
    assert not verdict.complete and verdict.result is None
    assert verdict.tricks[-1]["winner"] is None and len(verdict.tricks[-1]["cards"]) == 2
    assert verdict.to_play == (verdict.tricks[-1]["leader"] + 2) % 3
    # stopped after the last card of a trick: the trick is complete only with its premium,
    # so it is still in progress and its winner is to choose the premium card
    winner = records.verify(simulated()).tricks[0]["winner"]
    record["events"] = events[: plays[2] + 1]
    verdict = records.verify(record)
    [trick] = verdict.tricks
    assert len(trick["cards"]) == 3 and trick["winner"] is None and trick["premium"] is None
    assert verdict.to_play == winner


def test_record_stopped_while_first_bonus_cards_are_laid_out():
    """ "complete is false when the record stops before the end: to_play is then the seat to
    act and result is null" — also before every seat has laid out its first bonus card
    ("first_bonus": [card per seat]); what was laid out is judged already."""
    record = simulated()
    first_bonus = record["first_bonus"]
    record["events"] = []
    for laid_out in range(3):
        record["first_bonus"] = first_bonus[:laid_out]
        verdict = records.verify(record)
        assert verdict.valid and not verdict.complete
        assert (verdict.to_play, verdict.tricks, verdict.result) == (laid_out, [], None)
    # seat 1 lays out a card dealt to seat 2: reported now, with the holder named
    stolen = record["hands"][2][0]
    record["first_bonus"] = [first_bonus[0], stolen]
    verdict = records.verify(record).to_json("de")
    [violation] = verdict["violations"]
    assert (violation["rule"], violation["seat"], violation["trick"]) == (
        "first_bonus_not_in_hand",
        1,
        None,
    )
    assert violation["message"].endswith("(Cem hat sie)")
    assert (verdict["complete"], verdict["to_play"]) == (False, 2)


def test_record_without_hands():
    """ "without hands the engine still checks order, duplicates, trick winners and scores,
    but not the duties to follow, and lists those checks in checks_skipped"."""
    record = simulated()
    with_hands = records.verify(record)
    del record["hands"]
    verdict = records.verify(record)
    assert verdict.valid and verdict.checks_skipped == [
        "card_not_in_hand",
        "first_bonus_not_in_hand",
        "follow_suit",
    ]
    assert verdict.result == with_hands.result and verdict.tricks == with_hands.tricks
    # a card played twice is still caught
    events = record["events"]
    plays = [i for i, e in enumerate(events) if "play" in e]
    events[plays[5]] = dict(events[plays[0]])
    assert "card_played_twice" in [v.rule for v in records.verify(record).violations]


def test_an_event_out_of_turn_is_unreadable_in_both_languages():
    """A premium choice where a card is due cannot be recorded: the error names the event
    and says, in English or German, what is due instead and whose turn it is."""
    record = simulated()
    first_play = next(i for i, event in enumerate(record["events"]) if "play" in event)
    record["events"].insert(first_play, {"premium": "N2"})
    with pytest.raises(RecordError) as error:
        records.verify(record)
    assert error.value.key == f"events[{first_play}]"
    assert error.value.text("en").startswith("no premium now: ")
    assert error.value.text("de").startswith("kein premium jetzt: ")
    assert "setzt eine Bonuskarte ein oder spielt eine Karte" in error.value.text("de")


def test_a_malformed_event_reads_in_german():
    record = simulated()
    record["events"][0] = {"leader": "zwei"}
    with pytest.raises(RecordError) as error:
        records.verify(record)
    assert error.value.key == "events[0].leader"
    assert error.value.text("de") == "leader muss eine Platznummer sein"
