"""The open-hand analysis of the house contracts and the short deck (docs/records.md,
"Analysis"; docs/rules/schafkopf.md, "House contracts", "Bettel", "The short deck").

"The analysis covers every contract with a declaring party. For a Bettel, a position's value
is the number of tricks the declarer takes under perfect open-hand play (he minimises, the
others maximise): 0 means it could be won." Every value here is checked against
``perfect``, a minimax written below that knows nothing but the engine's ``State.copy``,
``legal_plays`` and ``play`` (so the duties, Stichzwang included, and who takes each trick
are the engine's, and the search is not), on the last tricks of seeded games of every
house contract and both decks.
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest

from scoring.rules import records
from scoring.rules.schafkopf import State
from scoring.rules.schafkopf.analysis import Analyser, AnalysisError, analyse, prepare
from scoring.rules.schafkopf.cards import INDEX, mask_of
from scoring.rules.schafkopf.record import read_game_keys
from tests.rules.commands import run_command, write
from tests.rules.test_schafkopf_house_contracts import HOUSE, simulated
from tests.rules.test_schafkopf_play import cards

NAMES = ["Anna", "Ben", "Cem", "Dora"]


# --- the independent count ----------------------------------------------------------------


def is_bettel(state: State) -> bool:
    return state.contract.type in ("bettel", "bettel_ouvert")


def final_value(state: State) -> int:
    """What the rules page counts at the end: a Bettel declarer's tricks, else the declaring
    party's Augen."""
    if is_bettel(state):
        return state.tricks_per_seat()[state.contract.declarer]
    augen = state.augen_per_seat()
    return sum(augen[seat] for seat in state.declaring_party)


def perfect(state: State) -> int:
    """The value at the end with perfect open-hand play from ``state``: every legal card of
    every seat tried on a copy of the State, nothing cached or pruned. The declaring party
    maximises its Augen; in a Bettel the declarer minimises his tricks, the others
    maximise them. Play goes on to the last trick, also after a Bettel was decided."""
    if state.is_over:
        return final_value(state)
    outcomes = []
    for card in state.legal_plays():
        child = state.copy()
        child.play(card)
        outcomes.append(perfect(child))
    in_party = state.to_play in state.declaring_party
    return max(outcomes) if in_party != is_bettel(state) else min(outcomes)


# --- records ------------------------------------------------------------------------------


def dealt(record: dict[str, Any]) -> State:
    """The State of ``record`` before its first card."""
    _, data, settings = records.read(record)
    keys = read_game_keys(data, settings)
    return State(keys["contract"], settings, leader=keys["leader"], hands=data["hands"])


def to_the_end(record: dict[str, Any], seed: str | None = None) -> dict[str, Any]:
    """``record`` with more legal cards after its own until every card is played: random
    ones from ``seed``, or each seat's first in dealt order (None). A Bettel's bots stop at
    the trick that decided it, and a record may go on after it."""
    state = dealt(record)
    plays = list(record["plays"])
    for card in plays:
        state.play(card)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_plays()
        card = legal[0] if seed is None else rng.choice(legal)
        state.play(card)
        plays.append(card)
    return {**record, "plays": plays}


@functools.cache
def seeded(kind: str, deck: str, stichzwang: bool = False) -> dict[str, Any]:
    """The first bot-played record of ``kind`` from a fixed seed, played to the last card."""
    extra = {"bettel_stichzwang": True} if stichzwang else {}
    found = next(
        record
        for record in simulated(deck, 400, f"house-analysis-{deck}", **extra)
        if record["contract"]["type"] == kind
    )
    return to_the_end(found, f"{kind}-{deck}")


def replay(record: dict[str, Any], cards_played: int) -> State:
    state = dealt(record)
    for card in record["plays"][:cards_played]:
        state.play(card)
    return state


def check_against_perfect(record: dict[str, Any], tricks: int) -> dict[str, Any]:
    """Analyse the last ``tricks`` tricks of ``record`` and compare every value of every
    position with ``perfect``; the document is also consistent along the game."""
    total = len(record["plays"])
    deck_tricks = total // 4
    document = analyse(record, from_trick=deck_tricks - tricks + 1)
    positions = document["positions"]
    assert len(positions) == 4 * tricks
    first = total - 4 * tricks
    party = document["party"]
    bettel = document["objective"] == "tricks"
    for number, (position, played) in enumerate(
        zip(positions, record["plays"][first:], strict=True)
    ):
        state = replay(record, first + number)
        seat = state.to_play
        assert (position["trick"], position["seat"], position["played"]) == (
            state.trick_number,
            seat,
            played,
        )
        assert list(position["values"]) == sorted(state.legal_plays(), key=INDEX.__getitem__)
        for card, value in position["values"].items():
            child = state.copy()
            child.play(card)
            assert value == perfect(child), (first + number, card)
        pick = max if (seat in party) != bettel else min
        assert position["best"] == pick(position["values"].values())
        assert position["loss"] == abs(position["best"] - position["values"][played])
    for position, following in itertools.pairwise(positions):
        assert position["values"][position["played"]] == following["best"]
    last = positions[-1]
    assert last["values"] == {last["played"]: final_value(replay(record, total))}
    return document


# --- every house contract against the independent count ------------------------------------

KINDS = [*HOUSE]


@pytest.mark.parametrize("kind", KINDS)
def test_the_last_four_tricks_of_every_house_contract_match_perfect_play(kind):
    record = seeded(kind, "lang")
    document = check_against_perfect(record, 4)
    bettel = kind.startswith("bettel")
    assert document["objective"] == ("tricks" if bettel else "augen")
    assert document["party"] == [record["contract"]["declarer"]]
    if bettel:
        assert all(0 <= value <= 3 for p in document["positions"] for value in p["values"].values())


def test_the_last_four_tricks_of_a_bettel_with_stichzwang_match_perfect_play():
    record = seeded("bettel", "lang", stichzwang=True)
    assert record["settings"]["bettel_stichzwang"] is True
    check_against_perfect(record, 4)


@pytest.mark.parametrize("kind", ["rufspiel", "solo", "geier", "farbwenz", "bettel"])
def test_the_last_four_tricks_of_the_short_deck_match_perfect_play(kind):
    record = seeded(kind, "kurz")
    assert len(record["plays"]) == 24
    check_against_perfect(record, 4)


def test_the_duties_under_stichzwang_are_the_states_along_many_games():
    """The search asks ``play.duty`` with the strength that holds the trick: its answers are
    those of ``State.legal_plays()`` at every position of bot-played Bettels."""
    checked = 0
    for record in simulated("lang", 300, "house-analysis-duties", bettel_stichzwang=True):
        if not record["contract"]["type"].startswith("bettel"):
            continue
        record = to_the_end(record, "duties")
        game = prepare(record)
        analyser = Analyser(game)
        state = game.state.copy()
        for card in game.plays:
            lead = INDEX[state.current[0]] if state.current else -1
            hand = mask_of(state.hand(state.to_play))
            mask = analyser.duties.mask(hand, lead, False, state.core.best)
            assert mask == mask_of(state.legal_plays()), state.tricks
            state.play(card)
            checked += 1
    assert checked > 500


# --- a short-deck game ----------------------------------------------------------------------


def test_a_short_deck_game_analyses_with_six_tricks():
    record = seeded("solo", "kurz")
    document = analyse(record)
    positions = document["positions"]
    assert len(positions) == 24 and positions[-1]["trick"] == 6
    assert document["objective"] == "augen" and 0 <= document["value"] <= 120
    for position, following in itertools.pairwise(positions):
        assert position["values"][position["played"]] == following["best"]
    verdict = records.verify(record)
    assert positions[-1]["values"] == {
        positions[-1]["played"]: verdict.result["augen"]["declaring"]
    }
    assert analyse(record, from_trick=6)["positions"] == positions[-4:]
    with pytest.raises(AnalysisError) as raised:
        analyse(record, from_trick=7)
    assert raised.value.message == "from_trick must be a trick number from 1 to 6, not 7"


def test_an_incomplete_short_deck_record_counts_24_cards():
    record = seeded("geier", "kurz")
    with pytest.raises(AnalysisError) as raised:
        analyse({**record, "plays": record["plays"][:10]})
    assert raised.value.message == "the record is incomplete: it stops after 10 of 24 cards"


# --- Bettel: won, lost, and Stichzwang ------------------------------------------------------

# Anna (seat 0, who leads) plays a Bettel (A K O U 10 9 8 7 in every suit). Her G10 is her
# danger: leading it at once, Ben ducks with G9, Cem with G8, and Dora has no Gras, so Anna
# takes the trick. Her low cards first, she is never forced over: the Bettel can be won.
# Under Stichzwang Ben must head the G10 with GA or GK, and leading it costs nothing.
G10_HANDS = [
    cards("G10 G7 E7 E8 H7 H8 S7 S8"),
    cards("GA GK G9 EA EK EO HA HK"),
    cards("GO GU G8 EU E10 HO HU H10"),
    cards("E9 H9 SA SK SO SU S10 S9"),
]

# Anna holds the lowest two cards of every suit: whatever anybody plays, she takes nothing.
LOW_HANDS = [
    cards("E7 E8 G7 G8 H7 H8 S7 S8"),
    cards("EA EK EO EU E10 E9 GA GK"),
    cards("GO GU G10 G9 HA HK HO HU"),
    cards("H10 H9 SA SK SO SU S10 S9"),
]

# Anna holds the Schellen-Sau alone of Schellen and the others hold the rest: once anybody
# else leads Schellen she must take it, and she cannot be void in Eichel, Gras or Herz
# before that.
SAU_HANDS = [
    cards("SA E7 E8 E9 G7 G8 H7 H8"),
    cards("EA EK EO EU E10 GA GK S7"),
    cards("GO GU G10 G9 HA HK HO S8"),
    cards("HU H10 H9 SK SO SU S10 S9"),
]


def bettel_record(hands, plays: str = "", **settings: Any) -> dict[str, Any]:
    """Anna's Bettel: ``plays``, then each seat's first legal card to the last trick."""
    record = {
        "format": "record/1",
        "game": "schafkopf",
        "profile": "stammtisch",
        "settings": {"contracts": ["rufspiel", "bettel", "bettel_ouvert"], **settings},
        "players": NAMES,
        "dealer": 3,
        "hands": hands,
        "plays": cards(plays),
        "contract": {"type": "bettel", "declarer": 0},
    }
    return to_the_end(record)


def test_a_bettel_the_declarer_cannot_lose_is_worth_0_everywhere():
    record = bettel_record(LOW_HANDS)
    document = analyse(record)
    assert (document["objective"], document["party"], document["value"]) == ("tricks", [0], 0)
    assert all(set(p["values"].values()) == {0} for p in document["positions"])


def test_a_bettel_that_could_be_won_shows_0_and_names_the_card_that_lost_it():
    record = bettel_record(G10_HANDS, "G10 G9 G8 E9")
    verdict = records.verify(record)
    assert verdict.valid and verdict.result["won"] is False and verdict.result["decided_in"] == 1
    document = analyse(record)
    assert document["value"] == 0  # it could have been won
    lost = [p for p in document["positions"] if p["best"] == 0 and p["loss"] > 0]
    assert [(p["trick"], p["seat"], p["played"]) for p in lost[:1]] == [(1, 0, "G10")]
    first = document["positions"][0]
    assert first["values"]["G10"] >= 1 and first["values"]["E7"] == 0
    # Ben, Cem and Dora keep him at it: no card of theirs gave anything away.
    assert all(p["loss"] == 0 for p in document["positions"][1:4])


def test_a_bettel_that_cannot_be_won_shows_at_least_one_trick():
    record = bettel_record(SAU_HANDS)
    document = analyse(record)
    assert document["value"] >= 1
    assert all(p["best"] >= 1 for p in document["positions"])
    assert records.verify(record).result["won"] is False


def test_stichzwang_changes_the_value_of_leading_the_g10():
    """Without Stichzwang Ben ducks the G10 with G9 and Anna takes the trick; with it he
    must head it (GA or GK), and the lead costs nothing."""
    free = analyse(bettel_record(G10_HANDS, "G10 G9 G8 E9"))
    forced = analyse(bettel_record(G10_HANDS, "G10 GA G8 E9", bettel_stichzwang=True))
    assert free["positions"][0]["values"]["G10"] >= 1
    assert forced["positions"][0]["values"]["G10"] == 0
    assert list(free["positions"][1]["values"]) == ["GA", "GK", "G9"]
    assert list(forced["positions"][1]["values"]) == ["GA", "GK"]
    assert forced["value"] == free["value"] == 0


def test_stichzwang_changes_values_of_an_endgame_as_perfect_play_counts_them():
    """The same cards (legal under both: Stichzwang only forbids) analysed with and without
    Stichzwang: each matches perfect play, and some values differ."""
    forced = seeded("bettel", "lang", stichzwang=True)
    free = {**forced, "settings": {**forced["settings"], "bettel_stichzwang": False}}
    with_duty = check_against_perfect(forced, 3)["positions"]
    without = check_against_perfect(free, 3)["positions"]
    differ = [
        (position["trick"], card)
        for position, other in zip(with_duty, without, strict=True)
        for card, value in position["values"].items()
        if other["values"][card] != value
    ]
    assert differ


def test_manage_py_analyse_prints_the_tricks_objective_of_a_bettel(tmp_path):
    record = bettel_record(G10_HANDS, "G10 G9 G8 E9")
    status, out, err = run_command("analyse", write(tmp_path, record), "--from-trick", "7")
    assert status == 0 and err == ""
    assert out.startswith('{\n  "format": "analysis/1",\n  "objective": "tricks",')


def test_the_dispute_panel_reads_a_bettel_in_tricks_won_with_none():
    """The replay's box: "With perfect play Anna takes 0 tricks: won", and the card that
    lost it turns the game."""
    from django.utils import translation

    from scoring.analyses import marks, summary
    from scoring.disputes.analysis_panel import read_tricks

    document = analyse(bettel_record(G10_HANDS, "G10 G9 G8 E9"))
    box = {"summary": summary(document, NAMES), "marks": marks(document, NAMES, 1)}
    with translation.override("en"):
        read_tricks(box, document)
    assert box["summary"] == {
        "party": "Anna",
        "value": 0,
        "won": True,
        "tout": False,
        "tricks": True,
    }
    anna = box["marks"][0]
    assert (anna["played"], anna["loss"], anna["turn"]) == ("G10", 1, "from here the game was lost")
    assert [mark["turn"] for mark in box["marks"][1:]] == [None, None, None]
