"""Schafkopf records and verdicts: docs/rules/records.md and schafkopf.md ("Result",
"Stoß and Retour", Laufende, misplay), judged through ``records.verify``.
"""

import pytest

from scoring.rules import records
from scoring.rules.core import RecordError
from scoring.rules.schafkopf import PROFILES, Contract, State
from tests.rules.test_schafkopf_play import (
    DISCARD_HANDS,
    DISCARD_PLAYS,
    NAMES,
    finish,
    hands_with,
    strongest,
)


def record(**changes):
    base = {
        "format": "record/1",
        "game": "schafkopf",
        "players": list(NAMES),
        "dealer": 3,
        "hands": DISCARD_HANDS,
        "plays": list(DISCARD_PLAYS),
        "contract": {"type": "rufspiel", "declarer": 0, "called": "S"},
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


def messages(verdict, lang="en"):
    return [v["message"] for v in verdict.to_json(lang)["violations"]]


def test_a_complete_rufspiel_verdict():
    """ "Result: scores plus contract, declaring party, Augen per party, tricks per party,
    Schneider, Schwarz, Laufende, multiplier" (records.md, game-specific detail)."""
    verdict = records.verify(record())
    assert verdict.valid and verdict.complete and verdict.to_play is None
    assert verdict.tricks[0] == {"leader": 0, "cards": ["EO", "HU", "H7", "G8"], "winner": 0}
    assert verdict.tricks[6]["winner"] == 1 and len(verdict.tricks) == 8
    result = verdict.result
    assert result["scores"] == [1, -1, 1, -1]
    assert result["declaring_party"] == [0, 2]
    assert result["augen"] == {"declaring": 73, "opponents": 47}
    assert result["tricks_won"] == {"declaring": 6, "opponents": 2}
    assert (result["won"], result["schneider"], result["schwarz"]) == (True, False, False)
    assert result["laufende"] == 6 and result["multiplier"] == 1
    assert sum(result["augen_per_seat"]) == 120 and sum(result["tricks_per_seat"]) == 8


def test_laufende_are_paid_in_the_money_profile():
    """tarif-10-20-50: "Laufende 10 each, all of them once at least 3"; Anna's EO GO HO SO EU
    GU run six deep (HU is Ben's)."""
    verdict = records.verify(record(profile="tarif-10-20-50"))
    assert verdict.result["scores"] == [80, -80, 80, -80]


def test_without_hands_duties_are_skipped_and_the_partner_is_who_played_the_sau():
    """records.md: "without `hands` the engine still checks order, duplicates, trick winners
    and scores, but not the duties to follow, and lists those checks in `checks_skipped`"."""
    verdict = records.verify(record(hands=None))
    assert verdict.valid
    duties = {"follow_suit", "called_ace_must_be_played", "called_ace_discarded"}
    duties |= {"called_suit_led_without_ace", "card_not_in_hand", "illegal_contract"}
    assert duties <= set(verdict.checks_skipped)
    assert verdict.result["declaring_party"] == [0, 2]
    assert verdict.result["scores"] == [1, -1, 1, -1]


def test_an_incomplete_record_names_the_seat_to_play():
    """records.md: "`complete` is false when the record stops before the end: `to_play` is then
    the seat to act and `result` is `null`"; a trick in progress has `"winner": null`."""
    verdict = records.verify(record(plays=DISCARD_PLAYS[:10]))
    assert not verdict.complete and verdict.result is None
    assert verdict.to_play == 2
    assert verdict.tricks[-1] == {"leader": 0, "cards": ["HO", "E8"], "winner": None}


def test_card_not_in_hand_names_the_holder_and_the_walk_goes_on():
    """records.md: "A card that seat does not hold is `card_not_in_hand` (the message names who
    holds it, if anybody); checking goes on with the remaining plays"."""
    plays = list(DISCARD_PLAYS)
    plays[1], plays[2] = plays[2], plays[1]  # Ben and Cem swapped in trick 1
    verdict = records.verify(record(plays=plays))
    assert [v.rule for v in verdict.violations] == ["card_not_in_hand", "card_not_in_hand"]
    assert messages(verdict) == [
        "Ben played H7 but does not hold it (Cem holds it)",
        "Cem played HU but does not hold it (Ben holds it)",
    ]
    assert verdict.complete and verdict.result["scores"] == [1, -1, 1, -1]


def test_card_played_twice_and_unknown_card():
    plays = list(DISCARD_PLAYS)
    plays[5] = "H7"  # instead of Ben's SU in trick 2: Cem played H7 in trick 1
    plays[6] = "X9"  # instead of Cem's H8
    verdict = records.verify(record(plays=plays))
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations[:2]] == [
        (2, 1, "card_played_twice"),
        (2, 2, "unknown_card"),
    ]
    assert messages(verdict, "de")[:2] == [
        "Ben spielte H7, die schon in Stich 1 gespielt wurde",
        "Cem spielte X9 – diese Karte gibt es in diesem Spiel nicht",
    ]
    # The walk goes on: Ben still holds SU, so his E8 on the trump lead of trick 3 is a revoke.
    assert (verdict.violations[2].trick, verdict.violations[2].rule) == (3, "follow_suit")
    assert verdict.complete


def test_every_violation_is_reported_with_english_and_german_messages():
    plays = list(DISCARD_PLAYS)
    plays[26], plays[29] = "SA", "E7"  # Cem discards the called Sau in trick 7
    verdict = records.verify(record(plays=plays))
    [violation] = verdict.violations
    assert (violation.trick, violation.seat, violation.rule) == (7, 2, "called_ace_discarded")
    assert messages(verdict) == [
        "Cem discarded the called Sau SA before the called suit Schellen was led "
        "(allowed only in the 8th trick)"
    ]
    assert verdict.result["scores"] == [1, -1, 1, -1]  # as played
    assert "penalty_scores" not in verdict.result  # kurzanleitung: as_played


def test_offender_pays_in_the_tournament_profile():
    """ "`offender_pays` scores a game with a violation as lost by the offender's party at its
    plain value ..., the offender paying his partner's share too (partner 0). The verdict
    always gives the result as played, and the penalty result too"."""
    plays = list(DISCARD_PLAYS)
    plays[26], plays[29] = "SA", "E7"
    verdict = records.verify(record(plays=plays, profile="turnier-1-15"))
    assert verdict.result["scores"] == [1, -1, 1, -1]
    assert verdict.result["offender"] == 2
    assert verdict.result["penalty_scores"] == [0, 1, -2, 1]
    clean = records.verify(record(profile="turnier-1-15"))
    assert clean.result["offender"] is None and clean.result["penalty_scores"] == [1, -1, 1, -1]


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"dealer": None}, "dealer"),  # neither dealer nor leader
        ({"leader": 1}, "dealer"),  # both
        ({"dealer": 4}, "dealer"),
        ({"contract": {"type": "rufspiel", "declarer": 0, "called": "H"}}, "contract.called"),
        ({"contract": {"type": "rufspiel", "declarer": 0}}, "contract.called"),
        ({"contract": {"type": "solo", "declarer": 0}}, "contract.suit"),
        (
            {"contract": {"type": "solo", "declarer": 0, "suit": "E", "called": "S"}},
            "contract.called",
        ),
        ({"contract": {"type": "bettel", "declarer": 0}}, "contract.type"),
        ({"contract": {"type": "wenz", "declarer": 5}}, "contract.declarer"),
        ({"contract": {"type": "ramsch"}}, "contract.type"),  # not in kurzanleitung
        ({"contract": "solo"}, "contract"),
        ({"stoss": "Ben"}, "stoss"),
        ({"klopfen": [1]}, "klopfen"),  # the profile has no Klopfen
        ({"schwarz_claimed": True}, "schwarz_claimed"),
        ({"hands": [DISCARD_HANDS[0][:7], *DISCARD_HANDS[1:]]}, "hands[0]"),
        ({"hands": [DISCARD_HANDS[0], DISCARD_HANDS[0], *DISCARD_HANDS[2:]]}, "hands[1]"),
        ({"hands": [["ZZ", *DISCARD_HANDS[0][1:]], *DISCARD_HANDS[1:]]}, "hands[0]"),
        ({"plays": [*DISCARD_PLAYS, "E7"]}, "plays"),
        ({"plays": "EO HU"}, "plays"),
        ({"contract": {"type": "sie", "declarer": 0}}, "plays"),  # a Sie is not played
        ({"bids": [1, 2]}, "bids"),
    ],
)
def test_unreadable_records_name_the_key(changes, key):
    """records.md: "exits 2 when the file is not a readable record (with a message naming the
    offending key)"; "an unknown key is an error, not silently ignored"."""
    with pytest.raises(RecordError) as raised:
        records.verify(record(**changes))
    assert raised.value.key == key


def test_leader_instead_of_dealer():
    """records.md: "`leader` (seat that leads first — used when the dealer sits out)"."""
    assert records.verify(record(dealer=None, leader=0)).valid


def test_stoss_by_an_opponent_doubles_retour_quadruples():
    """ "Stoß (×2) ... Retour (×4 in total). They double the whole value of the game"."""
    verdict = records.verify(record(stoss=1, retour=2, profile="tarif-10-20-50"))
    assert verdict.valid and verdict.result["multiplier"] == 4
    assert verdict.result["scores"] == [320, -320, 320, -320]
    assert (verdict.result["stoss"], verdict.result["retour"]) == (1, 2)


def test_stoss_by_the_declaring_party_is_void():
    """ "any player of the opposing party may say Stoß" — Cem holds the called Sau."""
    verdict = records.verify(record(stoss=2))
    assert [(v.trick, v.rule) for v in verdict.violations] == [(1, "stoss_not_allowed")]
    assert messages(verdict) == ["Cem may not say Stoß: he belongs to the declaring party"]
    assert verdict.result["multiplier"] == 1 and verdict.result["stoss"] is None


def test_retour_needs_a_stoss_and_the_declaring_party():
    """ "After a Stoß ... a player of the declaring party may answer Retour"."""
    alone = records.verify(record(retour=0))
    assert [v.rule for v in alone.violations] == ["retour_without_stoss"]
    assert messages(alone, "de") == ["Anna gab Retour, obwohl niemand gestoßen hatte"]
    wrong = records.verify(record(stoss=1, retour=3))
    assert [v.rule for v in wrong.violations] == ["retour_not_allowed"]
    assert wrong.result["multiplier"] == 2


def test_stoss_without_hands_uses_the_partner_who_played_the_sau():
    """Interpretation: without hands the partner is known once the called Sau is played."""
    verdict = records.verify(record(hands=None, stoss=2))
    assert [v.rule for v in verdict.violations] == ["stoss_not_allowed"]
    early = records.verify(record(hands=None, stoss=2, plays=DISCARD_PLAYS[:8]))
    assert early.valid and "stoss_not_allowed" in early.checks_skipped


def test_profile_without_stoss():
    verdict = records.verify(record(stoss=1, settings={"allow_stoss": False}))
    assert messages(verdict) == ["Ben may not say Stoß: this profile has no Stoß"]


def test_klopfen_doubles_where_the_profile_has_it():
    """ "Klopfen/Legen (each doubles)"."""
    verdict = records.verify(record(klopfen=[1, 3], settings={"allow_klopfen": True}))
    assert verdict.result["multiplier"] == 4 and verdict.result["scores"] == [4, -4, 4, -4]
    with pytest.raises(RecordError) as raised:
        records.verify(record(klopfen=[1, 1], settings={"allow_klopfen": True}))
    assert raised.value.key == "klopfen"


def test_illegal_contract_is_reported_and_played_alone():
    """ "He may only call a Sau he does not hold" — Anna calls the Eichel-Sau she holds."""
    hands = hands_with({0: "EA E7 GO GU SO SU H7 HA"})
    contract = Contract("rufspiel", 0, called="E")
    plays = finish(State(contract, PROFILES["kurzanleitung"], leader=0, hands=hands))
    verdict = records.verify(record(hands=hands, plays=plays, contract=contract.to_json()))
    assert [(v.trick, v.seat, v.rule) for v in verdict.violations] == [
        (None, 0, "illegal_contract")
    ]
    assert messages(verdict) == [
        "Anna may not play a Rufspiel on the Eichel-Sau: he holds the called Sau EA himself"
    ]
    assert verdict.result["declaring_party"] == [0]
    scores, value = verdict.result["scores"], verdict.result["value"]
    assert scores[0] in (3 * value, -3 * value) and scores[1:] == [-scores[0] // 3] * 3


SCHWARZ_HANDS = hands_with({0: "EO GO HO SO EU GU HU EA"})


def schwarz_record(contract_type="solo", **changes):
    contract = Contract(contract_type, 0, suit="E")
    state = State(contract, PROFILES["kurzanleitung"], leader=0, hands=SCHWARZ_HANDS)
    plays = finish(state, lambda s, legal: strongest(s, legal) if s.to_play == 0 else legal[0])
    return record(hands=SCHWARZ_HANDS, plays=plays, contract=contract.to_json(), **changes)


@pytest.mark.parametrize(
    ("profile", "score"), [("kurzanleitung", 18), ("tarif-10-20-50", 420), ("turnier-1-15", 21)]
)
def test_a_schwarz_solo(profile, score):
    """Solo Schwarz: kurzanleitung 6 (nothing added outside Rufspiel); tarif 50 + 20 + 7
    Laufende × 10 = 140; turnier 7."""
    result = records.verify(schwarz_record(profile=profile)).result
    assert (result["won"], result["schneider"], result["schwarz"]) == (True, True, True)
    assert result["tricks_won"] == {"declaring": 8, "opponents": 0} and result["laufende"] == 7
    assert result["scores"] == [score, -score // 3, -score // 3, -score // 3]


def test_schwarz_must_be_claimed_setting():
    """ "Schwarz "muss verlangt werden" ... [setting `schwarz_must_be_claimed`, default false
    ...; when true, the record/entry says whether it was claimed]"."""
    claimed = {"schwarz_must_be_claimed": True}
    unclaimed = records.verify(schwarz_record(profile="tarif-10-20-50", settings=claimed))
    assert unclaimed.result["schwarz"] is False and unclaimed.result["schneider"] is True
    assert unclaimed.result["scores"][0] == 3 * (50 + 10 + 70)
    said = records.verify(
        schwarz_record(profile="tarif-10-20-50", settings=claimed, schwarz_claimed=True)
    )
    assert said.result["schwarz"] is True and said.result["scores"][0] == 420


def test_tout_won_and_lost():
    """ "Solo-Tout, Wenz-Tout: 2 × 6 = 12 units"; "Tout is won only if the declarer takes all
    8 tricks"."""
    won = records.verify(schwarz_record("solo_tout")).result
    assert won["won"] and won["scores"] == [36, -12, -12, -12]
    money = records.verify(schwarz_record("solo_tout", profile="tarif-10-20-50")).result
    assert money["scores"][0] == 3 * 2 * (50 + 70)
    weak = hands_with({1: "E7 G7 S7 H7 E8 G8 S8 H8"})
    contract = Contract("wenz_tout", 1)
    plays = finish(State(contract, PROFILES["kurzanleitung"], leader=0, hands=weak))
    lost = records.verify(record(hands=weak, plays=plays, contract=contract.to_json())).result
    assert not lost["won"] and lost["scores"] == [12, -36, 12, 12]


SIE_HANDS = hands_with({1: "EO GO HO SO EU GU HU SU"})


def test_sie_is_complete_without_plays_and_always_won():
    """ "Sie — shown, won without play"; "A Sie is complete with `plays: []`"; "Sie: 4 × 6 = 24
    units"; tarif-10-20-50 "4 × (50 + 8 Laufende = 130) = 520"."""
    sie = {"type": "sie", "declarer": 1}
    verdict = records.verify(record(hands=SIE_HANDS, plays=[], contract=sie))
    assert verdict.valid and verdict.complete and verdict.tricks == []
    assert verdict.result["scores"] == [-24, 72, -24, -24] and verdict.result["augen"] is None
    money = records.verify(
        record(hands=SIE_HANDS, plays=[], contract=sie, profile="tarif-10-20-50")
    )
    assert money.result["laufende"] == 8 and money.result["scores"] == [-520, 1560, -520, -520]


def test_a_false_sie_is_an_illegal_contract_and_the_declarer_pays_in_a_tournament():
    verdict = records.verify(
        record(plays=[], contract={"type": "sie", "declarer": 1}, profile="turnier-1-15")
    )
    assert [v.rule for v in verdict.violations] == ["illegal_contract"]
    assert verdict.result["scores"] == [-20, 60, -20, -20]
    assert verdict.result["penalty_scores"] == [20, -60, 20, 20]


def _laufende(contract, hands, settings=PROFILES["tarif-10-20-50"]):
    return State(contract, settings, leader=0, hands=hands).laufende()


def test_laufende_partners_count_together():
    """ "in a Rufspiel the partners' cards count together"."""
    hands = hands_with({0: "EO GO E7 E8 G7 G8 S7 S8", 2: "HO SO EU GA HA H10 H9 H8", 1: "EA GU"})
    assert _laufende(Contract("rufspiel", 0, called="G"), hands) == 5  # EO GO + HO SO EU


def test_laufende_run_broken_and_either_side():
    """ "the unbroken run of top trumps ... held by one party, either side"."""
    broken = hands_with({0: "EO GO E7 E8 G7 G8 S7 S8", 1: "HO"})
    assert _laufende(Contract("solo", 0, suit="E"), broken) == 0  # 2 < 3
    against = hands_with({1: "EO GO HO", 2: "SO EU", 0: "GU E7 E8 G7 G8 S7 S8 S9"})
    assert _laufende(Contract("solo", 0, suit="E"), against) == 5  # the opponents' run


def test_laufende_run_into_the_suit_trumps_and_the_cap():
    """ "the run continues into the suit trumps (at most 14, in Wenz 4)"."""
    hands = hands_with({0: "EO GO HO SO EU GU E7 G7", 2: "HU SU HA H10 GA S7 S8 S9"})
    assert _laufende(Contract("rufspiel", 0, called="G"), hands) == 10
    capped = {**PROFILES["tarif-10-20-50"], "laufende_cap": 4}
    assert _laufende(Contract("rufspiel", 0, called="G"), hands, capped) == 4


def test_laufende_in_wenz_from_the_eichel_unter():
    """ "in Wenz from the Eichel-Unter"; threshold 2 in Wenz."""
    hands = hands_with({0: "EU GU EA E10 G7 G8 S7 S8", 1: "HU SU"})
    assert _laufende(Contract("wenz", 0), hands) == 2
    # In an Eichel-Solo the opponents hold all four Ober: their run stops at Anna's EU.
    assert _laufende(Contract("solo", 0, suit="E"), hands) == 4


def test_a_ramsch_record():
    """Ramsch where the profile has it (records.md: `ramsch` only where the profile has it):
    the most Augen lose."""
    settings = {**PROFILES["kurzanleitung"], "passed_deal": "ramsch"}
    hands = hands_with({})
    plays = finish(State(Contract("ramsch"), settings, leader=0, hands=hands))
    verdict = records.verify(
        record(
            hands=hands,
            plays=plays,
            contract={"type": "ramsch"},
            settings={"passed_deal": "ramsch"},
        )
    )
    result = verdict.result
    assert verdict.valid and result["declaring_party"] == []
    most = max(result["augen_per_seat"])
    assert result["losers"] == [s for s in range(4) if result["augen_per_seat"][s] == most]
    assert result["jungfrauen"] == [s for s in range(4) if result["tricks_per_seat"][s] == 0]
    assert sum(result["scores"]) == 0 and all(result["scores"][s] < 0 for s in result["losers"])
    stoss = records.verify(
        record(hands=hands, plays=plays, contract={"type": "ramsch"}, stoss=1,
               settings={"passed_deal": "ramsch"})
    )  # fmt: skip
    assert [v.rule for v in stoss.violations] == ["stoss_not_allowed"]


def test_verdict_json_in_german():
    plays = list(DISCARD_PLAYS)
    plays[26], plays[29] = "SA", "E7"
    data = records.verify(record(plays=plays)).to_json("de")
    assert data["format"] == "verdict/1" and data["valid"] is False
    assert data["violations"][0]["rule"] == "called_ace_discarded"
    assert data["violations"][0]["message"].startswith("Cem schmierte die gerufene Sau SA")
