"""A Schatzsuche record's own keys (docs/records.md) and the verdict on its plays.

A key that cannot be read or contradicts another (a hand of the wrong size, the trump card
in a hand, a bid above the round) is a RecordError naming the key; a wrong card in
``plays`` is a violation, and the walk goes on with the card as played.
"""

from __future__ import annotations

from typing import Any

from ..core import (
    RECORD_ERRORS,
    RecordError,
    Verdict,
    Violation,
    check_keys,
    require_int,
    require_str_list,
)
from ..i18n import N_
from .cards import INDEX, PLAYERS
from .scores import NAME, RANKS, ROUNDS, SUITS
from .state import REVOKE_RULES, State

RECORD_KEYS = ("dealer", "round", "trump_card", "bids", "plays")
RECORD_OPTIONAL_KEYS = ("golden",)
# Checks that need the dealt hands. Without them a card still counts as not held when it
# is known to be in no hand (the trump card, the golden card), but no more than that.
NEEDS_HANDS = ("card_not_in_hand", *REVOKE_RULES)


def read_round(record: dict[str, Any], settings: dict[str, Any]) -> tuple[State, list[str]]:
    """The State before the first card, and the plays; RecordError naming a bad key."""
    round_number = require_int(record["round"], "round", 1, ROUNDS)
    dealer = require_int(record["dealer"], "dealer", 0, PLAYERS - 1)
    trump_card = _card(record["trump_card"], "trump_card")
    bids = record["bids"]
    if not isinstance(bids, list) or len(bids) != PLAYERS:
        bids_text = N_("must be a list of {players} bids in seat order")
        raise RecordError("bids", bids_text, players=PLAYERS)
    bids = [require_int(bid, f"bids[{seat}]", 0, round_number) for seat, bid in enumerate(bids)]
    golden = _golden(record, round_number, trump_card)
    hands = record.get("hands")
    if hands is not None:
        _check_hands(hands, round_number, trump_card, golden)
    plays = require_str_list(record["plays"], "plays")
    if len(plays) > PLAYERS * round_number:
        too_many = N_("has {count} cards, but round {round} has {total}")
        raise RecordError(
            "plays", too_many, count=len(plays), round=round_number, total=PLAYERS * round_number
        )
    state = State(
        round_number=round_number,
        dealer=dealer,
        trump_card=trump_card,
        bids=bids,
        hands=hands,
        golden=golden,
        settings=settings,
        players=record["players"],
    )
    return state, plays


def bid_violations(state: State) -> list[Violation]:
    """The optional rule "sum of bids may not equal r" (``bid_sum_not_round``), which binds
    the dealer, who bids last."""
    if state.settings["bid_sum_not_round"] and sum(state.bids) == state.round_number:
        params = {"bid": state.bids[state.dealer], "round": state.round_number}
        return [Violation(None, state.dealer, None, "bid_sum_equals_round", params, NAME)]
    return []


def verify_record(record: dict[str, Any], settings: dict[str, Any]) -> Verdict:
    state, plays = read_round(record, settings)
    violations = bid_violations(state)
    for card in plays:
        state.play(card, strict=False)
    return Verdict(
        players=list(record["players"]),
        complete=state.is_over,
        to_play=state.to_play,
        tricks=state.tricks,
        result=state.result(),
        violations=[*violations, *state.violations],
        checks_skipped=[] if state.hands is not None else list(NEEDS_HANDS),
    )


def _card(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in INDEX:
        no_code = N_("{value!r} is not a card code (like HA, S10, DQ, C7)")
        raise RecordError(key, no_code, value=value)
    return value


def _golden(record: dict[str, Any], round_number: int, trump_card: str) -> dict[str, Any] | None:
    if round_number != ROUNDS:
        if "golden" in record:
            raise RecordError("golden", N_("only round {round} has a golden card"), round=ROUNDS)
        return None
    if "golden" not in record:
        raise RecordError("golden", N_("is required in round {round}"), round=ROUNDS)
    golden: dict[str, Any] = record["golden"]
    check_keys(golden, "golden", ("card", "guesses"))
    card = _card(golden["card"], "golden.card")
    if card == trump_card:
        raise RecordError("golden.card", N_("is the trump card"))
    guesses = golden["guesses"]
    if not isinstance(guesses, list) or len(guesses) != PLAYERS:
        guesses_text = N_("must be a list of {players} guesses in seat order")
        raise RecordError("golden.guesses", guesses_text, players=PLAYERS)
    for seat, guess in enumerate(guesses):
        path = f"golden.guesses[{seat}]"
        check_keys(guess, path, ("suit", "rank"))
        if guess["suit"] not in SUITS:
            raise RecordError(f"{path}.suit", RECORD_ERRORS["one_of"], allowed=", ".join(SUITS))
        if guess["rank"] not in RANKS:
            raise RecordError(f"{path}.rank", RECORD_ERRORS["one_of"], allowed=", ".join(RANKS))
    return golden


def _check_hands(
    hands: list[list[str]], round_number: int, trump_card: str, golden: dict[str, Any] | None
) -> None:
    dealt_to: dict[str, int] = {}
    for seat, hand in enumerate(hands):
        if len(hand) != round_number:
            size = N_("must hold {size} cards in round {round}")
            raise RecordError(f"hands[{seat}]", size, size=round_number, round=round_number)
        for position, card in enumerate(hand):
            key = f"hands[{seat}][{position}]"
            _card(card, key)
            if card in dealt_to:
                raise RecordError(key, RECORD_ERRORS["dealt_twice"], card=card, seat=dealt_to[card])
            dealt_to[card] = seat
    also = N_("{card} is also in hands[{seat}]")
    if trump_card in dealt_to:
        raise RecordError("trump_card", also, card=trump_card, seat=dealt_to[trump_card])
    if golden is not None and golden["card"] in dealt_to:
        card = golden["card"]
        raise RecordError("golden.card", also, card=card, seat=dealt_to[card])
