"""Skat's play (docs/rules/skat.md, "Trumps and play", "Misplays") through ``State``: tests a
wrong trump order, a Bube following its printed suit, or a Null with trumps would fail."""

import pytest

from scoring.rules import records
from scoring.rules.core import IllegalPlay
from scoring.rules.skat import PROFILES, Contract, State

ISKO = PROFILES["isko"]


def trick(game, hands):
    """Play one trick of single-card hands; the winning seat (Vorhand leads)."""
    state = State(Contract(game, 0), ISKO, hands=[[card] for card in hands])
    for card in hands:
        state.play(card)
    return state.tricks[0]["winner"]


@pytest.mark.parametrize(
    ("game", "cards", "winner"),
    [
        ("herz", ["H10", "HA", "DJ"], 2),  # "CJ SJ HJ DJ, then the trump suit A 10 K Q 9 8 7"
        ("herz", ["SJ", "CJ", "HA"], 1),
        ("herz", ["HJ", "DJ", "SJ"], 2),
        ("herz", ["SA", "S10", "H7"], 2),  # the lowest trump beats the Ass of another suit
        ("pik", ["HA", "H10", "S7"], 2),
        ("pik", ["H10", "HK", "CA"], 0),  # not the led suit: never wins
        ("grand", ["HA", "DJ", "H10"], 1),  # Grand: only the Buben are trump
        ("grand", ["HK", "H10", "H9"], 1),  # A 10 K Q 9 8 7
        ("grand", ["HQ", "HK", "HA"], 2),
        ("karo", ["H9", "HQ", "H8"], 1),
        ("null", ["HQ", "HJ", "H10"], 0),  # Null: A K Q J 10 9 8 7, no trump
        ("null", ["H10", "HJ", "H9"], 1),
        ("null", ["SA", "CJ", "D7"], 0),  # a Bube is no trump in Null
        ("null", ["HK", "HA", "H7"], 1),
    ],
)
def test_who_takes_the_trick(game, cards, winner):
    assert trick(game, cards) == winner


def test_a_bube_is_trump_not_its_suit():
    # Grand, Herz led: Mittelhand holds HJ (a trump) and S7: he has no Herz, any card goes.
    state = State(Contract("grand", 0), ISKO, hands=[["HA"], ["HJ", "S7"], ["H7"]])
    state.play("HA")
    assert sorted(state.legal_plays()) == ["HJ", "S7"]
    # Herz game: HA led, Mittelhand holds HK and HJ: the Bube does not follow Herz.
    state = State(Contract("herz", 2), ISKO, hands=[["H7"], ["HK", "HJ"], ["S7"]])
    state.play("H7")
    assert state.legal_plays() == ["HK", "HJ"]  # both trump in a Herz game
    state = State(Contract("grand", 2), ISKO, hands=[["HA"], ["HK", "HJ"], ["H7"]])
    state.play("HA")
    assert state.legal_plays() == ["HK"]
    with pytest.raises(IllegalPlay) as raised:
        state.play("HJ")
    assert raised.value.rule == "follow_suit"
    (violation,) = state.play("HJ", strict=False)
    assert violation.message(["Anna", "Ben", "Cem"]) == (
        "Ben played HJ in trick 1 although he held HK of the led suit Herz"
    )


def test_a_bube_led_asks_for_trump():
    state = State(Contract("pik", 0), ISKO, hands=[["CJ"], ["S7", "HA"], ["D7"]])
    state.play("CJ")
    assert state.legal_plays() == ["S7"]  # the lowest Pik is a trump in a Pik game
    state = State(Contract("null", 0), ISKO, hands=[["H7"], ["HJ", "SA"], ["D7"]])
    state.play("H7")
    assert state.legal_plays() == ["HJ"]  # in Null the Bube follows its suit


def _misplay(record, offender):
    """Replay ``record``, the ``offender`` breaking the duty to follow at his first chance
    (the rest of the deal played with the first legal card)."""
    assert records.verify(record).valid
    state_record = {**record, "plays": []}
    plays = []
    broken = False
    for _ in range(30):
        partial = records.verify({**state_record, "plays": plays})
        if partial.complete:
            break
        seat = partial.to_play
        hands = _hands_now(record, plays)
        legal = _legal(record, plays)
        if not broken and seat == offender and len(legal) < len(hands[seat]):
            plays.append(next(c for c in hands[seat] if c not in legal))
            broken = True
        else:
            plays.append(legal[0])
    return broken, records.verify({**record, "plays": plays})


def _state(record, plays):
    hands = [list(h) for h in record["hands"]]
    contract = record["contract"]
    declarer = contract.get("declarer")
    laid = record["skat"]
    if "discard" in record:
        twelve = hands[declarer] + record["skat"]
        hands[declarer] = [c for c in twelve if c not in record["discard"]]
        laid = record["discard"]
    state = State(Contract(contract["type"], declarer), ISKO, hands=hands, laid_away=laid)
    for card in plays:
        state.play(card, strict=False)
    return state


def _hands_now(record, plays):
    state = _state(record, plays)
    return [state.hand(seat) for seat in range(3)]


def _legal(record, plays):
    return _state(record, plays).legal_plays()


def _declared(kind):
    for _, record, _ in records.simulate_records("skat", 200, "misplay"):
        if record["contract"]["type"] in kind and not record["contract"].get("hand"):
            yield record


@pytest.mark.parametrize("who", ["declarer", "opponent"])
def test_a_misplay_decides_the_game(who):
    checked = 0
    for record in _declared(("grand", "kreuz", "pik", "herz", "karo")):
        declarer = record["contract"]["declarer"]
        offender = declarer if who == "declarer" else (declarer + 1) % 3
        broken, verdict = _misplay(record, offender)
        if not broken or not verdict.violations:
            continue
        result = verdict.result
        first = verdict.violations[0]
        assert first.rule == "follow_suit" and first.seat == offender
        if result["misplay"] is None:
            continue  # decided before the misplay: it changes nothing
        if result["overbid"]:
            continue  # won by the misplay, but worth less than the bid: lost all the same
        assert result["won"] is (who == "opponent")
        assert not result["schwarz"]  # isko: Schwarz reached does not count after a misplay
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_a_misplay_in_a_null():
    for record in _declared(("null",)):
        declarer = record["contract"]["declarer"]
        broken, verdict = _misplay(record, declarer)
        if broken and verdict.result["misplay"] == declarer:
            assert verdict.result["won"] is False
            value = 46 if record["contract"].get("ouvert") else 23  # Null ouvert / Null
            assert verdict.result["scores"][declarer] == -2 * value
            return
    pytest.fail("no Null with a misplay of its declarer")
