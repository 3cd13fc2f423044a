"""Open-hand analysis of a Schafkopf record (docs/rules/records.md, "Analysis"): the
`analysis/1` document, checked against a naive minimax over State copies in the endgame,
for consistency along whole games, and on deals whose right answer is plain to see.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from scoring.bench_analysis import bench_records
from scoring.rules import records
from scoring.rules.schafkopf import PROFILES, Contract, State, analysis
from scoring.rules.schafkopf.analysis import (
    FORMAT,
    REASONS,
    Analyser,
    AnalysisError,
    analyse,
    prepare,
)
from scoring.rules.schafkopf.cards import INDEX, mask_of
from tests.rules.test_schafkopf_play import (
    DISCARD_CONTRACT,
    DISCARD_HANDS,
    EICHEL_CONTRACT,
    EICHEL_HANDS,
    NAMES,
    finish,
    hands_with,
)

KURZ = {**PROFILES["kurzanleitung"], "profile": "kurzanleitung"}


def cards(text: str) -> list[str]:
    return text.split()


def record_of(hands, contract: Contract, plays, dealer=3, **changes):
    base = {
        "format": "record/1",
        "game": "schafkopf",
        "players": list(NAMES),
        "dealer": dealer,
        "hands": hands,
        "plays": list(plays),
        "contract": contract.to_json(),
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


@functools.cache
def seeded(seed: str, games: int) -> tuple[dict, ...]:
    """Bot-played records, complete and with hands: Rufspiel, Solo and Wenz in turns."""
    return tuple(bench_records(games, seed))


def final_augen(state: State) -> int:
    augen = state.augen_per_seat()
    return sum(augen[seat] for seat in state.declaring_party)


def minimax(state: State) -> int:
    """The declaring party's final Augen with perfect open-hand play from ``state``: every
    legal card of every seat tried on a copy of the State, nothing cached or pruned."""
    if state.is_over:
        return final_augen(state)
    outcomes = []
    for card in state.legal_plays():
        child = state.copy()
        child.play(card)
        outcomes.append(minimax(child))
    return max(outcomes) if state.to_play in state.declaring_party else min(outcomes)


def replay(record: dict, cards_played: int) -> State:
    """The State of ``record`` after its first ``cards_played`` cards."""
    state = prepare(record).state.copy()
    for card in record["plays"][:cards_played]:
        state.play(card)
    return state


def check_document(record: dict, document: dict, from_trick: int = 1) -> None:
    """Everything records.md says of an `analysis/1` document, position by position."""
    positions = document["positions"]
    first_card = 4 * (from_trick - 1)
    assert document["format"] == FORMAT and document["objective"] == "augen"
    assert len(positions) == 32 - first_card
    verdict = records.verify(record)
    assert document["party"] == sorted(verdict.result["declaring_party"])
    assert document["value"] == positions[0]["best"]
    state = replay(record, first_card)
    for position, card in zip(positions, record["plays"][first_card:], strict=True):
        seat = state.to_play
        assert (position["trick"], position["seat"], position["played"]) == (
            state.trick_number,
            seat,
            card,
        )
        # Every legal card and nothing else, in deck order.
        assert list(position["values"]) == sorted(state.legal_plays(), key=INDEX.__getitem__)
        assert all(0 <= value <= 120 for value in position["values"].values())
        pick = max if seat in document["party"] else min
        assert position["best"] == pick(position["values"].values())
        assert position["loss"] == abs(position["best"] - position["values"][card]) >= 0
        state.play(card)
    # "values[played] of a position equals best of the next one".
    for position, following in itertools.pairwise(positions):
        assert position["values"][position["played"]] == following["best"]
    last = positions[-1]
    assert last["values"] == {last["played"]: verdict.result["augen"]["declaring"]}


# --- deals whose answer is plain ----------------------------------------------------------

# A Wenz by Anna (seat 0, who leads): she holds three Unter and the five best Eichel; Ben
# holds the fourth Unter and no Eichel. Drawing the Unter first brings Ben's SU down and
# Anna takes every trick (120). Leading an Eichel first lets Ben trump it with SU: he takes
# that card and his SU, Cem and Dora can only follow with E8 and E7, and Anna takes the
# seven tricks after it.
WENZ_HANDS = [
    cards("EU GU HU EA E10 EK EO E9"),
    cards("SU GA G10 GK GO G9 G8 G7"),
    cards("E8 HA H10 HK HO H9 H8 H7"),
    cards("E7 SA S10 SK SO S9 S8 S7"),
]
WENZ = Contract("wenz", 0)


def wenz_record(first: str) -> dict:
    state = State(WENZ, KURZ, leader=0, hands=WENZ_HANDS, players=NAMES)
    state.play(first)
    return record_of(WENZ_HANDS, WENZ, [first, *finish(state)])


def test_drawing_trumps_first_is_worth_120_and_leading_the_sau_loses_13():
    record = wenz_record("EA")
    document = analyse(record)
    check_document(record, document)
    first = document["positions"][0]
    assert document["party"] == [0] and document["value"] == 120
    assert (first["trick"], first["seat"], first["played"]) == (1, 0, "EA")
    assert first["values"]["EU"] == first["values"]["GU"] == first["values"]["HU"] == 120
    assert first["values"]["EA"] == 120 - (11 + 2)  # the Sau and Ben's Unter go to Ben
    assert first["best"] == 120 and first["loss"] == 13
    # Ben trumps: any other card gives Anna this trick and, later, his Unter too.
    ben = document["positions"][1]
    assert (ben["seat"], ben["played"], ben["best"], ben["loss"]) == (1, "SU", 107, 0)
    assert all(value == 120 for card, value in ben["values"].items() if card != "SU")


def test_a_game_the_party_took_every_trick_stays_at_120():
    """Schwarz: 120 Augen is the boundary the values reach, at every position."""
    record = wenz_record("EU")
    assert records.verify(record).result["schwarz"] is True
    document = analyse(record)
    check_document(record, document)
    assert document["value"] == 120
    assert all(position["best"] == 120 for position in document["positions"])
    assert all(position["loss"] == 0 for position in document["positions"])


# Dora (seat 3) plays a Rufspiel on the Eichel-Sau, which Ben (seat 1)
# holds; Anna leads. In trick 3 Dora leads E9, the first Eichel: Ben must give the Sau.
RUFSPIEL = {
    "format": "record/1",
    "game": "schafkopf",
    "profile": "kurzanleitung",
    "players": list(NAMES),
    "dealer": 0,
    "hands": [
        cards("EK EU GK HA HK SK SO S8"),
        cards("EA E10 GU G8 HU H9 H7 S7"),
        cards("E7 GA G10 G9 H10 HO SU S9"),
        cards("EO E9 E8 GO G7 H8 SA S10"),
    ],
    "plays": cards(
        "H7 SU H8 SO  HA H9 H10 GO  E9 EK EA E7  GU HO EO EU  E8 GK E10 G10"
        "  S7 S9 SA S8  S10 SK HU G9  G8 GA G7 HK"
    ),
    "contract": {"type": "rufspiel", "declarer": 3, "called": "E"},
}


@functools.cache
def whole_rufspiel() -> dict:
    """The one whole-game analysis of the tests (about a second)."""
    return analyse(RUFSPIEL)


def test_a_whole_rufspiel_is_consistent_and_the_called_sau_must_fall():
    document = whole_rufspiel()
    check_document(RUFSPIEL, document)
    assert document["party"] == [1, 3]
    ben = document["positions"][10]
    assert (ben["trick"], ben["seat"], ben["played"]) == (3, 1, "EA")
    assert list(ben["values"]) == ["EA"] and ben["loss"] == 0


@pytest.mark.parametrize("record", seeded("analysis-tests", 3), ids=["rufspiel", "solo", "wenz"])
def test_positions_from_trick_3_are_consistent(record):
    check_document(record, analyse(record, from_trick=3), from_trick=3)


def test_an_emptied_table_changes_no_value(monkeypatch):
    """Above TABLE_LIMIT entries the table is emptied between positions: slower, the same."""
    record = seeded("analysis-tests", 3)[1]
    expected = analyse(record, from_trick=4)
    monkeypatch.setattr(analysis, "TABLE_LIMIT", 0)
    assert analyse(record, from_trick=4) == expected


def test_from_trick_8_is_the_last_trick_only_and_agrees_with_the_whole_game():
    whole = whole_rufspiel()
    last = analyse(RUFSPIEL, from_trick=8)
    assert last["positions"] == whole["positions"][-4:]
    assert last["value"] == whole["positions"][-4]["best"]


# --- the endgame against a naive minimax --------------------------------------------------


@pytest.mark.parametrize(
    "record",
    seeded("analysis-endgame", 6),
    ids=["rufspiel", "solo", "wenz", "rufspiel2", "solo2", "wenz2"],
)
def test_last_tricks_match_a_naive_minimax_over_state_copies(record):
    """Every legal card at every position of the last 11 cards, as a minimax that knows
    nothing but State.copy, legal_plays and play."""
    document = analyse(record, from_trick=6)
    check_document(record, document, from_trick=6)
    for played, position in enumerate(document["positions"], start=20):
        if played < 32 - 11:
            continue
        state = replay(record, played)
        for card, value in position["values"].items():
            child = state.copy()
            child.play(card)
            assert value == minimax(child), (played, card)


# --- the solver's parts -------------------------------------------------------------------


def assert_duties_agree(analyser: Analyser, state: State) -> None:
    called_before = state.called_led_in is not None and state.called_led_in < len(state.finished)
    lead = INDEX[state.current[0]] if state.current else -1
    hand = mask_of(state.hand(state.to_play))
    expected = mask_of(state.legal_plays())
    assert analyser.duties.mask(hand, lead, called_before) == expected, state.tricks


def test_the_duties_are_the_states_along_many_games():
    """The search asks ``State.legal_plays()`` through one probe State per situation: its
    answers are those of the real States, at every position of 200 bot-played games."""
    for _, record, _ in records.simulate_records("schafkopf", 200, "analysis-duties"):
        if record["contract"]["type"] == "sie":
            continue
        game = prepare(record)
        analyser = Analyser(game)
        state = game.state.copy()
        for card in game.plays:
            assert_duties_agree(analyser, state)
            state.play(card)


# Cem (seat 2) holds the called EA and three more Eichel: he may run away (davonlaufen).
RUNAWAY_HANDS = hands_with({0: "E10 E7 GO HO GA G7 S7 H7", 2: "EA EK E9 E8 EU GU S8 SK"})


@pytest.mark.parametrize(
    ("hands", "leader", "contract"),
    [
        (EICHEL_HANDS, 2, EICHEL_CONTRACT),
        (RUNAWAY_HANDS, 2, EICHEL_CONTRACT),
        (DISCARD_HANDS, 0, DISCARD_CONTRACT),
    ],
    ids=["sau-must-be-led", "davonlaufen", "sau-discarded-in-trick-8"],
)
def test_the_duties_of_the_called_sau_are_the_states(hands, leader, contract):
    """Random walks through Rufspiel deals that need every called-Sau duty."""
    rng = random.Random(f"{leader}{contract}")
    for _ in range(40):
        state = State(contract, KURZ, leader=leader, hands=hands, players=NAMES)
        analyser = Analyser(state)
        while not state.is_over:
            assert_duties_agree(analyser, state)
            state.play(rng.choice(state.legal_plays()))


def test_only_truly_interchangeable_cards_are_twins():
    """E9 E8 E7 in one hand with nothing between them: one of them is searched. A card of
    another hand between two Ober (still in a hand or on the table) keeps them apart."""
    hands = [
        cards("EO HO E9 E8 E7 GA G10 GK"),
        cards("GO SO EA E10 EK G9 G8 G7"),
        cards("EU GU HU SU HA H10 HK H9"),
        cards("H8 H7 SA S10 SK S9 S8 S7"),
    ]
    analyser = Analyser(State(Contract("solo", 0, suit="H"), KURZ, leader=0, hands=hands))
    out = mask_of(card for hand in hands for card in hand)
    assert analyser._twins(out) == mask_of(cards("E8 E7 G8 G7 S8 S7 GU HU SU H7"))
    # GO and SO gone: EO and HO are next to each other in what is left.
    without = out & ~mask_of(cards("GO SO"))
    assert analyser._twins(without) & mask_of(["HO"])


# --- records that cannot be analysed ------------------------------------------------------


def sie_record():
    hands = [
        cards("EO GO HO SO EU GU HU SU"),
        cards("EA E10 EK E9 E8 E7 GA G10"),
        cards("GK G9 G8 G7 HA H10 HK H9"),
        cards("H8 H7 SA S10 SK S9 S8 S7"),
    ]
    return record_of(hands, Contract("sie", 0), [])


def ramsch_record():
    return {
        **RUFSPIEL,
        "settings": {"passed_deal": "ramsch"},
        "contract": {"type": "ramsch"},
    }


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        (ramsch_record(), "ramsch"),
        (sie_record(), "sie"),
        ({key: value for key, value in RUFSPIEL.items() if key != "hands"}, "no_hands"),
        ({**RUFSPIEL, "plays": RUFSPIEL["plays"][:13]}, "incomplete"),
        ({**RUFSPIEL, "plays": ["H9", "H7", *RUFSPIEL["plays"][2:]]}, "invalid"),
        ({**RUFSPIEL, "contract": {"type": "rufspiel", "declarer": 3}}, "unreadable"),
        ('{"format": "record/1"', "unreadable"),
    ],
)
def test_records_that_cannot_be_analysed_say_why_in_english_and_german(record, reason):
    with pytest.raises(AnalysisError) as raised:
        analyse(record)
    error = raised.value
    assert error.reason == reason and reason in REASONS
    assert error.message == error.text("en") == str(error)
    assert error.text("de") != error.text("en")


def test_invalid_and_incomplete_messages_name_what_is_wrong():
    with pytest.raises(AnalysisError) as raised:
        analyse({**RUFSPIEL, "plays": RUFSPIEL["plays"][:13]})
    assert raised.value.message == "the record is incomplete: it stops after 13 of 32 cards"
    assert raised.value.text("de") == (
        "die Aufzeichnung ist unvollständig: sie endet nach 13 von 32 Karten"
    )
    with pytest.raises(AnalysisError) as raised:
        analyse({**RUFSPIEL, "plays": ["H9", "H7", *RUFSPIEL["plays"][2:]]})
    assert raised.value.message == (
        "the record is not valid (2 violations; the first: Cem played H7 but does not hold it "
        "(Ben holds it)); see manage.py verify"
    )
    with pytest.raises(AnalysisError) as raised:
        analyse({**RUFSPIEL, "contract": {"type": "rufspiel", "declarer": 3}})
    assert raised.value.key == "contract.called"


def test_a_schatzsuche_record_is_not_a_schafkopf_game():
    record = {
        "format": "record/1",
        "game": "schatzsuche",
        "players": ["Anna", "Ben", "Cem"],
        "dealer": 2,
        "round": 1,
        "trump_card": "D8",
        "bids": [0, 1, 0],
        "hands": [["CA"], ["D7"], ["C10"]],
        "plays": ["CA", "D7", "C10"],
    }
    with pytest.raises(AnalysisError) as raised:
        analyse(record)
    assert raised.value.reason == "not_schafkopf"


@pytest.mark.parametrize("from_trick", [0, 9, -1, True, "2"])
def test_from_trick_must_be_a_trick_number(from_trick):
    with pytest.raises(AnalysisError) as raised:
        analyse(RUFSPIEL, from_trick=from_trick)
    assert raised.value.reason == "from_trick"
    assert raised.value.message.startswith("from_trick must be a trick number from 1 to 8")
