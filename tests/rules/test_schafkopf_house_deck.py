"""The short deck and Bettel, through records and ``manage.py verify``: docs/rules/schafkopf.md
("The short deck", "House contracts", "Bettel").
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.management.base import CommandError

from scoring.rules import records
from scoring.rules.core import RecordError
from scoring.rules.schafkopf import State
from scoring.rules.schafkopf.cards import BIT, DECKS, SUITS, Deck
from scoring.rules.schafkopf.contracts import Contract
from scoring.rules.schafkopf.play import SAU_DISCARDED, duty, rules_of
from scoring.rules.schafkopf.record import read_game_keys
from tests.rules.commands import run_command, write
from tests.rules.test_schafkopf_house_contracts import EVERY_CONTRACT, HOUSE, simulated

KURZ = DECKS["kurz"].cards


def kurz_hands(fixed: dict[int, str]) -> list[list[str]]:
    """Six cards a seat: the given ones, the rest of the short deck in its order."""
    hands = [fixed.get(seat, "").split() for seat in range(4)]
    rest = [card for card in KURZ if not any(card in hand for hand in hands)]
    for hand in hands:
        while len(hand) < 6:
            hand.append(rest.pop(0))
    return hands


def record(contract: dict[str, Any], hands: list[list[str]], plays: list[str], **settings: Any):
    return {
        "format": "record/1",
        "game": "schafkopf",
        "profile": "tarif-10-20-50",
        "settings": {"deck": "kurz", "contracts": EVERY_CONTRACT, **settings},
        "players": ["Anna", "Ben", "Cem", "Dora"],
        "dealer": 3,
        "hands": hands,
        "plays": plays,
        "contract": contract,
    }


def played_out(data: dict[str, Any], plays: list[str] = ()) -> dict[str, Any]:
    """``data`` with ``plays`` and then each seat's first legal card until the result."""
    _, data, settings = records.read(data)
    keys = read_game_keys(data, settings)
    state = State(keys["contract"], settings, leader=keys["leader"], hands=data["hands"])
    done = list(plays)
    for card in done:
        state.play(card, strict=False)
    while not state.complete:
        card = state.legal_plays()[0]
        state.play(card)
        done.append(card)
    return {**data, "plays": done}


def rules_broken(verdict) -> list[tuple[int | None, int | None, str]]:
    return [(v.trick, v.seat, v.rule) for v in verdict.violations]


# --- the short deck --------------------------------------------------------------------------


def test_a_short_deck_game_has_six_tricks_and_120_augen():
    """ "24 cards ... six cards each, 6 tricks. The Augen still total 120"."""
    data = played_out(record({"type": "geier", "declarer": 0}, kurz_hands({}), []))
    verdict = records.verify(data)
    assert verdict.valid and verdict.complete and len(data["plays"]) == 24
    assert len(verdict.tricks) == 6 and sum(verdict.result["augen_per_seat"]) == 120
    assert sum(verdict.result["tricks_per_seat"]) == 6


def test_a_seven_or_eight_is_an_unknown_card_in_the_plays_and_unreadable_in_a_hand(tmp_path):
    """ "`verify` reports a 7 or 8 as `unknown_card` (exit 1, as for any unknown card)"."""
    data = record({"type": "solo", "declarer": 0, "suit": "E"}, kurz_hands({0: "EA"}), ["E7"])
    status, out, _ = run_command("verify", write(tmp_path, data))
    assert status == 1 and [v["rule"] for v in json.loads(out)["violations"]] == ["unknown_card"]
    hands = kurz_hands({})
    hands[1][5] = "G8"
    status, out, _ = run_command("verify", write(tmp_path, {**data, "hands": hands}))
    assert status == 2 and json.loads(out)["error"]["key"] == "hands[1]"
    status, out, _ = run_command("verify", write(tmp_path, {**data, "plays": ["EA"] * 25}))
    assert status == 2 and json.loads(out)["error"]["key"] == "plays"


def check_short_deck(record_with_a_seven: dict[str, Any]) -> None:
    """What the short deck's tests hold: a 7 is no card of it."""
    assert rules_broken(records.verify(record_with_a_seven)) == [(1, 0, "unknown_card")]


def test_mutation_a_seven_allowed_in_the_short_deck_fails_the_check(monkeypatch):
    data = record({"type": "solo", "declarer": 0, "suit": "E"}, kurz_hands({}), ["E7"])
    check_short_deck(data)
    long = DECKS["lang"]
    lax = Deck("kurz", long.cards, long.mask, 6, long.index)
    monkeypatch.setitem(DECKS, "kurz", lax)
    with pytest.raises(AssertionError):
        check_short_deck(data)


def test_the_short_deck_never_offers_a_sie():
    """ "Sie cannot exist with six cards: the short deck never offers it"."""
    data = record({"type": "sie", "declarer": 0}, kurz_hands({}), [])
    with pytest.raises(RecordError) as raised:
        records.verify(data)
    assert raised.value.key == "contract.type"


@pytest.mark.parametrize(
    ("contract", "declarer_cards", "run"),
    [
        # Nobody of the declaring party holds a trump: the opponents' run is every trump of
        # the short deck (Solo: 8 Ober and Unter + A 10 K 9; Farbwenz: 4 Unter + A 10 K O 9).
        ({"type": "solo", "declarer": 0, "suit": "E"}, "GA G10 GK G9 SA S10", 12),
        ({"type": "farbwenz", "declarer": 0, "suit": "G"}, "EA E10 EK E9 SA S10", 9),
        ({"type": "geier", "declarer": 0}, "EO GO HO SO EA E10", 4),
    ],
)
def test_laufende_run_through_the_shorter_trump_sequence(contract, declarer_cards, run):
    """ "Laufende run through the shorter trump sequence (Rufspiel/Solo: 4 Ober, 4 Unter,
    then A 10 K 9 of the trump suit: at most 12)"; Farbwenz "at most ... 9 with kurz"."""
    data = record(contract, kurz_hands({0: declarer_cards}), [], solo_needs_suit_card=False)
    verdict = records.verify(played_out(data))
    assert verdict.result["laufende"] == run


def test_davonlaufen_needs_three_cards_with_the_short_deck():
    """ "Davonlaufen needs davonlaufen_min cards of the called suit ...: 3 with kurz"."""
    hands = kurz_hands({0: "E9 GO", 1: "EA E10 EK HU"})
    contract = {"type": "rufspiel", "declarer": 0, "called": "E"}
    data = record(contract, hands, [])
    data["dealer"] = 0  # Ben leads
    assert records.verify({**data, "plays": ["E10"]}).valid
    stricter = record(contract, hands, ["E10"], davonlaufen_min=4)
    stricter["dealer"] = 0
    assert rules_broken(records.verify(stricter)) == [(1, 1, "called_suit_led_without_ace")]


def test_the_called_sau_may_be_discarded_in_the_last_trick_of_the_short_deck():
    """ "the called-Sau exception 'except in the 8th trick' means 'in the last trick'"."""
    rules = rules_of(Contract("rufspiel", 0, called="E"), DECKS["kurz"], 3)
    partner_holds = BIT["EA"] | BIT["HA"]  # Gras is led and he has none to follow
    gras = SUITS.index("G")
    assert duty(rules, 1, partner_holds, gras, -1, 4)[0] == SAU_DISCARDED  # trick 5 of 6
    assert duty(rules, 1, partner_holds, gras, -1, 5)[0] is None  # the last trick


# --- the house contracts through verify -------------------------------------------------------


@pytest.mark.parametrize("kind", HOUSE)
def test_every_house_contract_round_trips_through_verify(tmp_path, kind):
    """A bot-played record of each contract verifies (exit 0); the same record with a
    card that breaks a duty exits 1; in a profile that does not offer it, exit 2 naming
    ``contract.type``."""
    found = next(
        r for r in simulated("lang", 600, f"verify-{kind}") if r["contract"]["type"] == kind
    )
    status, out, _ = run_command("verify", write(tmp_path, found))
    assert status == 0 and json.loads(out)["valid"]
    broken = dict(found)
    plays = list(found["plays"])
    plays[1], plays[0] = plays[0], plays[1]  # the second seat plays the lead's card
    broken["plays"] = plays
    assert run_command("verify", write(tmp_path, broken))[0] == 1
    offered = {**found, "settings": {**found["settings"], "contracts": ["rufspiel", "solo"]}}
    status, out, _ = run_command("verify", write(tmp_path, offered))
    assert status == 2 and json.loads(out)["error"]["key"] == "contract.type"


def test_simulate_takes_a_profile_as_json(tmp_path):
    """ "`manage.py simulate schafkopf --profile <name or json>`": the bots play the house
    contracts of a JSON profile, and what they write verifies."""
    profile = json.dumps({"profile": "tarif-10-20-50", "deck": "kurz", "contracts": HOUSE})
    status, out, _ = run_command(
        "simulate", "schafkopf", "--games", "60", "--verify", "--profile", profile,
        "--out", str(tmp_path),
    )  # fmt: skip
    summary = json.loads(out)
    assert status == 0 and summary["valid"] == 60
    assert summary["settings"] == {"deck": "kurz", "contracts": HOUSE}
    kinds = {json.loads(path.read_text())["contract"]["type"] for path in tmp_path.iterdir()}
    assert kinds <= {*HOUSE, "ramsch"} and len(kinds) >= 5
    with pytest.raises(CommandError, match=r"settings\.deck"):
        run_command("simulate", "schafkopf", "--profile", '{"deck": "mini"}')
