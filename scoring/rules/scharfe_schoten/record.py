"""Reading the Scharfe Schoten keys of a `record/1` and judging its plays (verdict/1)."""

from __future__ import annotations

from typing import Any

from ..core import (
    RecordError,
    Verdict,
    check_dealt_hands,
    check_keys,
    require_int,
    require_str_list,
)
from ..i18n import N_
from .cards import CARD_INDEX, CARDS, COLOURS, CUPBOARD_SIZE, HAND_SIZE, count_colours
from .state import State

RECORD_KEYS = ("start", "numbers", "predictions", "cupboard_picks", "plays")
RECORD_OPTIONAL_KEYS = ()
COLOUR_TEXT = N_("must be a colour: R, G, Y or B")

# Checks that need the hands; the cupboard check also works without them once every card
# has been played (the cupboard is then exactly the cards nobody played).
NEEDS_HANDS = ("card_not_in_hand", "follow_suit")
NEEDS_CUPBOARD = "cupboard_colour_empty"


def read_numbers(value: Any) -> dict[str, int]:
    check_keys(value, "numbers", COLOURS)
    numbers = {colour: require_int(value[colour], f"numbers.{colour}", 1, 12) for colour in COLOURS}
    if len(set(numbers.values())) != len(COLOURS):
        raise RecordError("numbers", N_("the four colours need four different number cards"))
    return numbers


def read_colour(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in COLOURS:
        raise RecordError(key, COLOUR_TEXT)
    return value


def read_predictions(value: Any, players: int) -> list[dict[str, str]]:
    if not isinstance(value, list) or len(value) != players:
        one_each = N_("must be a list with one prediction per player ({players})")
        raise RecordError("predictions", one_each, players=players)
    predictions = []
    for seat, prediction in enumerate(value):
        key = f"predictions[{seat}]"
        check_keys(prediction, key, ("most", "fewest"))
        most = read_colour(prediction["most"], f"{key}.most")
        fewest = read_colour(prediction["fewest"], f"{key}.fewest")
        if most == fewest:
            raise RecordError(key, N_("most and fewest must be two different colours"))
        predictions.append({"most": most, "fewest": fewest})
    return predictions


def read_picks(value: Any, players: int) -> list[str]:
    if not isinstance(value, list):
        raise RecordError("cupboard_picks", N_("must be a list of colours"))
    if len(value) > CUPBOARD_SIZE[players]:
        too_many = N_(
            "has {count} entries, but with {players} players the spice cupboard holds"
            " only {size} cards"
        )
        raise RecordError(
            "cupboard_picks",
            too_many,
            count=len(value),
            players=players,
            size=CUPBOARD_SIZE[players],
        )
    return [read_colour(colour, f"cupboard_picks[{index}]") for index, colour in enumerate(value)]


def read_plays(value: Any, players: int) -> list[str]:
    plays = require_str_list(value, "plays")
    most = players * HAND_SIZE[players]
    if len(plays) > most:
        too_many = N_("has {count} cards, but a round has only {most}")
        raise RecordError("plays", too_many, count=len(plays), most=most)
    return plays


def read_hands(value: list[list[str]], players: int) -> list[list[str]]:
    """Hands of the right size, made of real cards, each card dealt once."""
    size = N_("must have {size} cards with {players} players")
    check_dealt_hands(value, CARD_INDEX, HAND_SIZE[players], size, players=players)
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
                missing = N_("has no colour for trick {trick}, but the plays go on")
                raise RecordError("cupboard_picks", missing, trick=len(state.tricks))
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
