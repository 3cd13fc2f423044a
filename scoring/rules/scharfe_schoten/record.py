"""Reading the Scharfe Schoten keys of a `record/1` and judging its plays (verdict/1)."""

from __future__ import annotations

from typing import Any

from ..core import RecordError, Verdict, check_keys, require_int, require_str_list
from .cards import CARD_INDEX, CARDS, COLOURS, CUPBOARD_SIZE, HAND_SIZE, count_colours
from .state import State

RECORD_KEYS = ("start", "numbers", "predictions", "cupboard_picks", "plays")
RECORD_OPTIONAL_KEYS = ()
COLOUR_LIST = "R, G, Y or B"

# Checks that need the hands; the cupboard check also works without them once every card
# has been played (the cupboard is then exactly the cards nobody played).
NEEDS_HANDS = ("card_not_in_hand", "follow_suit")
NEEDS_CUPBOARD = "cupboard_colour_empty"


def read_numbers(value: Any) -> dict[str, int]:
    check_keys(value, "numbers", COLOURS)
    numbers = {colour: require_int(value[colour], f"numbers.{colour}", 1, 12) for colour in COLOURS}
    if len(set(numbers.values())) != len(COLOURS):
        raise RecordError("numbers", "the four colours need four different number cards")
    return numbers


def read_colour(value: Any, key: str) -> str:
    if value not in COLOURS:
        raise RecordError(key, f"must be a colour: {COLOUR_LIST}")
    return value


def read_predictions(value: Any, players: int) -> list[dict[str, str]]:
    if not isinstance(value, list) or len(value) != players:
        raise RecordError(
            "predictions", f"must be a list with one prediction per player ({players})"
        )
    predictions = []
    for seat, prediction in enumerate(value):
        key = f"predictions[{seat}]"
        check_keys(prediction, key, ("most", "fewest"))
        most = read_colour(prediction["most"], f"{key}.most")
        fewest = read_colour(prediction["fewest"], f"{key}.fewest")
        if most == fewest:
            raise RecordError(key, "most and fewest must be two different colours")
        predictions.append({"most": most, "fewest": fewest})
    return predictions


def read_picks(value: Any, players: int) -> list[str]:
    if not isinstance(value, list):
        raise RecordError("cupboard_picks", "must be a list of colours")
    if len(value) > CUPBOARD_SIZE[players]:
        raise RecordError(
            "cupboard_picks",
            f"has {len(value)} entries, but with {players} players the spice cupboard holds"
            f" only {CUPBOARD_SIZE[players]} cards",
        )
    return [read_colour(colour, f"cupboard_picks[{index}]") for index, colour in enumerate(value)]


def read_plays(value: Any, players: int) -> list[str]:
    plays = require_str_list(value, "plays")
    most = players * HAND_SIZE[players]
    if len(plays) > most:
        raise RecordError("plays", f"has {len(plays)} cards, but a round has only {most}")
    return plays


def read_hands(value: list[list[str]], players: int) -> list[list[str]]:
    """Hands of the right size, made of real cards, each card dealt once."""
    dealt_to: dict[str, int] = {}
    for seat, hand in enumerate(value):
        key = f"hands[{seat}]"
        if len(hand) != HAND_SIZE[players]:
            raise RecordError(key, f"must have {HAND_SIZE[players]} cards with {players} players")
        for card in hand:
            if card not in CARD_INDEX:
                raise RecordError(key, f"{card} is not a card of this game")
            if card in dealt_to:
                raise RecordError(key, f"{card} is dealt twice (also in hands[{dealt_to[card]}])")
            dealt_to[card] = seat
    return value


def verify_record(record: dict[str, Any], settings: dict[str, Any]) -> Verdict:
    """Judge a record whose common keys ``records.read`` has already checked."""
    names = record["players"]
    players = len(names)
    start = require_int(record["start"], "start", 0, players - 1)
    numbers = read_numbers(record["numbers"])
    predictions = read_predictions(record["predictions"], players)
    picks = read_picks(record["cupboard_picks"], players)
    plays = read_plays(record["plays"], players)
    hands = read_hands(record["hands"], players) if "hands" in record else None

    checks_skipped: list[str] = []
    cupboard = None
    if hands is None:
        checks_skipped.extend(NEEDS_HANDS)
        if len(plays) == players * HAND_SIZE[players]:
            played = set(plays)
            cupboard = count_colours(card for card in CARDS if card not in played)
        else:
            checks_skipped.append(NEEDS_CUPBOARD)
    state = State(
        hands, numbers, start, predictions, players=players, names=names, cupboard=cupboard
    )

    violations = []
    next_pick = 0
    for card in plays:
        if state.awaiting_pick:
            if next_pick == len(picks):
                raise RecordError(
                    "cupboard_picks",
                    f"has no colour for trick {len(state.tricks)}, but the plays go on",
                )
            violations += state.pick(picks[next_pick], strict=False)
            next_pick += 1
        violations += state.play(card, strict=False)
    if state.awaiting_pick and next_pick < len(picks):
        violations += state.pick(picks[next_pick], strict=False)
        next_pick += 1
    # Picks beyond that belong to tricks an incomplete record does not have yet; read_picks
    # caps them at the cupboard's size, which a complete round uses up exactly.
    return Verdict(
        players=list(names),
        complete=state.is_over,
        to_play=state.to_play,
        tricks=state.trick_list(),
        result=state.result(),
        violations=violations,
        checks_skipped=checks_skipped,
    )
